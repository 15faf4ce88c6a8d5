import { settledLoader } from '../../loaders.js';
import { requireActor } from '../../context.js';

/** The caller's organizations each user belongs to (one statement per batch; at once once loaded). */
export const organizationsSharedWithActor = settledLoader<string, string[]>(async (ctx, userIds) => {
  const actor = requireActor(ctx);
  const rows = await ctx.prisma.member.findMany({
    where: { userId: { in: [...userIds] }, organizationId: { in: [...actor.memberships.keys()] } },
    select: { userId: true, organizationId: true },
  });
  return userIds.map((id) => rows.filter((r) => r.userId === id).map((r) => r.organizationId));
});
