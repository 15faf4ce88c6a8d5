// Levels granted on spaces and collections to teams and to single members (the
// public API's content permissions). What a grant gives is the policy's
// business (src/policy/content.ts); here: who may grant, to whom, and the rows.
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { authorize, collectionPolicy, spacePolicy, tenantScope } from '../../policy/index.js';
import { badRequest, notFound } from '../../errors.js';
import { isRole, type Role } from '../../policy/roles.js';
import type { Prisma } from '../../generated/prisma/client.js';
import type { Tx } from '../../db/tx.js';

type Action = 'viewPermissions' | 'managePermissions';

/** A space or a collection, named by exactly one of the two ids. */
export interface ContentKey {
  spaceId?: string | null;
  collectionId?: string | null;
}

export interface Content {
  kind: 'space' | 'collection';
  id: string;
  organizationId: string;
}

function contentIdOf(key: ContentKey): Pick<Content, 'kind' | 'id'> {
  if (key.spaceId != null && key.collectionId == null) return { kind: 'space', id: key.spaceId };
  if (key.collectionId != null && key.spaceId == null) return { kind: 'collection', id: key.collectionId };
  throw badRequest('exactly one of spaceId and collectionId is required', 'spaceId');
}

/** The space or collection, authorized for `action` (404 when the caller may not see it). */
export async function authorizeContent(db: Tx | Context['prisma'], ctx: Context, key: ContentKey, action: Action): Promise<Content> {
  const actor = requireActor(ctx);
  const { kind, id } = contentIdOf(key);
  const where = { id, ...tenantScope(actor) };
  if (kind === 'space') {
    const space = await db.space.findFirst({ where });
    authorize(spacePolicy, actor, space, action);
    return { kind, id, organizationId: space!.organizationId };
  }
  const collection = await db.collection.findFirst({ where });
  authorize(collectionPolicy, actor, collection, action);
  return { kind, id, organizationId: collection!.organizationId };
}

export interface GrantInput extends ContentKey {
  /** The level to grant; null removes the grants of the named teams and users. */
  role?: Role | null;
  teams?: readonly string[] | null;
  users?: readonly string[] | null;
  teamId?: string | null;
  userId?: string | null;
}

const idsOf = (list: readonly string[] | null | undefined, one: string | null | undefined) => [
  ...new Set([...(list ?? []), ...(one != null ? [one] : [])]),
];

/** 404 unless every id names a team (or a member) of the content's organization; rows locked for share. */
async function requireGrantees(tx: Tx, organizationId: string, teams: string[], users: string[]) {
  if (teams.length) {
    const found = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM "Team" WHERE "organizationId" = ${organizationId} AND id = ANY(${teams}) ORDER BY id FOR SHARE`;
    if (found.length !== teams.length) throw notFound('Team');
  }
  if (users.length) {
    const found = await tx.$queryRaw<{ userId: string }[]>`
      SELECT "userId" FROM "Member" WHERE "organizationId" = ${organizationId} AND "userId" = ANY(${users}) ORDER BY "userId" FOR SHARE`;
    if (found.length !== users.length) throw notFound('User');
  }
}

/**
 * Grants `role` on a space or collection to teams and members of its
 * organization (replacing their level there), or with a null role takes it
 * back. Teams or users of another organization are 404s, as unknown ones.
 */
export async function grantContentAccess(ctx: Context, input: GrantInput) {
  const role = input.role;
  if (role === undefined) throw badRequest('is required', 'role');
  if (role !== null && !isRole(role)) throw badRequest('must be an organization role', 'role');
  const teams = idsOf(input.teams, input.teamId);
  const users = idsOf(input.users, input.userId);
  if (teams.length + users.length === 0) throw badRequest('must name at least one team or user', input.users ? 'users' : 'teams');
  return ctx.prisma.$transaction(async (tx) => {
    const content = await authorizeContent(tx, ctx, input, 'managePermissions');
    await requireGrantees(tx, content.organizationId, teams, users);
    const granteeIds = [...teams, ...users];
    if (role === null) {
      await tx.contentGrant.deleteMany({ where: { contentId: content.id, granteeId: { in: granteeIds } } });
      return content;
    }
    const level: Role = role;
    const base = { organizationId: content.organizationId, contentId: content.id, level, [`${content.kind}Id`]: content.id };
    const rows = [
      ...teams.map((teamId) => ({ ...base, granteeId: teamId, teamId })),
      ...users.map((userId) => ({ ...base, granteeId: userId, userId })),
    ].sort((a, b) => (a.granteeId < b.granteeId ? -1 : 1));
    // Insert-or-update in one order: concurrent grants to the same pairs wait for each other rather than deadlock.
    await tx.contentGrant.createMany({ data: rows, skipDuplicates: true });
    await tx.contentGrant.updateMany({
      where: { contentId: content.id, granteeId: { in: granteeIds }, level: { not: level } },
      data: { level },
    });
    return content;
  });
}

/** Takes a team's or a member's grant on a space or collection back. Idempotent: true when this call removed one. */
export async function removeContentGrant(ctx: Context, input: ContentKey & { teamId?: string | null; userId?: string | null }) {
  const granteeId = input.teamId ?? input.userId;
  if (granteeId == null || (input.teamId != null && input.userId != null))
    throw badRequest('exactly one of teamId and userId is required', 'teamId');
  const content = await authorizeContent(ctx.prisma, ctx, input, 'managePermissions');
  const { count } = await ctx.prisma.contentGrant.deleteMany({
    where: { contentId: content.id, granteeId, ...(input.teamId != null ? { teamId: { not: null } } : { userId: { not: null } }) },
  });
  return count === 1;
}

/** The grants listed on a content: its teams' or its members'. */
export function grantListWhere(content: { id: string }, grantee: 'team' | 'user'): Prisma.ContentGrantWhereInput {
  return { contentId: content.id, ...(grantee === 'team' ? { teamId: { not: null } } : { userId: { not: null } }) };
}
