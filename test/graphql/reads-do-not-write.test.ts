// A read is a read: the token check is one statement that writes no logged
// table; a token's lastUsedAt (and its member's lastSeenAt) is written at most
// once per interval, outside the request; rate limits count per user and per
// organization besides per token; and revocation still takes effect at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../src/domain/auth/tokens.js';
import { settingsFromEnv } from '../../src/config/settings.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { request } from '../support/http.js';
import { addMember, createOrg } from '../support/factories.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ rateLimit: { windowSeconds: 60, perToken: 3, perUser: 4, perOrganization: 6, perAddress: 100 } });
});
afterAll(() => app.close());

const writes = (statements: string[]) => statements.filter((sql) => /\b(UPDATE|INSERT|DELETE)\b/.test(sql));
const tokenRow = async (userId: string) => app.prisma.apiToken.findFirstOrThrow({ where: { userId }, orderBy: { createdAt: 'asc' } });

describe('token use is written at most once per interval, outside the request', () => {
  it('a GET writes lastUsedAt once, then not again within the interval, then again after it', async () => {
    const org = await createOrg(app);
    const get = () => app.recordStatements(() => request(app, 'GET', `/v1/orgs/${org.organizationId}`, { token: org.admin.token }));

    const first = await get();
    await app.quire.activity.settled();
    const usedAt = app.clock.now();
    expect(first.result.status).toBe(200);
    // The token check writes nothing but the rate-limit counters (an UNLOGGED table).
    const tokenCheck = first.statements.find((sql) => sql.includes('"tokenHash"'))!;
    expect(tokenCheck).not.toMatch(/UPDATE "(ApiToken|Member)"/);
    expect((await tokenRow(org.admin.userId)).lastUsedAt).toEqual(usedAt);

    app.clock.advance(30_000);
    const second = await get();
    await app.quire.activity.settled();
    expect(second.result.status).toBe(200);
    expect(writes(second.statements).filter((sql) => !sql.includes('"RateLimit"'))).toEqual([]);
    expect((await tokenRow(org.admin.userId)).lastUsedAt).toEqual(usedAt);
    const member = await app.prisma.member.findFirstOrThrow({ where: { userId: org.admin.userId } });
    expect(member.lastSeenAt).toEqual(usedAt);

    app.clock.advance(31_000);
    await get();
    await app.quire.activity.settled();
    expect((await tokenRow(org.admin.userId)).lastUsedAt).toEqual(app.clock.now());
  });

  it('concurrent requests of one token do not each write its use', async () => {
    const org = await createOrg(app);
    app.clock.advance(120_000);
    const { statements } = await app.recordStatements(async () => {
      await Promise.all([1, 2, 3, 4].map(() => request(app, 'GET', '/v1/orgs', { token: org.admin.token })));
      await app.quire.activity.settled();
    });
    // One write while others are in flight; a request whose check read the row just before
    // that write committed may send a second one, which its WHERE clause turns into a no-op.
    expect(statements.filter((sql) => sql.includes('UPDATE "ApiToken"')).length).toBeLessThanOrEqual(2);
    expect((await tokenRow(org.admin.userId)).lastUsedAt).toEqual(app.clock.now());
  });

  it('tokens falling due together are written together, each once', async () => {
    // Without this file's tight rate limits: twelve members of one organization call at once.
    const unlimited = await startTestApp();
    try {
      const org = await createOrg(unlimited);
      const members = await Promise.all(Array.from({ length: 12 }, () => addMember(unlimited, org.organizationId, 'read')));
      unlimited.clock.advance(120_000);
      const { statements } = await unlimited.recordStatements(async () => {
        const answers = await Promise.all(members.map((m) => request(unlimited, 'GET', '/v1/orgs', { token: m.token })));
        expect(answers.map((a) => a.status)).toEqual(members.map(() => 200));
        await unlimited.quire.activity.settled();
      });
      // One statement per token before: a burst of due tokens held as many commits and pool connections.
      // (How many batches they make depends on how far apart the requests end.)
      expect(statements.filter((sql) => sql.includes('UPDATE "ApiToken"')).length).toBeLessThan(members.length);
      for (const m of members) {
        const token = await unlimited.prisma.apiToken.findFirstOrThrow({ where: { userId: m.userId } });
        expect(token.lastUsedAt).toEqual(unlimited.clock.now());
        const member = await unlimited.prisma.member.findFirstOrThrow({ where: { userId: m.userId, organizationId: org.organizationId } });
        expect(member.lastSeenAt).toEqual(unlimited.clock.now());
      }
    } finally {
      await unlimited.close();
    }
  });

  it('tokens noted due together go in one statement', async () => {
    const org = await createOrg(app);
    const members = await Promise.all(Array.from({ length: 5 }, () => addMember(app, org.organizationId, 'read')));
    const tokens = await Promise.all(members.map((m) => tokenRow(m.userId)));
    app.clock.advance(120_000);
    const { statements } = await app.recordStatements(async () => {
      for (const [i, token] of tokens.entries())
        app.quire.activity.note({ tokenId: token.id, userId: members[i]!.userId } as never, app.clock.now());
    });
    expect(statements.filter((sql) => sql.includes('UPDATE "ApiToken"'))).toHaveLength(1);
    for (const token of tokens)
      expect((await app.prisma.apiToken.findUniqueOrThrow({ where: { id: token.id } })).lastUsedAt).toEqual(app.clock.now());
  });

  it('a revoked token fails on the very next request, on every replica', async () => {
    const replica = await startTestApp();
    try {
      const org = await createOrg(app);
      const { id } = await tokenRow(org.admin.userId);
      expect((await request(app, 'GET', '/v1/orgs', { token: org.admin.token })).status).toBe(200);
      expect((await request(replica, 'GET', '/v1/orgs', { token: org.admin.token })).status).toBe(200);
      await app.prisma.apiToken.update({ where: { id }, data: { revokedAt: new Date() } });
      expect((await request(app, 'GET', '/v1/orgs', { token: org.admin.token })).status).toBe(401);
      expect((await request(replica, 'GET', '/v1/orgs', { token: org.admin.token })).status).toBe(401);
    } finally {
      await replica.close();
    }
  });
});

describe('rate limits per user and per organization', () => {
  it('two tokens of one user share the user budget', async () => {
    const org = await createOrg(app);
    const second = await issueToken(app.prisma, org.admin.userId, { label: 'second' });
    for (let i = 0; i < 3; i++) expect((await request(app, 'GET', '/v1/orgs', { token: org.admin.token })).status).toBe(200);
    // The second token has used 1 of its 3, but the user 4 of 4: the user's budget speaks.
    const last = await request(app, 'GET', '/v1/orgs', { token: second.secret });
    expect(last.status).toBe(200);
    expect(last.headers.get('x-ratelimit-limit')).toBe('4');
    expect(last.headers.get('x-ratelimit-remaining')).toBe('0');
    const refused = await request(app, 'GET', '/v1/orgs', { token: second.secret });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await app.prisma.rateLimit.findUniqueOrThrow({ where: { key: `user:${org.admin.userId}` } })).count).toBe(5);
    // Another user is not affected.
    const other = await createOrg(app);
    expect((await request(app, 'GET', '/v1/orgs', { token: other.admin.token })).status).toBe(200);
  });

  it('members of one organization share its budget; a member of another is not affected', async () => {
    const org = await createOrg(app);
    const members = await Promise.all([addMember(app, org.organizationId, 'read'), addMember(app, org.organizationId, 'edit')]);
    const statuses = [];
    for (const caller of [org.admin, ...members, org.admin, ...members, org.admin]) {
      statuses.push((await request(app, 'GET', `/v1/orgs/${org.organizationId}`, { token: caller.token })).status);
    }
    // 6 per organization: the 7th request of its members is refused, though no token or user is over its own.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect((await app.prisma.rateLimit.findUniqueOrThrow({ where: { key: `org:${org.organizationId}` } })).count).toBe(7);
    const elsewhere = await createOrg(app);
    expect((await request(app, 'GET', `/v1/orgs/${elsewhere.organizationId}`, { token: elsewhere.admin.token })).status).toBe(200);
  });
});

describe('configuration', () => {
  it('reads the budgets and the activity interval from the environment; 0 turns a budget off', () => {
    const defaults = settingsFromEnv({});
    expect(defaults.rateLimit).toMatchObject({ perToken: 5000, perUser: 10_000, perOrganization: 50_000 });
    expect(defaults.activityIntervalSeconds).toBe(60);
    const set = settingsFromEnv({ RATE_LIMIT_PER_USER: '0', RATE_LIMIT_PER_ORGANIZATION: '7', ACTIVITY_INTERVAL_SECONDS: '300' });
    expect(set.rateLimit).toMatchObject({ perUser: undefined, perOrganization: 7 });
    expect(set.activityIntervalSeconds).toBe(300);
    expect(() => settingsFromEnv({ RATE_LIMIT_PER_USER: '-1' })).toThrow(/RATE_LIMIT_PER_USER/);
  });
});
