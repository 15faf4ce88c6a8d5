import type { GraphQLResolveInfo } from 'graphql';
import type { Context } from '../../context.js';
import { settledLoader } from '../../loaders.js';
import { fieldsAskedOfItems } from '../../schema/selection.js';
import { liveSiteSpace } from './structure/scopes.js';

/** How many site spaces (of live spaces) each site of the batch has, in one statement. */
export const siteSpaceCounts = settledLoader<string, number>(async (ctx, siteIds) => {
  const rows = await ctx.prisma.siteSpace.groupBy({
    by: ['siteId'],
    where: { siteId: { in: [...siteIds] }, ...liveSiteSpace },
    _count: true,
  });
  const bySite = new Map(rows.map((r) => [r.siteId, r._count]));
  return siteIds.map((id) => bySite.get(id) ?? 0);
});

/** A page of sites loads their site-space counts with the page when its items ask for them (then they answer at once). */
export function preloadSites(rows: unknown[], ctx: Context, info: GraphQLResolveInfo) {
  if (!fieldsAskedOfItems(info).has('siteSpacesCount')) return undefined;
  return siteSpaceCounts(ctx).loadAll((rows as { id: string }[]).map((site) => site.id));
}

/**
 * What the structure's types need of their site (its rules and its address), each site
 * loaded once per request; once loaded, at once (every section and site space asks).
 */
export const siteRows = settledLoader<string, SiteRow | undefined>(async (ctx, siteIds) => {
  const rows = await ctx.prisma.site.findMany({ where: { id: { in: [...siteIds] } }, select: siteRowSelect });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return siteIds.map((id) => byId.get(id));
});

const siteRowSelect = {
  id: true,
  organizationId: true,
  defaultLevel: true,
  hostname: true,
  basename: true,
  proxy: true,
  published: true,
  visibility: true,
  defaultSiteSpaceId: true,
  defaultSiteSectionId: true,
} as const;

export interface SiteRow {
  id: string;
  organizationId: string;
  defaultLevel: string;
  hostname: string | null;
  basename: string | null;
  proxy: string | null;
  published: boolean;
  visibility: string;
  defaultSiteSpaceId: string | null;
  defaultSiteSectionId: string | null;
}
