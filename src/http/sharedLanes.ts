// Fair-share slots counted in Redis, so a limit of N means N across every
// replica. A lane is a sorted set of leases: member = holder id, score = when
// the lease ends (Redis's own clock, so replicas' clocks need not agree). A
// holder takes every lane of a request at once or none (one script), gives
// them back when its answer is done, and this process renews the leases it
// holds while they are held: a replica that crashes leaks its slots for one
// lease at most.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { redisClient } from '../net/redis.js';

/** One lane a request wants a slot in: its key and its limit. */
export type LaneWant = readonly [key: string, max: number];

export interface SharedLanes {
  /** Takes a slot in every lane, or none; false when one of them is full. Rejects when Redis is unreachable. */
  tryTake(lanes: readonly LaneWant[]): Promise<(() => Promise<void>) | null>;
  /** Resolves once connected (until then, tries reject and the process counts alone). */
  ready: Promise<void>;
  close(): Promise<void>;
}

const TAKE = `
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local lease = tonumber(ARGV[2])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', nowMs)
  if redis.call('ZCARD', key) >= tonumber(ARGV[i + 2]) then return 0 end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, nowMs + lease, ARGV[1])
  redis.call('PEXPIRE', key, lease * 2)
end
return 1`;

const GIVE_BACK = `
for _, key in ipairs(KEYS) do redis.call('ZREM', key, ARGV[1]) end
return 1`;

/** ARGV: lease, then holder per key (KEYS[i] is held by ARGV[i + 1]); XX: a lease already given back stays gone. */
const RENEW = `
local now = redis.call('TIME')
local ends = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000) + tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, 'XX', ends, ARGV[i + 1])
  redis.call('PEXPIRE', key, tonumber(ARGV[1]) * 2)
end
return 1`;

interface LaneScripts {
  quireTakeLanes(keyCount: number, ...args: (string | number)[]): Promise<number>;
  quireGiveBackLanes(keyCount: number, ...args: (string | number)[]): Promise<number>;
  quireRenewLanes(keyCount: number, ...args: (string | number)[]): Promise<number>;
}

export function redisLanes(url: string, { leaseMs = 30_000, onError = (_err: unknown) => {} } = {}): SharedLanes {
  const redis = redisClient(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false }) as Redis & LaneScripts;
  redis.on('error', () => {}); // reported by the caller, which falls back to the process's own lanes
  redis.defineCommand('quireTakeLanes', { lua: TAKE });
  redis.defineCommand('quireGiveBackLanes', { lua: GIVE_BACK });
  redis.defineCommand('quireRenewLanes', { lua: RENEW });
  const prefix = 'quire:lane:';
  /** Leases this process holds: holder → its lanes' keys. */
  const held = new Map<string, string[]>();

  const renew = async () => {
    if (held.size === 0) return;
    const keys: string[] = [];
    const holders: string[] = [];
    for (const [holder, lanes] of held) for (const key of lanes) keys.push(key), holders.push(holder);
    await redis.quireRenewLanes(keys.length, ...keys, leaseMs, ...holders).catch(onError);
  };
  const timer = setInterval(() => void renew(), Math.max(10, leaseMs / 3));
  timer.unref();

  return {
    ready: new Promise<void>((resolve) => redis.once('ready', () => resolve())),
    async tryTake(lanes) {
      const holder = randomUUID();
      const keys = lanes.map(([key]) => prefix + key);
      const taken = await redis.quireTakeLanes(keys.length, ...keys, holder, leaseMs, ...lanes.map(([, max]) => max));
      if (taken !== 1) return null;
      held.set(holder, keys);
      let given: Promise<void> | undefined;
      return () =>
        (given ??= (async () => {
          held.delete(holder);
          await redis.quireGiveBackLanes(keys.length, ...keys, holder).catch(onError);
        })());
    },
    async close() {
      clearInterval(timer);
      redis.disconnect();
    },
  };
}
