// The fair share's line for shared slots (src/http/fairShare.ts), against a
// stand-in for Redis: who gets a slot, in which order, and that none is lost.
import { describe, expect, it, vi } from 'vitest';
import { fairShare } from '../../../src/http/fairShare.js';
import type { GiveBack, SharedLanes } from '../../../src/http/redisCounters.js';

const limits = {
  concurrentPerToken: 1,
  concurrentPerOrganization: 100,
  concurrentPerProcess: 100,
  queueLength: 10,
  queueTimeoutMs: 10_000,
};
const tenant = { caller: 'token:t1', organizations: ['o1'] };
const lane = 'c:token:t1';

/** Redis as the line sees it: every try finds the lanes full; the slots a test makes note when they are given back. */
function fullRedis() {
  const givenBack: string[] = [];
  const shared: SharedLanes = { ready: Promise.resolve(), tryTake: vi.fn(async () => null) };
  const slot =
    (name: string): GiveBack =>
    async () => {
      givenBack.push(name);
    };
  return { shared, givenBack, slot };
}

describe('the shared line', () => {
  it('hands the slot of a first try that came back after others got in line to the oldest of them', async () => {
    const redis = fullRedis();
    const shares = fairShare(limits, redis.shared);
    const { signal } = new AbortController();
    const first = shares.acquire(tenant, signal, null); // its try with the rate limit found the lane full
    await vi.waitFor(() => expect(shares.usage(lane).waiting).toBe(1));

    // The second's try came back with a slot (freed on another replica): it is the first's, not lost.
    const second = shares.acquire(tenant, signal, redis.slot('taken by the second'));
    const releaseFirst = await first;
    expect(shares.usage(lane)).toEqual({ active: 1, waiting: 1 });
    releaseFirst();
    const releaseSecond = await second;
    expect(redis.givenBack).toEqual([]);
    releaseSecond();
    await vi.waitFor(() => expect(redis.givenBack).toEqual(['taken by the second']));
    expect(shares.usage(lane)).toEqual({ active: 0, waiting: 0 });
  });

  it('serves the line in order, each slot handed on without going back to Redis', async () => {
    const redis = fullRedis();
    const shares = fairShare(limits, redis.shared);
    const { signal } = new AbortController();
    const holder = await shares.acquire(tenant, signal, redis.slot('the one slot'));
    const served: number[] = [];
    const waiting = [0, 1, 2].map((i) => shares.acquire(tenant, signal, null).then((release) => (served.push(i), release)));
    await vi.waitFor(() => expect(shares.usage(lane).waiting).toBe(3));

    holder();
    for (const next of waiting) (await next)();
    expect(served).toEqual([0, 1, 2]);
    await vi.waitFor(() => expect(redis.givenBack).toEqual(['the one slot']));
  });
});
