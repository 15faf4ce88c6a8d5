// The row-level security policies of the benchmark's PostGraphile with authorization
// (bench/postgraphileRls.ts) admit exactly what Quire's policies admit: for callers
// of every kind (admin, ordinary member, guest with and without grants, a team's grant
// on a collection, a disabled member, a stranger who may join by e-mail domain, a
// member of another organization, nobody), the organizations, collections and spaces
// each reads under the policies equal those Quire's own policy functions let the
// actor of their API token view. On a scratch database of its own, dropped after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { migrate } from '../../src/db/migrate.js';
import { actorFromTokenRow, tokenStatement, type TokenRow } from '../../src/domain/auth/tokens.js';
import { collectionPolicy } from '../../src/policy/collection.js';
import { organizationPolicy } from '../../src/policy/organization.js';
import { spacePolicy } from '../../src/policy/space.js';
import { setUpRls } from '../../bench/postgraphileRls.js';
import { createScratchDatabase, insertRow, openTestServer, type TestDatabase } from '../support/testDatabase.js';

let server: Awaited<ReturnType<typeof openTestServer>>;
let db: TestDatabase;
let client: pg.Client;
let rls: Awaited<ReturnType<typeof setUpRls>>;

const users = ['admin', 'reader', 'editor', 'guest', 'granted', 'teamGuest', 'disabled', 'joiner', 'other'] as const;
const user = (name: string) => `usr_${name}`;

beforeAll(async () => {
  server = await openTestServer();
  db = await createScratchDatabase(server.serverUrl, 'quire_bench_rls');
  await migrate(db.url);
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const row = (table: string, values: Record<string, unknown>) => insertRow(client, table, values);
  await row('Organization', { id: 'org_a', title: 'A', emailDomains: '{a.test}' });
  await row('Organization', { id: 'org_b', title: 'B', emailDomains: '{}' });
  for (const name of users) {
    await row('User', { id: user(name), email: `${name}@${name === 'joiner' ? 'a' : 'x'}.test`, emailVerified: true });
    await row('ApiToken', { id: `tok_${name}`, userId: user(name), tokenHash: tokenHashOf(name), label: 'test' });
  }
  const member = (name: string, role: string | null, org = 'org_a', disabled = false) =>
    row('Member', { organizationId: org, userId: user(name), role, disabled });
  await member('admin', 'admin');
  await member('reader', 'read');
  await member('editor', 'edit');
  await member('guest', null);
  await member('granted', null);
  await member('teamGuest', null);
  await member('disabled', 'read', 'org_a', true);
  await member('other', 'admin', 'org_b');
  await row('Team', { id: 'tea_a', organizationId: 'org_a', title: 'Team' });
  await row('TeamMember', { organizationId: 'org_a', teamId: 'tea_a', userId: user('teamGuest'), role: 'member' });
  // Collections: c1 open to members, c2 guest-only with c3 below it.
  const collection = (id: string, memberLevel: string, parentId: string | null = null) =>
    row('Collection', { id, organizationId: 'org_a', title: id, memberLevel, parentId });
  await collection('col_1', 'inherit');
  await collection('col_2', 'guest');
  await collection('col_3', 'guest', 'col_2');
  const space = (id: string, memberLevel: string, extra: Record<string, unknown> = {}) =>
    row('Space', { id, organizationId: 'org_a', title: id, memberLevel, visibility: 'private', shareKey: `key-${id}`, ...extra });
  await space('spc_open', 'inherit', { parentId: 'col_1' });
  await space('spc_capped', 'read');
  await space('spc_guestonly', 'guest');
  await space('spc_below', 'guest', { parentId: 'col_3' });
  await space('spc_deleted', 'inherit', { deletedAt: new Date('2026-11-20T00:00:00Z') });
  await row('Space', {
    id: 'spc_other',
    organizationId: 'org_b',
    title: 'other',
    memberLevel: 'inherit',
    visibility: 'private',
    shareKey: 'key-other',
  });
  // A direct grant on a guest-only space; a team's grant on the guest-only collection (reaching c3 and its space).
  const grant = (contentId: string, granteeId: string, values: Record<string, unknown>) =>
    row('ContentGrant', { organizationId: 'org_a', contentId, granteeId, level: 'read', ...values });
  await grant('spc_guestonly', user('granted'), { spaceId: 'spc_guestonly', userId: user('granted') });
  await grant('col_2', 'tea_a', { collectionId: 'col_2', teamId: 'tea_a' });
  rls = await setUpRls(db.url);
});

afterAll(async () => {
  await client?.end();
  await db?.drop();
  await rls?.drop();
  await server?.stop();
});

function tokenHashOf(name: string) {
  return tokenStatement(`secret-${name}`, new Date(), 0).values[0];
}

/** The ids of `table` that `userId` reads under the policies (as PostGraphile runs a request). */
async function readUnderRls(userId: string, table: string): Promise<string[]> {
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL role ${rls.role}`);
    await client.query(`SELECT set_config('jwt.claims.user_id', $1, true)`, [userId]);
    const { rows } = await client.query(`SELECT id FROM "${table}" ORDER BY id`);
    return rows.map((r) => r.id);
  } finally {
    await client.query('ROLLBACK');
  }
}

/** The ids of `table` that Quire's policies let the actor of `name`'s token view. */
async function viewedByQuire(name: string, table: 'Organization' | 'Collection' | 'Space'): Promise<string[]> {
  const { text, values } = tokenStatement(`secret-${name}`, new Date(), 0);
  const token = (await client.query<TokenRow>(text, values)).rows[0]!;
  const actor = actorFromTokenRow(token);
  const policy = { Organization: organizationPolicy, Collection: collectionPolicy, Space: spacePolicy }[table];
  const { rows } = await client.query(`SELECT * FROM "${table}" ORDER BY id`);
  return rows.filter((r) => (policy.rules as (a: typeof actor, s: unknown) => { view: boolean })(actor, r).view).map((r) => r.id);
}

describe("PostGraphile's row-level security in the benchmark", () => {
  it.each(users)('reads what Quire lets %s view', async (name) => {
    for (const table of ['Organization', 'Collection', 'Space'] as const) {
      expect(await readUnderRls(user(name), table), `${name}: ${table}`).toEqual(await viewedByQuire(name, table));
    }
  });

  it('tells the callers apart (the comparison is not empty on both sides)', async () => {
    expect(await readUnderRls(user('admin'), 'Space')).toContain('spc_deleted');
    expect(await readUnderRls(user('reader'), 'Space')).toEqual(['spc_capped', 'spc_open']);
    expect(await readUnderRls(user('granted'), 'Space')).toEqual(['spc_guestonly']);
    expect(await readUnderRls(user('teamGuest'), 'Space')).toEqual(['spc_below']);
    expect(await readUnderRls(user('joiner'), 'Organization')).toEqual(['org_a']);
    expect(await readUnderRls('', 'Organization')).toEqual([]);
  });
});
