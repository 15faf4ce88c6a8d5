// Team rules: creation, renaming, deletion, and membership changes. A team
// member is an organization member (a foreign key says so); writes lock the
// team row (shared) and the member rows they touch, so a team deleted or a
// member removed meanwhile waits instead of leaving half-written rows.
import { completeValue } from '@pothos/core';
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import {
  authorize,
  can,
  organizationPolicy,
  teamCreationPolicy,
  teamPolicy,
  teamsManagedByWhere,
  tenantScope,
} from '../../policy/index.js';
import { badRequest, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import { checkLength } from '../../validate.js';
import type { Prisma } from '../../generated/prisma/client.js';
import type { Tx } from '../../db/tx.js';
import { callerTeamRole } from './loaders.js';
import { containsText } from '../../db/textSearch.js';

type Query = { include?: Prisma.TeamInclude; select?: Prisma.TeamSelect };
type TeamRole = 'owner' | 'member';
const TITLE_MAX = 64;

function checkTitle(title: string | null | undefined): string {
  if (title == null) throw badRequest('is required', 'title');
  checkLength('title', title, 1, TITLE_MAX);
  return title;
}

/** The team as the policy sees it: with the caller's role in it (at once when that was loaded, as a page's `preloadTeams` does). */
export function teamSubject(ctx: Context, team: { id: string; organizationId: string }) {
  return completeValue(callerTeamRole(ctx).load(team.id), (callerRole) => ({ organizationId: team.organizationId, callerRole }));
}

/** The filter of the team `teamId` of organization `organizationId`, in an organization the caller is in. */
export const teamLookupWhere = (ctx: Context, organizationId: string, teamId: string) => ({
  id: teamId,
  AND: [{ organizationId }, tenantScope(requireActor(ctx))],
});

/** The team `teamId` of organization `organizationId` (null when absent or in an organization the caller is not in). */
const loadTeam = (db: Tx | Context['prisma'], ctx: Context, organizationId: string, teamId: string, query: Query = {}) =>
  db.team.findFirst({ ...query, where: teamLookupWhere(ctx, organizationId, teamId) });

async function authorizeTeam<T extends { id: string; organizationId: string }>(
  ctx: Context,
  team: T | null,
  action: 'view' | 'update' | 'delete' | 'manageMembers',
) {
  if (!team) throw notFound('Team');
  authorize(teamPolicy, requireActor(ctx), await teamSubject(ctx, team), action);
  return team;
}

export async function findTeam(ctx: Context, organizationId: string, teamId: string, query: Query = {}) {
  const team = await loadTeam(ctx.prisma, ctx, organizationId, teamId, {
    ...query,
    ...(query.select ? { select: { ...query.select, id: true, organizationId: true } } : {}),
  });
  return authorizeTeam(ctx, team, 'view');
}

export type TeamListArgs = { owner?: string | null; title?: string | null };

/** The teams an organization lists (to non-guests): by text in the title (case-insensitive), by who can manage them. */
export function teamListWhere(ctx: Context, org: { id: string; emailDomains: string[] }, args: TeamListArgs): Prisma.TeamWhereInput {
  authorize(organizationPolicy, requireActor(ctx), org, 'listTeams');
  const title = args.title?.trim();
  return {
    organizationId: org.id,
    ...(title ? { title: containsText(title) } : {}),
    ...(args.owner != null ? teamsManagedByWhere(args.owner) : {}),
  };
}

/**
 * Member user ids for the given user ids or e-mail addresses (case-insensitive),
 * rows locked for share so the members cannot leave before the change commits.
 * 400 naming the entry (`add[2]`) when one is not a member of the organization.
 */
async function resolveMembers(tx: Tx, organizationId: string, entries: { ref: string; field: string }[]) {
  if (entries.length === 0) return new Map<string, string>();
  const refs = [...new Set(entries.map((e) => e.ref))];
  const rows = await tx.$queryRaw<{ userId: string; email: string }[]>`
    SELECT m."userId", u.email FROM "Member" m JOIN "User" u ON u.id = m."userId"
    WHERE m."organizationId" = ${organizationId}
      AND (m."userId" = ANY(${refs}) OR lower(u.email) = ANY(${refs.map((r) => r.toLowerCase())}))
    ORDER BY m."userId"
    FOR SHARE OF m`;
  const byRef = new Map<string, string>();
  for (const row of rows) {
    byRef.set(row.userId, row.userId);
    byRef.set(row.email.toLowerCase(), row.userId);
  }
  const resolved = new Map<string, string>();
  for (const { ref, field } of entries) {
    const userId = byRef.get(ref) ?? byRef.get(ref.toLowerCase());
    if (!userId) throw badRequest('is not a member of the organization', field);
    resolved.set(ref, userId);
  }
  return resolved;
}

/**
 * Locks the team row for share (a concurrent delete waits) and authorizes
 * `action` on it; the caller's team role is read on the transaction's own
 * connection (the pool may have none to spare while many of these run).
 */
async function lockTeam(tx: Tx, ctx: Context, organizationId: string, teamId: string, action: 'manageMembers') {
  const actor = requireActor(ctx);
  const [team] = await tx.$queryRaw<{ id: string; organizationId: string; callerRole: 'owner' | 'member' | null }[]>`
    SELECT t.id, t."organizationId",
      (SELECT tm.role::text FROM "TeamMember" tm WHERE tm."teamId" = t.id AND tm."userId" = ${actor.userId}) AS "callerRole"
    FROM "Team" t
    WHERE t.id = ${teamId} AND t."organizationId" = ${organizationId} AND t."organizationId" = ANY(${[...actor.memberships.keys()]})
    FOR SHARE OF t`;
  if (!team) throw notFound('Team');
  authorize(teamPolicy, actor, { organizationId: team.organizationId, callerRole: team.callerRole }, action);
  return team;
}

export interface MembershipChange {
  userId: string;
  /** The role to set; undefined keeps a present member's role (a new one is a plain member). */
  role?: TeamRole;
}

/** Adds members (no duplicate rows however many run at once) and sets roles where given. */
async function addMembers(tx: Tx, team: { id: string; organizationId: string }, changes: MembershipChange[]) {
  if (changes.length === 0) return;
  // Inserted in one order (by user id), so two concurrent changes wait for each other rather than deadlock.
  const sorted = [...changes].sort((a, b) => (a.userId < b.userId ? -1 : 1));
  await tx.teamMember.createMany({
    data: sorted.map((c) => ({ teamId: team.id, organizationId: team.organizationId, userId: c.userId, role: c.role ?? 'member' })),
    skipDuplicates: true,
  });
  for (const role of ['owner', 'member'] as const) {
    const userIds = changes.filter((c) => c.role === role).map((c) => c.userId);
    if (userIds.length)
      await tx.teamMember.updateMany({ where: { teamId: team.id, userId: { in: userIds }, role: { not: role } }, data: { role } });
  }
}

export async function createTeam(
  ctx: Context,
  organizationId: string,
  input: { title?: string | null; members?: readonly string[] | null },
  query: Query = {},
) {
  const title = checkTitle(input.title);
  const org = await ctx.prisma.organization.findUnique({ where: { id: organizationId }, select: { id: true } });
  authorize(teamCreationPolicy, requireActor(ctx), org, 'create');
  const id = newId('Team');
  return ctx.prisma.$transaction(async (tx) => {
    const team = await tx.team.create({ data: { id, organizationId, title } });
    const members = await resolveMembers(
      tx,
      organizationId,
      (input.members ?? []).map((ref, i) => ({ ref, field: `members[${i}]` })),
    );
    await addMembers(
      tx,
      team,
      [...new Set(members.values())].map((userId) => ({ userId })),
    );
    return tx.team.findUniqueOrThrow({ ...query, where: { id } });
  });
}

export async function renameTeam(
  ctx: Context,
  organizationId: string,
  teamId: string,
  input: { title?: string | null },
  query: Query = {},
) {
  const title = checkTitle(input.title);
  await authorizeTeam(ctx, await loadTeam(ctx.prisma, ctx, organizationId, teamId), 'update');
  // Conditional: a team deleted meanwhile is a 404, not a 500.
  const { count } = await ctx.prisma.team.updateMany({ where: { id: teamId, organizationId }, data: { title } });
  if (count === 0) throw notFound('Team');
  return ctx.prisma.team.findUniqueOrThrow({ ...query, where: { id: teamId } });
}

/**
 * Deletes the team (its memberships go with it). Idempotent: true when this
 * call deleted it; false when there was none (REST: 204 either way). A caller who
 * sees the team but may not delete it gets 403; another organization's, 404.
 */
export async function deleteTeam(ctx: Context, organizationId: string, teamId: string): Promise<boolean> {
  const actor = requireActor(ctx);
  const org = await ctx.prisma.organization.findUnique({ where: { id: organizationId }, select: { id: true, emailDomains: true } });
  authorize(organizationPolicy, actor, org, 'view');
  authorize(teamCreationPolicy, actor, org, 'view');
  const team = await loadTeam(ctx.prisma, ctx, organizationId, teamId);
  if (!team || !can(teamPolicy, actor, await teamSubject(ctx, team), 'view')) {
    // Nothing the caller could see: as absent, once they could have deleted one.
    authorize(teamCreationPolicy, actor, org, 'create');
    return false;
  }
  await authorizeTeam(ctx, team, 'delete');
  const { count } = await ctx.prisma.team.deleteMany({ where: { id: teamId, organizationId } });
  return count === 1;
}

export interface TeamMembersUpdate {
  add?: readonly string[] | null;
  remove?: readonly string[] | null;
  memberships?: readonly { user: string; role: TeamRole }[] | null;
}

/**
 * Adds and removes members in one transaction. `add`, `remove` and the users
 * of `memberships` are user ids or e-mail addresses of organization members;
 * `memberships` sets roles (adding who is not in yet); a user both added and
 * removed is removed.
 */
export async function updateTeamMembers(ctx: Context, organizationId: string, teamId: string, input: TeamMembersUpdate) {
  const add = (input.add ?? []).map((ref, i) => ({ ref, field: `add[${i}]` }));
  const remove = (input.remove ?? []).map((ref, i) => ({ ref, field: `remove[${i}]` }));
  const roles = (input.memberships ?? []).map((m, i) => ({ ref: m.user, field: `memberships[${i}].user`, role: m.role }));
  await ctx.prisma.$transaction(async (tx) => {
    const team = await lockTeam(tx, ctx, organizationId, teamId, 'manageMembers');
    const users = await resolveMembers(tx, organizationId, [...add, ...remove, ...roles]);
    const removed = new Set(remove.map((r) => users.get(r.ref)!));
    const changes = new Map<string, MembershipChange>();
    for (const a of add) changes.set(users.get(a.ref)!, { userId: users.get(a.ref)! });
    for (const r of roles) changes.set(users.get(r.ref)!, { userId: users.get(r.ref)!, role: r.role });
    await addMembers(
      tx,
      team,
      [...changes.values()].filter((c) => !removed.has(c.userId)),
    );
    if (removed.size) await tx.teamMember.deleteMany({ where: { teamId, userId: { in: [...removed] } } });
  });
  return findTeam(ctx, organizationId, teamId);
}

/** Adds a member to the team, or sets their role (a present member without `role` keeps theirs). */
export async function setTeamMember(
  ctx: Context,
  organizationId: string,
  teamId: string,
  userId: string,
  role: TeamRole | null | undefined,
) {
  await ctx.prisma.$transaction(async (tx) => {
    const team = await lockTeam(tx, ctx, organizationId, teamId, 'manageMembers');
    const users = await resolveMembers(tx, organizationId, [{ ref: userId, field: 'userId' }]);
    await addMembers(tx, team, [{ userId: users.get(userId)!, role: role ?? undefined }]);
  });
  return findTeam(ctx, organizationId, teamId);
}

/** Removes a member from the team. Idempotent: true when this call removed them. */
export async function removeTeamMember(ctx: Context, organizationId: string, teamId: string, userId: string): Promise<boolean> {
  return ctx.prisma.$transaction(async (tx) => {
    await lockTeam(tx, ctx, organizationId, teamId, 'manageMembers');
    const { count } = await tx.teamMember.deleteMany({ where: { teamId, userId } });
    return count === 1;
  });
}
