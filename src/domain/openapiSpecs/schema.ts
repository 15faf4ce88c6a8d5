// OpenAPI specifications (spec 4.11) in GraphQL: the OpenAPISpec node, an
// organization's list and lookup by slug, the mutations (create, put,
// visibility, reprocess, delete), the `openAPISpecChanged` subscription
// that follows processing (authorized per event), and the processed versions' content.
import { builder, type InputFieldBuilder } from '../../schema/builder.js';
import type { OpenAPISpec } from '../../generated/prisma/client.js';
import { requireActor, type Context } from '../../context.js';
import { can, openAPISpecPolicy } from '../../policy/index.js';
import { restEnum } from '../../schema/enums.js';
import { permissionsType } from '../../schema/permissions.js';
import { organizationRows, scopedList } from '../../schema/lists.js';
import { planList, planType } from '../../schema/plan/plan.js';
import { nodeConnection } from '../../schema/connections.js';
import { deletion, deletionFields } from '../../schema/payloads.js';
import { liveRow, liveSubscription } from '../shared/liveEvents.js';
import { createSpec, deleteSpec, findSpec, putSpec, reprocessSpec, setSpecVisibility, specListWhere } from './service.js';
import { publishedSpecUrl } from './publishedDocument.js';
import { latestSpecVersion, specVersionById, specVersionContent, specVersionRawContent, type SpecVersionRow } from './versions.js';

const ProcessingStateEnum = restEnum(
  'OpenAPISpecProcessingState',
  ['pending', 'progress', 'complete'] as const,
  'Where the processing of a specification stands.',
  {
    pending: 'A processing job is queued.',
    progress: 'A job is fetching and processing the source.',
    complete: 'The last processing ended (see lastProcessErrorCode for its outcome).',
  },
);
const VisibilityEnum = restEnum(
  'OpenAPISpecVisibility',
  ['private', 'public'] as const,
  'Who may read the processed specification at its published URL.',
  {
    private: 'Members of the organization only.',
    public: 'Anyone with the link.',
  },
);
const ErrorCodeEnum = restEnum(
  'OpenAPISpecProcessingErrorCode',
  ['FETCH_TIMEOUT', 'FETCH_ERROR', 'PARSE_ERROR'] as const,
  'Why the last processing failed.',
  {
    FETCH_TIMEOUT: 'The source did not answer in time.',
    FETCH_ERROR: 'The source could not be fetched (unreachable, refused address, error status, too large).',
    PARSE_ERROR: 'The source is not JSON or YAML, or not a valid OpenAPI document.',
  },
);

const OpenAPIErrorObject = builder.simpleObject('OpenAPIErrorObject', {
  description: 'One error met while processing a specification.',
  fields: (t) => ({
    message: t.string({ description: 'Description of the error.' }),
    code: t.string({ nullable: true, description: 'Code of the error (UNPARSABLE, TIMEOUT, a validator code, …).' }),
  }),
});
const OpenAPISpecUrls = builder.simpleObject('OpenAPISpecUrls', {
  description: 'Links to an OpenAPI specification.',
  fields: (t) => ({
    location: t.string({ description: 'The specification in the API.' }),
    app: t.string({ description: 'The specification in the application.' }),
    published: t.string({
      nullable: true,
      description: 'The processed document (JSON) at its stable URL: public specs to anyone, private ones to members.',
    }),
  }),
});
const SpecPermissions = permissionsType('OpenAPISpecPermissions', openAPISpecPolicy, ['view', 'edit']);

/** Whether the caller may see a specification (its type's check, and the read planner's). */
const specShown = (spec: { organizationId: string }, ctx: Context) => can(openAPISpecPolicy, requireActor(ctx), spec, 'view');

export const OpenAPISpecRef = builder.prismaNode('OpenAPISpec', {
  id: { field: 'id' },
  description: 'An OpenAPI specification: fetched from its source and processed in the background into versions.',
  authScopes: (spec, ctx) => specShown(spec, ctx),
  fields: (t) => ({
    slug: t.exposeString('slug', { description: 'Slug used as reference (lowercase words separated by dashes).' }),
    sourceURL: t.exposeString('sourceURL', { description: 'URL the specification is fetched from.' }),
    processingState: t.field({
      type: ProcessingStateEnum,
      description: 'Where its processing stands.',
      resolve: (s) => s.processingState as never,
    }),
    visibility: t.field({
      type: VisibilityEnum,
      description: 'Who may read it at its published URL.',
      resolve: (s) => s.visibility as never,
    }),
    lastVersion: t.exposeString('lastVersionId', { nullable: true, description: 'Id of the latest processed version.' }),
    lastProcessedAt: t.expose('lastProcessedAt', { type: 'DateTime', nullable: true, description: 'When the last processing ended.' }),
    lastProcessErrorCode: t.field({
      type: ErrorCodeEnum,
      nullable: true,
      description: 'Why the last processing failed; null when it succeeded.',
      resolve: (s) => s.lastProcessErrorCode as never,
    }),
    lastProcessedErrors: t.field({
      type: [OpenAPIErrorObject],
      description: 'Errors of the last processing (at most 50).',
      resolve: (s) => s.lastProcessedErrors as never,
    }),
    lastProcessedErrorCount: t.exposeInt('lastProcessedErrorCount', {
      description: 'Number of errors of the last processing, before truncation.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
    permissions: t.field({ type: SpecPermissions.type, description: 'What the caller may do on it.', resolve: SpecPermissions.resolve }),
    urls: t.field({
      type: OpenAPISpecUrls,
      description: 'Links to it.',
      resolve: (s, _args, ctx) => ({
        location: `${ctx.urls.api}/orgs/${s.organizationId}/openapi/${s.slug}`,
        app: `${ctx.urls.app}/o/${s.organizationId}/openapi/${s.slug}`,
        published: s.visibility === 'public' ? publishedSpecUrl(ctx.urls.published, s.organizationId, s.slug) : null,
      }),
    }),
  }),
});

const OpenAPISpecConnection = nodeConnection(OpenAPISpecRef, 'OpenAPISpec', { items: 'OpenAPI specifications' });

// The fields of a specification the read planner answers from its columns (src/schema/plan).
planType('OpenAPISpec', {
  model: 'OpenAPISpec',
  columns: {
    id: 'id',
    slug: 'slug',
    sourceURL: 'sourceURL',
    processingState: 'processingState',
    visibility: 'visibility',
    lastVersion: 'lastVersionId',
    lastProcessedAt: 'lastProcessedAt',
    lastProcessErrorCode: 'lastProcessErrorCode',
    lastProcessedErrorCount: 'lastProcessedErrorCount',
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
  },
  // Their resolvers above answer them from these columns (and the subject's).
  computed: { lastProcessedErrors: ['lastProcessedErrors'], permissions: [], urls: ['slug', 'visibility'] },
  subject: ['organizationId'],
  visible: (spec, ctx) => specShown(spec as never, ctx),
});

const organizationSpecs = organizationRows((ctx) => ctx.prisma.openAPISpec, specListWhere);
planList('Organization', 'openAPISpecs', 'OpenAPISpec', organizationSpecs);

builder.prismaObjectField('Organization', 'openAPISpecs', (t) =>
  t.prismaConnection(
    {
      type: 'OpenAPISpec',
      cursor: 'id',
      description: "The organization's OpenAPI specifications (members), oldest first.",
      skipTypeScopes: true,
      ...scopedList(organizationSpecs),
    },
    OpenAPISpecConnection,
  ),
);

builder.prismaObjectField('Organization', 'openAPISpec', (t) =>
  t.field({
    type: OpenAPISpecRef,
    description: 'One OpenAPI specification, by slug; NOT_FOUND when unknown.',
    args: { slug: t.arg.string({ required: true, description: 'Slug of the specification.' }) },
    skipTypeScopes: true,
    resolve: (org, args, ctx) => findSpec(ctx, org.id, args.slug),
  }),
);

const SpecSourceInput = builder.inputType('OpenAPISpecSourceInput', {
  description: 'Where a specification comes from.',
  fields: (t) => ({
    url: t.string({ description: 'Absolute http(s) URL of the JSON or YAML document.' }),
    text: t.string({ description: 'The document as text: not supported (400).' }),
  }),
});
const specKey = (t: InputFieldBuilder) => ({
  organizationId: t.id({ required: true, description: 'Id of the organization.' }),
  specSlug: t.string({ required: true, description: 'Slug of the specification.' }),
});
const specField = (t: any, description: string) =>
  t.field({ type: OpenAPISpecRef, description, resolve: (p: { spec: OpenAPISpec }) => p.spec });

builder.relayMutationField(
  'createOpenAPISpec',
  {
    description: 'Arguments of createOpenAPISpec.',
    inputFields: (t) => ({
      organizationId: t.id({ required: true, description: 'Id of the organization.' }),
      slug: t.string({ description: 'Slug: lowercase letters and digits in dash-separated words (required, unique in the organization).' }),
      source: t.field({ type: SpecSourceInput, description: 'Where to fetch it from (required).' }),
    }),
  },
  {
    description: 'Creates an OpenAPI specification and queues its processing (members who may create content).',
    resolve: async (_root, { input }, ctx) => ({ spec: await createSpec(ctx, input.organizationId, input) }),
  },
  { description: 'The result of createOpenAPISpec.', outputFields: (t) => ({ spec: specField(t, 'The new specification.') }) },
);

builder.relayMutationField(
  'putOpenAPISpec',
  {
    description: 'Arguments of putOpenAPISpec.',
    inputFields: (t) => ({ ...specKey(t), source: t.field({ type: SpecSourceInput, description: 'Where to fetch it from (required).' }) }),
  },
  {
    description: 'Creates the specification of this slug, or points it at a new source; queues its processing either way.',
    resolve: async (_root, { input }, ctx) => putSpec(ctx, input.organizationId, input.specSlug, input),
  },
  {
    description: 'The result of putOpenAPISpec.',
    outputFields: (t) => ({
      spec: specField(t, 'The specification as now stored.'),
      created: t.boolean({ description: 'True when this call created it.', resolve: (p) => p.created }),
    }),
  },
);

builder.relayMutationField(
  'updateOpenAPISpec',
  {
    description: 'Arguments of updateOpenAPISpec.',
    inputFields: (t) => ({ ...specKey(t), visibility: t.field({ type: VisibilityEnum, description: 'The new visibility (required).' }) }),
  },
  {
    description: "Changes a specification's visibility.",
    resolve: async (_root, { input }, ctx) => ({
      spec: await setSpecVisibility(ctx, input.organizationId, input.specSlug, input.visibility as never),
    }),
  },
  { description: 'The result of updateOpenAPISpec.', outputFields: (t) => ({ spec: specField(t, 'The specification as changed.') }) },
);

builder.relayMutationField(
  'reprocessOpenAPISpec',
  { description: 'Arguments of reprocessOpenAPISpec.', inputFields: (t) => specKey(t) },
  {
    description: 'Fetches and processes the source of a specification again (a new version when it succeeds).',
    resolve: async (_root, { input }, ctx) => ({ spec: await reprocessSpec(ctx, input.organizationId, input.specSlug) }),
  },
  {
    description: 'The result of reprocessOpenAPISpec.',
    outputFields: (t) => ({ spec: specField(t, 'The specification, its processing queued.') }),
  },
);

builder.relayMutationField(
  'deleteOpenAPISpec',
  { description: 'Arguments of deleteOpenAPISpec.', inputFields: (t) => specKey(t) },
  {
    description: 'Deletes a specification and its versions. Idempotent.',
    resolve: async (_root, { input }, ctx) => deletion(await deleteSpec(ctx, input.organizationId, input.specSlug), input.specSlug),
  },
  { description: 'The result of deleteOpenAPISpec.', outputFields: (t) => deletionFields(t, 'deleted', 'OpenAPISpec') },
);

const liveSpecs = liveSubscription({
  noun: 'OpenAPI spec',
  idOf: (event: { specId: string }) => event.specId,
  loadRows: async (prisma, ids) => {
    const rows = await prisma.openAPISpec.findMany({ where: { id: { in: [...ids] } } });
    return ids.map((id) => rows.find((row) => row.id === id) ?? null);
  },
  visible: (actor, spec) => openAPISpecPolicy.rules(actor, spec).view,
});

builder.subscriptionField('openAPISpecChanged', (t) =>
  t.field({
    type: OpenAPISpecRef,
    description: 'The specification each time it changes: its processing state moving (pending, progress, complete), its visibility.',
    args: {
      organizationId: t.arg.id({ required: true, description: 'Id of the organization.' }),
      slug: t.arg.string({ required: true, description: 'Slug of the specification.' }),
    },
    subscribe: async (_root, args, ctx) => {
      const spec = await findSpec(ctx, args.organizationId, args.slug);
      return liveSpecs(ctx, ctx.pubsub.subscribe('openAPISpecChanged', spec.id), spec.organizationId);
    },
    resolve: (event) => liveRow(event),
  }),
);

// Versions and their content ---------------------------------------------------

const SourceFormatEnum = restEnum('OpenAPISpecSourceFormat', ['json', 'yaml'] as const, 'How a specification source is written.', {
  json: 'JSON.',
  yaml: 'YAML.',
});

const OpenAPISpecContentUrls = builder.simpleObject('OpenAPISpecContentUrls', {
  description: 'Links of a specification content.',
  fields: (t) => ({
    source: t.string({ description: 'URL the specification was fetched from.' }),
    public: t.string({ nullable: true, description: 'The published document (public specs only; null for private ones).' }),
  }),
});

const OpenAPISpecContent = builder.simpleObject('OpenAPISpecContent', {
  description: 'The processed content of a specification version.',
  fields: (t) => ({
    filesystem: t.field({
      type: 'JSON',
      description: 'The specifications by file name: here one, the processed (validated, dereferenced) entry document.',
    }),
    urls: t.field({ type: OpenAPISpecContentUrls, description: 'Links of the content.' }),
  }),
});

const OpenAPISpecRawContent = builder.simpleObject('OpenAPISpecRawContent', {
  description: 'The source of a specification version, exactly as fetched.',
  fields: (t) => ({
    text: t.string({ description: 'The source text.' }),
    format: t.field({ type: SourceFormatEnum, description: 'How it is written.' }),
  }),
});

const OpenAPISpecVersionRef = builder.objectRef<SpecVersionRow>('OpenAPISpecVersion').implement({
  description: 'One processed version of an OpenAPI specification.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the version.' }),
    sourceURL: t.exposeString('sourceURL', { description: 'URL it was fetched from.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was processed.' }),
    content: t.field({
      type: OpenAPISpecContent,
      description: 'Its processed content (stored by the processing job, served as stored).',
      resolve: (version, _args, ctx) => specVersionContent(ctx.urls, version),
    }),
    rawContent: t.field({
      type: OpenAPISpecRawContent,
      description: 'Its source as fetched; NOT_FOUND for versions processed before sources were kept.',
      resolve: (version) => specVersionRawContent(version),
    }),
  }),
});

builder.prismaObjectFields('OpenAPISpec', (t) => ({
  latestVersion: t.field({
    type: OpenAPISpecVersionRef,
    description: 'The latest processed version; NOT_FOUND before the first processing succeeded.',
    resolve: (spec, _args, ctx) => latestSpecVersion(ctx, spec),
  }),
  version: t.field({
    type: OpenAPISpecVersionRef,
    description: 'One processed version, by id; NOT_FOUND when the spec has none of that id.',
    args: { id: t.arg.id({ required: true, description: 'Id of the version.' }) },
    resolve: (spec, args, ctx) => specVersionById(ctx, spec, String(args.id)),
  }),
}));
