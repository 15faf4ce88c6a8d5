// Spec 4.13 — organization members: list (filters, search, sorts, pages), read,
// role change, removal (never the last admin), and a member's spaces and teams,
// over REST and as a connected GraphQL graph.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { rest, graphql } from '../support/http.js';
import { addMember, createOrg, createSpace, membersOfEveryRole, type Caller, type OrgFixture } from '../support/factories.js';
import { expectOpenApi } from '../support/openapi.js';
import { insertSite, insertTeam, setMembership } from '../support/users.js';

const app = useTestApp();

const membersPath = (org: OrgFixture) => `/v1/orgs/${org.organizationId}/members`;
const memberPath = (org: OrgFixture, userId: string) => `${membersPath(org)}/${userId}`;

function expectError(res: { status: number; body: any }, status: number, message?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ error: { code: status, message: expect.any(String) } });
  if (message) expect(res.body.error.message).toMatch(message);
}

const ids = (res: { body: any }) => res.body.items.map((m: any) => m.id);
const minutesAgo = (n: number) => new Date(app.clock.now().getTime() - n * 60_000);
const secondsAgo = (n: number) => new Date(app.clock.now().getTime() - n * 1000);

/**
 * An organization with four named members joined at known times (oldest first):
 * Carol (edit), alice (read), Bob (guest), dave (comment); the admin joined first.
 */
async function namedMembers() {
  const org = await createOrg(app);
  const tag = Math.random().toString(36).slice(2, 8);
  const carol = await addMember(app, org.organizationId, 'edit', { displayName: 'Carol Danvers', email: `carol-${tag}@marvel.test` });
  const alice = await addMember(app, org.organizationId, 'read', { displayName: 'alice Liddell', email: `alice-${tag}@wonder.test` });
  const bob = await addMember(app, org.organizationId, 'guest', { displayName: 'Bob Builder', email: `bob-${tag}@yes-we-can.test` });
  const dave = await addMember(app, org.organizationId, 'comment', {
    displayName: 'dave 100% Lister',
    email: `dave-${tag}@red-dwarf.test`,
  });
  const people = { admin: org.admin, carol, alice, bob, dave };
  const order = [org.admin, carol, alice, bob, dave];
  for (const [i, p] of order.entries()) await setMembership(app, org.organizationId, p.userId, { joinedAt: minutesAgo(100 - i) });
  await app.prisma.user.update({ where: { id: org.admin.userId }, data: { displayName: 'Zed Admin' } });
  return { org, ...people };
}

describe('GET /orgs/{organizationId}/members', () => {
  it('requires authentication', async () => {
    const org = await createOrg(app);
    expectError(await rest(app).get(membersPath(org)), 401);
  });

  it('lists every member, latest joined first by default, in the documented shape', async () => {
    const { org, admin, carol, alice, bob, dave } = await namedMembers();
    const res = await rest(app, admin.token).get(membersPath(org));
    expectOpenApi(res, 'get', '/orgs/{organizationId}/members', 200);
    expect(res.body.count).toBe(5);
    expect(ids(res)).toEqual([dave, bob, alice, carol, admin].map((p) => p.userId));
    const aliceItem = res.body.items.find((m: any) => m.id === alice.userId);
    expect(aliceItem).toMatchObject({
      object: 'member',
      role: 'read',
      disabled: false,
      sso: false,
      user: {
        object: 'user',
        id: alice.userId,
        displayName: 'alice Liddell',
        email: alice.email,
        urls: { location: expect.stringContaining(alice.userId) },
      },
    });
    expect(res.body.items.find((m: any) => m.id === bob.userId).role).toBeNull();
  });

  it('orders ascending with order=asc', async () => {
    const { org, admin, carol, alice, bob, dave } = await namedMembers();
    const res = await rest(app, admin.token).get(`${membersPath(org)}?order=asc`);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([admin, carol, alice, bob, dave].map((p) => p.userId));
  });

  it('filters by role, "guest" meaning no role', async () => {
    const { org, admin, carol, bob } = await namedMembers();
    const extraAdmin = await addMember(app, org.organizationId, 'admin');
    const expected: Record<string, string[]> = {
      admin: [admin.userId, extraAdmin.userId],
      edit: [carol.userId],
      guest: [bob.userId],
      create: [],
    };
    for (const [role, users] of Object.entries(expected)) {
      const res = await rest(app, admin.token).get(`${membersPath(org)}?role=${role}`);
      expectOpenApi(res, 'get', '/orgs/{organizationId}/members', 200);
      expect(ids(res).sort(), role).toEqual([...users].sort());
      expect(res.body.count).toBe(users.length);
    }
  });

  it('searches display names and e-mail addresses, case-insensitively and literally', async () => {
    const { org, admin, carol, alice, dave } = await namedMembers();
    const search = async (text: string) => {
      const res = await rest(app, admin.token).get(`${membersPath(org)}?search=${encodeURIComponent(text)}`);
      expect(res.status).toBe(200);
      return [...ids(res)].sort();
    };
    expect(await search('ALICE')).toEqual([alice.userId]);
    expect(await search('marvel.test')).toEqual([carol.userId]);
    expect(await search('  danvers ')).toEqual([carol.userId]);
    // % and _ are characters to find, not wildcards.
    expect(await search('0%')).toEqual([dave.userId]);
    expect(await search('a_i')).toEqual([]);
    expect(await search('nobody-here')).toEqual([]);
    // Search combines with the role filter.
    const both = await rest(app, admin.token).get(`${membersPath(org)}?search=test&role=read`);
    expect(ids(both)).toEqual([alice.userId]);
  });

  it('sorts by name, both ways', async () => {
    const { org, admin, carol, alice, bob, dave } = await namedMembers();
    const asc = await rest(app, admin.token).get(`${membersPath(org)}?sort=name&order=asc`);
    expectOpenApi(asc, 'get', '/orgs/{organizationId}/members', 200);
    expect(ids(asc)).toEqual([alice, bob, carol, dave, admin].map((p) => p.userId));
    const desc = await rest(app, admin.token).get(`${membersPath(org)}?sort=name`);
    expect(ids(desc)).toEqual([admin, dave, carol, bob, alice].map((p) => p.userId));
  });

  it('sorts by last activity, listing active members only', async () => {
    const { org, admin, carol, alice, bob, dave } = await namedMembers();
    // Within the last minute, so that requests do not move anyone's lastSeenAt.
    await setMembership(app, org.organizationId, admin.userId, { lastSeenAt: secondsAgo(40) });
    await setMembership(app, org.organizationId, carol.userId, { lastSeenAt: secondsAgo(10) });
    await setMembership(app, org.organizationId, alice.userId, { lastSeenAt: null });
    await setMembership(app, org.organizationId, bob.userId, { lastSeenAt: secondsAgo(20) });
    await setMembership(app, org.organizationId, dave.userId, { lastSeenAt: secondsAgo(5), disabled: true });
    const res = await rest(app, admin.token).get(`${membersPath(org)}?sort=lastSeenAt`);
    expectOpenApi(res, 'get', '/orgs/{organizationId}/members', 200);
    // alice was never seen; dave's membership is disabled.
    expect(ids(res)).toEqual([carol, bob, admin].map((p) => p.userId));
    expect(res.body.count).toBe(3);
    expect(res.body.items[0].lastSeenAt).toBe(secondsAgo(10).toISOString());
    const asc = await rest(app, admin.token).get(`${membersPath(org)}?sort=lastSeenAt&order=asc`);
    expect(ids(asc)).toEqual([admin, bob, carol].map((p) => p.userId));
  });

  it('counts a member as active once they call the API', async () => {
    const { org, admin, alice } = await namedMembers();
    await app.prisma.member.updateMany({ where: { organizationId: org.organizationId }, data: { lastSeenAt: null } });
    // A request marks its caller seen, outside the request itself (src/domain/auth/activity.ts).
    await rest(app, admin.token).get(`/v1/orgs/${org.organizationId}`);
    await app.quire.activity.settled();
    const before = await rest(app, admin.token).get(`${membersPath(org)}?sort=lastSeenAt`);
    // Only the caller themself.
    expect(ids(before)).toEqual([admin.userId]);
    app.clock.advance(5_000);
    expect((await rest(app, alice.token).get(`/v1/orgs/${org.organizationId}`)).status).toBe(200);
    await app.quire.activity.settled();
    const after = await rest(app, admin.token).get(`${membersPath(org)}?sort=lastSeenAt`);
    expect(ids(after)).toEqual([alice.userId, admin.userId]);
    expect(after.body.items[0].lastSeenAt).toBe(app.clock.now().toISOString());
  });

  it('pages through every sort without gaps or repeats', async () => {
    const { org, admin, carol, alice, bob, dave } = await namedMembers();
    for (const [i, p] of [admin, carol, alice, bob, dave].entries()) {
      await setMembership(app, org.organizationId, p.userId, { lastSeenAt: secondsAgo(30 - i) });
    }
    for (const query of ['sort=joinedAt', 'sort=name&order=asc', 'sort=lastSeenAt', 'sort=name&role=read']) {
      const all = await rest(app, admin.token).get(`${membersPath(org)}?${query}`);
      const seen: string[] = [];
      let page: string | undefined;
      do {
        const res = await rest(app, admin.token).get(
          `${membersPath(org)}?${query}&limit=2${page ? `&page=${encodeURIComponent(page)}` : ''}`,
        );
        expectOpenApi(res, 'get', '/orgs/{organizationId}/members', 200);
        expect(res.body.items.length).toBeLessThanOrEqual(2);
        expect(res.body.count).toBe(all.body.count);
        seen.push(...ids(res));
        page = res.body.next?.page;
      } while (page);
      expect(seen, query).toEqual(ids(all));
    }
  });

  it('rejects unknown roles, sorts, orders and bad limits with 400 naming the parameter', async () => {
    const org = await createOrg(app);
    for (const [query, field] of [
      ['role=owner', /role/],
      ['sort=email', /sort/],
      ['order=up', /order/],
      ['limit=0', /limit/],
      ['limit=1001', /limit/],
    ] as const) {
      expectError(await rest(app, org.admin.token).get(`${membersPath(org)}?${query}`), 400, field);
    }
  });

  it('is for members: every role lists, guests get 403, another organization 404', async () => {
    const org = await createOrg(app);
    const members = await membersOfEveryRole(app, org.organizationId);
    for (const role of ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const) {
      const res = await rest(app, members[role].token).get(membersPath(org));
      expect(res.status, role).toBe(200);
      expect(res.body.count).toBe(8);
    }
    expectError(await rest(app, members.guest.token).get(membersPath(org)), 403);
    const other = await createOrg(app);
    expectError(await rest(app, other.admin.token).get(membersPath(org)), 404);
    expectError(await rest(app, org.admin.token).get('/v1/orgs/org_unknown/members'), 404);
  });

  it('reports what each member can reach: spaces, teams and sites', async () => {
    const org = await createOrg(app);
    const editor = await addMember(app, org.organizationId, 'edit');
    const guest = await addMember(app, org.organizationId, 'guest');
    const open = await createSpace(app, org);
    const restricted = await createSpace(app, org);
    await app.prisma.space.update({ where: { id: restricted.id }, data: { defaultLevel: 'guest', memberLevel: 'guest' } });
    const gone = await createSpace(app, org);
    await app.prisma.space.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    await insertSite(app, org.organizationId);
    await insertTeam(app, org.organizationId, 'Writers', [{ userId: editor.userId }]);
    await insertTeam(app, org.organizationId, 'Reviewers', [{ userId: editor.userId, role: 'owner' }, { userId: guest.userId }]);
    const res = await rest(app, org.admin.token).get(membersPath(org));
    const byId = Object.fromEntries(res.body.items.map((m: any) => [m.id, m]));
    expect(byId[org.admin.userId]).toMatchObject({ spaces: 2, teams: 0, sites: 1 });
    expect(byId[editor.userId]).toMatchObject({ spaces: 1, teams: 2, sites: 1 });
    expect(byId[guest.userId]).toMatchObject({ spaces: 0, teams: 1, sites: 0 });
    expect(open.id).toBeTruthy();
  });
});

describe('GET /orgs/{organizationId}/members/{userId}', () => {
  it('requires authentication', async () => {
    const org = await createOrg(app);
    expectError(await rest(app).get(memberPath(org, org.admin.userId)), 401);
  });

  it('answers the member to every member; a guest only sees themself', async () => {
    const org = await createOrg(app);
    const members = await membersOfEveryRole(app, org.organizationId);
    for (const role of ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const) {
      const res = await rest(app, members[role].token).get(memberPath(org, members.edit.userId));
      expectOpenApi(res, 'get', '/orgs/{organizationId}/members/{userId}', 200);
      expect(res.body).toMatchObject({
        object: 'member',
        id: members.edit.userId,
        role: 'edit',
        user: { id: members.edit.userId, email: members.edit.email },
      });
    }
    const self = await rest(app, members.guest.token).get(memberPath(org, members.guest.userId));
    expectOpenApi(self, 'get', '/orgs/{organizationId}/members/{userId}', 200);
    expect(self.body.role).toBeNull();
    expectError(await rest(app, members.guest.token).get(memberPath(org, members.edit.userId)), 404);
  });

  it('answers 404 to another organization and for a user who is not a member', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    expectError(await rest(app, other.admin.token).get(memberPath(org, org.admin.userId)), 404);
    // A real user, but of the other organization only.
    expectError(await rest(app, org.admin.token).get(memberPath(org, other.admin.userId)), 404);
    expectError(await rest(app, org.admin.token).get(memberPath(org, 'usr_unknown')), 404);
  });
});

describe('PATCH /orgs/{organizationId}/members/{userId}', () => {
  it('requires authentication', async () => {
    const org = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'read');
    expectError(await rest(app).patch(memberPath(org, member.userId), { role: 'edit' }), 401);
  });

  it('sets any role, and null makes a guest (admin)', async () => {
    const org = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'read');
    for (const role of ['create', 'review', 'edit', 'comment', 'read', 'admin', null]) {
      const res = await rest(app, org.admin.token).patch(memberPath(org, member.userId), { role });
      expectOpenApi(res, 'patch', '/orgs/{organizationId}/members/{userId}', 200);
      expect(res.body.role).toBe(role);
      const row = await app.prisma.member.findUniqueOrThrow({
        where: { organizationId_userId: { organizationId: org.organizationId, userId: member.userId } },
      });
      expect(row.role).toBe(role);
    }
    // The new role applies at once: as a guest they may no longer list members.
    expectError(await rest(app, member.token).get(membersPath(org)), 403);
  });

  it('keeps the role when the body names none', async () => {
    const org = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'comment');
    const res = await rest(app, org.admin.token).patch(memberPath(org, member.userId), {});
    expectOpenApi(res, 'patch', '/orgs/{organizationId}/members/{userId}', 200);
    expect(res.body.role).toBe('comment');
  });

  it('rejects an unknown role, a non-string role and unknown fields with 400', async () => {
    const org = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'read');
    expectError(await rest(app, org.admin.token).patch(memberPath(org, member.userId), { role: 'owner' }), 400, /role/);
    expectError(await rest(app, org.admin.token).patch(memberPath(org, member.userId), { role: 3 }), 400, /role/);
    expectError(await rest(app, org.admin.token).patch(memberPath(org, member.userId), { role: 'edit', disabled: true }), 400, /disabled/);
    const row = await app.prisma.member.findUniqueOrThrow({
      where: { organizationId_userId: { organizationId: org.organizationId, userId: member.userId } },
    });
    expect(row).toMatchObject({ role: 'read', disabled: false });
  });

  it('is for admins: 403 for other roles (themselves included), 404 for guests and another organization', async () => {
    const org = await createOrg(app);
    const members = await membersOfEveryRole(app, org.organizationId);
    const target = await addMember(app, org.organizationId, 'read');
    for (const role of ['create', 'review', 'edit', 'comment', 'read'] as const) {
      expectError(await rest(app, members[role].token).patch(memberPath(org, target.userId), { role: 'admin' }), 403);
      expectError(await rest(app, members[role].token).patch(memberPath(org, members[role].userId), { role: 'admin' }), 403);
    }
    // A guest cannot see other members (404), and cannot promote themself (403).
    expectError(await rest(app, members.guest.token).patch(memberPath(org, target.userId), { role: 'admin' }), 404);
    expectError(await rest(app, members.guest.token).patch(memberPath(org, members.guest.userId), { role: 'admin' }), 403);
    const other = await createOrg(app);
    expectError(await rest(app, other.admin.token).patch(memberPath(org, target.userId), { role: 'admin' }), 404);
    expectError(await rest(app, org.admin.token).patch(memberPath(org, 'usr_unknown'), { role: 'read' }), 404);
    expect(await app.prisma.member.count({ where: { organizationId: org.organizationId, role: 'admin' } })).toBe(2);
    const ok = await rest(app, members.admin.token).patch(memberPath(org, target.userId), { role: 'review' });
    expect(ok.body.role).toBe('review');
  });

  it('never demotes the last admin (409); another enabled admin makes it possible', async () => {
    const org = await createOrg(app);
    for (const role of ['create', null]) {
      expectError(await rest(app, org.admin.token).patch(memberPath(org, org.admin.userId), { role }), 409, /admin/);
    }
    // A disabled admin does not count.
    const disabledAdmin = await addMember(app, org.organizationId, 'admin');
    await setMembership(app, org.organizationId, disabledAdmin.userId, { disabled: true });
    expectError(await rest(app, org.admin.token).patch(memberPath(org, org.admin.userId), { role: 'read' }), 409);
    // Keeping the admin role is no demotion.
    expect((await rest(app, org.admin.token).patch(memberPath(org, org.admin.userId), { role: 'admin' })).status).toBe(200);
    await addMember(app, org.organizationId, 'admin');
    const res = await rest(app, org.admin.token).patch(memberPath(org, org.admin.userId), { role: 'read' });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('read');
  });

  it('keeps one admin when two admins demote each other at once', async () => {
    const org = await createOrg(app);
    const second = await addMember(app, org.organizationId, 'admin');
    const [a, b] = await Promise.all([
      rest(app, org.admin.token).patch(memberPath(org, second.userId), { role: 'read' }),
      rest(app, second.token).patch(memberPath(org, org.admin.userId), { role: 'read' }),
    ]);
    // One demotion wins. The other is refused: 409 (it would remove the last admin) when it reaches the
    // check first, 403 when its caller was demoted by the winner before its turn under the lock.
    const [won, refused] = [a.status, b.status].sort();
    expect(won).toBe(200);
    expect([403, 409]).toContain(refused);
    expect(await app.prisma.member.count({ where: { organizationId: org.organizationId, role: 'admin' } })).toBe(1);
  });

  it('is updateMember in GraphQL', async () => {
    const org = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'read');
    const mutation =
      'mutation($o: ID!, $u: ID!, $r: Role) { updateMember(input: { organizationId: $o, userId: $u, role: $r }) { member { id role } } }';
    const res = await graphql(app, org.admin.token, mutation, { o: org.organizationId, u: member.userId, r: 'REVIEW' });
    expect(res.data.updateMember.member).toEqual({ id: member.userId, role: 'REVIEW' });
    const guest = await graphql(app, org.admin.token, mutation, { o: org.organizationId, u: member.userId, r: null });
    expect(guest.data.updateMember.member).toEqual({ id: member.userId, role: null });
    const last = await graphql(app, org.admin.token, mutation, { o: org.organizationId, u: org.admin.userId, r: 'READ' });
    expect(last.errors?.[0].extensions).toMatchObject({ code: 'CONFLICT', status: 409 });
  });
});

describe('DELETE /orgs/{organizationId}/members/{userId}', () => {
  const isMember = (org: OrgFixture, user: Caller) =>
    app.prisma.member.count({ where: { organizationId: org.organizationId, userId: user.userId } }).then((n) => n === 1);

  it('requires authentication', async () => {
    const org = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'read');
    expectError(await rest(app).delete(memberPath(org, member.userId)), 401);
    expect(await isMember(org, member)).toBe(true);
  });

  it('removes a member and their team memberships (admin): 205, then 204 when already gone', async () => {
    const org = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'edit');
    const team = await insertTeam(app, org.organizationId, 'Team', [{ userId: member.userId }, { userId: org.admin.userId }]);
    const res = await rest(app, org.admin.token).delete(memberPath(org, member.userId));
    expect(res.status).toBe(205);
    expect(res.body).toBeUndefined();
    expect(await isMember(org, member)).toBe(false);
    expect(await app.prisma.teamMember.findMany({ where: { teamId: team.id }, select: { userId: true } })).toEqual([
      { userId: org.admin.userId },
    ]);
    expectError(await rest(app, member.token).get(`/v1/orgs/${org.organizationId}`), 404);
    expect((await rest(app, member.token).get('/v1/orgs')).body.count).toBe(0);
    expect((await rest(app, org.admin.token).delete(memberPath(org, member.userId))).status).toBe(204);
    expect((await rest(app, org.admin.token).delete(memberPath(org, 'usr_neverExisted'))).status).toBe(204);
  });

  it('lets any member leave, guests included', async () => {
    const org = await createOrg(app);
    for (const role of ['read', 'guest'] as const) {
      const member = await addMember(app, org.organizationId, role);
      expect((await rest(app, member.token).delete(memberPath(org, member.userId))).status).toBe(205);
      expect(await isMember(org, member)).toBe(false);
    }
  });

  it('is for admins when removing others: 403 for other roles, 404 for guests and another organization', async () => {
    const org = await createOrg(app);
    const members = await membersOfEveryRole(app, org.organizationId);
    const target = await addMember(app, org.organizationId, 'read');
    for (const role of ['create', 'review', 'edit', 'comment', 'read'] as const) {
      expectError(await rest(app, members[role].token).delete(memberPath(org, target.userId)), 403);
      // The same answer whether or not there is such a member.
      expectError(await rest(app, members[role].token).delete(memberPath(org, 'usr_nobody')), 403);
    }
    expectError(await rest(app, members.guest.token).delete(memberPath(org, target.userId)), 404);
    const other = await createOrg(app);
    expectError(await rest(app, other.admin.token).delete(memberPath(org, target.userId)), 404);
    expectError(await rest(app, other.admin.token).delete(memberPath(org, 'usr_nobody')), 404);
    expectError(await rest(app, org.admin.token).delete('/v1/orgs/org_unknown/members/usr_nobody'), 404);
    expect(await isMember(org, target)).toBe(true);
    expect((await rest(app, members.admin.token).delete(memberPath(org, target.userId))).status).toBe(205);
  });

  it('never removes the last admin (409)', async () => {
    const org = await createOrg(app);
    expectError(await rest(app, org.admin.token).delete(memberPath(org, org.admin.userId)), 409, /admin/);
    expect(await isMember(org, org.admin)).toBe(true);
    // A disabled admin can be removed: they administer nothing.
    const disabledAdmin = await addMember(app, org.organizationId, 'admin');
    await setMembership(app, org.organizationId, disabledAdmin.userId, { disabled: true });
    expect((await rest(app, org.admin.token).delete(memberPath(org, disabledAdmin.userId))).status).toBe(205);
    const second = await addMember(app, org.organizationId, 'admin');
    expect((await rest(app, org.admin.token).delete(memberPath(org, org.admin.userId))).status).toBe(205);
    expectError(await rest(app, second.token).delete(memberPath(org, second.userId)), 409);
  });

  it('keeps one admin when two admins leave at once', async () => {
    const org = await createOrg(app);
    const second = await addMember(app, org.organizationId, 'admin');
    const results = await Promise.all([
      rest(app, org.admin.token).delete(memberPath(org, org.admin.userId)),
      rest(app, second.token).delete(memberPath(org, second.userId)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([205, 409]);
    expect(await app.prisma.member.count({ where: { organizationId: org.organizationId, role: 'admin' } })).toBe(1);
  });

  it('is removeMember in GraphQL: true when removed, false when there was nobody', async () => {
    const org = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'read');
    const mutation = 'mutation($o: ID!, $u: ID!) { removeMember(input: { organizationId: $o, userId: $u }) { removedMemberId removed } }';
    expect((await graphql(app, org.admin.token, mutation, { o: org.organizationId, u: member.userId })).data).toEqual({
      removeMember: { removedMemberId: member.userId, removed: true },
    });
    expect((await graphql(app, org.admin.token, mutation, { o: org.organizationId, u: member.userId })).data).toEqual({
      removeMember: { removedMemberId: null, removed: false },
    });
  });
});

describe('GET /orgs/{organizationId}/members/{userId}/spaces', () => {
  /** Spaces with known creation times: open (inherit), capped at comment, admins only, deleted. */
  async function orgWithSpaces() {
    const org = await createOrg(app);
    const make = async (minutes: number, data: Record<string, unknown>) => {
      const space = await createSpace(app, org);
      await app.prisma.space.update({ where: { id: space.id }, data: { createdAt: minutesAgo(minutes), ...data } });
      return space.id;
    };
    const open = await make(30, {});
    const capped = await make(20, { defaultLevel: 'comment', memberLevel: 'comment' });
    const adminsOnly = await make(10, { defaultLevel: 'guest', memberLevel: 'guest' });
    await make(5, { deletedAt: new Date() });
    return { org, open, capped, adminsOnly };
  }
  const spacesPath = (org: OrgFixture, userId: string) => `${memberPath(org, userId)}/spaces`;
  const listed = (res: { body: any }) => res.body.items.map((i: any) => [i.space.id, i.permission]);

  it('requires authentication', async () => {
    const org = await createOrg(app);
    expectError(await rest(app).get(spacesPath(org, org.admin.userId)), 401);
  });

  it('lists the spaces a member can reach with their level on each, newest first (admin asks)', async () => {
    const { org, open, capped } = await orgWithSpaces();
    const editor = await addMember(app, org.organizationId, 'edit');
    const res = await rest(app, org.admin.token).get(spacesPath(org, editor.userId));
    expectOpenApi(res, 'get', '/orgs/{organizationId}/members/{userId}/spaces', 200);
    expect(listed(res)).toEqual([
      [capped, 'comment'],
      [open, 'edit'],
    ]);
    expect(res.body.count).toBe(2);
    expect(res.body.items[0].space).toMatchObject({ object: 'space', id: capped });
    const asc = await rest(app, org.admin.token).get(`${spacesPath(org, editor.userId)}?order=asc`);
    expect(listed(asc)).toEqual([
      [open, 'edit'],
      [capped, 'comment'],
    ]);
    // The member's `spaces` count is the same number.
    expect((await rest(app, org.admin.token).get(memberPath(org, editor.userId))).body.spaces).toBe(2);
  });

  it('gives admins every live space, readers read access, guests nothing', async () => {
    const { org, open, capped, adminsOnly } = await orgWithSpaces();
    const reader = await addMember(app, org.organizationId, 'read');
    const guest = await addMember(app, org.organizationId, 'guest');
    const admin = await rest(app, org.admin.token).get(spacesPath(org, org.admin.userId));
    expect(listed(admin)).toEqual([
      [adminsOnly, 'admin'],
      [capped, 'admin'],
      [open, 'admin'],
    ]);
    const read = await rest(app, reader.token).get(spacesPath(org, reader.userId));
    expectOpenApi(read, 'get', '/orgs/{organizationId}/members/{userId}/spaces', 200);
    expect(listed(read)).toEqual([
      [capped, 'read'],
      [open, 'read'],
    ]);
    const none = await rest(app, guest.token).get(spacesPath(org, guest.userId));
    expectOpenApi(none, 'get', '/orgs/{organizationId}/members/{userId}/spaces', 200);
    expect(none.body).toEqual({ count: 0, items: [] });
  });

  it('pages with limit and page', async () => {
    const { org, open, capped, adminsOnly } = await orgWithSpaces();
    const first = await rest(app, org.admin.token).get(`${spacesPath(org, org.admin.userId)}?limit=2`);
    expect(listed(first).map((x: string[]) => x[0])).toEqual([adminsOnly, capped]);
    expect(first.body.count).toBe(3);
    const second = await rest(app, org.admin.token).get(`${spacesPath(org, org.admin.userId)}?limit=2&page=${first.body.next.page}`);
    expect(listed(second).map((x: string[]) => x[0])).toEqual([open]);
    expect(second.body.next).toBeUndefined();
  });

  it('is for the member themself and admins: 403 for other members, 404 for guests and another organization', async () => {
    const org = await createOrg(app);
    const members = await membersOfEveryRole(app, org.organizationId);
    const target = await addMember(app, org.organizationId, 'read');
    for (const role of ['create', 'review', 'edit', 'comment', 'read'] as const) {
      expectError(await rest(app, members[role].token).get(spacesPath(org, target.userId)), 403);
    }
    expectError(await rest(app, members.guest.token).get(spacesPath(org, target.userId)), 404);
    const other = await createOrg(app);
    expectError(await rest(app, other.admin.token).get(spacesPath(org, target.userId)), 404);
    expectError(await rest(app, org.admin.token).get(spacesPath(org, 'usr_unknown')), 404);
    expect((await rest(app, members.admin.token).get(spacesPath(org, target.userId))).status).toBe(200);
  });
});

describe('GET /orgs/{organizationId}/members/{userId}/teams', () => {
  const teamsPath = (org: OrgFixture, userId: string) => `${memberPath(org, userId)}/teams`;

  it('requires authentication', async () => {
    const org = await createOrg(app);
    expectError(await rest(app).get(teamsPath(org, org.admin.userId)), 401);
  });

  it('is empty for a member of no team', async () => {
    const org = await createOrg(app);
    const res = await rest(app, org.admin.token).get(teamsPath(org, org.admin.userId));
    expectOpenApi(res, 'get', '/orgs/{organizationId}/members/{userId}/teams', 200);
    expect(res.body).toEqual({ count: 0, items: [] });
  });

  it("lists the member's teams with their role in each, filtered by title case-insensitively", async () => {
    const org = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'edit');
    const other = await addMember(app, org.organizationId, 'read');
    const docs = await insertTeam(app, org.organizationId, 'Docs Writers', [
      { userId: member.userId, role: 'owner' },
      { userId: other.userId },
    ]);
    const design = await insertTeam(app, org.organizationId, 'Design', [{ userId: member.userId }]);
    await insertTeam(app, org.organizationId, 'Docs Reviewers', [{ userId: other.userId }]);
    const elsewhere = await createOrg(app);
    await addMember(app, elsewhere.organizationId, 'read', { email: member.email });
    await insertTeam(app, elsewhere.organizationId, 'Docs Elsewhere', [{ userId: member.userId }]);

    const res = await rest(app, org.admin.token).get(teamsPath(org, member.userId));
    expectOpenApi(res, 'get', '/orgs/{organizationId}/members/{userId}/teams', 200);
    expect(res.body.count).toBe(2);
    const byTeam = Object.fromEntries(res.body.items.map((i: any) => [i.team.id, i]));
    expect(byTeam[docs.id]).toEqual({
      team: {
        object: 'team',
        id: docs.id,
        title: 'Docs Writers',
        members: 2,
        spaces: 0,
        createdAt: expect.any(String),
        permissions: { admin: true, view: true },
      },
      member: { role: 'owner' },
    });
    expect(byTeam[design.id].member).toEqual({ role: 'member' });

    const filtered = await rest(app, org.admin.token).get(`${teamsPath(org, member.userId)}?title=dOCS`);
    expectOpenApi(filtered, 'get', '/orgs/{organizationId}/members/{userId}/teams', 200);
    expect(filtered.body.items.map((i: any) => i.team.id)).toEqual([docs.id]);
    expect(filtered.body.count).toBe(1);
    expect((await rest(app, org.admin.token).get(`${teamsPath(org, member.userId)}?title=zzz`)).body.count).toBe(0);
    // A literal %, not a wildcard.
    expect((await rest(app, org.admin.token).get(`${teamsPath(org, member.userId)}?title=%25`)).body.count).toBe(0);

    // Team permissions are the caller's: the owner manages the team, a plain member does not.
    const asOwner = await rest(app, member.token).get(teamsPath(org, member.userId));
    expect(asOwner.body.items.find((i: any) => i.team.id === docs.id).team.permissions).toEqual({ admin: true, view: true });
    const asOther = await rest(app, other.token).get(teamsPath(org, member.userId));
    expect(asOther.status).toBe(200);
    expect(asOther.body.items.find((i: any) => i.team.id === docs.id).team.permissions).toEqual({ admin: false, view: true });
  });

  it('lets any member list, a guest only their own teams, and answers 404 to another organization', async () => {
    const org = await createOrg(app);
    const members = await membersOfEveryRole(app, org.organizationId);
    const team = await insertTeam(app, org.organizationId, 'Guests welcome', [
      { userId: members.guest.userId },
      { userId: members.read.userId },
    ]);
    for (const role of ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const) {
      const res = await rest(app, members[role].token).get(teamsPath(org, members.read.userId));
      expect(res.status, role).toBe(200);
      expect(res.body.items.map((i: any) => i.team.id)).toEqual([team.id]);
    }
    const own = await rest(app, members.guest.token).get(teamsPath(org, members.guest.userId));
    expectOpenApi(own, 'get', '/orgs/{organizationId}/members/{userId}/teams', 200);
    expect(own.body.items).toEqual([
      { team: expect.objectContaining({ id: team.id, permissions: { admin: false, view: true } }), member: { role: 'member' } },
    ]);
    expectError(await rest(app, members.guest.token).get(teamsPath(org, members.read.userId)), 404);
    const other = await createOrg(app);
    expectError(await rest(app, other.admin.token).get(teamsPath(org, members.read.userId)), 404);
    expectError(await rest(app, org.admin.token).get(teamsPath(org, 'usr_unknown')), 404);
  });
});

describe('GraphQL: organization → members → user, spaces, teams', () => {
  it('serves the membership graph with Relay connections and totalCount', async () => {
    const org = await createOrg(app);
    const editor = await addMember(app, org.organizationId, 'edit', { displayName: 'Aaron Editor' });
    const space = await createSpace(app, org);
    const team = await insertTeam(app, org.organizationId, 'Core', [{ userId: editor.userId, role: 'owner' }]);
    const query = `query($id: ID!) {
      organization(id: $id) {
        members(first: 10, sort: NAME, order: ASC) {
          totalCount
          pageInfo { hasNextPage }
          edges { node {
            id role spacesCount teamsCount
            user { id displayName email }
            organization { id }
            spaces(first: 5) { totalCount edges { permission node { id } } }
            teams(first: 5, title: "co") { totalCount edges { node { role team { id title membersCount } } } }
          } }
        }
      }
    }`;
    const res = await graphql(app, org.admin.token, query, { id: org.organizationId });
    expect(res.errors).toBeUndefined();
    const { members } = res.data.organization;
    expect(members.totalCount).toBe(2);
    expect(members.pageInfo.hasNextPage).toBe(false);
    const [first] = members.edges.map((e: any) => e.node);
    expect(first).toEqual({
      id: editor.userId,
      role: 'EDIT',
      spacesCount: 1,
      teamsCount: 1,
      user: { id: editor.userId, displayName: 'Aaron Editor', email: editor.email },
      organization: { id: org.organizationId },
      spaces: { totalCount: 1, edges: [{ permission: 'EDIT', node: { id: space.id } }] },
      teams: { totalCount: 1, edges: [{ node: { role: 'OWNER', team: { id: team.id, title: 'Core', membersCount: 1 } } }] },
    });
    const member = await graphql(
      app,
      org.admin.token,
      'query($id: ID!, $u: ID!) { organization(id: $id) { member(userId: $u) { id role } } }',
      { id: org.organizationId, u: editor.userId },
    );
    expect(member.data.organization.member).toEqual({ id: editor.userId, role: 'EDIT' });
  });

  it("refuses a member's spaces to other members, and the list to guests", async () => {
    const org = await createOrg(app);
    const members = await membersOfEveryRole(app, org.organizationId);
    const spaces = await graphql(
      app,
      members.read.token,
      'query($id: ID!, $u: ID!) { organization(id: $id) { member(userId: $u) { spaces { totalCount } } } }',
      { id: org.organizationId, u: members.edit.userId },
    );
    expect(spaces.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const list = await graphql(app, members.guest.token, 'query($id: ID!) { organization(id: $id) { members { totalCount } } }', {
      id: org.organizationId,
    });
    expect(list.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});
