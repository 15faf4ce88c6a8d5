import { settledLoader } from '../../loaders.js';
import { requireActor } from '../../context.js';

/**
 * The caller's organizations each user belongs to (one statement per batch; at once once loaded). A site
 * visitor's is the site's organization: a published page names its authors and mentions its members.
 */
export const organizationsSharedWithActor = settledLoader<string, string[]>(async (ctx, userIds) => {
  const actor = requireActor(ctx);
  const organizations = actor.visit ? [actor.visit.organizationId] : [...actor.memberships.keys()];
  const rows = await ctx.prisma.member.findMany({
    where: { userId: { in: [...userIds] }, organizationId: { in: organizations } },
    select: { userId: true, organizationId: true },
  });
  return userIds.map((id) => rows.filter((r) => r.userId === id).map((r) => r.organizationId));
});
