// Levels granted on spaces and collections to teams and members (spec 4.10,
// 4.12 with the public document's content permission routes): one rule in the
// policy (role, own grants, teams' grants) behind every `permissions` object
// and every list, checked over REST (ajv against the public document) and
// GraphQL, with the statements a list costs pinned.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { addMember, createCollection, createOrg, createSpace, type Caller, type OrgFixture } from '../support/factories.js';
import { expectOpenApi } from '../support/openapi.js';
import { tokenWithScopes } from '../support/tokens.js';

const app = useTestApp();

function expectError(res: { status: number; body: any }, status: number, message?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ error: { code: status, message: expect.any(String) } });
  if (message) expect(res.body.error.message).toMatch(message);
}

async function createTeam(org: OrgFixture, title: string, members: Caller[]) {
  const res = await rest(app, org.admin.token).put(`/v1/orgs/${org.organizationId}/teams`, {
    title,
    members: members.map((m) => m.userId),
  });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

/** A space closed to ordinary members (no default level), a team with one member, a member outside it. */
async function fixture() {
  const org = await createOrg(app);
  const space = await createSpace(app, org);
  expect((await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}`, { defaultLevel: null })).status).toBe(200);
  const inTeam = await addMember(app, org.organizationId, 'read');
  const outside = await addMember(app, org.organizationId, 'edit');
  const team = await createTeam(org, 'Writers', [inTeam]);
  return { org, space, inTeam, outside, team };
}

const spaceIdsListed = async (org: OrgFixture, who: Caller) => {
  const res = await rest(app, who.token).get(`/v1/orgs/${org.organizationId}/spaces`);
  expectOpenApi(res, 'get', '/orgs/{organizationId}/spaces', 200);
  expect(res.body.count).toBe(res.body.items.length);
  return res.body.items.map((s: any) => s.id);
};

describe('team grants on spaces', () => {
  it('a member sees and edits a space only through their team, and loses it the moment they leave the team', async () => {
    const { org, space, inTeam, outside, team } = await fixture();
    expectError(await rest(app, inTeam.token).get(`/v1/spaces/${space.id}`), 404);
    expect(await spaceIdsListed(org, inTeam)).toEqual([]);

    const granted = await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/permissions`, { role: 'edit', teams: [team.id] });
    expect(granted.status, JSON.stringify(granted.body)).toBe(204);
    const seen = await rest(app, inTeam.token).get(`/v1/spaces/${space.id}`);
    expectOpenApi(seen, 'get', '/spaces/{spaceId}', 200);
    // The grant raises the member above their own role (read): edit, not review or admin.
    expect(seen.body.permissions).toMatchObject({ view: true, access: true, edit: true, comment: true, review: false, admin: false });
    expect(await spaceIdsListed(org, inTeam)).toEqual([space.id]);
    // The member's own spaces list and count say the same, with their level.
    const mine = await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/members/${inTeam.userId}/spaces`);
    expectOpenApi(mine, 'get', '/orgs/{organizationId}/members/{userId}/spaces', 200);
    expect(mine.body.items.filter((i: any) => i.space.id === space.id).map((i: any) => i.permission)).toEqual(['edit']);
    const outsiders = await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/members/${outside.userId}/spaces`);
    expect(outsiders.body.items.map((i: any) => i.space.id)).not.toContain(space.id);
    const counted = await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/members/${inTeam.userId}`);
    expect(counted.body.spaces).toBe(mine.body.count);
    expect((await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/members/${outside.userId}`)).body.spaces).toBe(
      mine.body.count - 1,
    );
    expect((await rest(app, inTeam.token).patch(`/v1/spaces/${space.id}`, { title: 'x' })).status).toBe(403);
    expectError(await rest(app, outside.token).get(`/v1/spaces/${space.id}`), 404);
    expect(await spaceIdsListed(org, outside)).toEqual([]);

    const teamRes = await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/teams/${team.id}`);
    expectOpenApi(teamRes, 'get', '/orgs/{organizationId}/teams/{teamId}', 200);
    expect(teamRes.body.spaces).toBe(1);

    expect(
      (await rest(app, org.admin.token).delete(`/v1/orgs/${org.organizationId}/teams/${team.id}/members/${inTeam.userId}`)).status,
    ).toBe(204);
    expectError(await rest(app, inTeam.token).get(`/v1/spaces/${space.id}`), 404);
    expect(await spaceIdsListed(org, inTeam)).toEqual([]);
  });

  it('lists, changes (PATCH) and removes (205, then 204) team grants in the documented shapes', async () => {
    const { org, space, inTeam, team } = await fixture();
    const other = await createTeam(org, 'Readers', []);
    expect(
      (await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/permissions`, { role: 'read', teams: [team.id, other.id] })).status,
    ).toBe(204);
    const list = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/permissions/teams`);
    expectOpenApi(list, 'get', '/spaces/{spaceId}/permissions/teams', 200);
    expect(list.body.count).toBe(2);
    expect(list.body.items.map((i: any) => [i.team.id, i.permission]).sort()).toEqual(
      [
        [team.id, 'read'],
        [other.id, 'read'],
      ].sort(),
    );

    expect((await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}/permissions/teams/${team.id}`, { role: 'review' })).status).toBe(
      204,
    );
    expect((await rest(app, inTeam.token).get(`/v1/spaces/${space.id}`)).body.permissions).toMatchObject({
      review: true,
      merge: true,
      admin: false,
    });
    expect(await app.prisma.contentGrant.count({ where: { contentId: space.id } })).toBe(2);

    expect((await rest(app, org.admin.token).delete(`/v1/spaces/${space.id}/permissions/teams/${team.id}`)).status).toBe(205);
    expect((await rest(app, org.admin.token).delete(`/v1/spaces/${space.id}/permissions/teams/${team.id}`)).status).toBe(204);
    expectError(await rest(app, inTeam.token).get(`/v1/spaces/${space.id}`), 404);
    // A null role takes grants back too.
    expect((await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/permissions`, { role: null, teams: [other.id] })).status).toBe(
      204,
    );
    expect(await app.prisma.contentGrant.count({ where: { contentId: space.id } })).toBe(0);
  });

  it("refuses malformed grants and other organizations' teams, writing nothing", async () => {
    const { org, space, team } = await fixture();
    const stranger = await createOrg(app);
    const foreignTeam = await createTeam(stranger, 'Theirs', []);
    const path = `/v1/spaces/${space.id}/permissions`;
    expectError(await rest(app, org.admin.token).post(path, { teams: [team.id] }), 400, /^role: /);
    expectError(await rest(app, org.admin.token).post(path, { role: 'edit' }), 400, /^teams: /);
    expectError(await rest(app, org.admin.token).post(path, { role: 'owner', teams: [team.id] }), 400, /role/);
    expectError(await rest(app, org.admin.token).post(path, { role: 'edit', teams: {} }), 400, /teams/);
    expectError(await rest(app, org.admin.token).post(path, { role: 'edit', teams: [foreignTeam.id] }), 404);
    expectError(await rest(app, org.admin.token).post(path, { role: 'edit', teams: [team.id, foreignTeam.id] }), 404);
    expectError(await rest(app, org.admin.token).post(path, { role: 'edit', users: [stranger.admin.userId] }), 404);
    expectError(await rest(app, org.admin.token).patch(`${path}/teams/${foreignTeam.id}`, { role: 'edit' }), 404);
    expect(await app.prisma.contentGrant.count({ where: { contentId: space.id } })).toBe(0);
  });

  it('authorizes: the space admins; members and team owners 403; other organizations 404; scopes 403; no token 401', async () => {
    const { org, space, inTeam, outside, team } = await fixture();
    expect((await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/permissions`, { role: 'read', teams: [team.id] })).status).toBe(
      204,
    );
    expect(
      (await rest(app, org.admin.token).put(`/v1/orgs/${org.organizationId}/teams/${team.id}/members/${inTeam.userId}`, { role: 'owner' }))
        .status,
    ).toBe(204);
    const path = `/v1/spaces/${space.id}/permissions`;
    // The team owner sees the space (read through the team) but does not manage it.
    expectError(await rest(app, inTeam.token).post(path, { role: 'admin', teams: [team.id] }), 403);
    expectError(await rest(app, inTeam.token).get(`${path}/teams`), 403);
    expectError(await rest(app, inTeam.token).delete(`${path}/teams/${team.id}`), 403);
    // A member who does not see the space: as absent.
    expectError(await rest(app, outside.token).post(path, { role: 'admin', teams: [team.id] }), 404);
    const other = await createOrg(app);
    expectError(await rest(app, other.admin.token).get(`${path}/teams`), 404);
    expectError(await rest(app, other.admin.token).delete(`${path}/teams/${team.id}`), 404);
    // A grant of admin makes its holder manage the space's permissions.
    expect((await rest(app, org.admin.token).post(path, { role: 'admin', users: [outside.userId] })).status).toBe(204);
    expectOpenApi(await rest(app, outside.token).get(`${path}/teams`), 'get', '/spaces/{spaceId}/permissions/teams', 200);

    const readOnly = await tokenWithScopes(app, org.admin.userId, ['space:permissions:read', 'space:read', 'organization:members:read']);
    expectOpenApi(await rest(app, readOnly.token).get(`${path}/teams`), 'get', '/spaces/{spaceId}/permissions/teams', 200);
    expectError(await rest(app, readOnly.token).post(path, { role: 'edit', teams: [team.id] }), 403);
    expectError(await rest(app, readOnly.token).delete(`${path}/teams/${team.id}`), 403);
    const noPermissions = await tokenWithScopes(app, org.admin.userId, ['space:read', 'space:write']);
    expectError(await rest(app, noPermissions.token).get(`${path}/teams`), 403);
    expectError(await rest(app).get(`${path}/teams`), 401);
    expectError(await rest(app).post(path, { role: 'edit', teams: [team.id] }), 401);
    expectError(await rest(app).delete(`${path}/teams/${team.id}`), 401);
  });
});

describe('member grants and collections', () => {
  it('grants one member a level on a space (list, patch, remove), in the documented shapes', async () => {
    const { org, space, outside } = await fixture();
    const path = `/v1/spaces/${space.id}/permissions/users`;
    expect((await rest(app, org.admin.token).patch(`${path}/${outside.userId}`, { role: 'comment' })).status).toBe(204);
    const list = await rest(app, org.admin.token).get(path);
    expectOpenApi(list, 'get', '/spaces/{spaceId}/permissions/users', 200);
    expect(list.body.items).toEqual([{ permission: 'comment', user: expect.objectContaining({ id: outside.userId, object: 'user' }) }]);
    // The member's own role (edit) is capped by the space's default level (none), so the grant decides.
    expect((await rest(app, outside.token).get(`/v1/spaces/${space.id}`)).body.permissions).toMatchObject({
      view: true,
      comment: true,
      edit: false,
    });
    expect((await rest(app, org.admin.token).delete(`${path}/${outside.userId}`)).status).toBe(205);
    expect((await rest(app, org.admin.token).delete(`${path}/${outside.userId}`)).status).toBe(204);
    expectError(await rest(app, outside.token).get(`/v1/spaces/${space.id}`), 404);
    // Leaving the organization drops the member's grants.
    expect((await rest(app, org.admin.token).patch(`${path}/${outside.userId}`, { role: 'read' })).status).toBe(204);
    expect((await rest(app, org.admin.token).delete(`/v1/orgs/${org.organizationId}/members/${outside.userId}`)).status).toBe(205);
    expect(await app.prisma.contentGrant.count({ where: { contentId: space.id } })).toBe(0);
  });

  it("lists a granted space's change requests in the organization's list, and no closed space's", async () => {
    const { org, space, outside } = await fixture();
    const closed = await createSpace(app, org);
    expect((await rest(app, org.admin.token).patch(`/v1/spaces/${closed.id}`, { defaultLevel: null })).status).toBe(200);
    const granted = (await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Granted' })).body;
    const hidden = (await rest(app, org.admin.token).post(`/v1/spaces/${closed.id}/change-requests`, { subject: 'Hidden' })).body;
    const listOf = async (token: string) =>
      (await rest(app, token).get(`/v1/orgs/${org.organizationId}/change-requests?status=draft`)).body.items.map(
        (i: { id: string }) => i.id,
      );
    expect(await listOf(outside.token)).not.toContain(granted.id);
    expect(
      (await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}/permissions/users/${outside.userId}`, { role: 'read' })).status,
    ).toBe(204);
    const seen = await listOf(outside.token);
    expect(seen).toContain(granted.id);
    expect(seen).not.toContain(hidden.id);
    expect(await listOf(org.admin.token)).toEqual(expect.arrayContaining([granted.id, hidden.id]));
  });

  it('a team granted a collection reaches the spaces and collections inside it; the team counts those spaces', async () => {
    const org = await createOrg(app);
    const collection = await createCollection(app, org);
    expect((await rest(app, org.admin.token).patch(`/v1/collections/${collection.id}`, { defaultLevel: null })).status).toBe(200);
    const nested = await createCollection(app, org, { parent: collection.id });
    const inside = await createSpace(app, org, { parent: nested.id });
    const member = await addMember(app, org.organizationId, 'read');
    const team = await createTeam(org, 'Team', [member]);
    expectError(await rest(app, member.token).get(`/v1/spaces/${inside.id}`), 404);

    expect(
      (await rest(app, org.admin.token).post(`/v1/collections/${collection.id}/permissions`, { role: 'edit', teams: [team.id] })).status,
    ).toBe(204);
    const list = await rest(app, org.admin.token).get(`/v1/collections/${collection.id}/permissions/teams`);
    expectOpenApi(list, 'get', '/collections/{collectionId}/permissions/teams', 200);
    expect(list.body.items).toEqual([{ permission: 'edit', team: expect.objectContaining({ id: team.id, spaces: 1 }) }]);
    expect((await rest(app, member.token).get(`/v1/spaces/${inside.id}`)).body.permissions).toMatchObject({ view: true, edit: true });
    expect((await rest(app, member.token).get(`/v1/collections/${nested.id}`)).body.permissions).toMatchObject({
      view: true,
      admin: false,
    });
    const collections = await rest(app, member.token).get(`/v1/orgs/${org.organizationId}/collections`);
    expect(collections.body.items.map((c: any) => c.id).sort()).toEqual([collection.id, nested.id].sort());

    const users = `/v1/collections/${collection.id}/permissions/users`;
    expect((await rest(app, org.admin.token).patch(`${users}/${member.userId}`, { role: 'admin' })).status).toBe(204);
    expectOpenApi(await rest(app, member.token).get(users), 'get', '/collections/{collectionId}/permissions/users', 200);
    expect((await rest(app, org.admin.token).delete(`${users}/${member.userId}`)).status).toBe(205);
    expect((await rest(app, org.admin.token).delete(`/v1/collections/${collection.id}/permissions/teams/${team.id}`)).status).toBe(205);
    expectError(await rest(app, member.token).get(`/v1/spaces/${inside.id}`), 404);
    expectError(await rest(app, member.token).get(`/v1/collections/${collection.id}/permissions/teams`), 404);
  });

  it('GraphQL: grants and lists through the same operations', async () => {
    const { org, space, team } = await fixture();
    const granted = await graphql(
      app,
      org.admin.token,
      `mutation($s: ID!, $t: ID!) { grantContentPermissions(input: { spaceId: $s, role: COMMENT, teams: [$t] }) { granted } }`,
      { s: space.id, t: team.id },
    );
    expect(granted.errors).toBeUndefined();
    const res = await graphql(
      app,
      org.admin.token,
      `query($s: ID!) { space(id: $s) { teamPermissions(first: 5) { totalCount edges { node { permission team { id spacesCount } } } } } }`,
      { s: space.id },
    );
    expect(res.data.space.teamPermissions).toEqual({
      totalCount: 1,
      edges: [{ node: { permission: 'COMMENT', team: { id: team.id, spacesCount: 1 } } }],
    });
    const both = await graphql(
      app,
      org.admin.token,
      `mutation($s: ID!) { grantContentPermissions(input: { spaceId: $s, collectionId: "col_x", role: READ, teams: [] }) { granted } }`,
      { s: space.id },
    );
    expect(both.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });
});

it('a list of spaces with their permissions costs the same statements for 3 granted spaces as for 30', async () => {
  async function statementsFor(spaces: number) {
    const org = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'read');
    const team = await createTeam(org, 'Team', [member]);
    for (let i = 0; i < spaces; i++) {
      const space = await createSpace(app, org);
      await app.prisma.space.update({ where: { id: space.id }, data: { defaultLevel: 'guest', memberLevel: 'guest' } });
      expect(
        (await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/permissions`, { role: i % 2 ? 'edit' : 'read', teams: [team.id] }))
          .status,
      ).toBe(204);
    }
    const query = `query($id: ID!) { organization(id: $id) { spaces(first: 100) { totalCount edges { node { id permissions { view edit admin } } } } } }`;
    const { result, statements } = await app.recordStatements(() => graphql(app, member.token, query, { id: org.organizationId }));
    expect(result.errors).toBeUndefined();
    expect(result.data.organization.spaces.totalCount).toBe(spaces);
    expect(result.data.organization.spaces.edges.filter((e: any) => e.node.permissions.edit)).toHaveLength(Math.floor(spaces / 2));
    return statements;
  }
  const few = await statementsFor(3);
  const many = await statementsFor(30);
  expect(many.length).toBe(few.length);
  // The token statement carries the caller's grants (then the activity write, the organization, the page with its
  // count: one planned statement, src/schema/plan): permissions and the list filter add none.
  expect(many).toHaveLength(4);
}, 120_000);
