// The scope each REST route needs, route by route (docs/tokens.md lists the
// same table): the table covers every route of src/rest/routes.ts, follows the
// public OpenAPI document's `security` entries (deviations named below), and
// each route succeeds with exactly its scopes and answers 403 when any is missing.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { rest } from './support/http.js';
import { addMember, createCollection, createOrg, createSpace, type OrgFixture } from './support/factories.js';
import { createUser } from './support/users.js';
import { tokenWithScopes } from './support/tokens.js';
import { routes } from '../src/rest/routes.js';
import { scopes as allScopes, type Scope } from '../src/policy/scopes.js';

const require = createRequire(import.meta.url);
const spec = require('@gitbook/api/spec/openapi.json');

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

interface Call {
  /** The user whose scoped tokens make the call. */
  userId: string;
  path: string;
  body?: unknown;
}

/** Per route: the scopes it needs, and a fresh setup answering the call to make (a successful call may consume it). */
type ScopeCase = [needs: Scope[], setup: () => Promise<Call>];

/** Where Quire asks more than the public document (or the document has no OAuth scope for the operation). */
const deviations: Record<string, string> = {
  'GET /orgs/:organizationId': 'the document gives OAuth tokens no access: reading an organization takes organization:read',
  'POST /orgs/:organizationId/join': 'the document gives OAuth tokens no access: joining reads the organization and adds a member',
  'GET /email-domains/:emailDomain/orgs': 'an internal operation in the document: it lists organizations',
  'GET /orgs/:organizationId/members/:userId/spaces': 'the list shows the spaces themselves, so it takes space:read too',
  'POST /spaces/:spaceId/transfer': 'not in the document; like the collection transfer',
  'GET /spaces/:spaceId/links': 'not in the document; reads the space content',
};

async function orgWithContent() {
  const org = await createOrg(app);
  const space = await createSpace(app, org);
  const collection = await createCollection(app, org);
  return { org, space, collection };
}

const asAdmin = (org: OrgFixture, path: string, body?: unknown): Call => ({ userId: org.admin.userId, path, body });

/** An organization with a team that has one member (besides its admin), and the team's path. */
async function orgWithTeam() {
  const { org } = await orgWithContent();
  const member = await addMember(app, org.organizationId, 'read');
  const res = await rest(app, org.admin.token).put(`/v1/orgs/${org.organizationId}/teams`, { title: 'Team', members: [member.userId] });
  expect(res.status).toBe(201);
  return { org, member, path: `/v1/orgs/${org.organizationId}/teams/${res.body.id}` };
}

const cases: Record<string, ScopeCase> = {
  'GET /orgs': [['organization:read'], async () => asAdmin((await orgWithContent()).org, '/v1/orgs')],
  'GET /orgs/:organizationId': [['organization:read'], async () => {
    const { org } = await orgWithContent();
    return asAdmin(org, `/v1/orgs/${org.organizationId}`);
  }],
  'PATCH /orgs/:organizationId': [['organization:write'], async () => {
    const { org } = await orgWithContent();
    return asAdmin(org, `/v1/orgs/${org.organizationId}`, { title: 'Renamed organization' });
  }],
  'POST /orgs/:organizationId/join': [['organization:read', 'organization:members:write'], async () => {
    const { org } = await orgWithContent();
    const joiner = await createUser(app);
    await app.prisma.organization.update({ where: { id: org.organizationId }, data: { emailDomains: [joiner.email.split('@')[1]] } });
    return { userId: joiner.userId, path: `/v1/orgs/${org.organizationId}/join` };
  }],
  'GET /email-domains/:emailDomain/orgs': [['organization:read'], async () => {
    const { org } = await orgWithContent();
    const domain = org.admin.email.split('@')[1];
    await app.prisma.organization.update({ where: { id: org.organizationId }, data: { emailDomains: [domain] } });
    return asAdmin(org, `/v1/email-domains/${domain}/orgs`);
  }],
  'GET /orgs/:organizationId/members': [['organization:members:read'], async () => {
    const { org } = await orgWithContent();
    return asAdmin(org, `/v1/orgs/${org.organizationId}/members`);
  }],
  'GET /orgs/:organizationId/members/:userId': [['organization:members:read'], async () => {
    const { org } = await orgWithContent();
    const member = await addMember(app, org.organizationId, 'read');
    return asAdmin(org, `/v1/orgs/${org.organizationId}/members/${member.userId}`);
  }],
  'PATCH /orgs/:organizationId/members/:userId': [['organization:members:write'], async () => {
    const { org } = await orgWithContent();
    const member = await addMember(app, org.organizationId, 'read');
    return asAdmin(org, `/v1/orgs/${org.organizationId}/members/${member.userId}`, { role: 'edit' });
  }],
  'DELETE /orgs/:organizationId/members/:userId': [['organization:members:write'], async () => {
    const { org } = await orgWithContent();
    const member = await addMember(app, org.organizationId, 'read');
    return asAdmin(org, `/v1/orgs/${org.organizationId}/members/${member.userId}`);
  }],
  'GET /orgs/:organizationId/members/:userId/spaces': [['organization:members:read', 'space:read'], async () => {
    const { org } = await orgWithContent();
    const member = await addMember(app, org.organizationId, 'read');
    return asAdmin(org, `/v1/orgs/${org.organizationId}/members/${member.userId}/spaces`);
  }],
  'GET /orgs/:organizationId/members/:userId/teams': [['organization:members:read'], async () => {
    const { org } = await orgWithContent();
    const member = await addMember(app, org.organizationId, 'read');
    return asAdmin(org, `/v1/orgs/${org.organizationId}/members/${member.userId}/teams`);
  }],
  'GET /orgs/:organizationId/spaces': [['space:read'], async () => {
    const { org } = await orgWithContent();
    return asAdmin(org, `/v1/orgs/${org.organizationId}/spaces`);
  }],
  'POST /orgs/:organizationId/spaces': [['space:write'], async () => {
    const { org } = await orgWithContent();
    return asAdmin(org, `/v1/orgs/${org.organizationId}/spaces`, { title: 'New space' });
  }],
  'GET /spaces/:spaceId': [['space:read'], async () => {
    const { org, space } = await orgWithContent();
    return asAdmin(org, `/v1/spaces/${space.id}`);
  }],
  'PATCH /spaces/:spaceId': [['space:write'], async () => {
    const { org, space } = await orgWithContent();
    return asAdmin(org, `/v1/spaces/${space.id}`, { title: 'Renamed space' });
  }],
  'DELETE /spaces/:spaceId': [['space:write'], async () => {
    const { org, space } = await orgWithContent();
    return asAdmin(org, `/v1/spaces/${space.id}`);
  }],
  'POST /spaces/:spaceId/duplicate': [['space:write'], async () => {
    const { org, space } = await orgWithContent();
    return asAdmin(org, `/v1/spaces/${space.id}/duplicate`);
  }],
  'POST /spaces/:spaceId/restore': [['space:write'], async () => {
    const { org, space } = await orgWithContent();
    expect((await rest(app, org.admin.token).delete(`/v1/spaces/${space.id}`)).status).toBeLessThan(300);
    return asAdmin(org, `/v1/spaces/${space.id}/restore`);
  }],
  'POST /spaces/:spaceId/move': [['space:write'], async () => {
    const { org, space, collection } = await orgWithContent();
    return asAdmin(org, `/v1/spaces/${space.id}/move`, { parent: collection.id });
  }],
  'POST /spaces/:spaceId/transfer': [['space:write'], async () => {
    const { org, space } = await orgWithContent();
    const target = await createOrg(app);
    await addMember(app, target.organizationId, 'admin', { email: org.admin.email });
    return asAdmin(org, `/v1/spaces/${space.id}/transfer`, { organization: target.organizationId });
  }],
  'GET /spaces/:spaceId/links': [['space:read'], async () => {
    const { org, space } = await orgWithContent();
    return asAdmin(org, `/v1/spaces/${space.id}/links`);
  }],
  'GET /orgs/:organizationId/collections': [['space:read'], async () => {
    const { org } = await orgWithContent();
    return asAdmin(org, `/v1/orgs/${org.organizationId}/collections`);
  }],
  'POST /orgs/:organizationId/collections': [['space:write'], async () => {
    const { org } = await orgWithContent();
    return asAdmin(org, `/v1/orgs/${org.organizationId}/collections`, { title: 'New collection' });
  }],
  'GET /collections/:collectionId': [['space:read'], async () => {
    const { org, collection } = await orgWithContent();
    return asAdmin(org, `/v1/collections/${collection.id}`);
  }],
  'PATCH /collections/:collectionId': [['space:write'], async () => {
    const { org, collection } = await orgWithContent();
    return asAdmin(org, `/v1/collections/${collection.id}`, { title: 'Renamed collection' });
  }],
  'DELETE /collections/:collectionId': [['space:write'], async () => {
    const { org, collection } = await orgWithContent();
    return asAdmin(org, `/v1/collections/${collection.id}`);
  }],
  'GET /collections/:collectionId/spaces': [['space:read'], async () => {
    const { org, collection } = await orgWithContent();
    await createSpace(app, org, { parent: collection.id });
    return asAdmin(org, `/v1/collections/${collection.id}/spaces`);
  }],
  'POST /collections/:collectionId/move': [['space:write'], async () => {
    const { org, collection } = await orgWithContent();
    const parent = await createCollection(app, org);
    return asAdmin(org, `/v1/collections/${collection.id}/move`, { parent: parent.id });
  }],
  'POST /collections/:collectionId/transfer': [['space:write'], async () => {
    const { org, collection } = await orgWithContent();
    const target = await createOrg(app);
    await addMember(app, target.organizationId, 'admin', { email: org.admin.email });
    return asAdmin(org, `/v1/collections/${collection.id}/transfer`, { organization: target.organizationId });
  }],
  'GET /orgs/:organizationId/teams': [['organization:members:read'], async () => {
    const { org } = await orgWithTeam();
    return asAdmin(org, `/v1/orgs/${org.organizationId}/teams`);
  }],
  'PUT /orgs/:organizationId/teams': [['organization:members:write'], async () => {
    const { org } = await orgWithContent();
    return asAdmin(org, `/v1/orgs/${org.organizationId}/teams`, { title: 'New team' });
  }],
  'GET /orgs/:organizationId/teams/:teamId': [['organization:members:read'], async () => {
    const { org, path } = await orgWithTeam();
    return asAdmin(org, path);
  }],
  'PATCH /orgs/:organizationId/teams/:teamId': [['organization:members:write'], async () => {
    const { org, path } = await orgWithTeam();
    return asAdmin(org, path, { title: 'Renamed team' });
  }],
  'DELETE /orgs/:organizationId/teams/:teamId': [['organization:members:write'], async () => {
    const { org, path } = await orgWithTeam();
    return asAdmin(org, path);
  }],
  'GET /orgs/:organizationId/teams/:teamId/members': [['organization:members:read'], async () => {
    const { org, path } = await orgWithTeam();
    return asAdmin(org, `${path}/members`);
  }],
  'PUT /orgs/:organizationId/teams/:teamId/members': [['organization:members:write'], async () => {
    const { org, path } = await orgWithTeam();
    return asAdmin(org, `${path}/members`, { add: [org.admin.userId] });
  }],
  'PUT /orgs/:organizationId/teams/:teamId/members/:userId': [['organization:members:write'], async () => {
    const { org, path } = await orgWithTeam();
    return asAdmin(org, `${path}/members/${org.admin.userId}`, { role: 'owner' });
  }],
  'DELETE /orgs/:organizationId/teams/:teamId/members/:userId': [['organization:members:write'], async () => {
    const { org, member, path } = await orgWithTeam();
    return asAdmin(org, `${path}/members/${member.userId}`);
  }],
};

const routeKeys = routes.map(([method, path]) => `${method} ${path}`);

/** Every scope except `missing` and those that cover it (`X:write` covers `X:read`). */
const allBut = (missing: Scope) => allScopes.filter((s) => s !== missing && s !== missing.replace(/:read$/, ':write'));

async function call(route: string, scopes: Scope[], { userId, path, body }: Call) {
  const method = route.slice(0, route.indexOf(' ')).toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
  const { token } = await tokenWithScopes(app, userId, scopes);
  return rest(app, token)[method](path, body);
}

describe('the scope of every REST route', () => {
  it('is declared for every route of the table, and no other', () => {
    expect(Object.keys(cases).sort()).toEqual([...routeKeys].sort());
  });

  it("follows the public document's OAuth scopes, deviations named", () => {
    for (const route of routeKeys) {
      const [method, path] = route.split(' ');
      const operation = spec.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      const documented: string[] | undefined = operation?.security?.find((s: Record<string, string[]>) => s.oauth)?.oauth;
      if (route in deviations) continue;
      expect({ route, needs: [...cases[route][0]].sort() }).toEqual({ route, needs: [...(documented ?? ['(none)'])].sort() });
    }
  });

  for (const route of routeKeys) {
    const [needs, setup] = cases[route] ?? [[], async () => ({ userId: '', path: '' })];
    it(`${route}: needs ${needs.join(' + ')}`, async () => {
      const target = await setup();
      for (const missing of needs) {
        const denied = await call(route, allBut(missing), target);
        expect({ missing, status: denied.status, body: denied.body }).toEqual({ missing, status: 403, body: { error: { code: 403, message: expect.stringContaining(missing) } } });
      }
      const allowed = await call(route, needs, target);
      expect(allowed.status, JSON.stringify(allowed.body)).toBeGreaterThanOrEqual(200);
      expect(allowed.status, JSON.stringify(allowed.body)).toBeLessThan(300);
    });
  }
});
