// API tokens: a random secret shown once; only its SHA-256 is stored.
import { hash, randomBytes } from 'node:crypto';
import type { PrismaClient } from '../../generated/prisma/client.js';
import { noRequestGrants, type Actor } from '../../policy/actor.js';
import { higher, type Level, type Role } from '../../policy/roles.js';
import { newId } from '../../ids.js';
import { rawQuery } from '../../db/raw.js';
import { grantedCte } from '../permissions/grantsSql.js';
import { upsertHits, type CountedBudgets } from '../../db/rateLimitCounts.js';
import type { CallerCache } from './callerCache.js';

/** Every request hashes its bearer token: one-shot `hash` costs half of createHash().update().digest(). */
export const hashToken = (secret: string) => hash('sha256', secret, 'hex');

/** `organizationId`: a token that sees only that organization (SSO logins issue those). */
export async function issueToken(
  prisma: Pick<PrismaClient, 'apiToken'>,
  userId: string,
  { label, scopes = [], organizationId }: { label?: string; scopes?: string[]; organizationId?: string | null } = {},
) {
  const secret = `qt_${randomBytes(32).toString('base64url')}`;
  const token = await prisma.apiToken.create({
    data: { id: newId('ApiToken'), userId, tokenHash: hashToken(secret), label, scopes, organizationId },
  });
  return { id: token.id, secret };
}

export interface TokenRow {
  token_id: string;
  scopes: string[];
  user_id: string;
  email: string;
  email_verified: boolean;
  /** The organization a token is bound to (SSO logins), or null. */
  bound_org: string | null;
  memberships: { o: string; r: Level; t: boolean }[];
  /** [content id, level] pairs granted to the user or their teams (see domain/permissions/grantsSql.ts). */
  grants: [string, Role][];
  /** The token's or one of the memberships' last use is older than the activity interval (or unknown). */
  activity_due: boolean;
  /** Rate-limit counters hit by this statement (key → count), when it counted. */
  rate_counts?: Record<string, number> | null;
}

/** Rate-limit counting folded into the token statement (PostgreSQL counters). */
export interface TokenRateCount extends CountedBudgets {
  windowStart: Date;
}

/**
 * Which memberships (`m`) a token acts in: not a disabled one, and not one of an
 * organization that enforces SSO unless the member is an SSO member there (the
 * tokens a non-SSO member held before SSO was turned on stop reaching it).
 */
export const MEMBERSHIP_COUNTS = `NOT m.disabled
  AND (m.sso OR NOT EXISTS (SELECT 1 FROM "Organization" so WHERE so.id = m."organizationId" AND so.sso))`;

/** The token statement's text, by which budgets it counts (one of five). */
function tokenStatementText(rate?: CountedBudgets) {
  const keys = [
    `SELECT 'token:' || token_id AS k FROM t`,
    ...(rate?.user ? [`SELECT 'user:' || user_id FROM t`] : []),
    ...(rate?.organizations ? [`SELECT 'org:' || o FROM m`] : []),
  ].join(' UNION ALL ');
  return `
    WITH RECURSIVE t AS (
      -- A token bound to an organization (an SSO login's) sees only that membership, and does not vouch for the
      -- e-mail address elsewhere (joining other organizations by domain takes an unbound token).
      SELECT k.id AS token_id, k.scopes, k."lastUsedAt" AS last_used_at, u.id AS user_id, u.email,
        u."emailVerified" AND k."organizationId" IS NULL AS email_verified, k."organizationId" AS bound_org
      FROM "ApiToken" k JOIN "User" u ON u.id = k."userId"
      WHERE k."tokenHash" = $1 AND k."revokedAt" IS NULL
    ), m AS (
      SELECT m."organizationId" AS o, m.role AS r, m."lastSeenAt" AS seen, EXISTS (
        SELECT 1 FROM "TeamMember" tm
        WHERE tm."organizationId" = m."organizationId" AND tm."userId" = m."userId" AND tm.role = 'owner') AS owner
      FROM "Member" m WHERE m."userId" = (SELECT user_id FROM t) AND ${MEMBERSHIP_COUNTS}
        AND m."organizationId" = COALESCE((SELECT bound_org FROM t), m."organizationId")
    ), who AS (SELECT o, (SELECT user_id FROM t) AS u FROM m), ${grantedCte}${rate ? `, rl AS (${upsertHits(keys, '$3::timestamp')})` : ''}
    SELECT t.token_id, t.scopes, t.user_id, t.email, t.email_verified, t.bound_org,
      ${rate ? '(SELECT json_object_agg("key", "count") FROM rl) AS rate_counts,' : ''}
      (t.last_used_at IS NULL OR t.last_used_at < $2::timestamp
        OR EXISTS (SELECT 1 FROM m WHERE m.seen IS NULL OR m.seen < $2::timestamp)) AS activity_due,
      COALESCE((SELECT json_agg(json_build_object('o', o, 'r', r, 't', owner)) FROM m), '[]') AS memberships,
      COALESCE((SELECT json_agg(json_build_array(id, level)) FROM granted), '[]') AS grants
    FROM t`;
}

/**
 * Each text built once: every request sends one, and the same string each time is
 * found at once among the prepared statements (src/db/statementNames.ts), where a
 * new 2.5 kB string would be flattened, hashed and compared first.
 */
const tokenStatementTexts = new Map<string, string>();
const textOf = (rate?: CountedBudgets) => {
  const variant = rate ? `${rate.user}:${rate.organizations}` : '';
  let text = tokenStatementTexts.get(variant);
  if (text === undefined) tokenStatementTexts.set(variant, (text = tokenStatementText(rate)));
  return text;
};

/**
 * The one statement behind every authenticated request (whose caller the process
 * does not remember: callerCache.ts), and a read (but for the
 * rate-limit counters, in an UNLOGGED table: see src/http/rateLimit.ts): it
 * checks the token, loads the user's memberships and tells whether their
 * activity times are due for an update, which src/domain/auth/activity.ts then writes
 * outside the request. Times travel as UTC ISO strings.
 */
export const tokenStatement = (secret: string, now: Date, activityIntervalMs: number, rate?: TokenRateCount) =>
  statementOfHash(hashToken(secret), now, activityIntervalMs, rate);

function statementOfHash(tokenHash: string, now: Date, activityIntervalMs: number, rate?: TokenRateCount) {
  const text = textOf(rate);
  // `timestamp` columns hold UTC: an ISO string's "Z" is dropped, its digits kept.
  const values = [tokenHash, new Date(now.getTime() - activityIntervalMs).toISOString()];
  return { text, values: rate ? [...values, rate.windowStart.toISOString()] : values };
}

/** The highest level per content id. */
function grantMap(pairs: [string, Role][]) {
  const grants = new Map<string, Role>();
  for (const [id, level] of pairs) grants.set(id, higher(grants.get(id) ?? null, level)!);
  return grants;
}

/** Frozen: a process may share one actor between requests (callerCache.ts). */
export function actorFromTokenRow(row: TokenRow): Actor {
  return Object.freeze({
    tokenId: row.token_id,
    scopes: Object.freeze(row.scopes),
    userId: row.user_id,
    email: row.email,
    emailVerified: row.email_verified,
    ...(row.bound_org ? { boundOrganizationId: row.bound_org } : {}),
    memberships: new Map(row.memberships.map((m) => [m.o, m.r])),
    teamOwnerIn: new Set(row.memberships.filter((m) => m.t).map((m) => m.o)),
    grants: grantMap(row.grants ?? []),
    ...noRequestGrants,
  });
}

/**
 * The actor behind a bearer token, or null (one statement, run outside Prisma:
 * see db/raw.ts). With `rate`, the same statement counts the request's
 * rate-limit hits, and `rateCounts` tells the totals. `activityDue`: the
 * token's or the member's last-seen time should be written (activity.ts).
 * With `callers`, an actor remembered there answers without the statement
 * (unless the statement counts the request: `rate`), and the statement's is
 * remembered; activity is then due only when the statement runs.
 */
export async function authenticateToken(
  prisma: PrismaClient,
  secret: string,
  now: Date,
  activityIntervalMs: number,
  rate?: TokenRateCount,
  callers?: CallerCache,
) {
  const tokenHash = hashToken(secret);
  const cache = rate ? undefined : callers;
  const recalled = cache?.recall(tokenHash);
  if (recalled) return { actor: recalled, activityDue: false, rateCounts: undefined };
  const mark = cache?.mark();
  const { text, values } = statementOfHash(tokenHash, now, activityIntervalMs, rate);
  const [row] = await rawQuery<TokenRow>(prisma, text, values);
  const actor = row ? actorFromTokenRow(row) : null;
  if (actor && cache) cache.remember(tokenHash, actor, mark!);
  return {
    actor,
    activityDue: row?.activity_due ?? false,
    rateCounts: row?.rate_counts ? new Map(Object.entries(row.rate_counts).map(([k, v]) => [k, Number(v)])) : undefined,
  };
}
