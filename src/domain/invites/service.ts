// Invite links: to the organization with a role (null: as a guest), or to a
// space or collection with a level on it. Each has a secret key; whoever
// presents it joins (a content invite makes a newcomer a guest of the
// organization and grants them the level on the content).
import { randomBytes } from 'node:crypto';
import type { Context } from '../../context.js';
import { answerAs, requireActor } from '../../context.js';
import {
  authorize,
  collectionPolicy,
  invitePolicy,
  requireScopes,
  selfJoinRefusal,
  spacePolicy,
  tenantScope,
  withMembership,
} from '../../policy/index.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import { isRole, type Role } from '../../policy/roles.js';
import { Prisma } from '../../generated/prisma/client.js';
import { roles } from '../../policy/roles.js';

type Query = { include?: Prisma.InviteInclude; select?: Prisma.InviteSelect };

/** A role's rank in SQL (higher is more), for conditional raises; `expression` is trusted SQL of ours. */
const rankSql = (expression: string) =>
  Prisma.raw(
    `array_position(ARRAY[${[...roles]
      .reverse()
      .map((r) => `'${r}'`)
      .join(',')}], (${expression})::text)`,
  );

const newInviteKey = () => randomBytes(24).toString('base64url');

/** The organization as the invite policy sees it; 404 for one the caller is not in. */
function organizationSubject(organizationId: string) {
  return { organizationId };
}

export interface CreateInviteInput {
  role?: Role | null;
  level?: Role | null;
  space?: string | null;
  collection?: string | null;
  expiresAt?: Date | null;
  maxUses?: number | null;
}

/** A link lives 30 days unless told otherwise, and a year at most: a leaked key stops working on its own. */
export const INVITE_DEFAULT_DAYS = 30;
export const INVITE_MAX_DAYS = 365;
export const INVITE_MAX_USES = 10_000;
const DAY_MS = 86_400_000;

/** The link's expiry and use limit: 400 naming the field past the bounds. */
function inviteLimits(input: CreateInviteInput, now: Date) {
  const expiresAt = input.expiresAt ?? new Date(now.getTime() + INVITE_DEFAULT_DAYS * DAY_MS);
  if (expiresAt.getTime() <= now.getTime()) throw badRequest('must be in the future', 'expiresAt');
  if (expiresAt.getTime() > now.getTime() + INVITE_MAX_DAYS * DAY_MS)
    throw badRequest(`must be at most ${INVITE_MAX_DAYS} days ahead`, 'expiresAt');
  const maxUses = input.maxUses ?? null;
  if (maxUses !== null && (!Number.isInteger(maxUses) || maxUses < 1 || maxUses > INVITE_MAX_USES)) {
    throw badRequest(`must be a whole number from 1 to ${INVITE_MAX_USES}`, 'maxUses');
  }
  return { expiresAt, maxUses };
}

/** Which of the public API's three invite shapes the body is: `{role}`, `{level, space}` or `{level, collection}`. */
function inviteTarget(input: CreateInviteInput) {
  const named = (['role', 'space', 'collection'] as const).filter((k) => input[k] !== undefined);
  if (input.space != null && input.collection != null)
    throw badRequest('an invite is to a space or to a collection, not both', 'collection');
  if (input.space != null || input.collection != null) {
    if (input.role !== undefined) throw badRequest('a content invite takes a level, not a role', 'role');
    if (input.level == null) throw badRequest('is required for an invite to a space or collection', 'level');
    if (!isRole(input.level)) throw badRequest('must be an organization role', 'level');
    return input.space != null ? { spaceId: input.space, level: input.level } : { collectionId: input.collection!, level: input.level };
  }
  if (input.level !== undefined) throw badRequest('names no space or collection', input.space === null ? 'space' : 'collection');
  if (!named.includes('role')) throw badRequest('is required (or level with space or collection)', 'role');
  return { role: input.role ?? null };
}

/** Creates an invite link (the organization's admins; a content invite names content of the organization). */
export async function createInvite(ctx: Context, organizationId: string, input: CreateInviteInput, query: Query = {}) {
  const actor = requireActor(ctx);
  const target = inviteTarget(input);
  const limits = inviteLimits(input, ctx.clock.now());
  authorize(invitePolicy, actor, organizationSubject(organizationId), 'create');
  const where = { AND: [{ organizationId }, tenantScope(actor)] };
  if ('spaceId' in target) {
    const space = await ctx.prisma.space.findFirst({ where: { id: target.spaceId, ...where, deletedAt: null } });
    if (!space) throw badRequest('must name a space of the organization', 'space');
    authorize(spacePolicy, actor, space, 'view');
  }
  if ('collectionId' in target) {
    const collection = await ctx.prisma.collection.findFirst({ where: { id: target.collectionId, ...where } });
    if (!collection) throw badRequest('must name a collection of the organization', 'collection');
    authorize(collectionPolicy, actor, collection, 'view');
  }
  return ctx.prisma.invite.create({
    ...query,
    data: { id: newId('Invite'), organizationId, key: newInviteKey(), role: null, ...target, ...limits },
  });
}

/** The invites of an organization, for its admins. */
export function inviteListWhere(ctx: Context, organizationId: string): Prisma.InviteWhereInput {
  authorize(invitePolicy, requireActor(ctx), organizationSubject(organizationId), 'read');
  return { organizationId };
}

export async function findInvite(ctx: Context, organizationId: string, inviteId: string, query: Query = {}) {
  const actor = requireActor(ctx);
  authorize(invitePolicy, actor, organizationSubject(organizationId), 'read');
  const invite = await ctx.prisma.invite.findFirst({ ...query, where: { id: inviteId, organizationId } });
  if (!invite) throw notFound('Invite');
  return invite;
}

/** Deletes an invite link: its key stops working at once. Idempotent: true when this call deleted it. */
export async function deleteInvite(ctx: Context, organizationId: string, inviteId: string) {
  authorize(invitePolicy, requireActor(ctx), organizationSubject(organizationId), 'delete');
  const { count } = await ctx.prisma.invite.deleteMany({ where: { id: inviteId, organizationId } });
  return count === 1;
}

/**
 * Makes the caller a member (skipped when they already are): a newcomer takes one
 * of the link's uses in the same transaction, so concurrent joins never exceed
 * `maxUses` (403 once it is used up; the membership is then not written).
 */
async function joinAsNewcomer(
  ctx: Context,
  inviteId: string,
  member: { organizationId: string; userId: string; role: Role | null; joinedAt: Date },
) {
  await ctx.prisma.$transaction(async (tx) => {
    const { count } = await tx.member.createMany({ data: [member], skipDuplicates: true });
    if (count === 0) return;
    const used = await tx.$executeRaw`
      UPDATE "Invite" SET uses = uses + 1 WHERE id = ${inviteId} AND ("maxUses" IS NULL OR uses < "maxUses")`;
    if (used === 0) throw forbidden('This invite link has been used by as many people as it allows');
  });
}

/**
 * Joins the organization through an invite's secret key: a newcomer becomes a
 * member with the invite's role (a guest for a content invite, which also
 * grants its level on the space or collection). A member keeps their role
 * unless the invite's is higher, and a grant is never lowered. A disabled
 * member stays out (403), and so does everyone while the organization's
 * `inviteLinks` setting is off, once the link expired, or once as many people
 * as its `maxUses` joined through it (403). An unknown or deleted key is a 404.
 */
export async function joinWithInvite(ctx: Context, organizationId: string, key: string) {
  const actor = requireActor(ctx);
  // As the public document: joining writes a membership.
  requireScopes(actor, 'organization:members:write');
  const [invite] = await ctx.prisma.$queryRaw<
    {
      id: string;
      role: Role | null;
      level: Role | null;
      spaceId: string | null;
      collectionId: string | null;
      enabled: boolean;
      sso: boolean;
      expiresAt: Date | null;
    }[]
  >`
    SELECT i.id, i.role::text AS role, i.level::text AS level, i."spaceId", i."collectionId", o."inviteLinks" AS enabled, o.sso, i."expiresAt"
    FROM "Invite" i JOIN "Organization" o ON o.id = i."organizationId"
    WHERE i.key = ${key} AND i."organizationId" = ${organizationId}`;
  if (!invite) throw notFound('Invite');
  // The organization's `inviteLinks` setting switches every link on or off (the links themselves stay).
  if (!invite.enabled) throw forbidden('Invite links are turned off in this organization (its inviteLinks setting)');
  const refusal = selfJoinRefusal(invite);
  if (refusal) throw forbidden(refusal);
  if (invite.expiresAt && invite.expiresAt.getTime() <= ctx.clock.now().getTime()) throw forbidden('This invite link has expired');
  const contentId = invite.spaceId ?? invite.collectionId;
  const role = contentId ? null : invite.role;
  // Each step is one idempotent statement, so that many joins at once neither queue on locks nor duplicate rows.
  await joinAsNewcomer(ctx, invite.id, { organizationId, userId: actor.userId, role, joinedAt: ctx.clock.now() });
  if (role != null) {
    await ctx.prisma.$executeRaw`
      UPDATE "Member" SET role = ${role}::"Role"
      WHERE "organizationId" = ${organizationId} AND "userId" = ${actor.userId} AND NOT disabled
        AND (role IS NULL OR ${rankSql('role')} < ${rankSql(`'${role}'`)})`;
  }
  const member = await ctx.prisma.member.findUniqueOrThrow({
    where: { organizationId_userId: { organizationId, userId: actor.userId } },
    select: { role: true, disabled: true },
  });
  if (member.disabled) throw forbidden('Your membership of this organization is disabled');
  if (contentId && invite.level) {
    await ctx.prisma.$executeRaw`
      INSERT INTO "ContentGrant" ("organizationId", "contentId", "granteeId", "userId", "spaceId", "collectionId", level)
      VALUES (${organizationId}, ${contentId}, ${actor.userId}, ${actor.userId}, ${invite.spaceId}, ${invite.collectionId}, ${invite.level}::"Role")
      ON CONFLICT ("contentId", "granteeId") DO UPDATE SET level = EXCLUDED.level
      WHERE ${rankSql('"ContentGrant".level')} < ${rankSql('EXCLUDED.level')}`;
  }
  // The rest of the mutation answers for the member they now are (context.ts: answerAs).
  answerAs(ctx, withMembership(actor, organizationId, member.role));
  return { organizationId, role: member.role };
}
