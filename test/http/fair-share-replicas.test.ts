// With Redis, a fair-share limit of N means N across replicas: slots a token
// holds on one replica count on the other, a request waiting on one replica
// gets the slot freed on the other, live connections are capped across them,
// and a replica that dies without giving its slots back leaks them for one
// lease only (src/http/redisCounters.ts).
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisCounters } from '../../src/http/redisCounters.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createOrg, createSpace } from '../support/factories.js';
import { heldRequest, lane, tokenId } from '../support/heldRequests.js';
import { rest } from '../support/http.js';
import { tokenWithScopes } from '../support/tokens.js';
import { watchRedis } from '../support/redisMonitor.js';

const redisUrl = process.env.REDIS_URL;
const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));
async function replica(tenants: Record<string, number>) {
  const started = await startTestApp({ tenants, redisUrl });
  apps.push(started);
  return started;
}
/** Two replicas of one deployment: the same database and the same Redis. */
const replicas = async (tenants: Record<string, number>) => [await replica(tenants), await replica(tenants)] as const;
/** A lane of its own for each run (Redis outlives test runs). */
const laneOf = (name: string) => [[`c:test:${name}:${randomUUID()}`, 1]] as const;

const sse = (target: TestApp, token: string, spaceId: string) =>
  fetch(`${target.baseUrl}/graphql`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify({ query: 'subscription($id: ID!) { spaceChanged(id: $id) { id } }', variables: { id: spaceId } }),
  });

/** A replica whose token has one slot (a line of 10 behind it), held by a request that has not finished. */
async function slotHeld(tenants: Record<string, number> = {}) {
  const target = await replica({ concurrentPerToken: 1, queueLength: 10, ...tenants });
  const org = await createOrg(target);
  const key = `c:token:${await tokenId(target, org)}`;
  const holding = heldRequest(target, org.admin.token);
  await lane(target, key, 1);
  return { target, org, key, holding };
}

describe.skipIf(!redisUrl)('fair share across replicas (Redis)', () => {
  it("counts a token's slots on both replicas: its third request answers 429 on the other one", async () => {
    const [a, b] = await replicas({ concurrentPerToken: 2, queueLength: 0 });
    const org = await createOrg(a);
    const key = `c:token:${await tokenId(a, org)}`;
    const held = [heldRequest(a, org.admin.token), heldRequest(a, org.admin.token)];
    await lane(a, key, 2);

    const third = await rest(b, org.admin.token).get(`/v1/orgs/${org.organizationId}`);
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ error: { code: 429, message: expect.stringMatching(/concurrent requests/) } });

    held.forEach((h) => h.finish());
    expect((await Promise.all(held.map((h) => h.answered))).map((r) => r.status)).toEqual([200, 200]);
    await lane(a, key, 0);
    expect((await rest(b, org.admin.token).get(`/v1/orgs/${org.organizationId}`)).status).toBe(200);
  });

  it('hands a slot freed on one replica to a request waiting on the other', async () => {
    const [a, b] = await replicas({ concurrentPerToken: 1, queueLength: 4 });
    const org = await createOrg(a);
    const key = `c:token:${await tokenId(a, org)}`;
    const holding = heldRequest(a, org.admin.token);
    await lane(a, key, 1);
    let answered = false;
    const waiting = rest(b, org.admin.token)
      .get(`/v1/orgs/${org.organizationId}`)
      .then((r) => ((answered = true), r));
    await lane(b, key, 0, 1);
    expect(answered).toBe(false);

    holding.finish();
    expect((await holding.answered).status).toBe(200);
    expect((await waiting).status).toBe(200);
  });

  it("serves a token's line in arrival order, handing each freed slot on without a round trip", async () => {
    const { target, org, key, holding } = await slotHeld();
    const watched = await watchRedis(redisUrl!);
    try {
      const answeredInOrder: number[] = [];
      const waiting: Promise<number>[] = [];
      for (let i = 0; i < 3; i++) {
        const answer = rest(target, org.admin.token).get(`/v1/orgs/${org.organizationId}`);
        waiting.push(answer.then((r) => (answeredInOrder.push(i), r.status)));
        await lane(target, key, 1, i + 1);
      }
      holding.finish();
      expect(await Promise.all(waiting)).toEqual([200, 200, 200]);
      expect(answeredInOrder).toEqual([0, 1, 2]);
      await lane(target, key, 0);
      await watched.caughtUp();

      // The held request's slot went from each request to the next: never taken again, given back once, at the end.
      const ofLane = (command: string) =>
        watched.seen.filter(
          (c) => c.source === 'lua' && c.command === command && c.args[0] === `quire:lane:${key}` && !c.args.includes('XX'),
        );
      expect(ofLane('zadd')).toHaveLength(0);
      expect(ofLane('zrem')).toHaveLength(1);
    } finally {
      watched.close();
    }
  });

  it('takes a request whose client left out of the line at once, wherever it stood', async () => {
    const { target, org, key, holding } = await slotHeld();
    const first = rest(target, org.admin.token).get(`/v1/orgs/${org.organizationId}`);
    await lane(target, key, 1, 1);
    // Second in line: it does not poll Redis, so only its client's leaving can take it out.
    const leaving = new AbortController();
    const left = fetch(`${target.baseUrl}/v1/orgs/${org.organizationId}`, {
      headers: { Authorization: `Bearer ${org.admin.token}` },
      signal: leaving.signal,
    }).catch((err: Error) => err.name);
    await lane(target, key, 1, 2);

    leaving.abort();
    expect(await left).toBe('AbortError');
    await lane(target, key, 1, 1);
    holding.finish();
    expect((await first).status).toBe(200);
    await lane(target, key, 0);
    const redis = new Redis(redisUrl!);
    try {
      expect(await redis.zcard(`quire:lane:${key}`)).toBe(0);
    } finally {
      redis.disconnect();
    }
  });

  it('answers 429 to a request that waited past the timeout, and serves the one behind it', async () => {
    const { target, org, key, holding } = await slotHeld({ queueTimeoutMs: 300 });
    const first = await rest(target, org.admin.token).get(`/v1/orgs/${org.organizationId}`);
    expect(first.status).toBe(429);
    expect(first.body).toEqual({ error: { code: 429, message: expect.stringMatching(/Waited too long/) } });
    expect(first.headers.get('retry-after')).toBe('1');
    await lane(target, key, 1, 0);

    const next = rest(target, org.admin.token).get(`/v1/orgs/${org.organizationId}`);
    await lane(target, key, 1, 1);
    holding.finish();
    expect((await next).status).toBe(200);
    await lane(target, key, 0);
  });

  it('bounds an organization across replicas and tokens', async () => {
    const [a, b] = await replicas({ concurrentPerToken: 4, concurrentPerOrganization: 1, queueLength: 0 });
    const org = await createOrg(a);
    const holding = heldRequest(a, org.admin.token);
    await lane(a, `o:${org.organizationId}`, 1);
    const otherToken = await tokenWithScopes(a, org.admin.userId, []);
    const other = await rest(b, otherToken.token).get(`/v1/orgs/${org.organizationId}`);
    expect(other.status).toBe(429);
    holding.finish();
    expect((await holding.answered).status).toBe(200);
  });

  it("caps a token's live connections across replicas", async () => {
    const [a, b] = await replicas({ connectionsPerToken: 1 });
    const org = await createOrg(a);
    const space = await createSpace(a, org);
    const first = await sse(a, org.admin.token, space.id);
    expect(first.status).toBe(200);
    const second = await sse(b, org.admin.token, space.id);
    expect(second.status).toBe(429);
    expect(await second.text()).toMatch(/live connections/);
    await first.body!.cancel();
  });

  it('lets the slots of a replica that died go after one lease', async () => {
    const lanes = laneOf('crashed-holder');
    const crashed = redisCounters(redisUrl!, { leaseMs: 300 });
    await crashed.lanes.ready;
    expect(await crashed.lanes.tryTake(lanes)).not.toBeNull();
    await crashed.close(); // gone without giving back, and without renewing

    const survivor = redisCounters(redisUrl!, { leaseMs: 300 });
    await survivor.lanes.ready;
    try {
      expect(await survivor.lanes.tryTake(lanes)).toBeNull();
      let giveBack: (() => Promise<void>) | null = null;
      for (let i = 0; i < 200 && !giveBack; i++) {
        giveBack = await survivor.lanes.tryTake(lanes);
        if (!giveBack) await new Promise((r) => setTimeout(r, 20));
      }
      expect(giveBack).not.toBeNull();
      await giveBack!();
    } finally {
      await survivor.close();
    }
  });

  it('gives back the slots of answers that finish together in one command', async () => {
    const counters = redisCounters(redisUrl!);
    await counters.lanes.ready;
    const redis = new Redis(redisUrl!);
    const watched = await watchRedis(redisUrl!);
    try {
      const wanted = [laneOf('batch-a'), laneOf('batch-b'), laneOf('batch-c')];
      const keys = wanted.map(([[key]]) => `quire:lane:${key}`);
      const giveBacks = await Promise.all(wanted.map((lanes) => counters.lanes.tryTake(lanes)));
      expect(giveBacks.every((giveBack) => giveBack !== null)).toBe(true);
      await Promise.all(giveBacks.map((giveBack) => giveBack!()));
      await watched.caughtUp();

      const sent = watched.seen.filter((c) => c.source !== 'lua').map((c) => [c.command, ...c.args]);
      const touching = sent.filter((args) => args.some((arg) => keys.includes(arg)));
      // Three takes, then one give-back for all three (EVAL the first time Redis meets a script, EVALSHA after).
      expect(touching.map((args) => args[0].replace('evalsha', 'eval'))).toEqual(['eval', 'eval', 'eval', 'eval']);
      expect(touching[3]).toEqual(expect.arrayContaining(keys));
      for (const key of keys) expect(await redis.zcard(key)).toBe(0);
    } finally {
      watched.close();
      redis.disconnect();
      await counters.close();
    }
  });

  it('renews a lease while its holder lives', async () => {
    const lanes = laneOf('long-holder');
    const holder = redisCounters(redisUrl!, { leaseMs: 300 });
    await holder.lanes.ready;
    const redis = new Redis(redisUrl!);
    try {
      const giveBack = await holder.lanes.tryTake(lanes);
      expect(giveBack).not.toBeNull();
      const key = `quire:lane:${lanes[0][0]}`;
      const [member, firstEnd] = await redis.zrange(key, 0, 0, 'WITHSCORES');
      // The lease's end moves forward while it is held (polling state, not time).
      let end = Number(firstEnd);
      for (let i = 0; i < 500 && end <= Number(firstEnd); i++) {
        await new Promise((r) => setTimeout(r, 10));
        end = Number(await redis.zscore(key, member));
      }
      expect(end).toBeGreaterThan(Number(firstEnd));
      await giveBack!();
      expect(await redis.zscore(key, member)).toBeNull();
    } finally {
      await holder.close();
      redis.disconnect();
    }
  });
});
