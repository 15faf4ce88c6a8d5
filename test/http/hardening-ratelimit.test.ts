// Rate limiting per token (and per client address without a valid token), on
// REST, GraphQL and graphql-ws, counted in PostgreSQL (shared by replicas) or
// in Redis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { spawnTracked } from '../support/processes.js';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { randomInt } from 'node:crypto';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { Redis } from 'ioredis';
import { startIsolatedTestApp, startTestApp, type TestApp, useTestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { createOrg } from '../support/factories.js';
import { watchRedis } from '../support/redisMonitor.js';

const limits = { windowSeconds: 60, perToken: 3, perAddress: 2 };

// Behind one proxy: X-Forwarded-For gives each test its own client address.
const app = useTestApp({ rateLimit: limits, trustProxyHops: 1 });

/** X-Forwarded-For as one trusted proxy sends it: what the client claimed, then the address the proxy saw. */
const randomAddress = () => `198.51.100.${randomInt(1, 255)}, 10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;
const windowEnd = (now: Date) => Math.ceil((now.getTime() - (now.getTime() % 60_000) + 60_000) / 1000);

async function caller(target: TestApp) {
  const org = await createOrg(target);
  const token = await target.prisma.apiToken.findFirstOrThrow({ where: { userId: org.admin.userId } });
  return { org, token: org.admin.token, tokenId: token.id };
}

describe('rate limiting per token', () => {
  it("counts a token's hit in the token statement itself: no extra round trip", async () => {
    const { org, token, tokenId } = await caller(app);
    const { result, statements } = await app.recordStatements(() => request(app, 'GET', `/v1/orgs/${org.organizationId}`, { token }));
    expect(result.headers.get('x-ratelimit-remaining')).toBe('2');
    expect(statements.filter((sql) => sql.includes('"RateLimit"'))).toHaveLength(1);
    expect(statements.find((sql) => sql.includes('"RateLimit"'))).toMatch(/"ApiToken"/);
    expect((await app.prisma.rateLimit.findUniqueOrThrow({ where: { key: `token:${tokenId}` } })).count).toBe(1);
  });

  it('counts down in X-RateLimit-* headers, then answers 429 with Retry-After in the REST error shape', async () => {
    const { org, token, tokenId } = await caller(app);
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await request(app, 'GET', `/v1/orgs/${org.organizationId}`, { token });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('3');
      expect(res.headers.get('x-ratelimit-reset')).toBe(String(windowEnd(app.clock.now())));
      expect(res.headers.get('retry-after')).toBeNull();
      remaining.push(res.headers.get('x-ratelimit-remaining')!);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const refused = await request(app, 'GET', `/v1/orgs/${org.organizationId}`, { token });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { code: 429, message: expect.stringMatching(/rate limit/i) } });
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBe(windowEnd(app.clock.now()) - Math.floor(app.clock.now().getTime() / 1000));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The counter is one row in PostgreSQL.
    const row = await app.prisma.rateLimit.findUniqueOrThrow({ where: { key: `token:${tokenId}` } });
    expect(row.count).toBe(4);
  });

  it('shares one budget between REST and GraphQL, and refuses GraphQL in the GraphQL error shape', async () => {
    const { org, token } = await caller(app);
    expect((await request(app, 'POST', '/graphql', { token, body: { query: '{ viewer { id } }' } })).body.data.viewer.id).toBe(
      org.admin.userId,
    );
    expect((await request(app, 'GET', '/v1/orgs', { token })).status).toBe(200);
    expect(
      (await request(app, 'POST', '/graphql', { token, body: { query: '{ viewer { id } }' } })).headers.get('x-ratelimit-remaining'),
    ).toBe('0');
    const refused = await request(app, 'POST', '/graphql', { token, body: { query: '{ viewer { id } }' } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.body).toEqual({
      errors: [{ message: expect.stringMatching(/rate limit/i), extensions: { code: 'RATE_LIMITED', status: 429 } }],
    });
    expect(refused.body.data).toBeUndefined();
  });

  it('gives each token its own budget and starts over in the next window', async () => {
    const first = await caller(app);
    const second = await caller(app);
    for (let i = 0; i < 4; i++) await request(app, 'GET', '/v1/orgs', { token: first.token });
    expect((await request(app, 'GET', '/v1/orgs', { token: first.token })).status).toBe(429);
    const other = await request(app, 'GET', '/v1/orgs', { token: second.token });
    expect(other.status).toBe(200);
    expect(other.headers.get('x-ratelimit-remaining')).toBe('2');
    app.clock.advance(60_000);
    const next = await request(app, 'GET', '/v1/orgs', { token: first.token });
    expect(next.status).toBe(200);
    expect(next.headers.get('x-ratelimit-remaining')).toBe('2');
    expect(next.headers.get('x-ratelimit-reset')).toBe(String(windowEnd(app.clock.now())));
  });

  it('counts subscribe messages over graphql-ws against the same token', async () => {
    const { org, token } = await caller(app);
    const client = createClient({
      url: `${app.baseUrl.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
    });
    const run = () =>
      new Promise<{ data?: any; errors?: any[] }>((resolve) => {
        let result = {};
        client.subscribe(
          { query: '{ viewer { id } }' },
          { next: (r) => void (result = r), error: (e) => resolve({ errors: e as any[] }), complete: () => resolve(result) },
        );
      });
    try {
      for (let i = 0; i < 3; i++) expect((await run()).data).toEqual({ viewer: { id: org.admin.userId } });
      const refused = await run();
      expect(refused.errors?.[0].extensions).toEqual({ code: 'RATE_LIMITED', status: 429 });
    } finally {
      await client.dispose();
    }
  });

  it('is shared by replicas through PostgreSQL', async () => {
    const replica = await startTestApp({ rateLimit: limits, trustProxyHops: 1 });
    try {
      replica.clock.set(app.clock.now());
      const { token } = await caller(app);
      const statuses = [];
      for (const target of [app, replica, app, replica]) statuses.push((await request(target, 'GET', '/v1/orgs', { token })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await replica.close();
    }
  });

  it('purges the counters of windows that are over', async () => {
    // The purge removes every window over by the clock it reads, whoever counted in it.
    const isolated = await startIsolatedTestApp({ rateLimit: limits, trustProxyHops: 1 });
    try {
      const { token, tokenId } = await caller(isolated);
      // One second into a window: 30 s later it is still running, 90 s later it is over.
      const now = isolated.clock.now().getTime();
      isolated.clock.set(new Date(now - (now % 60_000) + 60_000 + 1000));
      await request(isolated, 'GET', '/v1/orgs', { token });
      isolated.clock.advance(30_000);
      await isolated.quire.rateLimiter!.purge();
      expect(await isolated.prisma.rateLimit.findUnique({ where: { key: `token:${tokenId}` } })).not.toBeNull();
      isolated.clock.advance(60_000);
      await isolated.quire.rateLimiter!.purge();
      expect(await isolated.prisma.rateLimit.findUnique({ where: { key: `token:${tokenId}` } })).toBeNull();
    } finally {
      await isolated.close();
    }
  });
});

describe('rate limiting per client address', () => {
  it('limits calls without a valid token by address, 401s included', async () => {
    const address = randomAddress();
    const headers = { 'X-Forwarded-For': address };
    const first = await request(app, 'GET', '/v1/orgs', { headers });
    expect(first.status).toBe(401);
    expect(first.headers.get('x-ratelimit-limit')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    expect((await request(app, 'GET', '/v1/orgs', { headers, token: 'qt_forged' })).status).toBe(401);
    const refused = await request(app, 'POST', '/graphql', { headers, body: { query: '{ __typename }' } });
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    // The address the trusted proxy saw is the last entry; the client's own claim before it is ignored.
    const row = await app.prisma.rateLimit.findUniqueOrThrow({ where: { key: `address:${address.split(', ')[1]}` } });
    expect(row.count).toBe(3);
    // Another address, and a valid token from the same address, have budgets of their own.
    expect(
      (await request(app, 'POST', '/graphql', { headers: { 'X-Forwarded-For': randomAddress() }, body: { query: '{ __typename }' } }))
        .status,
    ).toBe(200);
    const { token } = await caller(app);
    expect((await request(app, 'GET', '/v1/orgs', { headers, token })).status).toBe(200);
  });

  it('uses the socket address unless proxies are trusted', async () => {
    const direct = await startTestApp({ rateLimit: { windowSeconds: 60, perToken: 3, perAddress: 1000 } });
    try {
      await request(direct, 'GET', '/healthz');
      await request(direct, 'GET', '/v1/orgs', { headers: { 'X-Forwarded-For': '192.0.2.77' } });
      expect(await direct.prisma.rateLimit.findUnique({ where: { key: 'address:192.0.2.77' } })).toBeNull();
      expect(await direct.prisma.rateLimit.findUnique({ where: { key: 'address:127.0.0.1' } })).not.toBeNull();
    } finally {
      await direct.close();
    }
  });

  it('is off unless configured (no headers)', async () => {
    const plain = await startTestApp();
    try {
      const res = await request(plain, 'GET', '/v1/orgs');
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    } finally {
      await plain.close();
    }
  });
});

const hasRedis = existsSync('/usr/bin/redis-server');

describe.skipIf(!hasRedis)('rate limiting in Redis', () => {
  let redisServer: ChildProcess;
  let redisUrl: string;
  beforeAll(async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    redisServer = spawnTracked(
      '/usr/bin/redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    redisUrl = `redis://127.0.0.1:${port}`;
    const probe = new Redis(redisUrl, { lazyConnect: true, retryStrategy: () => 50 });
    probe.on('error', () => {});
    for (let i = 0; i < 100; i++) {
      try {
        await probe.connect();
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    await probe.ping();
    probe.disconnect();
  });
  afterAll(() => {
    redisServer?.kill('SIGTERM');
  });

  it('counts with INCRBY and an expiry, one command per request at most, shared by replicas, instead of PostgreSQL', async () => {
    const withBudgets = { ...limits, perUser: 10, perOrganization: 20 };
    const one = await startTestApp({ rateLimit: withBudgets, redisUrl });
    const two = await startTestApp({ rateLimit: withBudgets, redisUrl });
    const redis = new Redis(redisUrl);
    try {
      two.clock.set(one.clock.now());
      const { org, token, tokenId } = await caller(one);
      const statuses = [];
      for (const target of [one, two, one, two]) statuses.push((await request(target, 'GET', '/v1/orgs', { token })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const now = one.clock.now().getTime();
      const key = `quire:ratelimit:token:${tokenId}:${now - (now % 60_000)}`;
      expect(await redis.get(key)).toBe('4');
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
      expect(await one.prisma.rateLimit.findUnique({ where: { key: `token:${tokenId}` } })).toBeNull();
      // The user's and the organization's budgets count in the same round trip (the organization's in chunks of two: 20 / 8).
      expect(await redis.get(`quire:ratelimit:user:${org.admin.userId}:${now - (now % 60_000)}`)).toBe('4');
      expect(await redis.get(`quire:ratelimit:org:${org.organizationId}:${now - (now % 60_000)}`)).toBe('4');
      // All of a request's counters in one command (a script), not a MULTI of two commands per key.
      const watched = await watchRedis(redisUrl);
      // (MONITOR also shows the commands a script runs, from the source `lua`.)
      const commands = () => watched.seen.filter((c) => c.source !== 'lua').map((c) => c.command);
      await request(one, 'GET', '/v1/orgs', { token });
      await expect.poll(() => commands().length).toBeGreaterThan(0);
      expect(commands()).toEqual(['evalsha']);
      watched.close();
    } finally {
      redis.disconnect();
      await one.close();
      await two.close();
    }
  });

  it("counts a request's hits and takes its fair-share slots in one command; a refused request takes none", async () => {
    const target = await startTestApp({ rateLimit: { ...limits, perToken: 1 }, redisUrl });
    const redis = new Redis(redisUrl);
    const watched = await watchRedis(redisUrl);
    const { seen } = watched;
    try {
      const { org, token, tokenId } = await caller(target);
      const lane = `quire:lane:c:token:${tokenId}`;
      const hit = `quire:ratelimit:token:${tokenId}:`;
      const mine = (c: { args: string[] }) => c.args.some((arg) => arg === lane || arg.startsWith(hit));
      const zaddsOfLane = () => seen.filter((c) => c.source === 'lua' && c.command === 'zadd' && c.args[0] === lane);

      expect((await request(target, 'GET', `/v1/orgs/${org.organizationId}`, { token })).status).toBe(200);
      // Given back once answered (after the answer has left), and after it lingered: a lane far from
      // full keeps its slot a second (redisCounters.ts), as long as expect.poll waits by default.
      await expect
        .poll(() => seen.some((c) => c.source === 'lua' && c.command === 'zrem' && c.args[0] === lane), { timeout: 10_000 })
        .toBe(true);
      expect((await request(target, 'GET', `/v1/orgs/${org.organizationId}`, { token })).status).toBe(429);
      await watched.caughtUp();

      const sent = seen.filter((c) => c.source !== 'lua' && mine(c));
      // (EVAL the first time Redis meets a script, EVALSHA after.)
      expect(sent.map((c) => c.command.replace('evalsha', 'eval'))).toEqual(['eval', 'eval', 'eval']);
      const [admitted, givenBack, refused] = sent;
      expect(admitted.args).toEqual(expect.arrayContaining([lane, expect.stringMatching(`^${hit}`)]));
      expect(givenBack.args.some((arg) => arg.startsWith(hit))).toBe(false);
      expect(refused.args.some((arg) => arg.startsWith(hit))).toBe(true);
      // The slot was taken once, by the request allowed; the refused one counted its hit and took none.
      expect(zaddsOfLane()).toHaveLength(1);
      expect(await redis.zcard(lane)).toBe(0);
    } finally {
      watched.close();
      redis.disconnect();
      await target.close();
    }
  });
});
