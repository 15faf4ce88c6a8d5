import DataLoader from 'dataloader';
import { requestLoader } from '../../loaders.js';
import { requireActor } from '../../context.js';

/** Whether each user shares an organization with the caller (one statement per batch). */
export const sharesOrganizationWithActor = requestLoader(
  (ctx) =>
    new DataLoader<string, boolean>(async (userIds) => {
      const actor = requireActor(ctx);
      const rows = await ctx.prisma.member.findMany({
        where: { userId: { in: [...userIds] }, organizationId: { in: [...actor.memberships.keys()] } },
        select: { userId: true },
        distinct: ['userId'],
      });
      const shared = new Set(rows.map((r) => r.userId));
      return userIds.map((id) => id === actor.userId || shared.has(id));
    }),
);
