// Creating organizations and users out of band (the admin CLI, test factories).
// Users are global and keyed by e-mail; addresses given here count as verified.
import type { PrismaClient } from '../../generated/prisma/client.js';
import { newId } from '../../ids.js';
import { issueToken } from '../auth/tokens.js';
import type { Role } from '../../policy/roles.js';
import { ssoTokenRefusal } from '../saml/members.js';

/** Issues the token, unless an organization of the user enforces SSO and they are not an SSO member there (nothing is written then). */
async function issueTokenUnlessSsoRefuses(
  tx: Parameters<typeof issueToken>[0] & Parameters<typeof ssoTokenRefusal>[0],
  userId: string,
  options: { label: string; scopes?: string[] },
) {
  const refusal = await ssoTokenRefusal(tx, userId);
  if (refusal) throw new Error(refusal);
  return issueToken(tx, userId, options);
}

const nameFromEmail = (email: string) => email.slice(0, email.indexOf('@'));

async function upsertUser(prisma: PrismaClient, email: string, displayName?: string) {
  const normalized = email.trim().toLowerCase();
  return prisma.user.upsert({
    where: { email: normalized },
    update: { emailVerified: true },
    create: { id: newId('User'), email: normalized, emailVerified: true, displayName: displayName ?? nameFromEmail(normalized) },
  });
}

/** A new organization whose admin is the user with that e-mail (created when new), and a new token. */
export async function bootstrapOrganization(
  prisma: PrismaClient,
  input: { title: string; email: string; displayName?: string; scopes?: string[] },
) {
  return prisma.$transaction(async (tx) => {
    const user = await upsertUser(tx as PrismaClient, input.email, input.displayName);
    const org = await tx.organization.create({ data: { id: newId('Organization'), title: input.title } });
    await tx.member.create({ data: { organizationId: org.id, userId: user.id, role: 'admin' } });
    const token = await issueTokenUnlessSsoRefuses(tx, user.id, { label: 'bootstrap', scopes: input.scopes });
    return { organizationId: org.id, userId: user.id, token: token.secret };
  });
}

/** Adds the user (created when new) to the organization with `role` (`sso`: as an SSO member), or changes their role; issues a token. */
export async function addUserToOrganization(
  prisma: PrismaClient,
  input: { organizationId: string; email: string; role: Role | null; displayName?: string; scopes?: string[]; sso?: boolean },
) {
  return prisma.$transaction(async (tx) => {
    const org = await tx.organization.findUnique({ where: { id: input.organizationId }, select: { id: true } });
    if (!org) throw new Error(`No organization ${input.organizationId}`);
    const user = await upsertUser(tx as PrismaClient, input.email, input.displayName);
    await tx.member.upsert({
      where: { organizationId_userId: { organizationId: org.id, userId: user.id } },
      update: { role: input.role, ...(input.sso ? { sso: true } : {}) },
      create: { organizationId: org.id, userId: user.id, role: input.role, sso: input.sso ?? false },
    });
    const token = await issueTokenUnlessSsoRefuses(tx, user.id, { label: 'cli', scopes: input.scopes });
    return { userId: user.id, token: token.secret };
  });
}
