// Search in GraphQL: Space.search (REST GET /spaces/{spaceId}/search),
// Organization.search (REST GET /orgs/{organizationId}/search) and Query.siteSearch
// (REST POST /orgs/{organizationId}/sites/{siteId}/search), connections
// in the public document's result shapes, batched through loaders.ts.
import { withUpperCaseNames } from '../../schema/enums.js';
import { resolveOffsetConnection } from '@pothos/plugin-relay';
import { builder } from '../../schema/builder.js';
import { nodeConnection } from '../../schema/connections.js';
import { requireActor, type Context } from '../../context.js';
import { searchableSpacesWhere } from '../../policy/index.js';
import { organizationSearchLoader, spaceSearchLoader } from './loaders.js';
import { checkQuery, type PageHit, type SectionHit, type SpaceHit } from './service.js';
import { restEnum } from '../../schema/enums.js';
import { searchSite, siteSearchSpaces } from './siteSearch.js';
import { MAX_SCOPE_SITE_SPACES } from './siteScope.js';

type SectionValue = SectionHit & { page: PageHit };

const SearchResultTypeEnum = builder.enumType('SearchResultType', {
  description: 'What a search result matched on.',
  values: withUpperCaseNames({
    page: { description: "The page's own fields (title, description)." },
    section: { description: 'The heading or text of a section.' },
  }),
});

const SearchResultUrls = builder.simpleObject('SearchResultUrls', {
  description: 'Links to a search result.',
  fields: (t) => ({ app: t.string({ description: 'The page (or section) in the app.' }) }),
});

const SearchPageAncestor = builder.simpleObject('SearchPageAncestor', {
  description: 'A page above a search result.',
  fields: (t) => ({ title: t.string({ description: 'Title of the page.' }) }),
});

const pageUrl = (ctx: Context, page: PageHit) => `${ctx.urls.app}/s/${page.spaceId}/${page.path}`;

export const SearchSectionResultRef = builder.objectRef<SectionValue>('SearchSectionResult').implement({
  description: 'A section of a page that matched a search.',
  fields: (t) => ({
    id: t.id({
      description: 'Id of the section: the page id, then "#" and its anchor (the page id alone for the text before the first heading).',
      resolve: (s) => (s.anchor ? `${s.page.pageId}#${s.anchor}` : s.page.pageId),
    }),
    title: t.string({
      description: 'Heading of the section (the page title for the text before the first heading).',
      resolve: (s) => s.heading || s.page.title,
    }),
    path: t.string({
      description: 'Path of the page, then "#" and the anchor of the section.',
      resolve: (s) => (s.anchor ? `${s.page.path}#${s.anchor}` : s.page.path),
    }),
    score: t.float({ description: 'Relevance (ts_rank of the section); higher is better.', resolve: (s) => s.score }),
    resultType: t.field({
      type: SearchResultTypeEnum,
      description: 'section: the section matched; page: only the page fields did (the section is its best one).',
      resolve: (s) => s.resultType,
    }),
    body: t.string({ description: 'Excerpt of the section text around the match.', resolve: (s) => s.body }),
    urls: t.field({
      type: SearchResultUrls,
      description: 'Links to the section.',
      resolve: (s, _a, ctx) => ({ app: s.anchor ? `${pageUrl(ctx, s.page)}#${s.anchor}` : pageUrl(ctx, s.page) }),
    }),
  }),
});

export const SearchPageResultRef = builder.objectRef<PageHit>('SearchPageResult').implement({
  description: 'A page that matched a search, with its matching sections.',
  fields: (t) => ({
    id: t.id({ description: 'Id of the page.', resolve: (p) => p.pageId }),
    title: t.exposeString('title', { description: 'Title of the page.' }),
    description: t.exposeString('description', { description: 'Description of the page; empty when none.' }),
    path: t.exposeString('path', { description: 'Path of the page in the active revision.' }),
    score: t.exposeFloat('score', { description: 'Relevance (the best ts_rank of its sections); higher is better.' }),
    rank: t.exposeInt('rank', { description: 'One-based place in the whole ranked result set (kept across pages and grouping by space).' }),
    resultType: t.field({
      type: SearchResultTypeEnum,
      description: 'page: its title or description matched; section: only section content did.',
      resolve: (p) => p.resultType,
    }),
    sections: t.field({
      type: [SearchSectionResultRef],
      description: 'The sections that matched, best first.',
      resolve: (p) => p.sections.map((s) => ({ ...s, page: p })),
    }),
    ancestors: t.field({
      type: [SearchPageAncestor],
      description: 'The pages above it, top-level first.',
      resolve: (p) => p.ancestors.map((title) => ({ title })),
    }),
    urls: t.field({ type: SearchResultUrls, description: 'Links to the page.', resolve: (p, _a, ctx) => ({ app: pageUrl(ctx, p) }) }),
  }),
});

export const SearchSpaceResultRef = builder.objectRef<SpaceHit>('SearchSpaceResult').implement({
  description: 'A space whose pages matched a search.',
  fields: (t) => ({
    type: t.string({ description: 'Always "space".', resolve: () => 'space' }),
    id: t.id({ description: 'Id of the space.', resolve: (s) => s.spaceId }),
    title: t.exposeString('title', { description: 'Title of the space.' }),
    score: t.exposeFloat('score', { description: 'Relevance (the score of its best page).' }),
    pages: t.field({ type: [SearchPageResultRef], description: 'Its best matching pages, by rank.', resolve: (s) => s.pages }),
  }),
});

const SearchPageResultConnection = nodeConnection(SearchPageResultRef, 'SearchPageResult', { items: 'matching pages' });
const SearchSpaceResultConnection = nodeConnection(SearchSpaceResultRef, 'SearchSpaceResult', { items: 'spaces with matching pages' });

const queryDescription = 'What to look for (web search syntax: words, "quoted phrases", or, -excluded); at most 512 characters.';

/** A page of a batched search as a connection with its total count. */
async function searchConnection<T>(args: object, load: (offset: number, limit: number) => Promise<{ total: number; items: T[] }>) {
  let total = 0;
  const connection = await resolveOffsetConnection({ args }, async ({ offset, limit }) => {
    const page = await load(offset, limit);
    total = page.total;
    return page.items;
  });
  return Object.assign(connection, { totalCount: total });
}

builder.prismaObjectField('Space', 'search', (t) =>
  t.connection(
    {
      type: SearchPageResultRef,
      description:
        'Full-text search over the pages of the active revision: pages ranked by relevance (titles above text), with their matching sections.',
      args: { query: t.arg.string({ required: true, description: queryDescription }) },
      resolve: async (space, args, ctx) => {
        const query = checkQuery(args.query);
        return searchConnection(args, (offset, limit) => spaceSearchLoader(ctx).load({ id: space.id, query, offset, limit })) as never;
      },
    },
    SearchPageResultConnection,
  ),
);

builder.prismaObjectField('Organization', 'search', (t) =>
  t.connection(
    {
      type: SearchSpaceResultRef,
      description:
        'Full-text search over the spaces of the organization the caller may see: spaces in the order of their best page, each with its best pages (token scope organization:search).',
      // Reads spaces, not the organization's own fields: the search filter checks its scope.
      skipTypeScopes: true,
      args: { query: t.arg.string({ required: true, description: queryDescription }) },
      resolve: async (org, args, ctx) => {
        const query = checkQuery(args.query);
        searchableSpacesWhere(requireActor(ctx), org.id); // 403 now, before any statement, for a token without the scope
        return searchConnection(args, (offset, limit) => organizationSearchLoader(ctx).load({ id: org.id, query, offset, limit })) as never;
      },
    },
    SearchSpaceResultConnection,
  ),
);

const SiteSearchModeEnum = restEnum('SiteSearchMode', ['default', 'specific', 'all'] as const, 'What a site search covers.', {
  default: "Each section's default content, with the current site space (restrictTo narrows it).",
  specific: 'The site spaces named in siteSpaceIds.',
  all: 'Every site space of the site.',
});

const SiteSearchLegacyModeEnum = restEnum(
  'SiteSearchLegacyMode',
  ['specific', 'current', 'all'] as const,
  'The deprecated form of a site search scope.',
  {
    specific: 'The site spaces named in siteSpaceIds.',
    current: "The site space siteSpaceId and each section's default content.",
    all: 'Every site space of the site.',
  },
);

const SiteSearchRestrictionEnum = restEnum(
  'SiteSearchRestriction',
  ['currentSiteSpace', 'otherSiteSpaces'] as const,
  'A part of the default scope of a site search.',
  {
    currentSiteSpace: 'The current site space alone.',
    otherSiteSpaces: 'The default scope without the current site space.',
  },
);

const SiteSearchScopeInput = builder.inputType('SiteSearchScopeInput', {
  description: 'What a site search covers.',
  fields: (t) => ({
    mode: t.field({ type: SiteSearchModeEnum, required: true, description: 'default, specific or all.' }),
    currentSiteSpace: t.id({ description: 'mode default: the site space the search is made from (always searched).' }),
    restrictTo: t.field({
      type: SiteSearchRestrictionEnum,
      description: 'mode default, with currentSiteSpace: a part of the default scope.',
    }),
    siteSpaceIds: t.idList({ description: `mode specific: the site spaces to search (1 to ${MAX_SCOPE_SITE_SPACES}).` }),
  }),
});

builder.queryField('siteSearch', (t) =>
  t.connection(
    {
      type: SearchSpaceResultRef,
      description:
        'Full-text search over the spaces a published site publishes, for whoever may read the published site (token scope site:search): spaces in the order of their best page, each with its best pages. NOT_FOUND for an unpublished or hidden site.',
      args: {
        organizationId: t.arg.id({ required: true, description: 'Id of the organization of the site.' }),
        siteId: t.arg.id({ required: true, description: 'Id of the site.' }),
        shareKey: t.arg.string({ description: 'Key of an active share link (share-link sites).' }),
        query: t.arg.string({ required: true, description: queryDescription }),
        scope: t.arg({ type: SiteSearchScopeInput, description: 'What to search; every site space of the site when absent.' }),
        mode: t.arg({ type: SiteSearchLegacyModeEnum, deprecationReason: 'Use scope.', description: 'Deprecated: use scope.' }),
        siteSpaceIds: t.arg.idList({ deprecationReason: 'Use scope.', description: 'Deprecated: use scope (mode specific).' }),
        siteSpaceId: t.arg.id({ deprecationReason: 'Use scope.', description: 'Deprecated: use scope (mode default).' }),
      },
      resolve: async (_root, args, ctx) => {
        const query = checkQuery(args.query);
        const target = { organizationId: String(args.organizationId), siteId: String(args.siteId), shareKey: args.shareKey };
        const spaces = await siteSearchSpaces(ctx, target, {
          scope: args.scope && {
            ...args.scope,
            siteSpaceIds: args.scope.siteSpaceIds?.map(String),
            currentSiteSpace: args.scope.currentSiteSpace && String(args.scope.currentSiteSpace),
          },
          mode: args.mode,
          siteSpaceIds: args.siteSpaceIds?.map(String),
          siteSpaceId: args.siteSpaceId && String(args.siteSpaceId),
        });
        return searchConnection(args, (offset, limit) => searchSite(ctx, spaces, query, offset, limit)) as never;
      },
    },
    SearchSpaceResultConnection,
  ),
);
