// Batched reads of replies: whatever the number of comments of a list, one
// statement for all their repliers.
import { settledLoader } from '../../../loaders.js';
import type { User } from '../../../generated/prisma/client.js';

export interface Replier {
  user: User;
  count: number;
  updatedAt: Date;
}

/** Per comment: who replied (the users joined in), how many times, and when last (latest first); at once once loaded. */
export const repliersOf = settledLoader<string, Replier[]>(async (ctx, commentIds) => {
  const rows = await ctx.prisma.$queryRaw<(User & { commentId: string; count: number; updatedAt: Date })[]>`
    SELECT r."commentId", count(*)::int AS count, max(r."postedAt") AS "updatedAt",
      u.id, u.email, u."emailVerified", u."displayName", u."photoURL", u."createdAt"
    FROM "CommentReply" r JOIN "User" u ON u.id = r."postedById"
    WHERE r."commentId" = ANY(${[...commentIds]})
    GROUP BY r."commentId", u.id
    ORDER BY max(r."postedAt") DESC, u.id`;
  return commentIds.map((id) =>
    rows.filter((r) => r.commentId === id).map(({ commentId: _, count, updatedAt, ...user }) => ({ user, count, updatedAt })),
  );
});
