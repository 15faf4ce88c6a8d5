// Sites in the graph (spec 4.1): the Site node, Organization.sites with its
// filters, site(id), and the create/update/publish/delete mutations.
import { completeValue } from '@pothos/core';
import { builder, type InputFieldBuilder, type ObjectFieldBuilder } from '../../schema/builder.js';
import type { Site } from '../../generated/prisma/client.js';
import { requireActor, type Context } from '../../context.js';
import { can, sitePolicy, visibleSitesWhere } from '../../policy/index.js';
import type { OrganizationSubject } from '../../policy/organization.js';
import { DefaultLevelEnum, defaultLevelOut } from '../../schema/enums.js';
import { permissionsType } from '../../schema/permissions.js';
import { oldestFirst, scopedList, type ScopedList } from '../../schema/lists.js';
import { planList, planType } from '../../schema/plan/plan.js';
import { organizationShown } from '../content/related.js';
import { nodeConnection } from '../../schema/connections.js';
import { deletion, deletionFields } from '../../schema/payloads.js';
import { SiteAgentsContextEnum, SiteTypeEnum, SiteVisibilityEnum } from './enums.js';
import { preloadSites, siteSpaceCounts } from './loaders.js';
import { sitePublishedBase, siteUrls } from './addresses.js';
import { sharedUrl, siteSubject } from './shareLinks/shareKeys.js';
import { liveSiteSpace } from './structure/scopes.js';
import { createSite, deleteSite, findSite, setSitePublished, updateSite } from './service.js';
import { containsText } from '../../db/textSearch.js';

const SitePermissions = permissionsType('SitePermissions', sitePolicy, [
  'view',
  'access',
  'edit',
  'create',
  'admin',
  'installIntegration',
  'viewAdaptiveSchema',
  'editAdaptiveSchema',
]);

const SiteUrls = builder.simpleObject('SiteUrls', {
  description: 'Links to a site.',
  fields: (t) => ({
    location: t.string({ description: 'The site in the API.' }),
    app: t.string({ description: 'The site in the app.' }),
    preview: t.string({ description: 'The preview of the site in the app.' }),
    published: t.string({ nullable: true, description: 'The published site; null while it is unpublished.' }),
  }),
});

const SiteProxy = builder.simpleObject('SiteProxy', {
  description: 'A proxy serving the site under another domain and path.',
  fields: (t) => ({
    origin: t.string({ description: 'The proxied address: a domain and a path (example.com/docs).' }),
    target: t.string({ description: 'Where the proxy forwards requests: the site as Quire publishes it.' }),
  }),
});

const SiteAdaptiveContent = builder.simpleObject('SiteAdaptiveContent', {
  description: 'Adaptive content settings of a site.',
  fields: (t) => ({ enabled: t.boolean({ description: 'Whether content adapts to the claims of visitors.' }) }),
});

/** Whether the caller may see a site (its type's check, and the read planner's): with the share keys they presented. */
const siteShown = (site: Site, ctx: Context) =>
  completeValue(siteSubject(ctx, site), (subject) => can(sitePolicy, requireActor(ctx), subject, 'view'));

export const SiteRef = builder.prismaNode('Site', {
  id: { field: 'id' },
  description: 'A site: publishes spaces of an organization to readers.',
  authScopes: (site, ctx) => siteShown(site, ctx),
  fields: (t) => ({
    title: t.exposeString('title', { description: 'Title, 2 to 128 characters.' }),
    type: t.field({ type: SiteTypeEnum, description: 'The plan of the site.', resolve: (s) => s.type as never }),
    appliedType: t.field({
      type: SiteTypeEnum,
      description: 'The plan in effect (Quire freezes none: the same as `type`).',
      resolve: (s) => s.type as never,
    }),
    visibility: t.field({
      type: SiteVisibilityEnum,
      description: 'Who may read the published site.',
      resolve: (s) => s.visibility as never,
    }),
    published: t.exposeBoolean('published', { description: 'Whether readers (as `visibility` says) can reach the site.' }),
    hostname: t.exposeString('hostname', { nullable: true, description: 'Custom hostname, if any.' }),
    basename: t.exposeString('basename', { nullable: true, description: 'Path of the site under its hostname, if any.' }),
    proxy: t.field({
      type: SiteProxy,
      nullable: true,
      description: 'The proxy serving the site, if any.',
      resolve: (s, _, ctx) => (s.proxy ? { origin: s.proxy, target: sitePublishedBase(ctx.urls, { ...s, proxy: null }) } : null),
    }),
    icon: t.expose('icon', { type: 'JSON', nullable: true, description: 'Icon of the site ({icon:{light,dark}} or {emoji}), if any.' }),
    defaultLevel: t.field({
      type: DefaultLevelEnum,
      nullable: true,
      description: 'Default level of organization members on the site; null: no access by default.',
      resolve: (s) => defaultLevelOut(s.defaultLevel) as never,
    }),
    adaptiveContent: t.field({
      type: SiteAdaptiveContent,
      description: 'Adaptive content settings.',
      resolve: (s) => ({ enabled: s.adaptiveContent }),
    }),
    agentsContext: t.field({
      type: SiteAgentsContextEnum,
      description: 'Whether AI agents may read the site.',
      resolve: (s) => s.agentsContext as never,
    }),
    features: t.field({
      type: ['JSON'],
      description: 'Premium features enabled on the site: Quire sells no plans, so there are none.',
      resolve: () => [],
    }),
    siteSpacesCount: t.int({
      description: 'Number of site spaces (at the root and in sections).',
      resolve: (s, _, ctx) => siteSpaceCounts(ctx).load(s.id),
    }),
    defaultSiteSpaceId: t.exposeID('defaultSiteSpaceId', {
      nullable: true,
      description: 'Id of the default site space at the root, if any.',
    }),
    defaultSiteSectionId: t.exposeID('defaultSiteSectionId', { nullable: true, description: 'Id of the default section, if any.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the site was created.' }),
    organizationId: t.exposeID('organizationId', { description: 'Id of the owning organization.' }),
    organization: t.relation('organization', {
      description: 'The owning organization.',
      authScopes: (site, _args, ctx) => organizationShown((site as { organization?: OrganizationSubject }).organization, ctx),
    }),
    urls: t.field({
      type: SiteUrls,
      description: 'Links to the site.',
      resolve: (s, _, ctx) => {
        const urls = siteUrls(ctx.urls, s);
        return completeValue(sharedUrl(ctx, s, urls.published), (published) => ({ ...urls, published }));
      },
    }),
    permissions: t.field({
      type: SitePermissions.type,
      description: 'What the caller may do on the site.',
      resolve: (s, args, ctx) => completeValue(siteSubject(ctx, s), (subject) => SitePermissions.resolve(subject, args, ctx)),
    }),
  }),
});

export const SiteConnection = nodeConnection(SiteRef, 'Site', { items: 'sites' });

interface SiteFilters {
  space?: string | null;
  title?: string | null;
  published?: boolean | null;
  type?: readonly string[] | null;
}

// The fields of a site the read planner answers from its columns and joins (src/schema/plan).
planType('Site', {
  model: 'Site',
  columns: {
    id: 'id',
    title: 'title',
    type: 'type',
    appliedType: 'type',
    visibility: 'visibility',
    published: 'published',
    hostname: 'hostname',
    basename: 'basename',
    icon: 'icon',
    agentsContext: 'agentsContext',
    defaultSiteSpaceId: 'defaultSiteSpaceId',
    defaultSiteSectionId: 'defaultSiteSectionId',
    createdAt: 'createdAt',
    organizationId: 'organizationId',
  },
  relations: { organization: { type: 'Organization', shown: (org, ctx) => organizationShown(org as never, ctx) } },
  // Their resolvers above answer them from these columns (and the subject's); the count from the loader `preloadSites` fills.
  computed: {
    proxy: ['proxy', 'hostname', 'basename'],
    defaultLevel: [],
    adaptiveContent: ['adaptiveContent'],
    features: [],
    siteSpacesCount: [],
    urls: ['proxy', 'hostname', 'basename'],
    permissions: [],
  },
  subject: ['id', 'organizationId', 'defaultLevel', 'published', 'visibility'],
  visible: (site, ctx) => siteShown(site as never, ctx),
});

const organizationSites: ScopedList<{ id: string }, SiteFilters> = {
  model: (ctx) => ctx.prisma.site,
  where: (org, args, ctx) => ({
    ...visibleSitesWhere(requireActor(ctx), org.id),
    ...(args.space ? { siteSpaces: { some: { spaceId: args.space, ...liveSiteSpace } } } : {}),
    ...(args.title ? { title: containsText(args.title) } : {}),
    ...(args.published != null ? { published: args.published } : {}),
    ...(args.type ? { type: { in: [...args.type] } } : {}),
  }),
  orderBy: oldestFirst,
  preload: preloadSites,
};
// `preloadSites` reads the sites' ids.
planList('Organization', 'sites', 'Site', organizationSites, { preloadReads: ['id'] });

builder.prismaObjectField('Organization', 'sites', (t) =>
  t.prismaConnection(
    {
      type: 'Site',
      cursor: 'id',
      description: 'Sites of the organization the caller may see, oldest first.',
      // Reads sites, not the organization: the policy filter checks the scope (site:read).
      skipTypeScopes: true,
      args: {
        space: t.arg.id({ description: 'Only the sites that publish this space.' }),
        title: t.arg.string({ description: 'Only the sites whose title contains this text (case-insensitive).' }),
        published: t.arg.boolean({ description: 'true: only published sites; false: only unpublished ones.' }),
        type: t.arg({ type: [SiteTypeEnum], description: 'Only the sites of these plans.' }),
      },
      ...scopedList(organizationSites),
    },
    SiteConnection,
  ),
);

const sitesOfSpace: ScopedList<{ id: string; organizationId: string }, unknown> = {
  model: (ctx) => ctx.prisma.site,
  where: (space, _args, ctx) => ({
    ...visibleSitesWhere(requireActor(ctx), space.organizationId),
    siteSpaces: { some: { spaceId: space.id, ...liveSiteSpace } },
  }),
  orderBy: oldestFirst,
  preload: preloadSites,
};
planList('Space', 'sites', 'Site', sitesOfSpace, { preloadReads: ['id'] });

builder.prismaObjectField('Space', 'sites', (t) =>
  t.prismaConnection(
    {
      type: 'Site',
      cursor: 'id',
      description: 'Sites of its organization that publish the space (those the caller may see), oldest first.',
      ...scopedList(sitesOfSpace),
    },
    SiteConnection,
  ),
);

builder.queryField('site', (t) =>
  t.prismaField({
    type: 'Site',
    description: 'A site the caller may see; NOT_FOUND otherwise.',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the site.' }),
      organizationId: t.arg.id({ description: 'When given, the site must belong to this organization.' }),
    },
    resolve: (query, _root, args, ctx) => findSite(ctx, args.id, args.organizationId, query),
  }),
);

/** The ids every site mutation takes: the site, and optionally its organization (REST paths name both). */
export const siteIdFields = (t: InputFieldBuilder) => ({
  siteId: t.id({ required: true, description: 'Id of the site.' }),
  organizationId: t.id({ description: 'When given, the site must belong to this organization.' }),
});

/** A payload's `site` field. */
const siteField = <P extends { site: Site }>(t: ObjectFieldBuilder<P>, description: string) =>
  t.field({ type: SiteRef, description, resolve: (payload) => payload.site });

const SiteAdaptiveContentInput = builder.inputType('SiteAdaptiveContentInput', {
  description: 'Adaptive content settings.',
  fields: (t) => ({ enabled: t.boolean({ required: true, description: 'Whether content adapts to the claims of visitors.' }) }),
});

builder.relayMutationField(
  'createSite',
  {
    description: 'Arguments of createSite: every field is optional.',
    inputFields: (t) => ({
      organizationId: t.id({ required: true, description: 'Organization the site belongs to.' }),
      type: t.field({ type: SiteTypeEnum, description: 'Plan of the site; basic when omitted.' }),
      title: t.string({ description: 'Title, 2 to 128 characters; "Untitled site" when omitted.' }),
      visibility: t.field({ type: SiteVisibilityEnum, description: 'Who may read the site once published; public when omitted.' }),
      spaces: t.idList({ description: 'Spaces to publish at the root of the site, in this order (the first is the default).' }),
    }),
  },
  {
    description: 'Creates an unpublished site in an organization (members of the create role and above).',
    resolve: async (_root, { input }, ctx) => ({ site: await createSite(ctx, input) }),
  },
  { description: 'The result of createSite.', outputFields: (t) => ({ site: siteField(t, 'The new site.') }) },
);

builder.relayMutationField(
  'updateSite',
  {
    description: 'Arguments of updateSite: the fields to change (absent ones stay).',
    inputFields: (t) => ({
      ...siteIdFields(t),
      title: t.string({ description: 'Title, 2 to 128 characters.' }),
      visibility: t.field({ type: SiteVisibilityEnum, description: 'Who may read the published site.' }),
      hostname: t.string({ description: 'Custom hostname (at most 512 characters, at least three labels); null removes it.' }),
      basename: t.string({ description: 'Path of the site under its hostname, 1 to 100 characters; null removes it.' }),
      proxy: t.string({
        description: 'Proxy origin: a domain and a path (example.com/docs), at most 512 characters; null removes the proxy.',
      }),
      defaultLevel: t.field({ type: DefaultLevelEnum, description: 'Default level of members on the site; null: no access by default.' }),
      adaptiveContent: t.field({ type: SiteAdaptiveContentInput, description: 'Adaptive content settings.' }),
      agentsContext: t.field({ type: SiteAgentsContextEnum, description: 'Whether AI agents may read the site.' }),
      defaultSiteSpace: t.id({
        description: 'Site space to make the default: at the root, or (a site with sections) in the default section.',
      }),
      defaultSiteSection: t.id({ description: 'Section to make the default.' }),
    }),
  },
  {
    description: "Changes a site's settings (site admins).",
    resolve: async (_root, { input }, ctx) => ({ site: await updateSite(ctx, input) }),
  },
  { description: 'The result of updateSite.', outputFields: (t) => ({ site: siteField(t, 'The site as changed.') }) },
);

for (const [name, published] of [
  ['publishSite', true],
  ['unpublishSite', false],
] as const) {
  builder.relayMutationField(
    name,
    { description: `Arguments of ${name}.`, inputFields: (t) => siteIdFields(t) },
    {
      description: published
        ? 'Publishes the site: readers (as its visibility says) can reach it.'
        : 'Unpublishes the site: readers can no longer reach it.',
      resolve: async (_root, { input }, ctx) => ({ site: await setSitePublished(ctx, input, published) }),
    },
    { description: `The result of ${name}.`, outputFields: (t) => ({ site: siteField(t, 'The site as it now is.') }) },
  );
}

builder.relayMutationField(
  'deleteSite',
  { description: 'Arguments of deleteSite.', inputFields: (t) => siteIdFields(t) },
  {
    description: 'Deletes the site with its sections, site spaces and share links (the spaces stay). Idempotent.',
    resolve: async (_root, { input }, ctx) => deletion(await deleteSite(ctx, input), input.siteId),
  },
  { description: 'The result of deleteSite.', outputFields: (t) => deletionFields(t, 'deleted', 'Site') },
);
