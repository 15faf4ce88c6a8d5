// Fixed-window rate limiting shared by every replica. A request with a valid
// token counts against the token, its user (all their tokens share one budget)
// and each organization the user is a member of; a call without a valid token
// counts against its client address. It is allowed while every counter is
// within its limit; the headers show the counter closest to its limit.
//
// Counters live in PostgreSQL or, with REDIS_URL, in Redis (src/http/redisCounters.ts:
// one script counts the hits and takes the fair-share slots, for the requests
// that need Redis at all: hits are counted there in chunks). In PostgreSQL the
// table is UNLOGGED (migration 20261123120000_rate_limit_unlogged): an upsert
// there writes no WAL, so its commit waits for no disk flush, and a token's
// counters are upserted inside the token check's own statement
// (src/domain/auth/tokens.ts): no extra round trip. A crash of PostgreSQL empties the
// table (budgets start over), which a rate limit can afford. A store failure
// lets the request through (and is logged): an outage of the counter store
// must not take the API down with it.
import type { ServerResponse } from 'node:http';
import type { Admission, GiveBack, HitWant, LaneWant, RedisCounters } from './redisCounters.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Clock } from '../clock.js';
import type { Actor } from '../policy/actor.js';
import { rawQuery } from '../db/raw.js';
import { upsertHits, type CountedBudgets } from '../db/rateLimitCounts.js';
import type { RateLimitSettings } from '../config/settings.js';

export interface RateLimitStore {
  /** Counts one hit of each counter in the window starting at `windowStart`: key → count so far. */
  hit(counters: readonly HitWant[], windowStart: Date, windowMs: number): Promise<Map<string, number>>;
  /**
   * Counts one hit of each counter and, when all are within their limits,
   * takes a slot in each lane, in one round trip (stores that can).
   */
  admit?(counters: readonly HitWant[], windowStart: Date, windowMs: number, lanes: readonly LaneWant[]): Promise<Admission>;
  /** Forgets windows that ended before `before`. */
  purge(before: Date): Promise<number>;
  close(): Promise<void>;
}

export function postgresStore(prisma: PrismaClient): RateLimitStore {
  const text = upsertHits('SELECT unnest($1::text[]) AS k', '$2::timestamp');
  return {
    async hit(counters, windowStart) {
      // Straight to the pool (src/db/raw.ts): this runs on every request without a token.
      const keys = counters.map(([key]) => key);
      const rows = await rawQuery<{ key: string; count: number }>(prisma, text, [keys, windowStart.toISOString()]);
      return new Map(rows.map((r) => [r.key, Number(r.count)]));
    },
    purge: (before) => prisma.$executeRaw`DELETE FROM "RateLimit" WHERE "windowStart" < ${before}`,
    close: async () => {},
  };
}

/** Counters in Redis (src/http/redisCounters.ts), which can also take a request's fair-share slots in the same round trip. */
export function redisStore(counters: RedisCounters): RateLimitStore {
  return {
    hit: counters.hit,
    admit: counters.admit,
    purge: async () => 0, // keys expire by themselves
    close: async () => {}, // the counters' connection is closed by its owner
  };
}

export interface RateLimitVerdict {
  limit: number;
  remaining: number;
  /** When the window ends. */
  resetAt: Date;
  allowed: boolean;
}

/** Who a request counts against: a token (with its user and organizations), or a client address. */
export type Caller = { tokenId: string; userId: string; organizationIds: string[] } | { address: string };

export const callerOf = (actor: Actor): Caller => ({
  tokenId: actor.tokenId,
  userId: actor.userId,
  organizationIds: [...actor.memberships.keys()],
});

export function rateLimiter(settings: RateLimitSettings, store: RateLimitStore, clock: Clock, onStoreError: (err: unknown) => void) {
  const windowMs = settings.windowSeconds * 1000;
  const windowStart = () => {
    const now = clock.now().getTime();
    return new Date(now - (now % windowMs));
  };
  const budgets: CountedBudgets = { user: settings.perUser !== undefined, organizations: settings.perOrganization !== undefined };
  /** Every counter a caller's request goes to, with its limit. */
  const countersOf = (caller: Caller): [string, number][] => {
    if (!('tokenId' in caller)) return [[`address:${caller.address}`, settings.perAddress]];
    const counters: [string, number][] = [[`token:${caller.tokenId}`, settings.perToken]];
    if (settings.perUser !== undefined) counters.push([`user:${caller.userId}`, settings.perUser]);
    if (settings.perOrganization !== undefined)
      for (const id of caller.organizationIds) counters.push([`org:${id}`, settings.perOrganization]);
    return counters;
  };
  /** The verdict for counts so far in the window that started at `start`: the tightest counter speaks. */
  const verdict = (caller: Caller, counts: Map<string, number>, start: Date): RateLimitVerdict => {
    let tightest = { limit: 0, remaining: Infinity };
    let allowed = true;
    for (const [key, limit] of countersOf(caller)) {
      const count = counts.get(key) ?? 0;
      if (count > limit) allowed = false;
      const remaining = Math.max(0, limit - count);
      if (remaining < tightest.remaining) tightest = { limit, remaining };
    }
    return { ...tightest, resetAt: new Date(start.getTime() + windowMs), allowed };
  };
  /** Counts one hit of the caller; undefined when the store failed (the request is let through). */
  const check = async (caller: Caller): Promise<RateLimitVerdict | undefined> => {
    const start = windowStart();
    try {
      return verdict(caller, await store.hit(countersOf(caller), start, windowMs), start);
    } catch (err) {
      onStoreError(err);
      return undefined;
    }
  };
  return {
    store,
    budgets,
    /** The window requests count into now (for a store that counts elsewhere, e.g. in the token statement). */
    windowStart,
    check,
    /**
     * Counts one hit of the caller and, when the store can, takes a slot in
     * each of `lanes` in the same round trip (only when the hit is allowed).
     * `lanes` in the answer: undefined when they were not tried (the caller
     * takes them itself), null when one was full.
     */
    async admit(caller: Caller, lanes: readonly LaneWant[]): Promise<{ verdict?: RateLimitVerdict; lanes?: GiveBack | null }> {
      if (!store.admit || lanes.length === 0) return { verdict: await check(caller) };
      const start = windowStart();
      const counters = countersOf(caller);
      try {
        const { counts, giveBack } = await store.admit(counters, start, windowMs, lanes);
        return { verdict: verdict(caller, new Map(counters.map(([key], i) => [key, counts[i]])), start), lanes: giveBack };
      } catch (err) {
        onStoreError(err);
        return {};
      }
    },
    /** The verdict for hits already counted (e.g. by the token statement). */
    counted: verdict,
    /** Purges counters of windows already over. */
    purge: () => store.purge(new Date(clock.now().getTime() - windowMs)),
  };
}

/** X-RateLimit-* on every limited response; Retry-After (seconds) when refused. */
export function setRateLimitHeaders(res: ServerResponse, verdict: RateLimitVerdict, now: Date) {
  res.setHeader('X-RateLimit-Limit', String(verdict.limit));
  res.setHeader('X-RateLimit-Remaining', String(verdict.remaining));
  res.setHeader('X-RateLimit-Reset', String(Math.ceil(verdict.resetAt.getTime() / 1000)));
  if (!verdict.allowed) res.setHeader('Retry-After', String(Math.max(1, Math.ceil((verdict.resetAt.getTime() - now.getTime()) / 1000))));
}
