// Membership rules: role changes and removal, keeping at least one admin.
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { authorize, can, memberPolicy } from '../../policy/index.js';
import { conflict } from '../../errors.js';
import type { Prisma } from '../../generated/prisma/client.js';
import type { Role } from '../../policy/roles.js';

type Query = { include?: Prisma.MemberInclude; select?: Prisma.MemberSelect };
const key = (organizationId: string, userId: string) => ({ organizationId_userId: { organizationId, userId } });

export async function findMember(ctx: Context, organizationId: string, userId: string, query: Query = {}) {
  const member = await ctx.prisma.member.findUnique({ ...query, where: key(organizationId, userId) });
  return authorize(memberPolicy, requireActor(ctx), member, 'view');
}

async function assertAnotherAdmin(tx: Prisma.TransactionClient, organizationId: string, userId: string) {
  const others = await tx.member.count({ where: { organizationId, role: 'admin', userId: { not: userId }, disabled: false } });
  if (others === 0) throw conflict('An organization needs at least one admin');
}

/** Sets a member's role (null: guest; undefined: unchanged). */
export async function updateMemberRole(ctx: Context, organizationId: string, userId: string, role: Role | null | undefined, query: Query = {}) {
  const member = await ctx.prisma.member.findUnique({ where: key(organizationId, userId) });
  authorize(memberPolicy, requireActor(ctx), member, 'update');
  if (role === undefined) return ctx.prisma.member.findUniqueOrThrow({ ...query, where: key(organizationId, userId) });
  return ctx.prisma.$transaction(async (tx) => {
    if (member!.role === 'admin' && role !== 'admin') await assertAnotherAdmin(tx, organizationId, userId);
    return tx.member.update({ ...query, where: key(organizationId, userId), data: { role } });
  });
}

/** Removes a member (and their team memberships). Idempotent: nothing to remove is success. */
export async function removeMember(ctx: Context, organizationId: string, userId: string) {
  const actor = requireActor(ctx);
  const member = await ctx.prisma.member.findUnique({ where: key(organizationId, userId) });
  if (!member || !can(memberPolicy, actor, member, 'view')) return;
  authorize(memberPolicy, actor, member, 'remove');
  await ctx.prisma.$transaction(async (tx) => {
    if (member.role === 'admin') await assertAnotherAdmin(tx, organizationId, userId);
    await tx.teamMember.deleteMany({ where: { organizationId, userId } });
    await tx.member.delete({ where: key(organizationId, userId) });
  });
}
