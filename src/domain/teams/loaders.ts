import type { GraphQLResolveInfo } from 'graphql';
import { settledLoader } from '../../loaders.js';
import { requireActor, type Context } from '../../context.js';
import { fieldsAsked, fieldsAskedOfItems } from '../../schema/selection.js';
import { teamSpaceCounts } from '../permissions/loaders.js';

/** Per team: the caller's role in it, or null (one statement per batch). */
export const callerTeamRole = settledLoader<string, 'owner' | 'member' | null>(async (ctx, teamIds) => {
  const rows = await ctx.prisma.teamMember.findMany({
    where: { teamId: { in: [...teamIds] }, userId: requireActor(ctx).userId },
    select: { teamId: true, role: true },
  });
  const byTeam = new Map(rows.map((r) => [r.teamId, r.role]));
  return teamIds.map((id) => byTeam.get(id) ?? null);
});

/**
 * A page of teams loads what its items read (the caller's role in each, for the
 * Team type's check and `permissions`; `spacesCount` when asked), so that they
 * answer at once rather than through a promise per team.
 */
export function preloadTeams(rows: unknown[], ctx: Context, info: GraphQLResolveInfo) {
  return loadTeamFacts(
    ctx,
    (rows as { id: string }[]).map((team) => team.id),
    fieldsAskedOfItems(info),
  );
}

/** The same for one team looked up (its row's id), by the fields asked of it. */
export const preloadTeam = (team: { id: string }, ctx: Context, info: GraphQLResolveInfo) =>
  loadTeamFacts(ctx, [team.id], fieldsAsked(info));

/**
 * The same for a page of rows whose items ask for a team by a relation (`team` of a member's
 * memberships by `teamId`, `defaultTeam` of SAML providers by `defaultTeamId`, which may be null).
 */
export const preloadRelatedTeams = (relation: string, foreignKey: string) => (rows: unknown[], ctx: Context, info: GraphQLResolveInfo) => {
  const asked = fieldsAskedOfItems(info, relation);
  if (!asked.size) return undefined; // the items do not ask for their team
  const teamIds = (rows as Record<string, string | null>[]).map((row) => row[foreignKey]).filter((id) => id != null);
  return loadTeamFacts(ctx, teamIds, asked);
};

const loadTeamFacts = (ctx: Context, teamIds: string[], asked: Set<string>) =>
  Promise.all([callerTeamRole(ctx).loadAll(teamIds), asked.has('spacesCount') && teamSpaceCounts(ctx).loadAll(teamIds)]);
