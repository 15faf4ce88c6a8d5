import DataLoader from 'dataloader';
import { requestLoader, settledLoader } from '../../loaders.js';
import { liveSiteSpace } from './structure.js';

/** How many site spaces (of live spaces) each site of the batch has, in one statement. */
export const siteSpaceCounts = requestLoader(
  (ctx) =>
    new DataLoader<string, number>(async (siteIds) => {
      const rows = await ctx.prisma.siteSpace.groupBy({ by: ['siteId'], where: { siteId: { in: [...siteIds] }, ...liveSiteSpace }, _count: true });
      const bySite = new Map(rows.map((r) => [r.siteId, r._count]));
      return siteIds.map((id) => bySite.get(id) ?? 0);
    }),
);

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
  id: true, organizationId: true, defaultLevel: true, hostname: true, basename: true, proxy: true, published: true, visibility: true,
  defaultSiteSpaceId: true, defaultSiteSectionId: true,
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
