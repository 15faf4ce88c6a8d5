// Spec 4.8 — teams and team members over REST (answers validated against the
// public OpenAPI document) and GraphQL: filters, validation, authorization
// (admin, team owner, plain member, guest, another organization, token scopes).
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { addMember, createOrg, type OrgFixture } from '../support/factories.js';
import { expectOpenApi } from '../support/openapi.js';
import { tokenWithScopes } from '../support/tokens.js';

const app = useTestApp();

const teamsPath = (org: OrgFixture) => `/v1/orgs/${org.organizationId}/teams`;
const teamPath = (org: OrgFixture, teamId: string) => `${teamsPath(org)}/${teamId}`;
const membersPath = (org: OrgFixture, teamId: string) => `${teamPath(org, teamId)}/members`;

function expectError(res: { status: number; body: any }, status: number, message?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ error: { code: status, message: expect.any(String) } });
  if (message) expect(res.body.error.message).toMatch(message);
}

async function createTeam(org: OrgFixture, body: Record<string, unknown>) {
  const res = await rest(app, org.admin.token).put(teamsPath(org), body);
  expectOpenApi(res, 'put', '/orgs/{organizationId}/teams', 201);
  return res.body as { id: string; [k: string]: unknown };
}

/** An organization with a team owned by a plain member (read), a plain member in it, an outsider member and a guest. */
async function teamFixture() {
  const org = await createOrg(app);
  const owner = await addMember(app, org.organizationId, 'read');
  const inTeam = await addMember(app, org.organizationId, 'edit');
  const plain = await addMember(app, org.organizationId, 'edit');
  const guest = await addMember(app, org.organizationId, 'guest');
  const team = await createTeam(org, { title: 'Writers', members: [inTeam.userId] });
  expect((await rest(app, org.admin.token).put(`${membersPath(org, team.id)}/${owner.userId}`, { role: 'owner' })).status).toBe(204);
  return { org, owner, inTeam, plain, guest, team };
}

const memberCount = (teamId: string) => app.prisma.teamMember.count({ where: { teamId } });

describe('teams: create, get, list, rename, delete', () => {
  it('creates (201) with members, gets, renames and deletes (204, also when already gone) in the documented shapes', async () => {
    const org = await createOrg(app);
    const a = await addMember(app, org.organizationId, 'edit');
    const team = await createTeam(org, { title: 'Docs', members: [a.userId, a.email.toUpperCase()] });
    expect(team).toEqual({
      object: 'team',
      id: expect.stringMatching(/^tea_/),
      title: 'Docs',
      members: 1,
      spaces: 0,
      createdAt: expect.any(String),
      permissions: { admin: true, view: true },
    });

    const got = await rest(app, org.admin.token).get(teamPath(org, team.id));
    expectOpenApi(got, 'get', '/orgs/{organizationId}/teams/{teamId}', 200);
    expect(got.body).toEqual(team);

    const renamed = await rest(app, org.admin.token).patch(teamPath(org, team.id), { title: 'Documentation' });
    expectOpenApi(renamed, 'patch', '/orgs/{organizationId}/teams/{teamId}', 200);
    expect(renamed.body.title).toBe('Documentation');

    expect((await rest(app, org.admin.token).delete(teamPath(org, team.id))).status).toBe(204);
    expect((await rest(app, org.admin.token).delete(teamPath(org, team.id))).status).toBe(204);
    expect(await memberCount(team.id)).toBe(0);
    expectError(await rest(app, org.admin.token).get(teamPath(org, team.id)), 404);
    // The member's team count follows.
    expect((await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/members/${a.userId}`)).body.teams).toBe(0);
  });

  it('lists teams with a case-insensitive title filter and an owner filter (teams they can manage)', async () => {
    const { org, owner, plain, team } = await teamFixture();
    const other = await createTeam(org, { title: 'Design 100%' });
    const all = await rest(app, org.admin.token).get(teamsPath(org));
    expectOpenApi(all, 'get', '/orgs/{organizationId}/teams', 200);
    expect(all.body.count).toBe(2);
    expect(all.body.items.map((t: any) => t.id)).toEqual([team.id, other.id]);
    expect(all.body.items[0].members).toBe(2);

    const filtered = await rest(app, org.admin.token).get(`${teamsPath(org)}?title=wRIT`);
    expectOpenApi(filtered, 'get', '/orgs/{organizationId}/teams', 200);
    expect(filtered.body.items.map((t: any) => t.id)).toEqual([team.id]);
    expect((await rest(app, org.admin.token).get(`${teamsPath(org)}?title=%25`)).body.items.map((t: any) => t.id)).toEqual([other.id]);

    expect((await rest(app, org.admin.token).get(`${teamsPath(org)}?owner=${owner.userId}`)).body.items.map((t: any) => t.id)).toEqual([
      team.id,
    ]);
    expect((await rest(app, org.admin.token).get(`${teamsPath(org)}?owner=${plain.userId}`)).body.count).toBe(0);
    expect((await rest(app, org.admin.token).get(`${teamsPath(org)}?owner=${org.admin.userId}`)).body.count).toBe(2);

    const page = await rest(app, org.admin.token).get(`${teamsPath(org)}?limit=1`);
    expectOpenApi(page, 'get', '/orgs/{organizationId}/teams', 200);
    const next = await rest(app, org.admin.token).get(`${teamsPath(org)}?limit=1&page=${page.body.next.page}`);
    expect(next.body.items.map((t: any) => t.id)).toEqual([other.id]);
  });

  it('refuses a title out of 1 to 64 characters or missing, naming the field, writing nothing', async () => {
    const org = await createOrg(app);
    expectError(await rest(app, org.admin.token).put(teamsPath(org), { title: '' }), 400, /^title: /);
    expectError(await rest(app, org.admin.token).put(teamsPath(org), { title: 'x'.repeat(65) }), 400, /^title: /);
    expectError(await rest(app, org.admin.token).put(teamsPath(org), {}), 400, /^title: /);
    expectError(await rest(app, org.admin.token).put(teamsPath(org), { title: 'Ok', members: ['usr_nobody'] }), 400, /^members\[0\]: /);
    expect(await app.prisma.team.count({ where: { organizationId: org.organizationId } })).toBe(0);
    const team = await createTeam(org, { title: 'x'.repeat(64) });
    expectError(await rest(app, org.admin.token).patch(teamPath(org, team.id), { title: '' }), 400, /^title: /);
    expectError(await rest(app, org.admin.token).patch(teamPath(org, team.id), {}), 400, /^title: /);
  });

  it('authorizes: admins create, rename and delete; others 403; guests outside the team and other organizations 404', async () => {
    const { org, owner, inTeam, plain, guest, team } = await teamFixture();
    for (const who of [owner, plain, inTeam]) {
      expectError(await rest(app, who.token).put(teamsPath(org), { title: 'Mine' }), 403);
      expectError(await rest(app, who.token).patch(teamPath(org, team.id), { title: 'Mine' }), 403);
      expectError(await rest(app, who.token).delete(teamPath(org, team.id)), 403);
      const seen = await rest(app, who.token).get(teamPath(org, team.id));
      expectOpenApi(seen, 'get', '/orgs/{organizationId}/teams/{teamId}', 200);
      expect(seen.body.permissions).toEqual({ admin: who === owner, view: true });
    }
    expectError(await rest(app, guest.token).get(teamPath(org, team.id)), 404);
    expectError(await rest(app, guest.token).get(teamsPath(org)), 403);
    const other = await createOrg(app);
    expectError(await rest(app, other.admin.token).get(teamPath(org, team.id)), 404);
    expectError(await rest(app, other.admin.token).get(teamsPath(org)), 404);
    expectError(await rest(app, other.admin.token).delete(teamPath(org, team.id)), 404);
    expectError(await rest(app, other.admin.token).patch(teamPath(org, team.id), { title: 'Stolen' }), 404);
    // The team of another organization is not found through this one's path.
    const otherTeam = await createTeam(other, { title: 'Theirs' });
    expectError(await rest(app, org.admin.token).get(teamPath(org, otherTeam.id)), 404);
    expect((await rest(app, org.admin.token).delete(teamPath(org, otherTeam.id))).status).toBe(204);
    expect(await app.prisma.team.count({ where: { id: otherTeam.id } })).toBe(1);
    expectError(await rest(app).get(teamsPath(org)), 401);
  });

  it('a token without organization:members:write reads but may not write (403 naming the scope)', async () => {
    const { org, team } = await teamFixture();
    const { token } = await tokenWithScopes(app, org.admin.userId, ['organization:members:read']);
    expect((await rest(app, token).get(teamsPath(org))).status).toBe(200);
    expectError(await rest(app, token).put(teamsPath(org), { title: 'No' }), 403, /organization:members:write/);
    expectError(await rest(app, token).delete(teamPath(org, team.id)), 403, /organization:members:write/);
    expectError(await rest(app, token).put(membersPath(org, team.id), { add: [org.admin.userId] }), 403, /organization:members:write/);
    const { token: none } = await tokenWithScopes(app, org.admin.userId, ['space:read']);
    expectError(await rest(app, none).get(teamsPath(org)), 403, /organization:members:read/);
  });
});

describe('team members', () => {
  it('lists members as {organization, team: {role}, permissions: {view}}', async () => {
    const { org, owner, inTeam, team } = await teamFixture();
    const res = await rest(app, org.admin.token).get(membersPath(org, team.id));
    expectOpenApi(res, 'get', '/orgs/{organizationId}/teams/{teamId}/members', 200);
    expect(res.body.count).toBe(2);
    expect(res.body.items.map((i: any) => [i.organization.id, i.team, i.permissions])).toEqual([
      [inTeam.userId, { role: 'member' }, { view: true }],
      [owner.userId, { role: 'owner' }, { view: true }],
    ]);
    expect(res.body.items[0].organization).toMatchObject({ object: 'member', teams: 1, user: { id: inTeam.userId } });
  });

  it('bulk PUT adds by id or e-mail, removes, sets roles; a user both added and removed is removed', async () => {
    const { org, owner, inTeam, plain, team } = await teamFixture();
    const extra = await addMember(app, org.organizationId, 'comment');
    const res = await rest(app, owner.token).put(membersPath(org, team.id), {
      add: [plain.email.toUpperCase(), extra.userId, inTeam.userId],
      remove: [inTeam.email],
      memberships: { [plain.userId]: { role: 'owner' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    const rows = await app.prisma.teamMember.findMany({
      where: { teamId: team.id },
      orderBy: { userId: 'asc' },
      select: { userId: true, role: true },
    });
    expect(rows).toEqual(
      [
        { userId: owner.userId, role: 'owner' },
        { userId: plain.userId, role: 'owner' },
        { userId: extra.userId, role: 'member' },
      ].sort((a, b) => (a.userId < b.userId ? -1 : 1)),
    );
    const got = await rest(app, org.admin.token).get(teamPath(org, team.id));
    expect(got.body.members).toBe(3);
    expect((await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/members/${plain.userId}`)).body.teams).toBe(1);
    const listed = await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/members/${plain.userId}/teams?title=WRI`);
    expectOpenApi(listed, 'get', '/orgs/{organizationId}/members/{userId}/teams', 200);
    expect(listed.body.items).toEqual([{ team: expect.objectContaining({ id: team.id, members: 3 }), member: { role: 'owner' } }]);
  });

  it('refuses unknown users, non-members and bad roles with a 400 naming the entry, changing nothing', async () => {
    const { org, team } = await teamFixture();
    const outsider = await createOrg(app);
    const before = await memberCount(team.id);
    expectError(await rest(app, org.admin.token).put(membersPath(org, team.id), { add: ['nobody@nowhere.test'] }), 400, /^add\[0\]: /);
    expectError(
      await rest(app, org.admin.token).put(membersPath(org, team.id), { add: [org.admin.userId, outsider.admin.userId] }),
      400,
      /^add\[1\]: /,
    );
    expectError(await rest(app, org.admin.token).put(membersPath(org, team.id), { remove: ['usr_nobody'] }), 400, /^remove\[0\]: /);
    expectError(
      await rest(app, org.admin.token).put(membersPath(org, team.id), { memberships: { [org.admin.userId]: { role: 'boss' } } }),
      400,
      /role/,
    );
    expectError(await rest(app, org.admin.token).put(membersPath(org, team.id), { add: 'x' }), 400);
    expectError(
      await rest(app, org.admin.token).put(`${membersPath(org, team.id)}/${outsider.admin.userId}`, { role: 'member' }),
      400,
      /^userId: /,
    );
    expectError(
      await rest(app, org.admin.token).put(`${membersPath(org, team.id)}/${org.admin.userId}`, { role: 'chief' }),
      400,
      /^role: /,
    );
    expect(await memberCount(team.id)).toBe(before);
  });

  it('put and delete one member: adds, changes the role, removes (204, also when already gone)', async () => {
    const { org, owner, plain, team } = await teamFixture();
    const path = `${membersPath(org, team.id)}/${plain.userId}`;
    expect((await rest(app, owner.token).put(path, {})).status).toBe(204);
    expect(
      (await app.prisma.teamMember.findUniqueOrThrow({ where: { teamId_userId: { teamId: team.id, userId: plain.userId } } })).role,
    ).toBe('member');
    expect((await rest(app, owner.token).put(path, { role: 'owner' })).status).toBe(204);
    expect((await rest(app, owner.token).put(path)).status).toBe(204);
    expect(
      (await app.prisma.teamMember.findUniqueOrThrow({ where: { teamId_userId: { teamId: team.id, userId: plain.userId } } })).role,
    ).toBe('owner');
    expect((await rest(app, owner.token).delete(path)).status).toBe(204);
    expect(await app.prisma.teamMember.count({ where: { teamId: team.id, userId: plain.userId } })).toBe(0);
    expect((await rest(app, owner.token).delete(path)).status).toBe(204);
    expect(await app.prisma.teamMember.count({ where: { teamId: team.id, userId: plain.userId } })).toBe(0);
  });

  it('only admins and the team owners manage members; a guest in the team sees only their own row', async () => {
    const { org, owner, inTeam, plain, guest, team } = await teamFixture();
    for (const who of [inTeam, plain]) {
      expectError(await rest(app, who.token).put(membersPath(org, team.id), { add: [who.userId] }), 403);
      expectError(await rest(app, who.token).put(`${membersPath(org, team.id)}/${who.userId}`, {}), 403);
      expectError(await rest(app, who.token).delete(`${membersPath(org, team.id)}/${owner.userId}`), 403);
      expect((await rest(app, who.token).get(membersPath(org, team.id))).body.count).toBe(2);
    }
    expectError(await rest(app, guest.token).get(membersPath(org, team.id)), 404);
    expectError(await rest(app, guest.token).put(membersPath(org, team.id), { add: [guest.userId] }), 404);
    expect((await rest(app, owner.token).put(`${membersPath(org, team.id)}/${guest.userId}`, {})).status).toBe(204);
    const asGuest = await rest(app, guest.token).get(membersPath(org, team.id));
    expectOpenApi(asGuest, 'get', '/orgs/{organizationId}/teams/{teamId}/members', 200);
    expect(asGuest.body.items.map((i: any) => i.organization.id)).toEqual([guest.userId]);
    expect(asGuest.body.count).toBe(1);
    const other = await createOrg(app);
    expectError(await rest(app, other.admin.token).get(membersPath(org, team.id)), 404);
    expectError(await rest(app, other.admin.token).put(membersPath(org, team.id), { add: [other.admin.userId] }), 404);
    expectError(await rest(app, other.admin.token).delete(`${membersPath(org, team.id)}/${owner.userId}`), 404);
    expect(await memberCount(team.id)).toBe(3);
  });

  it('a member leaving the organization leaves its teams', async () => {
    const { org, inTeam, team } = await teamFixture();
    expect((await rest(app, org.admin.token).delete(`/v1/orgs/${org.organizationId}/members/${inTeam.userId}`)).status).toBe(205);
    expect((await rest(app, org.admin.token).get(teamPath(org, team.id))).body.members).toBe(1);
  });
});

describe('GraphQL: organization → teams → members → user', () => {
  it('serves teams with members and mutations with payloads', async () => {
    const { org, owner, team } = await teamFixture();
    const res = await graphql(
      app,
      org.admin.token,
      `query($id: ID!) {
      organization(id: $id) { teams(first: 5, title: "writ") { totalCount edges { node { id title membersCount
        permissions { admin view }
        members(first: 5) { totalCount edges { node { role member { id user { id } } permissions { view } } } } } } } }
    }`,
      { id: org.organizationId },
    );
    expect(res.errors).toBeUndefined();
    const node = res.data.organization.teams.edges[0].node;
    expect(node).toMatchObject({ id: team.id, membersCount: 2, members: { totalCount: 2 } });
    expect(node.members.edges.map((e: any) => e.node.role)).toEqual(['MEMBER', 'OWNER']);

    const mutated = await graphql(
      app,
      owner.token,
      `mutation($input: UpdateTeamMembersInput!) {
      updateTeamMembers(input: $input) { clientMutationId team { membersCount } }
    }`,
      { input: { organizationId: org.organizationId, teamId: team.id, remove: [owner.userId], clientMutationId: 'm1' } },
    );
    expect(mutated).toEqual({ data: { updateTeamMembers: { clientMutationId: 'm1', team: { membersCount: 1 } } } });

    const del = `mutation($input: DeleteTeamInput!) { deleteTeam(input: $input) { deletedTeamId deleted } }`;
    const input = { organizationId: org.organizationId, teamId: team.id };
    expect((await graphql(app, org.admin.token, del, { input })).data.deleteTeam).toEqual({ deletedTeamId: team.id, deleted: true });
    expect((await graphql(app, org.admin.token, del, { input })).data.deleteTeam).toEqual({ deletedTeamId: null, deleted: false });
  });
});
