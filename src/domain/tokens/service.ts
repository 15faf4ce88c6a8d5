// API token management, shared by the admin CLI and GraphQL: issuing (the
// secret is shown once), listing (never the secret) and revoking (effective
// at once: src/domain/auth/tokens.ts ignores revoked tokens). Who may do what is the
// policy's business (src/policy/token.ts); these functions only check input.
import type { PrismaClient } from '../../generated/prisma/client.js';
import { issueToken } from '../auth/tokens.js';
import { parseScopes } from '../../policy/scopes.js';
import { checkLength, checkPattern } from '../../validate.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { ssoTokenRefusal } from '../saml/members.js';

type Db = Pick<PrismaClient, 'apiToken'>;

/** Live (unrevoked) tokens one user may hold: each token has its own rate-limit budget. */
export const DEFAULT_MAX_TOKENS_PER_USER = 50;

export interface NewApiToken {
  label?: string | null;
  /** Scope names; none (or empty) for an unrestricted token. */
  scopes?: readonly string[] | null;
}

/** Checks a new token's label and scopes: 400 naming the field. */
export function parseNewApiToken(input: NewApiToken) {
  const label = input.label ?? undefined;
  checkLength('label', label, 1, 100);
  checkPattern('label', label, /^[^\p{Cc}]*$/u, 'free of control characters');
  return { label, scopes: parseScopes(input.scopes ?? []) };
}

/**
 * Issues a token to the user; the answer carries the secret, shown this once.
 * 409 when the user already holds `maxLive` unrevoked tokens. The user's row is
 * locked while counting, so concurrent requests cannot both take the last place.
 * 403 when an organization the user is a non-SSO member of enforces SSO;
 * `boundOrganizationId`: the new token sees only that organization (minted by an SSO token).
 */
export async function createApiToken(
  prisma: PrismaClient,
  userId: string,
  input: NewApiToken,
  maxLive = DEFAULT_MAX_TOKENS_PER_USER,
  boundOrganizationId?: string,
) {
  const parsed = parseNewApiToken(input);
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
    // A token bound to one organization reaches no other: SSO enforced elsewhere does not concern it.
    const refusal = boundOrganizationId ? undefined : await ssoTokenRefusal(tx, userId);
    if (refusal) throw forbidden(refusal);
    const live = await tx.apiToken.count({ where: { userId, revokedAt: null } });
    if (live >= maxLive) {
      throw conflict(`You already hold ${live} live API tokens, the most one user may have (${maxLive}): revoke one first`);
    }
    const { id, secret } = await issueToken(tx, userId, { ...parsed, organizationId: boundOrganizationId });
    return { token: await tx.apiToken.findUniqueOrThrow({ where: { id } }), secret };
  });
}

/** What a token list shows: everything but the secret's hash. */
export const tokenFields = {
  id: true,
  userId: true,
  label: true,
  scopes: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const;

export function listApiTokens(prisma: Db, userId: string) {
  return prisma.apiToken.findMany({ where: { userId }, select: tokenFields, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

/** Revokes a token: `revoked` tells whether this call did (false: it already was); 404 when there is no such token. */
export async function revokeApiToken(prisma: Db, id: string, now: Date) {
  const { count } = await prisma.apiToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
  const token = await prisma.apiToken.findUnique({ where: { id }, select: tokenFields });
  if (!token) throw notFound('API token');
  return { revoked: count === 1, token };
}
