// Membership rules: role changes and removal, keeping at least one admin.
import type { Context } from '../../context.js';
import { answerAs, requireActor } from '../../context.js';
import {
  administers,
  administratorsWhere,
  authorize,
  contentWhereForRole,
  memberPolicy,
  organizationPolicy,
  withoutMembership,
} from '../../policy/index.js';
import type { OrganizationSubject } from '../../policy/organization.js';
import { conflict, notFound } from '../../errors.js';
import type { Prisma } from '../../generated/prisma/client.js';
import type { Role } from '../../policy/roles.js';
import { memberGrants } from '../permissions/loaders.js';
import { memberKeyOf } from './loaders.js';
import type { Tx } from '../../db/tx.js';
import { containsText } from '../../db/textSearch.js';

type Query = { include?: Prisma.MemberInclude; select?: Prisma.MemberSelect };
const key = (organizationId: string, userId: string) => ({ organizationId_userId: { organizationId, userId } });

export async function findMember(ctx: Context, organizationId: string, userId: string, query: Query = {}) {
  const member = await ctx.prisma.member.findUnique({ ...query, where: key(organizationId, userId) });
  return authorize(memberPolicy, requireActor(ctx), member, 'view');
}

export type MemberListArgs = { order?: string | null; role?: string | null; search?: string | null; sort?: string | null };

/**
 * The members an organization lists (non-guests may list them): by role
 * ("guest": no role), by text in the name or e-mail address (case-insensitive).
 * Sorted by activity, only active members are listed: seen at least once, not disabled.
 */
export function memberListWhere(ctx: Context, org: OrganizationSubject, args: MemberListArgs): Prisma.MemberWhereInput {
  authorize(organizationPolicy, requireActor(ctx), org, 'listMembers');
  const search = args.search?.trim();
  const pattern = search ? containsText(search) : undefined;
  return {
    organizationId: org.id,
    ...(args.role ? { role: args.role === 'guest' ? null : (args.role as Role) } : {}),
    ...(args.sort === 'lastSeenAt' ? { lastSeenAt: { not: null }, disabled: false } : {}),
    ...(pattern
      ? {
          user: {
            OR: [{ displayName: pattern }, { email: pattern }],
          },
        }
      : {}),
  };
}

/** The live spaces a member can reach, by their role and their grants (listed to the member themself and admins). */
export async function memberSpacesWhere(
  ctx: Context,
  member: { organizationId: string; userId: string; role: Role | null },
): Promise<Prisma.SpaceWhereInput> {
  authorize(memberPolicy, requireActor(ctx), member, 'listSpaces');
  const { grants } = await memberGrants(ctx).load(memberKeyOf(member));
  return { ...contentWhereForRole(member.role, member.organizationId, [...grants.keys()]), deletedAt: null };
}

/** A member's teams in the organization, by text in their title (case-insensitive). */
export function memberTeamsWhere(
  ctx: Context,
  member: { organizationId: string; userId: string },
  args: { title?: string | null },
): Prisma.TeamMemberWhereInput {
  authorize(memberPolicy, requireActor(ctx), member, 'listTeams');
  const title = args.title?.trim();
  return {
    organizationId: member.organizationId,
    userId: member.userId,
    ...(title ? { team: { title: containsText(title) } } : {}),
  };
}

/** Join date (default), last activity or name; the user id breaks ties so pages are stable. */
export function memberListOrder(args: MemberListArgs): Prisma.MemberOrderByWithRelationInput[] {
  const order: Prisma.SortOrder = args.order === 'asc' ? 'asc' : 'desc';
  const sorts: Record<string, Prisma.MemberOrderByWithRelationInput> = {
    // Names compare by the ICU root collation of User.displayName ("alice" before "Bob"); see its migration.
    name: { user: { displayName: order } },
    lastSeenAt: { lastSeenAt: order },
    joinedAt: { joinedAt: order },
  };
  const sort = sorts[args.sort ?? 'joinedAt'] ?? sorts.joinedAt;
  return [sort, { userId: order }];
}

/**
 * Runs `change` on the member's current row while no other admin change of the
 * organization runs (the organization row is locked), so two admins demoting
 * or removing each other at once cannot leave it without an admin.
 */
async function withAdminsLocked<T>(
  ctx: Context,
  organizationId: string,
  userId: string,
  change: (tx: Tx, member: { role: Role | null; disabled: boolean } | null) => Promise<T>,
) {
  return ctx.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Organization" WHERE id = ${organizationId} FOR UPDATE`;
    const member = await tx.member.findUnique({ where: key(organizationId, userId), select: { role: true, disabled: true } });
    return change(tx, member);
  });
}

/** 409 when the member is the organization's last (enabled) admin and would stop being one. */
async function assertNotLastAdmin(tx: Tx, organizationId: string, userId: string, member: { role: Role | null; disabled: boolean }) {
  // A disabled admin already administers nothing: losing them loses no admin.
  if (!administers(member)) return;
  const others = await tx.member.count({ where: { organizationId, ...administratorsWhere, userId: { not: userId } } });
  if (others === 0) throw conflict('An organization needs at least one admin: make another member admin first');
}

/** Sets a member's role (null: guest; undefined: unchanged). */
export async function updateMemberRole(
  ctx: Context,
  organizationId: string,
  userId: string,
  role: Role | null | undefined,
  query: Query = {},
) {
  const member = await ctx.prisma.member.findUnique({ where: key(organizationId, userId) });
  authorize(memberPolicy, requireActor(ctx), member, 'update');
  if (role === undefined) return ctx.prisma.member.findUniqueOrThrow({ ...query, where: key(organizationId, userId) });
  return withAdminsLocked(ctx, organizationId, userId, async (tx, current) => {
    if (!current) throw notFound('Member'); // removed meanwhile
    if (!administers({ ...current, role })) await assertNotLastAdmin(tx, organizationId, userId, current);
    return tx.member.update({ ...query, where: key(organizationId, userId), data: { role } });
  });
}

/**
 * Removes a member (and their team memberships): admins remove anyone, any
 * member may leave. Idempotent: true when this call removed the member, false
 * when there was nobody to remove (REST 205 / 204) — but only for callers who
 * could have removed them, so a caller of another organization still gets 404
 * for the organization and a non-admin 403.
 */
export async function removeMember(ctx: Context, organizationId: string, userId: string): Promise<boolean> {
  const actor = requireActor(ctx);
  const org = await ctx.prisma.organization.findUnique({ where: { id: organizationId }, select: { id: true, emailDomains: true } });
  authorize(organizationPolicy, actor, org, 'view');
  authorize(memberPolicy, actor, { organizationId, userId }, 'remove');
  const removed = await withAdminsLocked(ctx, organizationId, userId, async (tx, member) => {
    if (!member) return false;
    await assertNotLastAdmin(tx, organizationId, userId, member);
    await tx.teamMember.deleteMany({ where: { organizationId, userId } });
    // Conditional: only the call that removed the row says so (a removal by any other path finds nothing, not a 500).
    const { count } = await tx.member.deleteMany({ where: { organizationId, userId } });
    return count === 1;
  });
  // Whoever left answers the rest of the mutation as a stranger to the organization (context.ts: answerAs).
  if (userId === actor.userId) answerAs(ctx, withoutMembership(actor, organizationId));
  return removed;
}
