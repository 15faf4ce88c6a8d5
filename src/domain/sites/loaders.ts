import DataLoader from 'dataloader';
import { requestLoader } from '../../loaders.js';

/** How many site spaces each site of the batch has, in one statement. */
export const siteSpaceCounts = requestLoader(
  (ctx) =>
    new DataLoader<string, number>(async (siteIds) => {
      const rows = await ctx.prisma.siteSpace.groupBy({ by: ['siteId'], where: { siteId: { in: [...siteIds] } }, _count: true });
      const bySite = new Map(rows.map((r) => [r.siteId, r._count]));
      return siteIds.map((id) => bySite.get(id) ?? 0);
    }),
);
