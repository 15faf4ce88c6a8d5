// Counters shared by every replica, in Redis: the rate limit's hits
// (src/http/rateLimit.ts) and the fair share's slots (src/http/fairShare.ts),
// on one connection and through one script, so an API request costs two round
// trips: one counts its hits and takes its slots, one gives the slots back
// (batched with the other requests of that moment).
//
// A hit is INCR of a key of the window, with its expiry set on the window's
// first hit. A lane is a sorted set of leases: member = holder id, score =
// when the lease ends (Redis's own clock, so replicas' clocks need not agree).
// A holder takes every lane of a request at once or none, gives them back when
// its answer is done, and this process renews the leases it holds while they
// are held: a replica that crashes leaks its slots for one lease at most.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { redisClient } from '../net/redis.js';

/** One lane a request wants a slot in: its key and its limit. */
export type LaneWant = readonly [key: string, max: number];
/** One rate-limit counter of a request: its key and its limit. */
export type HitWant = readonly [key: string, limit: number];
/** Gives a request's slots back; resolves once Redis has them again. */
export type GiveBack = () => Promise<void>;

export interface SharedLanes {
  /** Takes a slot in every lane, or none; null when one of them is full. Rejects when Redis is unreachable. */
  tryTake(lanes: readonly LaneWant[]): Promise<GiveBack | null>;
  /** Resolves once connected (until then, tries reject and the process counts alone). */
  ready: Promise<void>;
}

/** What one admission answered: each counter's hits so far, and the slots when they were taken. */
export interface Admission {
  counts: number[];
  /** Null when a lane was full, or a counter past its limit (then no slot is taken). */
  giveBack: GiveBack | null;
}

/**
 * KEYS: `ARGV[1]` hit keys, then lane keys. ARGV: hit count, window length,
 * holder, lease length, then the limit of each key in KEYS' order (read only
 * when there are lanes). Answers {1 when the lanes were taken else 0, count of
 * each hit key}. Lanes are taken only when every count is within its limit: a
 * refused request holds no slot.
 */
const ADMIT = `
local hits = tonumber(ARGV[1])
local answer = {0}
for i = 1, hits do
  answer[i + 1] = redis.call('INCR', KEYS[i])
  if answer[i + 1] == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[2]) end
end
if #KEYS == hits then return answer end
for i = 1, hits do
  if answer[i + 1] > tonumber(ARGV[4 + i]) then return answer end
end
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local lease = tonumber(ARGV[4])
for i = hits + 1, #KEYS do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', nowMs)
  if redis.call('ZCARD', KEYS[i]) >= tonumber(ARGV[4 + i]) then return answer end
end
for i = hits + 1, #KEYS do
  redis.call('ZADD', KEYS[i], nowMs + lease, ARGV[3])
  redis.call('PEXPIRE', KEYS[i], lease * 2)
end
answer[1] = 1
return answer`;

/** KEYS[i] is held by ARGV[i]: the leases of many holders given back at once. */
const GIVE_BACK = `
for i, key in ipairs(KEYS) do redis.call('ZREM', key, ARGV[i]) end
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

interface CounterScripts {
  quireAdmit(keyCount: number, ...args: (string | number)[]): Promise<number[]>;
  quireGiveBack(keyCount: number, ...args: (string | number)[]): Promise<number>;
  quireRenew(keyCount: number, ...args: (string | number)[]): Promise<number>;
}

const LANE_PREFIX = 'quire:lane:';
const HIT_PREFIX = 'quire:ratelimit:';

export function redisCounters(url: string, { leaseMs = 30_000, onLaneError = (_err: unknown) => {} } = {}) {
  const redis = redisClient(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false }) as Redis & CounterScripts;
  redis.on('error', () => {}); // reported per request by the callers, which fall back
  // ioredis sends EVALSHA, and the script itself once when Redis does not know it yet.
  redis.defineCommand('quireAdmit', { lua: ADMIT });
  redis.defineCommand('quireGiveBack', { lua: GIVE_BACK });
  redis.defineCommand('quireRenew', { lua: RENEW });
  /** Leases this process holds: holder → its lanes' keys. */
  const held = new Map<string, string[]>();
  const giveBacks = batchedGiveBacks(redis, onLaneError);

  const renew = async () => {
    if (held.size === 0) return;
    const keys: string[] = [];
    const holders: string[] = [];
    for (const [holder, lanes] of held) for (const key of lanes) keys.push(key), holders.push(holder);
    await redis.quireRenew(keys.length, ...keys, leaseMs, ...holders).catch(onLaneError);
  };
  const timer = setInterval(() => void renew(), Math.max(10, leaseMs / 3));
  timer.unref();

  /** Counts `hits` in the window starting at `windowStart` and, when all are within their limits, takes `lanes`. */
  async function admit(hits: readonly HitWant[], windowStart: Date, windowMs: number, lanes: readonly LaneWant[]): Promise<Admission> {
    const holder = lanes.length ? randomUUID() : '';
    const suffix = `:${windowStart.getTime()}`;
    const laneKeys = lanes.map(([key]) => LANE_PREFIX + key);
    const keys = [...hits.map(([key]) => `${HIT_PREFIX}${key}${suffix}`), ...laneKeys];
    const limits = [...hits, ...lanes].map(([, limit]) => limit);
    const answer = await redis.quireAdmit(keys.length, ...keys, hits.length, windowMs, holder, leaseMs, ...limits);
    if (answer.length !== hits.length + 1) throw new Error('short admission script answer');
    const counts = answer.slice(1).map(Number);
    if (answer[0] !== 1) return { counts, giveBack: null };
    held.set(holder, laneKeys);
    let given: Promise<void> | undefined;
    const giveBack = () =>
      (given ??= (() => {
        held.delete(holder);
        return giveBacks.add(holder, laneKeys);
      })());
    return { counts, giveBack };
  }

  const lanes: SharedLanes = {
    ready: new Promise<void>((resolve) => redis.once('ready', () => resolve())),
    tryTake: async (wanted) => (await admit([], new Date(0), 0, wanted)).giveBack,
  };
  return {
    admit,
    lanes,
    /** Counts one hit of each key: key → count so far in the window (a RateLimitStore's `hit`). */
    async hit(keys: string[], windowStart: Date, windowMs: number): Promise<Map<string, number>> {
      // No lanes: the limits are not read (the limiter judges the counts).
      const { counts } = await admit(
        keys.map((key): HitWant => [key, 0]),
        windowStart,
        windowMs,
        [],
      );
      return new Map(keys.map((key, i) => [key, counts[i]]));
    },
    async close() {
      clearInterval(timer);
      redis.disconnect();
    },
  };
}

export type RedisCounters = ReturnType<typeof redisCounters>;

/**
 * Give-backs of one turn of the event loop go in one script call: answers that
 * finish together cost one round trip, not one each.
 */
function batchedGiveBacks(redis: Redis & CounterScripts, onError: (err: unknown) => void) {
  let keys: string[] = [];
  let holders: string[] = [];
  let sent: Promise<void> | undefined;
  const send = () => {
    const batch = [keys, holders] as const;
    keys = [];
    holders = [];
    sent = undefined;
    return redis.quireGiveBack(batch[0].length, ...batch[0], ...batch[1]).then(() => {}, onError);
  };
  return {
    add(holder: string, laneKeys: readonly string[]): Promise<void> {
      for (const key of laneKeys) keys.push(key), holders.push(holder);
      return (sent ??= new Promise<void>((resolve) => setImmediate(() => void send().then(resolve))));
    },
  };
}
