import DataLoader from 'dataloader';
import { requestLoader } from '../../loaders.js';
import { requireActor } from '../../context.js';

/** Per team: the caller's role in it, or null (one statement per batch). */
export const callerTeamRole = requestLoader(
  (ctx) =>
    new DataLoader<string, 'owner' | 'member' | null>(async (teamIds) => {
      const rows = await ctx.prisma.teamMember.findMany({
        where: { teamId: { in: [...teamIds] }, userId: requireActor(ctx).userId },
        select: { teamId: true, role: true },
      });
      const byTeam = new Map(rows.map((r) => [r.teamId, r.role]));
      return teamIds.map((id) => byTeam.get(id) ?? null);
    }),
);
