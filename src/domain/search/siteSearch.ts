// Site search (POST /orgs/{organizationId}/sites/{siteId}/search, Query.siteSearch):
// full-text search over the spaces a site publishes, on the index of their active
// revisions (indexer.ts), with the answer of organization search (spaces, each with
// its best pages). Who may search is the site policy's `search` (policy/site.ts):
// whoever may read the published site — its members while it is published, and for
// a share-link site whoever presents an active link's key. Everyone else gets 404.
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { notFound } from '../../errors.js';
import { can, sitePolicy } from '../../policy/index.js';
import { loadSite } from '../sites/service.js';
import { presentShareKey, siteSubject } from '../sites/shareLinks/shareKeys.js';
import { refreshSearchIndexes } from './indexer.js';
import { searchOrganizations, type Page, type SpaceHit } from './service.js';
import { scopeOf, siteSpacesInScope, type SiteSearchRequest } from './siteScope.js';

export interface SiteSearchTarget {
  organizationId: string;
  siteId: string;
  shareKey?: string | null;
}

const inOrder = [{ sortKey: 'asc' as const }, { id: 'asc' as const }];

/** The live spaces of the site that the request's scope covers (404 unless the caller may search the site). */
export async function siteSearchSpaces(ctx: Context, target: SiteSearchTarget, request: SiteSearchRequest) {
  const actor = requireActor(ctx);
  presentShareKey(ctx, target.siteId, target.shareKey);
  const row = await loadSite(ctx.prisma, actor, target.siteId, target.organizationId);
  const site = row && (await siteSubject(ctx, row));
  // Unpublished, or hidden from the caller: the same 404, nothing revealed (`can` throws 403 for a token without site:search).
  if (!site || !can(sitePolicy, actor, site, 'search')) throw notFound('Published site');
  const scope = scopeOf(request);
  const [siteSpaces, sections] = await Promise.all([
    ctx.prisma.siteSpace.findMany({
      where: { siteId: site.id, space: { deletedAt: null } },
      orderBy: inOrder,
      select: { id: true, sectionId: true, space: { select: { id: true, title: true } } },
    }),
    ctx.prisma.siteSection.findMany({ where: { siteId: site.id }, orderBy: inOrder, select: { id: true, defaultSiteSpaceId: true } }),
  ]);
  const chosen = new Set(siteSpacesInScope({ defaultSiteSpaceId: site.defaultSiteSpaceId, siteSpaces, sections }, scope));
  const spaces = new Map(siteSpaces.filter((s) => chosen.has(s.id)).map((s) => [s.space.id, s.space]));
  return { organizationId: site.organizationId, spaces: [...spaces.values()] };
}

/** One page of the site's matching spaces, each with its best pages. */
export async function searchSite(
  ctx: Context,
  scope: Awaited<ReturnType<typeof siteSearchSpaces>>,
  query: string,
  offset: number,
  limit: number,
): Promise<Page<SpaceHit>> {
  if (scope.spaces.length === 0) return { total: 0, items: [] };
  // A lagging index is caught up first (its parsing runs on the compute pool).
  await refreshSearchIndexes(
    ctx.prisma,
    scope.spaces.map((s) => s.id),
    ctx.compute,
  );
  const found = await searchOrganizations(ctx.prisma, [scope], query, offset, limit);
  return found.get(scope.organizationId) ?? { total: 0, items: [] };
}
