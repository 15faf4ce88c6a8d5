// The SQL of the rate-limit counters (table "RateLimit"), shared by the HTTP
// door's limiter (src/http/rateLimit.ts) and the token check, which upserts a
// token's counters inside its own statement (src/domain/auth/tokens.ts).

/**
 * The upsert of one hit per key, for a `SELECT` of keys (column `k`) and the
 * window start as a SQL expression; returns `"key", "count"`. A newer window
 * restarts a count; a replica with a slightly late clock counts into the current
 * window rather than resetting it. Keys go in one order (`ORDER BY k`) so that
 * concurrent requests sharing a user or organization never deadlock.
 */
export const upsertHits = (keys: string, windowStart: string) => `
  INSERT INTO "RateLimit" ("key", "windowStart", "count")
  SELECT k, ${windowStart}, 1 FROM (${keys}) keys ORDER BY k
  ON CONFLICT ("key") DO UPDATE SET
    "count" = CASE WHEN EXCLUDED."windowStart" > "RateLimit"."windowStart" THEN 1 ELSE "RateLimit"."count" + 1 END,
    "windowStart" = GREATEST(EXCLUDED."windowStart", "RateLimit"."windowStart")
  RETURNING "key", "count"`;

/** Which budgets a token's request counts against besides the token's own. */
export interface CountedBudgets {
  user: boolean;
  organizations: boolean;
}
