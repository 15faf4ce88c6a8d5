// Translations (spec 4.7) in GraphQL: the Translation node, an organization's
// list and lookup, the mutations (create, update instructions, delete, run)
// and the `translationChanged` subscription that follows runs (authorized per
// event, as spaceChanged is).
import { builder } from '../../schema/builder.js';
import type { Translation } from '../../generated/prisma/client.js';
import { requireActor, type Context } from '../../context.js';
import { can, translationPolicy } from '../../policy/index.js';
import { restEnum } from '../../schema/enums.js';
import { permissionsType } from '../../schema/permissions.js';
import { organizationRows, scopedList } from '../../schema/lists.js';
import { planList, planType } from '../../schema/plan/plan.js';
import { nodeConnection } from '../../schema/connections.js';
import { deletion, deletionFields } from '../../schema/payloads.js';
import { liveRow, liveSubscription } from '../shared/liveEvents.js';
import { translationLanguages, type TranslationLanguage } from './languages.js';
import {
  createTranslation,
  deleteTranslation,
  findTranslation,
  runTranslation,
  translationListWhere,
  updateTranslation,
} from './service.js';

const languageNames: Record<TranslationLanguage, string> = {
  en: 'English',
  fr: 'French',
  de: 'German',
  es: 'Spanish',
  it: 'Italian',
  pt: 'Portuguese',
  'pt-br': 'Portuguese (Brazil)',
  ru: 'Russian',
  ja: 'Japanese',
  zh: 'Chinese (simplified)',
  'zh-tw': 'Chinese (traditional)',
  yue: 'Cantonese',
  ko: 'Korean',
  ar: 'Arabic',
  hi: 'Hindi',
  nl: 'Dutch',
  pl: 'Polish',
  tr: 'Turkish',
  sv: 'Swedish',
  no: 'Norwegian',
  da: 'Danish',
  fi: 'Finnish',
  el: 'Greek',
  cs: 'Czech',
  hu: 'Hungarian',
  ro: 'Romanian',
  th: 'Thai',
  vi: 'Vietnamese',
  id: 'Indonesian',
  ms: 'Malay',
  he: 'Hebrew',
  uk: 'Ukrainian',
  sk: 'Slovak',
  bg: 'Bulgarian',
  hr: 'Croatian',
  lt: 'Lithuanian',
  lv: 'Latvian',
  et: 'Estonian',
  sl: 'Slovenian',
};
export const TranslationLanguageEnum = restEnum(
  'TranslationLanguage',
  translationLanguages,
  'A language a space may be translated from or into.',
  languageNames,
);

const TranslationStatusEnum = restEnum(
  'TranslationStatus',
  ['pending', 'running', 'completed'] as const,
  'Where the runs of a translation stand.',
  {
    pending: 'A run is queued (or none ran yet).',
    running: 'A run is translating the source.',
    completed: 'The last run ended (see lastRunError for a failure).',
  },
);

const TranslationSource = builder.simpleObject('TranslationSource', {
  description: 'What a translation translates.',
  fields: (t) => ({
    space: t.string({ description: 'Id of the source space.' }),
    language: t.field({ type: TranslationLanguageEnum, description: 'Language of the source.' }),
  }),
});
const TranslationResult = builder.simpleObject('TranslationResult', {
  description: 'The output of the latest run.',
  fields: (t) => ({
    space: t.string({ description: 'Id of the space holding the translated content.' }),
    revision: t.string({ description: 'Id of the revision the latest run made (or found unchanged).' }),
    language: t.field({ type: TranslationLanguageEnum, description: 'Language of the result.' }),
  }),
});
const TranslationStats = builder.simpleObject('TranslationStats', {
  description: 'What the runs of a translation did.',
  fields: (t) => ({
    runs: t.int({ description: 'Runs that completed.' }),
    totalWords: t.int({ description: 'Words sent to the provider over all runs.' }),
    totalPages: t.int({ description: 'Distinct source pages translated over all runs.' }),
    totalDuration: t.int({ description: 'Duration of all runs (seconds).' }),
    latestRunDuration: t.int({ description: 'Duration of the latest run (seconds).' }),
    latestPages: t.int({ description: 'Pages sent to the provider by the latest run (unchanged pages are not sent again).' }),
    latestWords: t.int({ description: 'Words sent to the provider by the latest run.' }),
  }),
});
const TranslationRunError = builder.simpleObject('TranslationRunError', {
  description: 'Why the latest run failed.',
  fields: (t) => ({
    code: t.string({ description: 'SOURCE_GONE, HTTP_403, TIMEOUT, UNREACHABLE, PROVIDER_ERROR, …' }),
    message: t.string({ description: 'What happened.' }),
  }),
});
const TranslationUrls = builder.simpleObject('TranslationUrls', {
  description: 'Links to a translation.',
  fields: (t) => ({ location: t.string({ description: 'The translation in the API.' }) }),
});
const TranslationPermissions = permissionsType('TranslationPermissions', translationPolicy, ['view', 'edit']);

const seconds = (ms: number) => Math.round(ms / 1000);

/** Whether the caller may see a translation (its type's check, and the read planner's). */
const translationShown = (translation: { organizationId: string }, ctx: Context) =>
  can(translationPolicy, requireActor(ctx), translation, 'view');

export const TranslationRef = builder.prismaNode('Translation', {
  id: { field: 'id' },
  description: 'A translation of a space into another language, run in the background into a space of its own.',
  authScopes: (translation, ctx) => translationShown(translation, ctx),
  fields: (t) => ({
    status: t.field({ type: TranslationStatusEnum, description: 'Where its runs stand.', resolve: (tr) => tr.status as never }),
    source: t.field({
      type: TranslationSource,
      description: 'The source space and its language.',
      resolve: (tr) => ({ space: tr.sourceSpaceId, language: tr.sourceLanguage as never }),
    }),
    language: t.field({
      type: TranslationLanguageEnum,
      description: 'The language translated into.',
      resolve: (tr) => tr.language as never,
    }),
    instructions: t.field({
      type: 'JSON',
      description: 'Instructions for the translator: a rich-text document.',
      resolve: (tr) => tr.instructions,
    }),
    result: t.field({
      type: TranslationResult,
      nullable: true,
      description: 'The output of the latest completed run; null before the first.',
      resolve: (tr) =>
        tr.resultSpaceId && tr.resultRevisionId
          ? { space: tr.resultSpaceId, revision: tr.resultRevisionId, language: tr.language as never }
          : null,
    }),
    stats: t.field({
      type: TranslationStats,
      description: 'What its runs did.',
      resolve: (tr) => ({
        runs: tr.runs,
        totalWords: tr.totalWords,
        totalPages: tr.totalPages,
        totalDuration: seconds(tr.totalDurationMs),
        latestRunDuration: seconds(tr.latestRunDurationMs),
        latestPages: tr.latestPages,
        latestWords: tr.latestWords,
      }),
    }),
    provider: t.exposeString('provider', {
      nullable: true,
      description: 'The translation provider of the latest run (LibreTranslate, or the built-in pseudo-localisation).',
    }),
    lastRunError: t.field({
      type: TranslationRunError,
      nullable: true,
      description: 'Why the latest run failed; null when it succeeded.',
      resolve: (tr) => tr.lastRunError as never,
    }),
    lastRunAt: t.expose('lastRunAt', { type: 'DateTime', nullable: true, description: 'When the latest run ended.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
    permissions: t.field({
      type: TranslationPermissions.type,
      description: 'What the caller may do on it.',
      resolve: TranslationPermissions.resolve,
    }),
    urls: t.field({
      type: TranslationUrls,
      description: 'Links to it.',
      resolve: (tr, _a, ctx) => ({ location: `${ctx.urls.api}/orgs/${tr.organizationId}/translations/${tr.id}` }),
    }),
  }),
});

const TranslationConnection = nodeConnection(TranslationRef, 'Translation', { items: 'translations' });

// The fields of a translation the read planner answers from its columns (src/schema/plan): its
// page and version maps, which can be large, are read only by runs.
planType('Translation', {
  model: 'Translation',
  columns: {
    id: 'id',
    status: 'status',
    language: 'language',
    instructions: 'instructions',
    provider: 'provider',
    lastRunAt: 'lastRunAt',
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
  },
  // Their resolvers above answer them from these columns (and the subject's).
  computed: {
    source: ['sourceSpaceId', 'sourceLanguage'],
    result: ['resultSpaceId', 'resultRevisionId', 'language'],
    lastRunError: ['lastRunError'],
    stats: ['runs', 'totalWords', 'totalPages', 'totalDurationMs', 'latestRunDurationMs', 'latestPages', 'latestWords'],
    permissions: [],
    urls: ['id'],
  },
  subject: ['organizationId'],
  visible: (translation, ctx) => translationShown(translation as never, ctx),
});

const organizationTranslations = organizationRows((ctx) => ctx.prisma.translation, translationListWhere);
planList('Organization', 'translations', 'Translation', organizationTranslations);

builder.prismaObjectField('Organization', 'translations', (t) =>
  t.prismaConnection(
    {
      type: 'Translation',
      cursor: 'id',
      description: "The organization's translations (members), oldest first.",
      skipTypeScopes: true,
      ...scopedList(organizationTranslations),
    },
    TranslationConnection,
  ),
);

builder.prismaObjectField('Organization', 'translation', (t) =>
  t.field({
    type: TranslationRef,
    description: 'One translation, by id; NOT_FOUND when unknown.',
    args: { id: t.arg.id({ required: true, description: 'Id of the translation.' }) },
    skipTypeScopes: true,
    resolve: (org, args, ctx) => findTranslation(ctx, org.id, String(args.id)),
  }),
);

const TranslationSourceInput = builder.inputType('TranslationSourceInput', {
  description: 'What to translate.',
  fields: (t) => ({
    space: t.id({ description: 'Id of the source space (required; a space of the organization).' }),
    language: t.field({ type: TranslationLanguageEnum, description: 'Language of the source (required).' }),
  }),
});
const translationKey = (t: any) => ({
  organizationId: t.id({ required: true, description: 'Id of the organization.' }),
  translationId: t.id({ required: true, description: 'Id of the translation.' }),
});
const translationField = (t: any, description: string) =>
  t.field({ type: TranslationRef, description, resolve: (p: { translation: Translation }) => p.translation });

builder.relayMutationField(
  'createTranslation',
  {
    description: 'Arguments of createTranslation.',
    inputFields: (t) => ({
      organizationId: t.id({ required: true, description: 'Id of the organization.' }),
      language: t.field({ type: TranslationLanguageEnum, description: 'Language to translate into (required; not the source language).' }),
      source: t.field({ type: TranslationSourceInput, description: 'The source space and its language (required).' }),
      instructions: t.field({ type: 'JSON', description: 'Instructions for the translator: a rich-text document (default: empty).' }),
    }),
  },
  {
    description: 'Creates a translation of a space (admins). Nothing runs until runTranslation.',
    resolve: async (_root, { input }, ctx) => ({
      translation: await createTranslation(ctx, input.organizationId, {
        language: input.language as never,
        source: input.source as never,
        instructions: input.instructions,
      }),
    }),
  },
  { description: 'The result of createTranslation.', outputFields: (t) => ({ translation: translationField(t, 'The new translation.') }) },
);

builder.relayMutationField(
  'updateTranslation',
  {
    description: 'Arguments of updateTranslation.',
    inputFields: (t) => ({
      ...translationKey(t),
      instructions: t.field({ type: 'JSON', description: 'The new instructions: a rich-text document (required).' }),
    }),
  },
  {
    description: "Changes a translation's instructions (admins); the next run translates every page again with them.",
    resolve: async (_root, { input }, ctx) => ({
      translation: await updateTranslation(ctx, String(input.organizationId), String(input.translationId), {
        instructions: input.instructions,
      }),
    }),
  },
  {
    description: 'The result of updateTranslation.',
    outputFields: (t) => ({ translation: translationField(t, 'The translation as changed.') }),
  },
);

builder.relayMutationField(
  'runTranslation',
  { description: 'Arguments of runTranslation.', inputFields: (t) => translationKey(t) },
  {
    description: 'Queues a run of the translation (admins): pages changed since the last run are translated into the result space.',
    resolve: async (_root, { input }, ctx) => ({
      translation: await runTranslation(ctx, String(input.organizationId), String(input.translationId)),
    }),
  },
  {
    description: 'The result of runTranslation.',
    outputFields: (t) => ({ translation: translationField(t, 'The translation, its run queued.') }),
  },
);

builder.relayMutationField(
  'deleteTranslation',
  { description: 'Arguments of deleteTranslation.', inputFields: (t) => translationKey(t) },
  {
    description: 'Deletes a translation (admins); its result space stays. Idempotent.',
    resolve: async (_root, { input }, ctx) =>
      deletion(await deleteTranslation(ctx, String(input.organizationId), String(input.translationId)), String(input.translationId)),
  },
  { description: 'The result of deleteTranslation.', outputFields: (t) => deletionFields(t, 'deleted', 'Translation') },
);

const liveTranslations = liveSubscription({
  noun: 'Translation',
  idOf: (event: { translationId: string }) => event.translationId,
  loadRows: async (prisma, ids) => {
    const rows = await prisma.translation.findMany({ where: { id: { in: [...ids] } } });
    return ids.map((id) => rows.find((row) => row.id === id) ?? null);
  },
  visible: (actor, translation) => translationPolicy.rules(actor, translation).view,
});

builder.subscriptionField('translationChanged', (t) =>
  t.field({
    type: TranslationRef,
    description:
      'The translation each time it changes: its status following the runs (pending, running, completed), its stats, its instructions.',
    args: {
      organizationId: t.arg.id({ required: true, description: 'Id of the organization.' }),
      id: t.arg.id({ required: true, description: 'Id of the translation.' }),
    },
    subscribe: async (_root, args, ctx) => {
      const translation = await findTranslation(ctx, args.organizationId, String(args.id));
      return liveTranslations(ctx, ctx.pubsub.subscribe('translationChanged', translation.id), translation.organizationId);
    },
    resolve: (event) => liveRow(event),
  }),
);
