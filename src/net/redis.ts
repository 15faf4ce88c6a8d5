// ioredis (about 20 MB resident) loads only in a process given REDIS_URL:
// events fan-out (src/events.ts) and the counters of rate limits and fair share (src/http/redisCounters.ts).
import { createRequire } from 'node:module';
import type { Redis, RedisOptions } from 'ioredis';

/** A Redis client of `url`, ioredis loaded on this first use. */
export function redisClient(url: string, options: RedisOptions): Redis {
  const { Redis: Client } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  return new Client(url, options);
}
