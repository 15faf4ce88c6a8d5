// API tokens: a random secret shown once; only its SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Actor } from '../policy/actor.js';
import type { Level } from '../policy/roles.js';
import { newId } from '../ids.js';
import { rawQuery } from '../db/raw.js';

export const hashToken = (secret: string) => createHash('sha256').update(secret).digest('hex');

export async function issueToken(prisma: Pick<PrismaClient, 'apiToken'>, userId: string, { label, scopes = [] }: { label?: string; scopes?: string[] } = {}) {
  const secret = `qt_${randomBytes(32).toString('base64url')}`;
  const token = await prisma.apiToken.create({ data: { id: newId('ApiToken'), userId, tokenHash: hashToken(secret), label, scopes } });
  return { id: token.id, secret };
}

export interface TokenRow {
  token_id: string;
  scopes: string[];
  user_id: string;
  email: string;
  email_verified: boolean;
  memberships: { o: string; r: Level; t: boolean }[];
  /** The token's hits in the rate-limit window, when the statement counted one. */
  rate_count?: number | null;
}

/**
 * The one statement behind every authenticated request: it checks the token,
 * loads the user's memberships and marks them and the token seen (at most once
 * a minute, so `lastSeenAt` sorts members by activity and `lastUsedAt` shows
 * stale tokens, without a write per request). Times travel as UTC ISO strings.
 */
export function tokenStatement(secret: string, now: Date, rateWindowStart?: Date) {
  // With PostgreSQL rate-limit counters, the token's hit is counted here too
  // (same upsert as src/http/rateLimit.ts): one round trip fewer per request.
  const rateLimit = rateWindowStart
    ? `, rl AS (
      INSERT INTO "RateLimit" ("key", "windowStart", "count") SELECT 'token:' || token_id, $4::timestamp, 1 FROM t
      ON CONFLICT ("key") DO UPDATE SET
        "count" = CASE WHEN EXCLUDED."windowStart" > "RateLimit"."windowStart" THEN 1 ELSE "RateLimit"."count" + 1 END,
        "windowStart" = GREATEST(EXCLUDED."windowStart", "RateLimit"."windowStart")
      RETURNING "count"
    )`
    : '';
  const text = `
    WITH t AS (
      SELECT k.id AS token_id, k.scopes, u.id AS user_id, u.email, u."emailVerified" AS email_verified
      FROM "ApiToken" k JOIN "User" u ON u.id = k."userId"
      WHERE k."tokenHash" = $1 AND k."revokedAt" IS NULL
    ), seen AS (
      UPDATE "Member" SET "lastSeenAt" = $2::timestamp
      WHERE "userId" = (SELECT user_id FROM t) AND NOT disabled
        AND ("lastSeenAt" IS NULL OR "lastSeenAt" < $3::timestamp)
      RETURNING 1
    ), used AS (
      UPDATE "ApiToken" SET "lastUsedAt" = $2::timestamp
      WHERE id = (SELECT token_id FROM t)
        AND ("lastUsedAt" IS NULL OR "lastUsedAt" < $3::timestamp)
      RETURNING 1
    )${rateLimit}
    SELECT t.*, ${rateWindowStart ? '(SELECT "count" FROM rl) AS rate_count, ' : ''}COALESCE((
      SELECT json_agg(json_build_object('o', m."organizationId", 'r', m.role, 't', EXISTS (
        SELECT 1 FROM "TeamMember" tm
        WHERE tm."organizationId" = m."organizationId" AND tm."userId" = m."userId" AND tm.role = 'owner')))
      FROM "Member" m WHERE m."userId" = t.user_id AND NOT m.disabled
    ), '[]') AS memberships
    FROM t`;
  // `timestamp` columns hold UTC: an ISO string's "Z" is dropped, its digits kept.
  const values = [hashToken(secret), now.toISOString(), new Date(now.getTime() - 60_000).toISOString()];
  return { text, values: rateWindowStart ? [...values, rateWindowStart.toISOString()] : values };
}

export function actorFromTokenRow(row: TokenRow): Actor {
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

/**
 * The actor behind a bearer token, or null (one statement, run outside Prisma:
 * see db/raw.ts). With `rateWindowStart`, the same statement counts the
 * token's rate-limit hit in that window, and `rateCount` tells the total.
 */
export async function authenticateToken(prisma: PrismaClient, secret: string, now: Date, rateWindowStart?: Date) {
  const { text, values } = tokenStatement(secret, now, rateWindowStart);
  const [row] = await rawQuery<TokenRow>(prisma, text, values);
  return { actor: row ? actorFromTokenRow(row) : null, rateCount: row?.rate_count == null ? undefined : Number(row.rate_count) };
}
