// API token management, shared by the admin CLI and GraphQL: issuing (the
// secret is shown once), listing (never the secret) and revoking (effective
// at once: src/auth/tokens.ts ignores revoked tokens). Who may do what is the
// policy's business (src/policy/token.ts); these functions only check input.
import type { PrismaClient } from '../../generated/prisma/client.js';
import { issueToken } from '../../auth/tokens.js';
import { parseScopes } from '../../policy/scopes.js';
import { checkLength, checkPattern } from '../../validate.js';
import { notFound } from '../../errors.js';

type Db = Pick<PrismaClient, 'apiToken'>;

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

/** Issues a token to the user; the answer carries the secret, shown this once. */
export async function createApiToken(prisma: Db, userId: string, input: NewApiToken) {
  const { id, secret } = await issueToken(prisma, userId, parseNewApiToken(input));
  const token = await prisma.apiToken.findUniqueOrThrow({ where: { id } });
  return { token, secret };
}

/** What a token list shows: everything but the secret's hash. */
export const tokenFields = { id: true, userId: true, label: true, scopes: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

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
