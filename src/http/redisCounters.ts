// Counters shared by every replica, in Redis: the rate limit's hits
// (src/http/rateLimit.ts) and the fair share's slots (src/http/fairShare.ts),
// on one connection and through one script: when a request needs Redis, one
// round trip counts its hits and takes its slots, and one gives the slots back
// (batched with the other requests of that moment). Most requests need none:
// - hits are counted in chunks, used here one by one (src/http/hitReservations.ts);
// - slots taken while their lanes had room to spare linger here when given
//   back (20 ms; a second where the lanes had half their slots and 8 free:
//   `lingerOf`): the caller's next request here takes them again.
//
// A hit is INCRBY of a key of the window, with its expiry set on the window's
// first hit. A lane is a sorted set of leases: member = holder id, score =
// when the lease ends (Redis's own clock, so replicas' clocks need not agree).
// A holder takes every lane of a request at once or none, gives them back when
// its answer is done (or its linger ends), and this process renews the leases
// it holds while they are held: a replica that crashes leaks its slots for one
// lease at most.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { redisClient } from '../net/redis.js';
import { hitReservations } from './hitReservations.js';
import { type Lease, lingeringLeases } from './lingeringLeases.js';

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
 * holder, lease length, the limit of each key in KEYS' order, then how many
 * hits to count for each hit key (its chunk). Answers {1 when the lanes were
 * taken else 0, total of each hit key, and when taken the lanes' least room
 * left}. Lanes are taken only when every hit (the first of its chunk) is
 * within its limit: a refused request holds no slot.
 */
const ADMIT = `
local hits = tonumber(ARGV[1])
local chunks = 4 + #KEYS
local answer = {0}
for i = 1, hits do
  local chunk = tonumber(ARGV[chunks + i])
  answer[i + 1] = redis.call('INCRBY', KEYS[i], chunk)
  if answer[i + 1] == chunk then redis.call('PEXPIRE', KEYS[i], ARGV[2]) end
end
if #KEYS == hits then return answer end
for i = 1, hits do
  if answer[i + 1] - tonumber(ARGV[chunks + i]) + 1 > tonumber(ARGV[4 + i]) then return answer end
end
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local lease = tonumber(ARGV[4])
local room = math.huge
for i = hits + 1, #KEYS do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', nowMs)
  local left = tonumber(ARGV[4 + i]) - redis.call('ZCARD', KEYS[i])
  if left <= 0 then return answer end
  room = math.min(room, left - 1)
end
for i = hits + 1, #KEYS do
  redis.call('ZADD', KEYS[i], nowMs + lease, ARGV[3])
  redis.call('PEXPIRE', KEYS[i], lease * 2)
end
answer[1] = 1
answer[hits + 2] = room
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

/** A hit counter's Redis key, its limit, and how many hits to count at once. */
interface CountedHit {
  key: string;
  limit: number;
  chunk: number;
}

/**
 * How long a lease lingers once given back, by `room`, the fewest slots its
 * lanes had left when it was taken, and `largest`, the largest of their limits:
 * none for a lane's last slot; `longMs` where every lane had half its slots and
 * at least 8 left, so that lingering leases (one per recent caller) cannot fill
 * it; `shortMs` otherwise.
 */
export const lingerOf = (room: number, largest: number, { shortMs = 20, longMs = 1000 } = {}) =>
  room <= 0 ? 0 : room >= Math.max(8, largest / 2) ? longMs : shortMs;

export function redisCounters(
  url: string,
  { leaseMs = 30_000, lingerMs = 20, longLingerMs = 1000, onLaneError = (_err: unknown) => {} } = {},
) {
  const redis = redisClient(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false }) as Redis & CounterScripts;
  redis.on('error', () => {}); // reported per request by the callers, which fall back
  // ioredis sends EVALSHA, and the script itself once when Redis does not know it yet.
  redis.defineCommand('quireAdmit', { lua: ADMIT });
  redis.defineCommand('quireGiveBack', { lua: GIVE_BACK });
  redis.defineCommand('quireRenew', { lua: RENEW });
  /** Leases this process holds (lingering ones too): holder → its lanes' keys. */
  const held = new Map<string, string[]>();
  const giveBacks = batchedGiveBacks(redis, onLaneError);
  const hits = hitReservations();
  const release = (lease: Lease) => {
    held.delete(lease.holder);
    return giveBacks.add(lease.holder, lease.keys);
  };
  const lingering = lingeringLeases(release);
  /** The linger of a lease just taken of `lanes`, with `room` slots left in the fullest. */
  const lingerOfTaken = (room: number, lanes: readonly LaneWant[]) =>
    lingerOf(room, Math.max(...lanes.map(([, max]) => max)), { shortMs: lingerMs, longMs: longLingerMs });

  const renew = async () => {
    if (held.size === 0) return;
    const keys: string[] = [];
    const holders: string[] = [];
    for (const [holder, lanes] of held) for (const key of lanes) keys.push(key), holders.push(holder);
    await redis.quireRenew(keys.length, ...keys, leaseMs, ...holders).catch(onLaneError);
  };
  const timer = setInterval(() => void renew(), Math.max(10, leaseMs / 3));
  timer.unref();

  /** The function that gives `lease` back: it lingers when it may, else goes back to Redis. */
  const giveBackOf = (lease: Lease): GiveBack => {
    let given: Promise<void> | undefined;
    return () => (given ??= lingering.add(lease));
  };

  /** One script call: counts each hit by its chunk and, when `lanes` are given, takes them. */
  async function send(counted: readonly CountedHit[], windowMs: number, lanes: readonly LaneWant[]) {
    const holder = lanes.length ? randomUUID() : '';
    const laneKeys = lanes.map(([key]) => LANE_PREFIX + key);
    const keys = [...counted.map((hit) => hit.key), ...laneKeys];
    const limits = [...counted.map((hit) => hit.limit), ...lanes.map(([, max]) => max)];
    const chunks = counted.map((hit) => hit.chunk);
    const answer = await redis.quireAdmit(keys.length, ...keys, counted.length, windowMs, holder, leaseMs, ...limits, ...chunks);
    const taken = answer[0] === 1;
    if (answer.length !== counted.length + (taken ? 2 : 1)) throw new Error('short admission script answer');
    const lease: Lease | null = taken
      ? { holder, keys: laneKeys, lingerMs: lingerOfTaken(Number(answer[counted.length + 1]), lanes) }
      : null;
    if (lease) held.set(holder, laneKeys);
    return { totals: answer.slice(1, counted.length + 1).map(Number), lease };
  }

  /** Counts `wanted` hits in the window starting at `windowStart` and, when all are within their limits, takes `lanes`. */
  async function admit(wanted: readonly HitWant[], windowStart: Date, windowMs: number, lanes: readonly LaneWant[]): Promise<Admission> {
    const window = windowStart.getTime();
    const { counts, chunks } = hits.plan(wanted, window);
    const within = () => counts.every((count, i) => count === undefined || count <= wanted[i][1]);
    const laneKeys = lanes.length && within() ? lanes.map(([key]) => LANE_PREFIX + key) : [];
    // A lease of the same lanes lingering here is taken again without Redis.
    let lease = laneKeys.length ? lingering.take(laneKeys) : undefined;
    const asked = wanted.flatMap((_, i) => (counts[i] === undefined ? [i] : []));
    const taking = laneKeys.length && !lease ? lanes : [];
    if (asked.length || taking.length) {
      const counted = asked.map(
        (i): CountedHit => ({ key: `${HIT_PREFIX}${wanted[i][0]}:${window}`, limit: wanted[i][1], chunk: chunks[i] }),
      );
      const answer = await send(counted, windowMs, taking).catch((err) => {
        if (lease) void lingering.add(lease);
        throw err;
      });
      asked.forEach((i, n) => (counts[i] = hits.settle(wanted[i][0], window, chunks[i], answer.totals[n])));
      if (lease && !within()) void lingering.add(lease), (lease = undefined);
      if (taking.length && within()) lease = answer.lease ?? (await retakeFreed(taking));
    }
    return { counts: counts as number[], giveBack: lease ? giveBackOf(lease) : null };
  }

  /** Lanes Redis found full: when leases lingering here hold some of them, they go back first and the lanes are tried again. */
  async function retakeFreed(lanes: readonly LaneWant[]) {
    if (!(await lingering.releaseAny(lanes.map(([key]) => LANE_PREFIX + key)))) return undefined;
    return (await send([], 0, lanes)).lease ?? undefined;
  }

  const lanes: SharedLanes = {
    ready: new Promise<void>((resolve) => redis.once('ready', () => resolve())),
    tryTake: async (wanted) => (await admit([], new Date(0), 0, wanted)).giveBack,
  };
  return {
    admit,
    lanes,
    /** Counts one hit of each counter: key → count so far in the window (a RateLimitStore's `hit`). */
    async hit(counters: readonly HitWant[], windowStart: Date, windowMs: number): Promise<Map<string, number>> {
      const { counts } = await admit(counters, windowStart, windowMs, []);
      return new Map(counters.map(([key], i) => [key, counts[i]]));
    },
    async close() {
      clearInterval(timer);
      await lingering.close();
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
