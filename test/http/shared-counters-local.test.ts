// What a request spares Redis (src/http/redisCounters.ts): hits counted in
// chunks and used here one by one, and slots that linger after their answer
// for the caller's next request. The limits still hold: exact on one replica,
// never past the limit across replicas, and a lingering slot gives way to
// another caller of a lane it fills.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisCounters } from '../../src/http/redisCounters.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createOrg } from '../support/factories.js';
import { request } from '../support/http.js';
import { watchRedis } from '../support/redisMonitor.js';

const redisUrl = process.env.REDIS_URL;
const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));
const started = async (options: Parameters<typeof startTestApp>[0]) => {
  const app = await startTestApp({ ...options, redisUrl });
  apps.push(app);
  return app;
};
/** A lane key of its own for each run (Redis outlives test runs). */
const fresh = (name: string) => `test:${name}:${randomUUID()}`;

/** A process's counters whose slots linger a minute, and a client to look at Redis with, for `test`. */
async function withLingeringCounters(test: (counters: ReturnType<typeof redisCounters>, redis: Redis) => Promise<void>) {
  const counters = redisCounters(redisUrl!, { lingerMs: 60_000 });
  await counters.lanes.ready;
  const redis = new Redis(redisUrl!);
  try {
    await test(counters, redis);
  } finally {
    redis.disconnect();
    await counters.close();
  }
}

async function caller(target: TestApp) {
  const org = await createOrg(target);
  const token = await target.prisma.apiToken.findFirstOrThrow({ where: { userId: org.admin.userId } });
  return { org, token: org.admin.token, tokenId: token.id };
}

describe.skipIf(!redisUrl)('counters kept here between requests (Redis)', () => {
  it("counts a token's hits in chunks on one replica: exact headers, the limit's next request refused, fewer commands than requests", async () => {
    const target = await started({ rateLimit: { windowSeconds: 3600, perToken: 40, perAddress: 1000 } });
    const { org, token, tokenId } = await caller(target);
    const watched = await watchRedis(redisUrl!);
    try {
      const remaining: string[] = [];
      const statuses: number[] = [];
      for (let i = 0; i < 41; i++) {
        const res = await request(target, 'GET', `/v1/orgs/${org.organizationId}`, { token });
        statuses.push(res.status);
        remaining.push(res.headers.get('x-ratelimit-remaining')!);
      }
      expect(statuses).toEqual([...Array(40).fill(200), 429]);
      expect(remaining).toEqual([...Array.from({ length: 40 }, (_, i) => String(39 - i)), '0']);
      await watched.caughtUp();
      const counting = watched.seen.filter(
        (c) => c.source !== 'lua' && c.args.some((arg) => arg.startsWith(`quire:ratelimit:token:${tokenId}:`)),
      );
      expect(counting.length).toBeLessThan(30);
    } finally {
      watched.close();
    }
  });

  it('never admits more than the limit when both replicas take hits at once', async () => {
    const limits = {
      rateLimit: { windowSeconds: 3600, perToken: 30, perAddress: 1000 },
      tenants: { concurrentPerToken: 1000, concurrentPerOrganization: 1000 },
    };
    const [a, b] = [await started(limits), await started(limits)];
    b.clock.set(a.clock.now());
    const { org, token } = await caller(a);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => request(i % 2 ? a : b, 'GET', `/v1/orgs/${org.organizationId}`, { token })),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(30);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
  });

  it("lets a slot given back while its lanes had room linger: the same lanes' next take costs no command", () =>
    withLingeringCounters(async (counters, redis) => {
      const key = fresh('linger');
      const watched = await watchRedis(redisUrl!);
      try {
        const first = await counters.lanes.tryTake([[key, 5]]);
        const lingered = first!();
        const second = await counters.lanes.tryTake([[key, 5]]);
        expect(second).not.toBeNull();
        await lingered; // (it resolves once its slot has left: taken again)
        await watched.caughtUp();
        const touching = watched.seen.filter((c) => c.source !== 'lua' && c.args.includes(`quire:lane:${key}`));
        expect(touching).toHaveLength(1);
        expect(await redis.zcard(`quire:lane:${key}`)).toBe(1);

        // Closing the process gives its lingering slots back.
        void second!();
        await counters.close();
        expect(await redis.zcard(`quire:lane:${key}`)).toBe(0);
      } finally {
        watched.close();
      }
    }));

  it("keeps a slot of lanes with room to spare long after its answer, for the caller's next request", async () => {
    const counters = redisCounters(redisUrl!, { lingerMs: 1, longLingerMs: 60_000 });
    await counters.lanes.ready;
    const key = fresh('long-linger');
    const watched = await watchRedis(redisUrl!);
    try {
      void (await counters.lanes.tryTake([[key, 100]]))!();
      await new Promise((r) => setTimeout(r, 50)); // past the short linger
      expect(await counters.lanes.tryTake([[key, 100]])).not.toBeNull();
      await watched.caughtUp();
      expect(watched.seen.filter((c) => c.source !== 'lua' && c.args.includes(`quire:lane:${key}`))).toHaveLength(1);
    } finally {
      watched.close();
      await counters.close();
    }
  });

  it('gives a lane its last slot back at once, without lingering', () =>
    withLingeringCounters(async (counters, redis) => {
      const key = fresh('last-slot');
      const giveBack = await counters.lanes.tryTake([[key, 1]]);
      await giveBack!();
      expect(await redis.zcard(`quire:lane:${key}`)).toBe(0);
    }));

  it('sends a lingering slot back when another caller finds a lane it shares full, and gives that caller the slot', () =>
    withLingeringCounters(async (counters, redis) => {
      const organization = fresh('shared-org');
      const ofCaller = (name: string) =>
        [
          [fresh(name), 5],
          [organization, 2],
        ] as const;
      const lingering = await counters.lanes.tryTake(ofCaller('a'));
      void lingering!(); // the organization had one slot left: it lingers
      const second = await counters.lanes.tryTake(ofCaller('b')); // the organization's last slot
      expect(second).not.toBeNull();
      const third = await counters.lanes.tryTake(ofCaller('c'));
      expect(third).not.toBeNull();
      expect(await redis.zcard(`quire:lane:${organization}`)).toBe(2);
      // With both slots in use, a fourth caller finds the organization full.
      expect(await counters.lanes.tryTake(ofCaller('d'))).toBeNull();
      await Promise.all([second!(), third!()]);
      expect(await redis.zcard(`quire:lane:${organization}`)).toBe(0);
    }));
});
