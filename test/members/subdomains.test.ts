// Subdomains (GET /subdomains/{subdomain}): an organization's hostname, looked
// up by any authenticated caller; unknown ones 404, malformed ones 400.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { graphql, request, rest } from '../support/http.js';
import { createOrg, type OrgFixture } from '../support/factories.js';
import { tokenWithScopes } from '../support/tokens.js';
import { expectOpenApi, expectSchema } from '../support/openapi.js';

let app: TestApp;
let owner: OrgFixture;
let stranger: OrgFixture;
let subdomain: string;
beforeAll(async () => {
  app = await startTestApp();
  [owner, stranger] = await Promise.all([createOrg(app), createOrg(app)]);
  subdomain = `acme-${randomBytes(4).toString('hex')}`;
  const res = await rest(app, owner.admin.token).patch(`/v1/orgs/${owner.organizationId}`, { hostname: subdomain });
  expect(res.status).toBe(200);
});
afterAll(() => app.close());

const SUBDOMAIN = '/subdomains/{subdomain}';

describe('GET /subdomains/{subdomain}', () => {
  it('requires authentication', async () => {
    expect((await request(app, 'GET', `/v1/subdomains/${subdomain}`)).status).toBe(401);
  });

  it('names the organization that holds it, to its members and to anyone else', async () => {
    for (const caller of [owner.admin, stranger.admin]) {
      const res = await rest(app, caller.token).get(`/v1/subdomains/${subdomain}`);
      expectOpenApi(res, 'get', SUBDOMAIN, 200);
      expect(res.body).toEqual({
        object: 'subdomain',
        subdomain,
        target: { type: 'organization', organization: owner.organizationId },
        isActive: true,
      });
    }
  });

  it('follows the hostname: case-insensitive lookup, and gone once the organization drops it', async () => {
    expect((await rest(app, stranger.admin.token).get(`/v1/subdomains/${subdomain.toUpperCase()}`)).body.subdomain).toBe(subdomain);
    const other = await createOrg(app);
    const name = `gone-${randomBytes(4).toString('hex')}`;
    await rest(app, other.admin.token).patch(`/v1/orgs/${other.organizationId}`, { hostname: name });
    expect((await rest(app, owner.admin.token).get(`/v1/subdomains/${name}`)).status).toBe(200);
    await rest(app, other.admin.token).patch(`/v1/orgs/${other.organizationId}`, { hostname: null });
    const gone = await rest(app, owner.admin.token).get(`/v1/subdomains/${name}`);
    expect(gone.status).toBe(404);
    expectSchema(gone.body, 'Error');
  });

  it('answers 400 naming the field for what cannot be a subdomain', async () => {
    for (const bad of ['ab', '-acme', 'acme-', 'a_b_c', 'x'.repeat(33)]) {
      const res = await rest(app, owner.admin.token).get(`/v1/subdomains/${bad}`);
      expect(res.status, bad).toBe(400);
      expectSchema(res.body, 'Error');
      expect(res.body.error.message).toMatch(/^subdomain: /);
    }
  });

  it('needs organization:read on a scoped token', async () => {
    const without = await tokenWithScopes(app, stranger.admin.userId, ['space:read']);
    const withScope = await tokenWithScopes(app, stranger.admin.userId, ['organization:read']);
    expect((await rest(app, without.token).get(`/v1/subdomains/${subdomain}`)).status).toBe(403);
    expect((await rest(app, withScope.token).get(`/v1/subdomains/${subdomain}`)).status).toBe(200);
  });

  it('is the same lookup in GraphQL', async () => {
    const res = await graphql(
      app,
      stranger.admin.token,
      'query($s: String!) { subdomain(subdomain: $s) { subdomain isActive target { type organization } } }',
      { s: subdomain },
    );
    expect(res).toEqual({
      data: { subdomain: { subdomain, isActive: true, target: { type: 'ORGANIZATION', organization: owner.organizationId } } },
    });
  });
});
