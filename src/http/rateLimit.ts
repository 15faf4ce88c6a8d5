// Fixed-window rate limiting shared by every replica: per API token, or per
// client address for calls without a valid token. Counters live in PostgreSQL
// (one atomic upsert per request) or, with REDIS_URL, in Redis (INCR + PEXPIRE
// in one round trip). A store failure lets the request through (and is logged):
// an outage of the counter store must not take the API down with it.
import type { ServerResponse } from 'node:http';
import { Redis } from 'ioredis';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Clock } from '../clock.js';
import { rawQuery } from '../db/raw.js';
import type { RateLimitSettings } from './config.js';

export interface RateLimitStore {
  /** Counts one hit of `key` in the window starting at `windowStart`; the count so far. */
  hit(key: string, windowStart: Date, windowMs: number): Promise<number>;
  /** Forgets windows that ended before `before`. */
  purge(before: Date): Promise<number>;
  close(): Promise<void>;
}

export function postgresStore(prisma: PrismaClient): RateLimitStore {
  return {
    async hit(key, windowStart) {
      // A newer window restarts the count; a replica with a slightly late clock
      // counts into the current window rather than resetting it.
      // Straight to the pool (src/db/raw.ts): this runs on every request.
      const rows = await rawQuery<{ count: number }>(
        prisma,
        `INSERT INTO "RateLimit" ("key", "windowStart", "count") VALUES ($1, $2::timestamp, 1)
         ON CONFLICT ("key") DO UPDATE SET
           "count" = CASE WHEN EXCLUDED."windowStart" > "RateLimit"."windowStart" THEN 1 ELSE "RateLimit"."count" + 1 END,
           "windowStart" = GREATEST(EXCLUDED."windowStart", "RateLimit"."windowStart")
         RETURNING "count"`,
        [key, windowStart.toISOString()],
      );
      return Number(rows[0].count);
    },
    purge: (before) => prisma.$executeRaw`DELETE FROM "RateLimit" WHERE "windowStart" < ${before}`,
    close: async () => {},
  };
}

export function redisStore(url: string): RateLimitStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', () => {}); // reported per request by the limiter
  return {
    async hit(key, windowStart, windowMs) {
      const redisKey = `quire:ratelimit:${key}:${windowStart.getTime()}`;
      const results = await redis.multi().incr(redisKey).pexpire(redisKey, windowMs).exec();
      const [error, count] = results?.[0] ?? [new Error('empty MULTI answer'), 0];
      if (error) throw error;
      return Number(count);
    },
    purge: async () => 0, // keys expire by themselves
    close: async () => void redis.disconnect(),
  };
}

export interface RateLimitVerdict {
  limit: number;
  remaining: number;
  /** When the window ends. */
  resetAt: Date;
  allowed: boolean;
}

export type Caller = { tokenId: string } | { address: string };

export function rateLimiter(settings: RateLimitSettings, store: RateLimitStore, clock: Clock, onStoreError: (err: unknown) => void) {
  const windowMs = settings.windowSeconds * 1000;
  const windowStart = () => {
    const now = clock.now().getTime();
    return new Date(now - (now % windowMs));
  };
  const keyOf = (caller: Caller): [string, number] =>
    'tokenId' in caller ? [`token:${caller.tokenId}`, settings.perToken] : [`address:${caller.address}`, settings.perAddress];
  const verdict = (limit: number, count: number, start: Date): RateLimitVerdict => ({
    limit,
    remaining: Math.max(0, limit - count),
    resetAt: new Date(start.getTime() + windowMs),
    allowed: count <= limit,
  });
  return {
    store,
    /** The window requests count into now (for a store that counts elsewhere, e.g. in the token statement). */
    windowStart,
    /** Counts one hit of the caller; undefined when the store failed (the request is let through). */
    async check(caller: Caller): Promise<RateLimitVerdict | undefined> {
      const [key, limit] = keyOf(caller);
      const start = windowStart();
      try {
        return verdict(limit, await store.hit(key, start, windowMs), start);
      } catch (err) {
        onStoreError(err);
        return undefined;
      }
    },
    /** The verdict for a hit already counted (`count` so far in the window that started at `start`). */
    counted: (caller: Caller, count: number, start: Date) => verdict(keyOf(caller)[1], count, start),
    /** Purges counters of windows already over. */
    purge: () => store.purge(new Date(clock.now().getTime() - windowMs)),
  };
}

export type RateLimiter = ReturnType<typeof rateLimiter>;

/** X-RateLimit-* on every limited response; Retry-After (seconds) when refused. */
export function setRateLimitHeaders(res: ServerResponse, verdict: RateLimitVerdict, now: Date) {
  res.setHeader('X-RateLimit-Limit', String(verdict.limit));
  res.setHeader('X-RateLimit-Remaining', String(verdict.remaining));
  res.setHeader('X-RateLimit-Reset', String(Math.ceil(verdict.resetAt.getTime() / 1000)));
  if (!verdict.allowed) res.setHeader('Retry-After', String(Math.max(1, Math.ceil((verdict.resetAt.getTime() - now.getTime()) / 1000))));
}
