// API tokens: a random secret shown once; only its SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Actor } from '../policy/actor.js';
import type { Level } from '../policy/roles.js';
import { newId } from '../ids.js';

export const hashToken = (secret: string) => createHash('sha256').update(secret).digest('hex');

export async function issueToken(prisma: Pick<PrismaClient, 'apiToken'>, userId: string, { label, scopes = [] }: { label?: string; scopes?: string[] } = {}) {
  const secret = `qt_${randomBytes(32).toString('base64url')}`;
  const token = await prisma.apiToken.create({ data: { id: newId('ApiToken'), userId, tokenHash: hashToken(secret), label, scopes } });
  return { id: token.id, secret };
}

interface TokenRow {
  token_id: string;
  scopes: string[];
  user_id: string;
  email: string;
  email_verified: boolean;
  memberships: { o: string; r: Level; t: boolean }[];
}

/**
 * The actor behind a bearer token, or null. One statement: it checks the token,
 * loads the user's memberships and marks them seen (at most once a minute, so
 * `lastSeenAt` sorts members by activity without a write per request).
 */
export async function actorForToken(prisma: PrismaClient, secret: string, now: Date): Promise<Actor | null> {
  const rows = await prisma.$queryRaw<TokenRow[]>`
    WITH t AS (
      SELECT k.id AS token_id, k.scopes, u.id AS user_id, u.email, u."emailVerified" AS email_verified
      FROM "ApiToken" k JOIN "User" u ON u.id = k."userId"
      WHERE k."tokenHash" = ${hashToken(secret)} AND k."revokedAt" IS NULL
    ), seen AS (
      UPDATE "Member" SET "lastSeenAt" = ${now}
      WHERE "userId" = (SELECT user_id FROM t) AND NOT disabled
        AND ("lastSeenAt" IS NULL OR "lastSeenAt" < ${new Date(now.getTime() - 60_000)})
      RETURNING 1
    )
    SELECT t.*, COALESCE((
      SELECT json_agg(json_build_object('o', m."organizationId", 'r', m.role, 't', EXISTS (
        SELECT 1 FROM "TeamMember" tm
        WHERE tm."organizationId" = m."organizationId" AND tm."userId" = m."userId" AND tm.role = 'owner')))
      FROM "Member" m WHERE m."userId" = t.user_id AND NOT m.disabled
    ), '[]') AS memberships
    FROM t`;
  const row = rows[0];
  if (!row) return null;
  return {
    tokenId: row.token_id,
    scopes: row.scopes,
    userId: row.user_id,
    email: row.email,
    emailVerified: row.email_verified,
    memberships: new Map(row.memberships.map((m) => [m.o, m.r])),
    teamOwnerIn: new Set(row.memberships.filter((m) => m.t).map((m) => m.o)),
    shareKeys: new Set(),
  };
}
