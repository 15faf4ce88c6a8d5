// Callers remembered between requests (src/domain/auth/callerCache.ts): a token's
// next request reads no token, and what changes a caller reaches every process
// when it commits (a notification): the process that wrote it before its write
// returns, another replica, or a change written by hand. Two processes on a
// database of their own: a database's notifications reach all its listeners, and
// the other files' changes would make ours forget.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMigratedDatabase } from '../support/testDatabase.js';
import { graphql, rest } from '../support/http.js';
import { addMember, createCollection, createOrg, createSpace, type Caller, type OrgFixture } from '../support/factories.js';
import { tokenWithScopes } from '../support/tokens.js';
import { CALLERS_CHANNEL, callerCache, type CallerCache } from '../../src/domain/auth/callerCache.js';
import { createPrisma } from '../../src/db/client.js';
import { LISTENER_NAME } from '../../src/db/notifications.js';
import { tokenStatement } from '../../src/domain/auth/tokens.js';
import type { Actor } from '../../src/policy/actor.js';
import type { Role } from '../../src/policy/roles.js';

// Long enough that only what is heard can make a process forget within a test.
const REMEMBERED_MS = 120_000;
const HEARD_WITHIN = { timeout: 15_000, interval: 25 };

let db: Awaited<ReturnType<typeof createMigratedDatabase>>;
let a: TestApp;
let b: TestApp;
/** A connection of the test's own: what it writes is neither process's own change. */
let outside: pg.Client;
beforeAll(async () => {
  db = await createMigratedDatabase(inject('serverUrl'));
  outside = new pg.Client({ connectionString: db.url });
  await outside.connect();
  a = await startTestApp({ databaseUrl: db.url, callerCacheMs: REMEMBERED_MS });
  b = await startTestApp({ databaseUrl: db.url, callerCacheMs: REMEMBERED_MS });
});
afterAll(async () => {
  await outside?.end();
  await a?.close();
  await b?.close();
  await db?.drop();
});

/** How many token statements `fn` made the app run. */
async function tokenReads(app: TestApp, fn: () => Promise<unknown>) {
  const { statements } = await app.recordStatements(fn);
  return statements.filter((sql) => sql.includes('FROM "ApiToken" k JOIN "User" u')).length;
}

/**
 * Waits until `app` has heard every change committed so far. A listening connection delivers the
 * changes in commit order: once the app has heard one sent now, from outside it, on whichever of its
 * connections, it has heard those before (the changes a case's set-up made).
 */
async function heardAll(app: TestApp) {
  const before = app.quire.rememberedCallers!.stats().heard;
  await outside.query(`SELECT pg_notify($1, 'nobody ' || pg_current_xact_id())`, [CALLERS_CHANNEL]);
  await expect.poll(() => app.quire.rememberedCallers!.stats().heard, HEARD_WITHIN).toBeGreaterThan(before);
}

/** The user a notification's payload names (`<user> <transaction>`). */
const userOf = (payload: string) => payload.split(' ')[0];

const spaceStatus = async (app: TestApp, token: string, spaceId: string) => (await rest(app, token).get(`/v1/spaces/${spaceId}`)).status;

describe('remembering a caller', () => {
  it('requires a valid token first: an unknown one is refused on every request', async () => {
    const org = await createOrg(a);
    const spaceId = (await createSpace(a, org)).id;
    expect(await spaceStatus(a, org.admin.token, spaceId)).toBe(200);
    for (let i = 0; i < 2; i++) expect(await spaceStatus(a, `${org.admin.token}x`, spaceId)).toBe(401);
  });

  it('reads a token once, then answers its next requests without reading it, each process on its own', async () => {
    const org = await createOrg(a);
    const spaceId = (await createSpace(a, org)).id;
    const { token } = await tokenWithScopes(a, org.admin.userId, []);
    for (const app of [a, b]) {
      await heardAll(app);
      expect(await tokenReads(app, () => spaceStatus(app, token, spaceId))).toBe(1);
      expect(await tokenReads(app, async () => expect(await spaceStatus(app, token, spaceId)).toBe(200))).toBe(0);
    }
  });
});

describe("a change made by the process holds at the caller's next request there", () => {
  it("a write returns once its pool has heard it: a session's own notification comes before its commit's reply", async () => {
    const org = await createOrg(a);
    const member = await addMember(a, org.organizationId, 'read');
    // A client of its own, with no other listener: what it hears, its own connections heard.
    const heard: string[] = [];
    const { prisma } = createPrisma(db.url, { poolSize: 2 }, { channel: CALLERS_CHANNEL, onMessage: (userId) => heard.push(userId) });
    try {
      const where = { organizationId_userId: { organizationId: org.organizationId, userId: member.userId } };
      await prisma.member.update({ where, data: { role: 'edit' } });
      expect(heard.map(userOf)).toEqual([member.userId]);
      await prisma.$transaction([
        prisma.member.update({ where, data: { role: 'read' } }),
        prisma.member.findMany({ where: { userId: member.userId } }),
      ]);
      expect(heard.map(userOf)).toEqual([member.userId, member.userId]);
      expect(new Set(heard).size, 'two transactions, two changes').toBe(2);
    } finally {
      await prisma.$disconnect();
    }
  });

  it('a token revoked answers 401 at once; the callers of other users stay remembered', async () => {
    const org = await createOrg(a);
    const spaceId = (await createSpace(a, org)).id;
    const revoked = await tokenWithScopes(a, org.admin.userId, []);
    const bystander = await addMember(a, org.organizationId, 'read');
    await heardAll(a);
    for (const token of [revoked.token, bystander.token]) await spaceStatus(a, token, spaceId);
    expect(await tokenReads(a, () => spaceStatus(a, revoked.token, spaceId))).toBe(0);
    const res = await graphql(a, org.admin.token, 'mutation($id: ID!) { revokeApiToken(input: { tokenId: $id }) { revoked } }', {
      id: revoked.id,
    });
    expect(res.data?.revokeApiToken.revoked, JSON.stringify(res)).toBe(true);
    expect(await spaceStatus(a, revoked.token, spaceId)).toBe(401);
    expect(await tokenReads(a, () => spaceStatus(a, bystander.token, spaceId))).toBe(0);
  });

  it("a member removed through REST loses the organization's spaces at once", async () => {
    const org = await createOrg(a);
    const spaceId = (await createSpace(a, org)).id;
    const member = await addMember(a, org.organizationId, 'read');
    await heardAll(a);
    await spaceStatus(a, member.token, spaceId);
    expect(await tokenReads(a, async () => expect(await spaceStatus(a, member.token, spaceId)).toBe(200))).toBe(0);
    expect((await rest(a, org.admin.token).delete(`/v1/orgs/${org.organizationId}/members/${member.userId}`)).status).toBeLessThan(300);
    expect(await spaceStatus(a, member.token, spaceId)).toBe(404);
  });
});

/**
 * What changes a caller, made on one replica (a) through the API, reaches the other (b), which remembered the
 * caller from before: each case checks its caller's answer on b before and, once heard, after.
 */
describe("another replica's change reaches this process when it commits", () => {
  /** The caller, a space, the status of the caller's read of it before the change; a team or collection made for it. */
  interface Given {
    caller: Caller;
    spaceId: string;
    before: number;
    made?: string;
  }
  interface Case {
    name: string;
    given(org: OrgFixture): Promise<Given>;
    change(org: OrgFixture, given: Given): Promise<unknown>;
    after: number;
  }
  const ok = async (res: Promise<{ status: number; body: unknown }>) => {
    const { status, body } = await res;
    expect(status, JSON.stringify(body)).toBeLessThan(300);
  };
  /** A new member of `role` and a new space, which they read (200) or not (404) before the change. */
  const memberAndSpace = async (org: OrgFixture, role: Role | 'guest', before: number): Promise<Given> => ({
    caller: await addMember(a, org.organizationId, role),
    spaceId: (await createSpace(a, org)).id,
    before,
  });
  const guestAndSpace = (org: OrgFixture) => memberAndSpace(org, 'guest', 404);
  const newTeam = async (org: OrgFixture) =>
    (await rest(a, org.admin.token).put(`/v1/orgs/${org.organizationId}/teams`, { title: 'T' })).body.id;
  const cases: Case[] = [
    {
      name: 'a token narrowed to other scopes (its row rewritten by hand: no route does it)',
      given: async (org) => ({ caller: org.admin, spaceId: (await createSpace(a, org)).id, before: 200 }),
      change: (org) => a.prisma.$executeRaw`UPDATE "ApiToken" SET scopes = ARRAY['organization:read'] WHERE "userId" = ${org.admin.userId}`,
      after: 403,
    },
    {
      name: 'a member demoted to guest',
      given: (org) => memberAndSpace(org, 'read', 200),
      change: (org, { caller }) =>
        ok(rest(a, org.admin.token).patch(`/v1/orgs/${org.organizationId}/members/${caller.userId}`, { role: null })),
      after: 404,
    },
    {
      name: 'a user granted a space',
      given: guestAndSpace,
      change: (org, { caller, spaceId }) =>
        ok(rest(a, org.admin.token).post(`/v1/spaces/${spaceId}/permissions`, { role: 'read', users: [caller.userId] })),
      after: 200,
    },
    {
      name: "the caller's team granted a space",
      given: async (org) => {
        const given = await guestAndSpace(org);
        const team = await newTeam(org);
        await ok(rest(a, org.admin.token).put(`/v1/orgs/${org.organizationId}/teams/${team}/members`, { add: [given.caller.userId] }));
        return { ...given, made: team };
      },
      change: (org, { spaceId, made }) =>
        ok(rest(a, org.admin.token).post(`/v1/spaces/${spaceId}/permissions`, { role: 'read', teams: [made] })),
      after: 200,
    },
    {
      name: 'the caller added to a team granted a space',
      given: async (org) => {
        const given = await guestAndSpace(org);
        const team = await newTeam(org);
        await ok(rest(a, org.admin.token).post(`/v1/spaces/${given.spaceId}/permissions`, { role: 'read', teams: [team] }));
        return { ...given, made: team };
      },
      change: (org, { caller, made }) =>
        ok(rest(a, org.admin.token).put(`/v1/orgs/${org.organizationId}/teams/${made}/members`, { add: [caller.userId] })),
      after: 200,
    },
    {
      name: 'a space moved into a collection the caller was granted',
      given: async (org) => {
        const given = await guestAndSpace(org);
        const collection = (await createCollection(a, org)).id;
        await ok(
          rest(a, org.admin.token).post(`/v1/collections/${collection}/permissions`, { role: 'read', users: [given.caller.userId] }),
        );
        return { ...given, made: collection };
      },
      change: (org, { spaceId, made }) => ok(rest(a, org.admin.token).post(`/v1/spaces/${spaceId}/move`, { parent: made })),
      after: 200,
    },
    {
      name: 'the organization turning SSO on (a member who never logged in with it loses it)',
      given: (org) => memberAndSpace(org, 'edit', 200),
      change: (org) => ok(rest(a, org.admin.token).patch(`/v1/orgs/${org.organizationId}`, { sso: true })),
      after: 404,
    },
    {
      name: 'a token revoked by hand in the database (the CLI, an operator)',
      given: (org) => memberAndSpace(org, 'read', 200),
      change: (_org, { caller }) => a.prisma.$executeRaw`UPDATE "ApiToken" SET "revokedAt" = now() WHERE "userId" = ${caller.userId}`,
      after: 401,
    },
  ];

  it.each(cases)('$name', async ({ given, change, after }) => {
    const org = await createOrg(a);
    const setup = await given(org);
    await heardAll(b);
    // b remembers the caller as it was.
    expect(await spaceStatus(b, setup.caller.token, setup.spaceId)).toBe(setup.before);
    expect(await tokenReads(b, async () => expect(await spaceStatus(b, setup.caller.token, setup.spaceId)).toBe(setup.before))).toBe(0);
    await change(org, setup);
    await expect.poll(() => spaceStatus(b, setup.caller.token, setup.spaceId), HEARD_WITHIN).toBe(after);
  });

  it('forgets only the callers of the user a change names', async () => {
    const org = await createOrg(a);
    const spaceId = (await createSpace(a, org)).id;
    const [changed, kept] = [await addMember(a, org.organizationId, 'read'), await addMember(a, org.organizationId, 'read')];
    await heardAll(b);
    for (const caller of [changed, kept]) await spaceStatus(b, caller.token, spaceId);
    await rest(a, org.admin.token).delete(`/v1/orgs/${org.organizationId}/members/${changed.userId}`);
    await expect.poll(() => spaceStatus(b, changed.token, spaceId), HEARD_WITHIN).toBe(404);
    expect(await tokenReads(b, async () => expect(await spaceStatus(b, kept.token, spaceId)).toBe(200))).toBe(0);
  });
});

describe('the cache itself', () => {
  /** An actor of `grants` grants (all its cache weight but one). */
  const actorOf = (userId: string, grants = 0) =>
    ({
      userId,
      memberships: new Map(),
      teamOwnerIn: new Set(),
      grants: new Map(Array.from({ length: grants }, (_, i) => [`space-${i}`, 'read'])),
    }) as unknown as Actor;
  const notify = (payload: string) => outside.query('SELECT pg_notify($1, $2)', [CALLERS_CHANNEL, payload]);
  /** Runs `use` on a cache of its own, once it listens; closes it after. */
  const withCache = async (use: (cache: CallerCache) => Promise<void> | void, settings = { ttlMs: REMEMBERED_MS, maxWeight: 100 }) => {
    const cache = callerCache(db.url, settings, () => {});
    try {
      await expect.poll(() => cache.listening, HEARD_WITHIN).toBe(true);
      await use(cache);
    } finally {
      await cache.close();
    }
  };

  it('is told of changes to every table the token statement reads', async () => {
    const read = new Set([...tokenStatement('any', new Date(), 0).text.matchAll(/(?:FROM|JOIN) "(\w+)"/g)].map((m) => m[1]!));
    // tgtype: bit 0 a row trigger, bit 5 one on TRUNCATE.
    const { rows } = await outside.query<{ relname: string; rows: boolean; truncate: boolean }>(
      `SELECT c.relname, bool_or(t.tgtype & 1 = 1) AS rows, bool_or(t.tgtype & 32 = 32) AS truncate
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
       WHERE p.proname IN ('Callers_changed', 'Callers_all_changed') GROUP BY c.relname`,
    );
    const watched = new Map(rows.map((r) => [r.relname, { rows: r.rows, truncate: r.truncate }]));
    expect([...read].sort()).toEqual(['ApiToken', 'Collection', 'ContentGrant', 'Member', 'Organization', 'Space', 'TeamMember', 'User']);
    for (const table of read) expect(watched.get(table), table).toEqual({ rows: true, truncate: true });
  });

  it('hears a table emptied by TRUNCATE as a change of anyone', () =>
    withCache(async (cache) => {
      cache.remember('h-t', actorOf('u-t'), cache.mark());
      // On a table of the same triggers no row of which matters here: a scratch copy, emptied.
      await outside.query('CREATE TEMP TABLE scratch_grants (LIKE "ContentGrant")');
      await outside.query(
        `CREATE TRIGGER scratch_truncate AFTER TRUNCATE ON scratch_grants FOR EACH STATEMENT EXECUTE FUNCTION "Callers_all_changed"()`,
      );
      await outside.query('TRUNCATE scratch_grants');
      await expect.poll(() => cache.recall('h-t'), HEARD_WITHIN).toBeUndefined();
    }));

  it('counts a change once, however many connections deliver it, but not one sent ahead by another session', () =>
    withCache(async (cache) => {
      const before = cache.stats().heard;
      cache.hear('u9 42', 100);
      const mark = cache.mark();
      cache.hear('u9 42', 100);
      expect(cache.stats().heard).toBe(before + 1);
      cache.remember('h9', actorOf('u8'), mark);
      expect(cache.recall('h9')?.userId).toBe('u8');
      cache.hear('u9 43', 100);
      expect(cache.stats().heard).toBe(before + 2);
      // A forger's copy of a change to come does not hide it.
      cache.remember('h7', actorOf('u7'), cache.mark());
      cache.hear('u7 44', 666);
      cache.remember('h7', actorOf('u7'), cache.mark());
      cache.hear('u7 44', 100);
      expect(cache.recall('h7')).toBeUndefined();
      // A payload of another shape is heard as a change of anyone.
      cache.remember('h8', actorOf('u8'), cache.mark());
      cache.hear('u8', 100);
      expect(cache.recall('h8')).toBeUndefined();
    }));

  it('remembers nothing a statement read while a change was heard', () =>
    withCache(async (cache) => {
      cache.remember('h-probe', actorOf('u-probe'), cache.mark());
      const mark = cache.mark();
      await notify('u-probe 1');
      await expect.poll(() => cache.recall('h-probe'), HEARD_WITHIN).toBeUndefined();
      cache.remember('h-late', actorOf('u-other'), mark);
      expect(cache.recall('h-late')).toBeUndefined();
      cache.remember('h-late', actorOf('u-other'), cache.mark());
      expect(cache.recall('h-late')?.userId).toBe('u-other');
    }));

  it("forgets everyone on '*', and everything when its connection is lost, remembering nothing until it listens again", () =>
    withCache(async (cache) => {
      cache.remember('h1', actorOf('u1'), cache.mark());
      cache.remember('h2', actorOf('u2'), cache.mark());
      await notify('* 2');
      await expect.poll(() => [cache.recall('h1'), cache.recall('h2')], HEARD_WITHIN).toEqual([undefined, undefined]);

      cache.remember('h1', actorOf('u1'), cache.mark());
      const { rowCount } = await outside.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
        [LISTENER_NAME],
      );
      expect(rowCount).toBeGreaterThan(0);
      await expect.poll(() => cache.listening, HEARD_WITHIN).toBe(false);
      expect(cache.recall('h1')).toBeUndefined();
      cache.remember('h3', actorOf('u3'), cache.mark());
      expect(cache.recall('h3')).toBeUndefined();
      await expect.poll(() => cache.listening, HEARD_WITHIN).toBe(true);
      expect(cache.recall('h1')).toBeUndefined();
    }));

  it('keeps callers up to a weight: one each, and one per grant or membership', () =>
    withCache(
      (cache) => {
        for (const n of [1, 2, 3]) cache.remember(`h${n}`, actorOf(`u${n}`), cache.mark());
        cache.remember('h4', actorOf('u4', 7), cache.mark());
        expect(['h1', 'h2', 'h3', 'h4'].map((h) => cache.recall(h)?.userId)).toEqual([undefined, 'u2', 'u3', 'u4']);
        expect(cache.stats().weight).toBe(10);
        cache.remember('h5', actorOf('u5', 10), cache.mark());
        expect(cache.recall('h5')).toBeUndefined();
        expect(cache.stats().weight).toBe(10);
      },
      { ttlMs: REMEMBERED_MS, maxWeight: 10 },
    ));

  it('keeps a caller its time at most', () =>
    withCache(
      async (cache) => {
        for (const n of [1, 2]) cache.remember(`h${n}`, actorOf(`u${n}`), cache.mark());
        expect(['h1', 'h2'].map((h) => cache.recall(h)?.userId)).toEqual(['u1', 'u2']);
        await new Promise((resolve) => setTimeout(resolve, 60));
        expect(cache.recall('h2')).toBeUndefined();
        expect(cache.stats().entries).toBe(1);
      },
      { ttlMs: 30, maxWeight: 100 },
    ));
});
