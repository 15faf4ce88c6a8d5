import DataLoader from 'dataloader';
import { requestLoader } from '../../loaders.js';
import { requireActor } from '../../context.js';

/** The caller's organizations each user belongs to (one statement per batch). */
export const organizationsSharedWithActor = requestLoader(
  (ctx) =>
    new DataLoader<string, string[]>(async (userIds) => {
      const actor = requireActor(ctx);
      const rows = await ctx.prisma.member.findMany({
        where: { userId: { in: [...userIds] }, organizationId: { in: [...actor.memberships.keys()] } },
        select: { userId: true, organizationId: true },
      });
      return userIds.map((id) => rows.filter((r) => r.userId === id).map((r) => r.organizationId));
    }),
);
