// The callers behind long-lived connections, as they are now: a subscription
// re-checks its caller at every event (token still valid, memberships and roles
// as of delivery, under the same rules as auth/tokens.ts). One statement loads every token of the batch.
import type { PrismaClient } from '../../generated/prisma/client.js';
import { actorFromTokenRow, MEMBERSHIP_COUNTS, type TokenRow } from '../auth/tokens.js';
import { rawQuery } from '../../db/raw.js';
import type { Actor } from '../../policy/actor.js';

const LIVE_ACTORS = `
  SELECT k.id AS token_id, k.scopes, u.id AS user_id, u.email,
    u."emailVerified" AND k."organizationId" IS NULL AS email_verified, k."organizationId" AS bound_org,
    COALESCE((
      SELECT json_agg(json_build_object('o', m."organizationId", 'r', m.role, 't', EXISTS (
        SELECT 1 FROM "TeamMember" tm
        WHERE tm."organizationId" = m."organizationId" AND tm."userId" = m."userId" AND tm.role = 'owner')))
      FROM "Member" m WHERE m."userId" = u.id AND ${MEMBERSHIP_COUNTS}
        AND m."organizationId" = COALESCE(k."organizationId", m."organizationId")
    ), '[]') AS memberships
  FROM "ApiToken" k JOIN "User" u ON u.id = k."userId"
  WHERE k.id = ANY($1::text[]) AND k."revokedAt" IS NULL`;

/** The actors behind these token ids as of now; null for a token revoked (or gone) since. */
export async function loadLiveActors(prisma: PrismaClient, tokenIds: readonly string[]): Promise<(Actor | null)[]> {
  const rows = await rawQuery<TokenRow>(prisma, LIVE_ACTORS, [[...tokenIds]]);
  const byToken = new Map(rows.map((row) => [row.token_id, actorFromTokenRow(row)]));
  return tokenIds.map((id) => byToken.get(id) ?? null);
}
