import DataLoader from 'dataloader';
import { requestLoader } from '../../loaders.js';

/** Open comments per change request (one statement per batch). */
export const openCommentCounts = requestLoader(
  (ctx) =>
    new DataLoader<string, number>(async (ids) => {
      const rows = await ctx.prisma.comment.groupBy({ by: ['changeRequestId'], where: { changeRequestId: { in: [...ids] }, status: 'open' }, _count: { _all: true } });
      const byId = new Map(rows.map((r) => [r.changeRequestId, r._count._all]));
      return ids.map((id) => byId.get(id) ?? 0);
    }),
);
