// Site redirects in the graph: the SiteRedirect node, Site.redirects, the
// lookup of a path (siteRedirectBySource) and the mutations.
import { builder, type ObjectFieldBuilder } from '../../../schema/builder.js';
import type { SiteRedirect } from '../../../generated/prisma/client.js';
import { requireActor } from '../../../context.js';
import { authorize, sitePolicy } from '../../../policy/index.js';
import { itemsOfSite, mayOnSite } from '../access.js';
import { scopedList, type ScopedList } from '../../../schema/lists.js';
import { planList, planType } from '../../../schema/plan/plan.js';
import { nodeConnection } from '../../../schema/connections.js';
import { deletion, deletionFields } from '../../../schema/payloads.js';
import { restEnum } from '../../../schema/enums.js';
import type { SiteRow } from '../loaders.js';
import { siteIdFields } from '../schema.js';
import {
  bulkUpsertSiteRedirects,
  createSiteRedirect,
  deleteSiteRedirect,
  lookupSiteRedirect,
  updateSiteRedirect,
  type BulkResult,
} from './service.js';
import { containsText } from '../../../db/textSearch.js';

export const SiteRedirectRef = builder.prismaNode('SiteRedirect', {
  id: { field: 'id' },
  description: 'A redirect of a site: a path of the site (a trailing `*` matches any rest) leading to a destination.',
  // Whoever may follow the site's redirects may see one (its members list them).
  authScopes: (redirect, ctx) => mayOnSite(ctx, redirect.siteId, 'lookupRedirect'),
  fields: (t) => ({
    source: t.exposeString('source', { description: 'The path redirected from (at most 512 characters).' }),
    draft: t.exposeBoolean('draft', { description: 'Whether it is a draft (not live).' }),
    captureWildcard: t.exposeBoolean('captureWildcard', { description: 'Whether what the `*` matched is appended to the destination.' }),
    permanent: t.exposeBoolean('permanent', { description: 'Whether it is permanent (HTTP 308 for public live traffic, else 307).' }),
    destination: t.expose('destination', {
      type: 'JSON',
      description: 'Where it leads: {kind: site-section|site-space|site-page|external, …} (SiteRedirectDestination of the public API).',
    }),
    automatic: t.exposeBoolean('automatic', {
      description: 'Whether Quire wrote it when a page moved (a later move may replace it); false once a user changed it.',
    }),
    siteId: t.exposeID('siteId', { description: 'Id of the site.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', nullable: true, description: 'When it was last changed; null if never.' }),
  }),
});

const SiteRedirectConnection = nodeConnection(SiteRedirectRef, 'SiteRedirect', { items: 'redirects' });

const SiteRedirectOrderEnum = restEnum(
  'SiteRedirectOrderBy',
  ['createdAt', 'updatedAt', 'source'] as const,
  'The order of a list of redirects.',
  {
    createdAt: 'Most recently created first.',
    updatedAt: 'Most recently changed first (created, for those never changed).',
    source: 'By source path, alphabetically.',
  },
);

const orders = {
  createdAt: [{ createdAt: 'desc' }, { id: 'desc' }],
  updatedAt: [{ changedAt: 'desc' }, { id: 'desc' }],
  source: [{ source: 'asc' }, { id: 'asc' }],
} as const;

interface RedirectFilters {
  search?: string | null;
  draft?: boolean | null;
  orderBy?: keyof typeof orders | null;
}

// The fields of a redirect the read planner answers from its columns (src/schema/plan).
planType('SiteRedirect', {
  model: 'SiteRedirect',
  columns: {
    id: 'id',
    source: 'source',
    draft: 'draft',
    captureWildcard: 'captureWildcard',
    permanent: 'permanent',
    destination: 'destination',
    automatic: 'automatic',
    siteId: 'siteId',
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
  },
  subject: ['siteId'],
  visible: (redirect, ctx) => mayOnSite(ctx, redirect.siteId as string, 'lookupRedirect'),
});

const redirectsOfSite: ScopedList<SiteRow, RedirectFilters> = {
  model: (ctx) => ctx.prisma.siteRedirect,
  where: async (s, args, ctx) => {
    authorize(sitePolicy, requireActor(ctx), s, 'viewRedirects');
    return {
      // The site loaded first: each redirect's check then answers at once.
      ...(await itemsOfSite(ctx, s.id)),
      draft: args.draft ?? false,
      ...(args.search ? { source: containsText(args.search.slice(0, 512)) } : {}),
    };
  },
  orderBy: (args) => [...orders[args.orderBy ?? 'createdAt']],
};
planList('Site', 'redirects', 'SiteRedirect', redirectsOfSite);

builder.prismaObjectField('Site', 'redirects', (t) =>
  t.prismaConnection(
    {
      type: 'SiteRedirect',
      cursor: 'id',
      description: 'Redirects of the site (its members).',
      args: {
        search: t.arg.string({ description: 'Only the redirects whose source contains this text (case-insensitive).' }),
        draft: t.arg.boolean({ description: 'true: only drafts; false or absent: only live redirects.' }),
        orderBy: t.arg({ type: SiteRedirectOrderEnum, description: 'The order; createdAt when absent.' }),
      },
      ...scopedList(redirectsOfSite),
    },
    SiteRedirectConnection,
  ),
);

const SiteRedirectMatch = builder.objectRef<{ redirect: SiteRedirect; target: string }>('SiteRedirectMatch').implement({
  description: 'The redirect a path of a site follows.',
  fields: (t) => ({
    redirect: t.field({ type: SiteRedirectRef, description: 'The redirect.', resolve: (m) => m.redirect }),
    target: t.exposeString('target', { description: 'The URL it leads to now.' }),
  }),
});

builder.queryField('siteRedirectBySource', (t) =>
  t.field({
    type: SiteRedirectMatch,
    description:
      'The live redirect a path of a site follows (exact source, else the longest wildcard source it starts with): for readers of the published site and its members; NOT_FOUND when none.',
    args: {
      siteId: t.arg.id({ required: true, description: 'Id of the site.' }),
      organizationId: t.arg.id({ description: 'When given, the site must belong to this organization.' }),
      source: t.arg.string({ required: true, description: 'The path to look up (`/…`, at most 512 characters).' }),
      shareKey: t.arg.string({ description: 'Key of an active share link (share-link sites).' }),
    },
    resolve: (_root, args, ctx) => lookupSiteRedirect(ctx, args),
  }),
);

const redirectField = <P extends { siteRedirect: SiteRedirect }>(t: ObjectFieldBuilder<P>, description: string) =>
  t.field({ type: SiteRedirectRef, description, resolve: (payload) => payload.siteRedirect });

const flagFields = (t: Parameters<typeof siteIdFields>[0]) => ({
  captureWildcard: t.boolean({ description: 'Append what the `*` of the source matched to the destination.' }),
  draft: t.boolean({ description: 'Whether it is a draft (not live).' }),
  permanent: t.boolean({ description: 'Whether it is permanent for public live traffic.' }),
});

builder.relayMutationField(
  'createSiteRedirect',
  {
    description: 'Arguments of createSiteRedirect.',
    inputFields: (t) => ({
      ...siteIdFields(t),
      source: t.string({ required: true, description: 'The path to redirect from (SiteRedirectSourcePath of the public API).' }),
      destination: t.field({
        type: 'JSON',
        required: true,
        description: 'Where it leads: a SiteRedirectDestination, or {kind: path, spaceId, path} naming a page of a published space.',
      }),
      ...flagFields(t),
    }),
  },
  {
    description: 'Creates a redirect on a site (site editors and admins); CONFLICT when the source already has one.',
    resolve: async (_root, { input }, ctx) => ({ siteRedirect: await createSiteRedirect(ctx, input) }),
  },
  { description: 'The result of createSiteRedirect.', outputFields: (t) => ({ siteRedirect: redirectField(t, 'The new redirect.') }) },
);

builder.relayMutationField(
  'updateSiteRedirect',
  {
    description: 'Arguments of updateSiteRedirect: the fields to change (absent ones stay).',
    inputFields: (t) => ({
      ...siteIdFields(t),
      siteRedirectId: t.id({ required: true, description: 'Id of the redirect.' }),
      source: t.string({ description: 'The path to redirect from.' }),
      destination: t.field({ type: 'JSON', description: 'Where it leads (a SiteRedirectDestination).' }),
      ...flagFields(t),
    }),
  },
  {
    description: 'Changes a redirect (site editors and admins); CONFLICT when its new source already has one.',
    resolve: async (_root, { input }, ctx) => ({ siteRedirect: await updateSiteRedirect(ctx, input) }),
  },
  {
    description: 'The result of updateSiteRedirect.',
    outputFields: (t) => ({ siteRedirect: redirectField(t, 'The redirect as changed.') }),
  },
);

builder.relayMutationField(
  'deleteSiteRedirect',
  {
    description: 'Arguments of deleteSiteRedirect.',
    inputFields: (t) => ({ ...siteIdFields(t), siteRedirectId: t.id({ required: true, description: 'Id of the redirect.' }) }),
  },
  {
    description: 'Deletes a redirect (site editors and admins). Idempotent.',
    resolve: async (_root, { input }, ctx) => deletion(await deleteSiteRedirect(ctx, input), input.siteRedirectId),
  },
  { description: 'The result of deleteSiteRedirect.', outputFields: (t) => deletionFields(t, 'deleted', 'SiteRedirect') },
);

const BulkStatusEnum = restEnum(
  'SiteRedirectBulkStatus',
  ['created', 'updated', 'deleted', 'published', 'error'] as const,
  'What a bulk upsert did with one redirect.',
  {
    created: 'The redirect was created.',
    updated: 'The redirect was updated.',
    deleted: 'The redirect was deleted (or there was none).',
    published: 'The draft redirect was made live.',
    error: 'Nothing changed: `error` says why.',
  },
);

const BulkResultRef = builder.objectRef<BulkResult>('SiteRedirectBulkResult').implement({
  description: 'The outcome of one item of a bulk upsert.',
  fields: (t) => ({
    status: t.field({ type: BulkStatusEnum, description: 'What was done.', resolve: (r) => r.status }),
    source: t.exposeString('source', { description: 'The source of the item.' }),
    draft: t.exposeBoolean('draft', { description: 'Whether it concerns a draft redirect.' }),
    id: t.id({
      nullable: true,
      description: 'Id of the redirect created, updated or published.',
      resolve: (r) => ('id' in r ? r.id : null),
    }),
    error: t.string({
      nullable: true,
      description: 'Why nothing changed (status error).',
      resolve: (r) => ('error' in r ? r.error : null),
    }),
  }),
});

builder.relayMutationField(
  'bulkUpsertSiteRedirects',
  {
    description: 'Arguments of bulkUpsertSiteRedirects.',
    inputFields: (t) => ({
      ...siteIdFields(t),
      redirects: t.field({
        type: ['JSON'],
        required: true,
        description:
          '1 to 500 items, applied in order: {source, intent: live|draft, destination (null deletes), captureWildcard, permanent} or {source, intent: publish}.',
      }),
    }),
  },
  {
    description: 'Creates, updates, deletes or publishes redirects by source, all in one transaction (site editors and admins).',
    resolve: async (_root, { input }, ctx) => ({ results: await bulkUpsertSiteRedirects(ctx, input) }),
  },
  {
    description: 'The result of bulkUpsertSiteRedirects.',
    outputFields: (t) => ({
      results: t.field({ type: [BulkResultRef], description: 'One per item, in order.', resolve: (p) => p.results }),
    }),
  },
);
