// Users by id (GET /users/{userId}, where every member's user.urls.location
// points) and the caller (GET /user), over REST (answers validated against the
// public document) and GraphQL `user(id:)`: a user is seen by themselves and by
// whoever shares an organization with them; anyone else gets 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { addMember, createOrg } from '../support/factories.js';
import { expectOpenApi } from '../support/openapi.js';
import { tokenWithScopes } from '../support/tokens.js';
import { createUser } from '../support/users.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

function expectError(res: { status: number; body: any }, status: number, message?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ error: { code: status, message: expect.any(String) } });
  if (message) expect(res.body.error.message).toMatch(message);
}

const userPath = (id: string) => `/v1/users/${id}`;

describe('GET /users/{userId} and GET /user', () => {
  it('answers oneself and fellow members in the documented shape; the members list links there', async () => {
    const org = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'read');
    const self = await rest(app, member.token).get(userPath(member.userId));
    expectOpenApi(self, 'get', '/users/{userId}', 200);
    expect(self.body).toMatchObject({
      object: 'user',
      id: member.userId,
      urls: { location: `http://quire.test/v1/users/${member.userId}` },
    });
    // A profile, not the address: e-mail addresses follow the member routes' rules.
    expect(self.body.email).toBeUndefined();

    const fellow = await rest(app, member.token).get(userPath(org.admin.userId));
    expectOpenApi(fellow, 'get', '/users/{userId}', 200);
    expect(fellow.body.id).toBe(org.admin.userId);

    const listed = await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/members`);
    for (const item of listed.body.items) {
      const location = new URL(item.user.urls.location);
      const followed = await rest(app, org.admin.token).get(location.pathname);
      expectOpenApi(followed, 'get', '/users/{userId}', 200);
      expect(followed.body.id).toBe(item.user.id);
    }

    const me = await rest(app, member.token).get('/v1/user');
    expectOpenApi(me, 'get', '/user', 200);
    expect(me.body).toMatchObject({ object: 'user', id: member.userId, email: member.email });
  });

  it('hides users of other organizations and unknown ids (404), also once a membership ends', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'edit');
    const loner = await createUser(app);
    for (const [token, id] of [
      [other.admin.token, member.userId],
      [member.token, other.admin.userId],
      [member.token, loner.userId],
      [loner.token, member.userId],
      [member.token, 'usr_unknown'],
    ])
      expectError(await rest(app, token).get(userPath(id)), 404, /User not found/);
    // A user in no organization still sees themselves.
    expectOpenApi(await rest(app, loner.token).get(userPath(loner.userId)), 'get', '/users/{userId}', 200);
    expectOpenApi(await rest(app, loner.token).get('/v1/user'), 'get', '/user', 200);

    // Sharing a second organization makes them visible; leaving it hides them again.
    const shared = await addMember(app, other.organizationId, 'read', { email: member.email });
    expect(shared.userId).toBe(member.userId);
    expect((await rest(app, other.admin.token).get(userPath(member.userId))).status).toBe(200);
    expect((await rest(app, other.admin.token).delete(`/v1/orgs/${other.organizationId}/members/${member.userId}`)).status).toBe(205);
    expectError(await rest(app, other.admin.token).get(userPath(member.userId)), 404);
  });

  it('scoped tokens: /user needs user:read (its e-mail address); /users/{id} needs no scope; no token 401', async () => {
    const org = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'read');
    const userRead = await tokenWithScopes(app, member.userId, ['user:read']);
    const spaceRead = await tokenWithScopes(app, member.userId, ['space:read']);
    expectOpenApi(await rest(app, userRead.token).get('/v1/user'), 'get', '/user', 200);
    expectError(await rest(app, spaceRead.token).get('/v1/user'), 403, /user:read/);
    const fellow = await rest(app, spaceRead.token).get(userPath(org.admin.userId));
    expectOpenApi(fellow, 'get', '/users/{userId}', 200);
    expectError(await rest(app).get(userPath(org.admin.userId)), 401);
    expectError(await rest(app).get('/v1/user'), 401);
  });

  it('GraphQL user(id:) follows the same rule', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'comment');
    const q = 'query($id: ID!) { user(id: $id) { id displayName urls { location } } }';
    const seen = await graphql(app, org.admin.token, q, { id: member.userId });
    expect(seen.data.user).toMatchObject({ id: member.userId, urls: { location: `http://quire.test/v1/users/${member.userId}` } });
    const hidden = await graphql(app, other.admin.token, q, { id: member.userId });
    expect(hidden.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
