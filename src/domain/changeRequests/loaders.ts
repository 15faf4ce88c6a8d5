import type { GraphQLResolveInfo } from 'graphql';
import type { Context } from '../../context.js';
import { settledLoader } from '../../loaders.js';
import { fieldsAskedOfItems } from '../../schema/selection.js';
import { organizationsSharedWithActor } from '../users/loaders.js';

/** Open comments per change request (one statement per batch; at once once loaded). */
export const openCommentCounts = settledLoader<string, number>(async (ctx, ids) => {
  const rows = await ctx.prisma.comment.groupBy({
    by: ['changeRequestId'],
    where: { changeRequestId: { in: [...ids] }, status: 'open' },
    _count: { _all: true },
  });
  const byId = new Map(rows.map((r) => [r.changeRequestId, r._count._all]));
  return ids.map((id) => byId.get(id) ?? 0);
});

/**
 * What the fields of a page of change requests read, loaded with the page when its
 * items ask for them: their open comments, and the organizations their authors share
 * with the caller (the User type's check). The fields then answer at once.
 */
export function preloadChangeRequests(rows: unknown[], ctx: Context, info: GraphQLResolveInfo) {
  type Row = { id: string; createdById?: string; mergedById?: string | null; createdBy?: { id: string }; mergedBy?: { id: string } | null };
  const changeRequests = rows as Row[];
  // The users the rows carry (the relations asked for), else their ids.
  const users = changeRequests
    .flatMap((cr) => [cr.createdBy?.id ?? cr.createdById, cr.mergedBy?.id ?? cr.mergedById])
    .filter((id): id is string => !!id);
  const asked = fieldsAskedOfItems(info);
  return Promise.all([
    asked.has('openCommentsCount') && openCommentCounts(ctx).loadAll(changeRequests.map((cr) => cr.id)),
    (asked.has('createdBy') || asked.has('mergedBy')) && organizationsSharedWithActor(ctx).loadAll([...new Set(users)]),
  ]);
}
