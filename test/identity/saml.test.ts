// Spec 4.6 — SAML providers over REST (answers validated against the public
// OpenAPI document) and GraphQL: limits, the certificate check, generated
// service URLs, authorization; the SSO login info; marking SSO members (4.13).
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { addMember, createOrg, type OrgFixture } from '../support/factories.js';
import { expectOpenApi } from '../support/openapi.js';
import { tokenWithScopes } from '../support/tokens.js';
import { createTestIdp } from '../support/saml.js';

const app = useTestApp();
const idp = createTestIdp();

const samlPath = (org: OrgFixture) => `/v1/orgs/${org.organizationId}/saml`;
const providerPath = (org: OrgFixture, id: string) => `${samlPath(org)}/${id}`;
const complete = () => ({ label: 'Okta', entityID: idp.entityID, certificate: idp.certificate, ssoURL: 'https://idp.test/sso' });

function expectError(res: { status: number; body: any }, status: number, message?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ error: { code: status, message: expect.any(String) } });
  if (message) expect(res.body.error.message).toMatch(message);
}

async function createProvider(org: OrgFixture, body: Record<string, unknown> = complete()) {
  const res = await rest(app, org.admin.token).post(samlPath(org), body);
  expectOpenApi(res, 'post', '/orgs/{organizationId}/saml', 201);
  return res.body as { id: string; [k: string]: any };
}

describe('SAML providers: create, get, list, patch, delete', () => {
  it('creates (201) with generated service URLs, gets, lists, patches and deletes (204, also when already gone)', async () => {
    const org = await createOrg(app);
    const team = (await rest(app, org.admin.token).put(`/v1/orgs/${org.organizationId}/teams`, { title: 'SSO people' })).body;
    const created = await createProvider(org, { ...complete(), defaultTeam: team.id, defaultRole: 'edit' });
    const base = `http://quire.test/sso/saml/${created.id}`;
    expect(created).toEqual({
      object: 'saml-provider',
      id: expect.stringMatching(/^sml_/),
      label: 'Okta',
      entityID: idp.entityID,
      certificate: idp.certificate.trim(),
      ssoURL: 'https://idp.test/sso',
      defaultTeam: expect.objectContaining({ object: 'team', id: team.id }),
      defaultRole: 'edit',
      createdAt: expect.any(String),
      status: 'active',
      service: { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: base },
      urls: { location: `http://quire.test/v1/orgs/${org.organizationId}/saml/${created.id}` },
    });

    const got = await rest(app, org.admin.token).get(providerPath(org, created.id));
    expectOpenApi(got, 'get', '/orgs/{organizationId}/saml/{samlProviderId}', 200);
    expect(got.body).toEqual(created);

    const other = await createProvider(org, { ...complete(), label: 'Azure' });
    const list = await rest(app, org.admin.token).get(`${samlPath(org)}?limit=1`);
    expectOpenApi(list, 'get', '/orgs/{organizationId}/saml', 200);
    expect(list.body.count).toBe(2);
    expect(list.body.items.map((p: any) => p.id)).toEqual([created.id]);
    const next = await rest(app, org.admin.token).get(`${samlPath(org)}?limit=1&page=${list.body.next.page}`);
    expect(next.body.items.map((p: any) => p.id)).toEqual([other.id]);

    const patched = await rest(app, org.admin.token).patch(providerPath(org, created.id), {
      label: 'Okta EU',
      defaultRole: null,
      defaultTeam: null,
    });
    expectOpenApi(patched, 'patch', '/orgs/{organizationId}/saml/{samlProviderId}', 200);
    expect(patched.body).toMatchObject({ label: 'Okta EU', defaultRole: null, entityID: idp.entityID, status: 'active' });
    expect(patched.body.defaultTeam).toBeUndefined();

    expect((await rest(app, org.admin.token).delete(providerPath(org, created.id))).status).toBe(204);
    expect((await rest(app, org.admin.token).delete(providerPath(org, created.id))).status).toBe(204);
    expectError(await rest(app, org.admin.token).get(providerPath(org, created.id)), 404);
    expectError(await rest(app, org.admin.token).patch(providerPath(org, created.id), { label: 'x' }), 404);
    expect(await app.prisma.samlProvider.count({ where: { organizationId: org.organizationId } })).toBe(1);
  });

  it('a provider with only a label is pending, with read as its default role', async () => {
    const org = await createOrg(app);
    const res = await rest(app, org.admin.token).post(samlPath(org), { label: 'Later' });
    expectOpenApi(res, 'post', '/orgs/{organizationId}/saml', 201);
    // The public document requires the three: not set yet is empty, and `about:blank` for the URL.
    expect(res.body).toMatchObject({
      label: 'Later',
      status: 'pending',
      defaultRole: 'read',
      entityID: '',
      certificate: '',
      ssoURL: 'about:blank',
    });
    const read = await rest(app, org.admin.token).get(providerPath(org, res.body.id));
    expectOpenApi(read, 'get', '/orgs/{organizationId}/saml/{samlProviderId}', 200);
    expect(read.body).toMatchObject({ status: 'pending', ssoURL: 'about:blank' });
    const list = await rest(app, org.admin.token).get(samlPath(org));
    expectOpenApi(list, 'get', '/orgs/{organizationId}/saml', 200);
    expect(list.body.items[0]).toMatchObject({ entityID: '', certificate: '', ssoURL: 'about:blank' });
    const { data } = await graphql(
      app,
      org.admin.token,
      `query($id: ID!) { organization(id: $id) { samlProvider(id: "${res.body.id}") { entityID certificate ssoURL status } } }`,
      { id: org.organizationId },
    );
    expect(data.organization.samlProvider).toEqual({ entityID: null, certificate: null, ssoURL: null, status: 'PENDING' });
  });

  it('accepts a bare base64 certificate (the form of IdP metadata) and stores it as PEM; still exactly one certificate', async () => {
    const org = await createOrg(app);
    const body = idp.certificate.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
    // As metadata carries it: wrapped at 76 columns, indented.
    const wrapped = `\n    ${body.match(/.{1,76}/g)!.join('\n    ')}\n  `;
    const created = await createProvider(org, { ...complete(), certificate: wrapped });
    expect(new X509Certificate(created.certificate).fingerprint256).toBe(new X509Certificate(idp.certificate).fingerprint256);
    expect(created.certificate).toMatch(/^-----BEGIN CERTIFICATE-----\n[\s\S]+\n-----END CERTIFICATE-----$/);
    expect(created.status).toBe('active');
    const patched = await rest(app, org.admin.token).patch(providerPath(org, created.id), { certificate: body });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.certificate).toBe(created.certificate);

    const der = Buffer.from(body, 'base64');
    const refused: [string, RegExp][] = [
      [Buffer.concat([der, der]).toString('base64'), /^certificate: .*exactly one/],
      [`${body}AAAA`, /^certificate: /],
      [`${body.slice(0, 40)}*${body.slice(41)}`, /^certificate: /],
      [Buffer.from('not a certificate at all').toString('base64'), /^certificate: .*X\.509/],
      [`${idp.certificate}\n${idp.certificate}`, /^certificate: /],
    ];
    for (const [certificate, message] of refused)
      expectError(await rest(app, org.admin.token).patch(providerPath(org, created.id), { certificate }), 400, message);
    expect((await app.prisma.samlProvider.findUniqueOrThrow({ where: { id: created.id } })).certificate).toBe(created.certificate);
  });

  it('refuses values out of the limits of section 8, naming the field, writing nothing', async () => {
    const org = await createOrg(app);
    const otherOrg = await createOrg(app);
    const foreignTeam = (await rest(app, otherOrg.admin.token).put(`/v1/orgs/${otherOrg.organizationId}/teams`, { title: 'Theirs' })).body;
    const body = complete();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...body, label: undefined }, /^label: /],
      [{ ...body, label: '' }, /^label: /],
      [{ ...body, label: 'x'.repeat(31) }, /^label: /],
      [{ ...body, entityID: 'e'.repeat(1025) }, /^entityID: /],
      [{ ...body, certificate: 'not a certificate' }, /^certificate: /],
      [{ ...body, certificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' }, /^certificate: .*X\.509/],
      [{ ...body, certificate: `${idp.certificate}${'A'.repeat(10_000)}` }, /^certificate: /],
      [{ ...body, certificate: idp.privateKey }, /^certificate: /],
      [{ ...body, ssoURL: 'not a url' }, /^ssoURL: /],
      [{ ...body, ssoURL: `https://idp.test/${'a'.repeat(2048)}` }, /^ssoURL: /],
      [{ ...body, defaultTeam: foreignTeam.id }, /^defaultTeam: /],
      [{ ...body, defaultTeam: 'tea_nothing' }, /^defaultTeam: /],
      [{ ...body, defaultRole: 'owner' }, /defaultRole|Role/],
    ];
    for (const [bad, message] of cases) expectError(await rest(app, org.admin.token).post(samlPath(org), bad), 400, message);
    expect(await app.prisma.samlProvider.count({ where: { organizationId: org.organizationId } })).toBe(0);
    const provider = await createProvider(org);
    expectError(await rest(app, org.admin.token).patch(providerPath(org, provider.id), { label: '' }), 400, /^label: /);
    expectError(await rest(app, org.admin.token).patch(providerPath(org, provider.id), { label: null }), 400, /^label: /);
    expectError(await rest(app, org.admin.token).patch(providerPath(org, provider.id), { certificate: 'x' }), 400, /^certificate: /);
    expect((await rest(app, org.admin.token).get(providerPath(org, provider.id))).body.label).toBe('Okta');
  });

  it('authorizes: admins only; members 403; other organizations 404; scoped tokens 403; no token 401', async () => {
    const org = await createOrg(app);
    const provider = await createProvider(org);
    const calls = (token?: string) => [
      rest(app, token).get(samlPath(org)),
      rest(app, token).post(samlPath(org), complete()),
      rest(app, token).get(providerPath(org, provider.id)),
      rest(app, token).patch(providerPath(org, provider.id), { label: 'Mine' }),
      rest(app, token).delete(providerPath(org, provider.id)),
    ];
    for (const role of ['edit', 'create', 'guest'] as const) {
      const member = await addMember(app, org.organizationId, role);
      for (const res of await Promise.all(calls(member.token))) expectError(res, 403);
    }
    const other = await createOrg(app);
    for (const res of await Promise.all(calls(other.admin.token))) expectError(res, 404);
    for (const res of await Promise.all(calls(undefined))) expectError(res, 401);
    const readOnly = await tokenWithScopes(app, org.admin.userId, ['organization:read']);
    expect((await rest(app, readOnly.token).get(providerPath(org, provider.id))).status).toBe(200);
    expectError(await rest(app, readOnly.token).post(samlPath(org), complete()), 403, /organization:write/);
    expectError(await rest(app, readOnly.token).delete(providerPath(org, provider.id)), 403, /organization:write/);
    const spacesOnly = await tokenWithScopes(app, org.admin.userId, ['space:read']);
    expectError(await rest(app, spacesOnly.token).get(samlPath(org)), 403, /organization:read/);
    expect(await app.prisma.samlProvider.count({ where: { organizationId: org.organizationId } })).toBe(1);
  });

  it('GraphQL: lists and manages providers with the same rules', async () => {
    const org = await createOrg(app);
    const created = await graphql(
      app,
      org.admin.token,
      `mutation($input: CreateSamlProviderInput!) {
      createSamlProvider(input: $input) { samlProvider { id label status defaultRole service { acsURL } } } }`,
      { input: { organizationId: org.organizationId, ...complete(), defaultRole: 'REVIEW' } },
    );
    expect(created.errors).toBeUndefined();
    const provider = created.data.createSamlProvider.samlProvider;
    expect(provider).toMatchObject({
      label: 'Okta',
      status: 'ACTIVE',
      defaultRole: 'REVIEW',
      service: { acsURL: `http://quire.test/sso/saml/${provider.id}/acs` },
    });
    const listed = await graphql(
      app,
      org.admin.token,
      `query($id: ID!) { organization(id: $id) { samlProviders(first: 5) { totalCount edges { node { id } } } } }`,
      { id: org.organizationId },
    );
    expect(listed.data.organization.samlProviders).toEqual({ totalCount: 1, edges: [{ node: { id: provider.id } }] });
    const member = await addMember(app, org.organizationId, 'edit');
    const refused = await graphql(
      app,
      member.token,
      `query($id: ID!) { organization(id: $id) { samlProviders(first: 5) { totalCount } } }`,
      { id: org.organizationId },
    );
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const bad = await graphql(
      app,
      org.admin.token,
      `mutation($input: UpdateSamlProviderInput!) { updateSamlProvider(input: $input) { samlProvider { id } } }`,
      { input: { organizationId: org.organizationId, samlProviderId: provider.id, ssoURL: 'ftp://x' } },
    );
    expect(bad.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'ssoURL' });
    const deleted = await graphql(
      app,
      org.admin.token,
      `mutation($input: DeleteSamlProviderInput!) { deleteSamlProvider(input: $input) { deleted deletedSamlProviderId } }`,
      { input: { organizationId: org.organizationId, samlProviderId: provider.id } },
    );
    expect(deleted.data.deleteSamlProvider).toEqual({ deleted: true, deletedSamlProviderId: provider.id });
  });
});

describe('SSO login info and SSO members', () => {
  it('GET /sso lists the active providers with their start URL to whoever sees the organization', async () => {
    const org = await createOrg(app);
    const active = await createProvider(org);
    expect((await rest(app, org.admin.token).post(samlPath(org), { label: 'Pending' })).status).toBe(201);
    const member = await addMember(app, org.organizationId, 'guest');
    for (const token of [org.admin.token, member.token]) {
      const res = await rest(app, token).get(`/v1/orgs/${org.organizationId}/sso`);
      expectOpenApi(res, 'get', '/orgs/{organizationId}/sso', 200);
      expect(res.body).toEqual({
        organizationId: org.organizationId,
        items: [{ id: active.id, label: 'Okta', startURL: `http://quire.test/sso/saml/${active.id}/start` }],
      });
    }
    expectError(await rest(app, (await createOrg(app)).admin.token).get(`/v1/orgs/${org.organizationId}/sso`), 404);
    expectError(await rest(app).get(`/v1/orgs/${org.organizationId}/sso`), 401);
    const gql = await graphql(
      app,
      member.token,
      `query($id: ID!) { organizationSso(organizationId: $id) { items { id label startURL } } }`,
      { id: org.organizationId },
    );
    expect(gql.data.organizationSso.items.map((i: any) => i.id)).toEqual([active.id]);
  });

  it('POST /members/{userId}/sso marks a member as an SSO member (admins)', async () => {
    const org = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'edit');
    const path = `/v1/orgs/${org.organizationId}/members/${member.userId}/sso`;
    expectError(await rest(app, member.token).post(path), 403);
    expectError(await rest(app, (await createOrg(app)).admin.token).post(path), 404);
    expectError(await rest(app).post(path), 401);
    expectError(
      await rest(app, (await tokenWithScopes(app, org.admin.userId, ['organization:members:read'])).token).post(path),
      403,
      /organization:members:write/,
    );
    expectError(await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/members/usr_nobody/sso`), 404);
    expect((await app.prisma.member.findFirstOrThrow({ where: { userId: member.userId } })).sso).toBe(false);

    const res = await rest(app, org.admin.token).post(path);
    expectOpenApi(res, 'post', '/orgs/{organizationId}/members/{userId}/sso', 200);
    expect(res.body).toMatchObject({ object: 'member', id: member.userId, sso: true, role: 'edit' });
    expect((await rest(app, org.admin.token).post(path)).body.sso).toBe(true);
  });
});
