// API tokens: scopes (beyond the spec: the public API's OAuth scope names),
// denials on REST and GraphQL alike, and token listing, creation and revocation.
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it, inject } from 'vitest';
import { useTestApp } from '../support/app.js';
import { graphql, request, rest } from '../support/http.js';
import { addMember, createCollection, createOrg, createSpace, type OrgFixture } from '../support/factories.js';
import { expectOpenApi, expectSchema } from '../support/openapi.js';
import { tokenWithScopes } from '../support/tokens.js';
import { scopes } from '../../src/policy/scopes.js';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

const require = createRequire(import.meta.url);
const spec = require('@gitbook/api/spec/openapi.json');

const app = useTestApp();

/** Asserts a REST answer is the documented error with `status`. */
function expectError(res: { status: number; body: unknown }, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ error: { code: status, message: expect.any(String) } });
  expectSchema(res.body, 'Error');
}

/** Asserts a GraphQL answer failed with `code` (and no data leaked for the failing field). */
function expectGraphQLError(res: { errors?: { extensions?: Record<string, unknown> }[] }, code: string) {
  expect(
    res.errors?.map((e) => e.extensions?.code),
    JSON.stringify(res),
  ).toContain(code);
}

const spaceTitle = async (id: string) => (await app.prisma.space.findUniqueOrThrow({ where: { id } })).title;

describe('token scopes', () => {
  it('are the OAuth scope names of the public API document', () => {
    const documented = Object.keys(spec.components.securitySchemes.oauth.flows.authorizationCode.scopes);
    expect([...scopes].sort()).toEqual([...documented].sort());
  });

  describe('on REST', () => {
    let org: OrgFixture;
    let spaceId: string;
    let collectionId: string;
    let reader: { userId: string };
    beforeAll(async () => {
      org = await createOrg(app);
      spaceId = (await createSpace(app, org)).id;
      collectionId = (await createCollection(app, org)).id;
      reader = await addMember(app, org.organizationId, 'read');
    });
    const as = async (...granted: Parameters<typeof tokenWithScopes>[2]) =>
      rest(app, (await tokenWithScopes(app, org.admin.userId, granted)).token);

    it('requires authentication, whatever the scopes', async () => {
      expectError(await rest(app).get(`/v1/spaces/${spaceId}`), 401);
    });

    it('lets a token read spaces with space:read, and refuses it with only organization:read (403)', async () => {
      expectOpenApi(await (await as('space:read')).get(`/v1/spaces/${spaceId}`), 'get', '/spaces/{spaceId}', 200);
      expectError(await (await as('organization:read')).get(`/v1/spaces/${spaceId}`), 403);

      const listed = await (await as('space:read')).get(`/v1/orgs/${org.organizationId}/spaces`);
      expectOpenApi(listed, 'get', '/orgs/{organizationId}/spaces', 200);
      expect(listed.body.items.map((s: { id: string }) => s.id)).toContain(spaceId);
      expectError(await (await as('organization:read')).get(`/v1/orgs/${org.organizationId}/spaces`), 403);
      expectError(await (await as('organization:read')).get(`/v1/orgs/${org.organizationId}/collections`), 403);
      expectError(await (await as('organization:read')).get(`/v1/collections/${collectionId}`), 403);
      expectOpenApi(await (await as('space:read')).get(`/v1/collections/${collectionId}`), 'get', '/collections/{collectionId}', 200);
    });

    it('keeps 404 for what the caller may not see at all, whatever the scopes', async () => {
      const stranger = await createOrg(app);
      const strangerRead = rest(app, (await tokenWithScopes(app, stranger.admin.userId, ['organization:read'])).token);
      expectError(await strangerRead.get(`/v1/spaces/${spaceId}`), 404);
      expectError(await strangerRead.get(`/v1/orgs/${org.organizationId}/spaces`), 404);
    });

    it('refuses space writes without space:write and leaves the space unchanged', async () => {
      const before = await spaceTitle(spaceId);
      const readOnly = await as('space:read');
      expectError(await readOnly.patch(`/v1/spaces/${spaceId}`, { title: 'Renamed by a reader' }), 403);
      expectError(await readOnly.delete(`/v1/spaces/${spaceId}`), 403);
      expectError(await readOnly.post(`/v1/orgs/${org.organizationId}/spaces`, { title: 'Not created' }), 403);
      expectError(await readOnly.post(`/v1/orgs/${org.organizationId}/collections`, { title: 'Not created' }), 403);
      expect(await spaceTitle(spaceId)).toBe(before);
      expect((await app.prisma.space.findUniqueOrThrow({ where: { id: spaceId } })).deletedAt).toBeNull();
      expect(await app.prisma.space.count({ where: { organizationId: org.organizationId, title: 'Not created' } })).toBe(0);
      expect(await app.prisma.collection.count({ where: { organizationId: org.organizationId, title: 'Not created' } })).toBe(0);

      // space:write covers space:read: the write answers with the space.
      const writer = await as('space:write');
      expectOpenApi(await writer.patch(`/v1/spaces/${spaceId}`, { title: 'Renamed by a writer' }), 'patch', '/spaces/{spaceId}', 200);
      expect(await spaceTitle(spaceId)).toBe('Renamed by a writer');
      const createdSpace = await writer.post(`/v1/orgs/${org.organizationId}/spaces`, { title: 'Scoped space' });
      expect(createdSpace.status).toBe(201);
    });

    it('guards organizations with organization:read and organization:write', async () => {
      expectError(await (await as('space:read')).get(`/v1/orgs/${org.organizationId}`), 403);
      expectError(await (await as('space:read')).get('/v1/orgs'), 403);
      const read = await (await as('organization:read')).get(`/v1/orgs/${org.organizationId}`);
      expect(read.status).toBe(200);
      expect(read.body.id).toBe(org.organizationId);
      // The permissions object tells what this token may do: read, not update.
      expect(read.body.permissions).toMatchObject({ view: true, admin: false, listMembers: false });
      const listed = await (await as('organization:read')).get('/v1/orgs');
      expectOpenApi(listed, 'get', '/orgs', 200);

      const title = (await app.prisma.organization.findUniqueOrThrow({ where: { id: org.organizationId } })).title;
      expectError(await (await as('organization:read')).patch(`/v1/orgs/${org.organizationId}`, { title: 'Not renamed' }), 403);
      expect((await app.prisma.organization.findUniqueOrThrow({ where: { id: org.organizationId } })).title).toBe(title);
      const updated = await (await as('organization:write')).patch(`/v1/orgs/${org.organizationId}`, { title: 'Renamed org' });
      expectOpenApi(updated, 'patch', '/orgs/{organizationId}', 200);
      expect(updated.body.permissions).toMatchObject({ view: true, admin: true });
    });

    it('guards members with organization:members:read and organization:members:write', async () => {
      const members = `/v1/orgs/${org.organizationId}/members`;
      expectError(await (await as('organization:read')).get(members), 403);
      expectError(await (await as('organization:read')).get(`${members}/${reader.userId}`), 403);
      const listed = await (await as('organization:members:read')).get(members);
      expectOpenApi(listed, 'get', '/orgs/{organizationId}/members', 200);
      expect(listed.body.items.map((m: { id: string }) => m.id)).toContain(reader.userId);
      expectOpenApi(
        await (await as('organization:members:read')).get(`${members}/${reader.userId}`),
        'get',
        '/orgs/{organizationId}/members/{userId}',
        200,
      );
      // Listing a member's spaces shows spaces: it takes space:read as well.
      expectError(await (await as('organization:members:read')).get(`${members}/${reader.userId}/spaces`), 403);
      expect((await (await as('organization:members:read', 'space:read')).get(`${members}/${reader.userId}/spaces`)).status).toBe(200);

      const role = async () =>
        (
          await app.prisma.member.findUniqueOrThrow({
            where: { organizationId_userId: { organizationId: org.organizationId, userId: reader.userId } },
          })
        ).role;
      expectError(await (await as('organization:members:read')).patch(`${members}/${reader.userId}`, { role: 'edit' }), 403);
      expectError(await (await as('organization:members:read')).delete(`${members}/${reader.userId}`), 403);
      expect(await role()).toBe('read');
      const updated = await (await as('organization:members:write')).patch(`${members}/${reader.userId}`, { role: 'edit' });
      expectOpenApi(updated, 'patch', '/orgs/{organizationId}/members/{userId}', 200);
      expect(await role()).toBe('edit');
    });
  });

  describe('on GraphQL', () => {
    let org: OrgFixture;
    let spaceId: string;
    beforeAll(async () => {
      org = await createOrg(app);
      spaceId = (await createSpace(app, org)).id;
    });
    const tokenFor = async (...granted: Parameters<typeof tokenWithScopes>[2]) =>
      (await tokenWithScopes(app, org.admin.userId, granted)).token;

    it('requires authentication', async () => {
      expectGraphQLError(await graphql(app, undefined, 'query($id: ID!) { space(id: $id) { title } }', { id: spaceId }), 'UNAUTHENTICATED');
    });

    it('refuses listing spaces through organization { spaces } with only organization:read', async () => {
      const query =
        'query($id: ID!) { organization(id: $id) { title spaces { totalCount edges { node { id } } } collections { totalCount } } }';
      const denied = await graphql(app, await tokenFor('organization:read'), query, { id: org.organizationId });
      expectGraphQLError(denied, 'FORBIDDEN');
      expect(denied.data?.organization ?? null).toBeNull();
      const both = await graphql(app, await tokenFor('organization:read', 'space:read'), query, { id: org.organizationId });
      expect(both.errors).toBeUndefined();
      expect(both.data.organization.spaces.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([spaceId]);
    });

    it('lets a token traverse an organization to what its scopes cover, but not read the organization itself', async () => {
      const spacesOnly = await tokenFor('space:read');
      const listed = await graphql(app, spacesOnly, 'query($id: ID!) { organization(id: $id) { spaces { totalCount } } }', {
        id: org.organizationId,
      });
      expect(listed.errors).toBeUndefined();
      expect(listed.data.organization.spaces.totalCount).toBe(1);
      expectGraphQLError(
        await graphql(app, spacesOnly, 'query($id: ID!) { organization(id: $id) { title } }', { id: org.organizationId }),
        'FORBIDDEN',
      );
      expectGraphQLError(
        await graphql(app, spacesOnly, 'query($id: ID!) { space(id: $id) { organization { title } } }', { id: spaceId }),
        'FORBIDDEN',
      );
    });

    it('refuses reading a space without space:read on every path (space, node)', async () => {
      const orgOnly = await tokenFor('organization:read');
      expectGraphQLError(await graphql(app, orgOnly, 'query($id: ID!) { space(id: $id) { title } }', { id: spaceId }), 'FORBIDDEN');
      expectGraphQLError(await graphql(app, orgOnly, 'query($id: ID!) { node(id: $id) { id } }', { id: spaceId }), 'FORBIDDEN');
    });

    it('refuses mutations without the write scope, leaving data unchanged, and shows it in permissions', async () => {
      const reader = await tokenFor('space:read');
      const before = await spaceTitle(spaceId);
      const denied = await graphql(
        app,
        reader,
        'mutation($id: ID!) { updateSpace(input: { spaceId: $id, title: "Nope" }) { space { title } } }',
        { id: spaceId },
      );
      expectGraphQLError(denied, 'FORBIDDEN');
      expect(await spaceTitle(spaceId)).toBe(before);
      const deleted = await graphql(app, reader, 'mutation($id: ID!) { deleteSpace(input: { spaceId: $id }) { deleted } }', {
        id: spaceId,
      });
      expectGraphQLError(deleted, 'FORBIDDEN');
      expect((await app.prisma.space.findUniqueOrThrow({ where: { id: spaceId } })).deletedAt).toBeNull();

      const permissions = 'query($id: ID!) { space(id: $id) { permissions { view admin edit } } }';
      expect((await graphql(app, reader, permissions, { id: spaceId })).data.space.permissions).toEqual({
        view: true,
        admin: false,
        edit: false,
      });
      expect((await graphql(app, org.admin.token, permissions, { id: spaceId })).data.space.permissions).toEqual({
        view: true,
        admin: true,
        edit: true,
      });

      const writer = await tokenFor('space:write');
      const renamed = await graphql(
        app,
        writer,
        'mutation($id: ID!) { updateSpace(input: { spaceId: $id, title: "Written" }) { space { title } } }',
        { id: spaceId },
      );
      expect(renamed.errors).toBeUndefined();
      expect(await spaceTitle(spaceId)).toBe('Written');
    });

    it('refuses a subscription to a space without space:read when subscribing, not event by event', async () => {
      const subscribe = async (token: string, change: boolean) => {
        const client = createClient({
          url: `${app.baseUrl.replace('http', 'ws')}/graphql`,
          webSocketImpl: WebSocket,
          connectionParams: { authorization: `Bearer ${token}` },
          retryAttempts: 0,
        });
        try {
          const events = client.iterate({ query: 'subscription($id: ID!) { spaceChanged(id: $id) { id } }', variables: { id: spaceId } });
          const first = Promise.race([
            events.next(),
            new Promise<never>((_, reject) => setTimeout(() => reject([{ extensions: { code: 'no answer' } }]), 3000)),
          ]);
          // A change to wait for, when the subscription is to be accepted (a refusal must come without one).
          if (change)
            setTimeout(
              () =>
                void graphql(
                  app,
                  org.admin.token,
                  'mutation($id: ID!) { updateSpace(input: { spaceId: $id, emoji: "1f389" }) { space { id } } }',
                  { id: spaceId },
                ),
              300,
            );
          type Errors = { extensions?: { code?: string } }[];
          const codes = (errors: Errors) => ({ errors: errors.map((e) => e.extensions?.code) });
          return await first.then((r) => (r.value?.errors ? codes(r.value.errors as Errors) : r.value), codes);
        } finally {
          await client.dispose();
        }
      };
      expect(await subscribe(await tokenFor('organization:read'), false)).toEqual({ errors: ['FORBIDDEN'] });
      expect(await subscribe(await tokenFor('space:read'), true)).toEqual({ data: { spaceChanged: { id: spaceId } } });
    });

    it('guards members the same way as REST', async () => {
      const query = 'query($id: ID!) { organization(id: $id) { members { totalCount } } }';
      expectGraphQLError(await graphql(app, await tokenFor('organization:read'), query, { id: org.organizationId }), 'FORBIDDEN');
      const allowed = await graphql(app, await tokenFor('organization:members:read'), query, { id: org.organizationId });
      expect(allowed.errors).toBeUndefined();
      expect(allowed.data.organization.members.totalCount).toBe(1);
    });
  });
});

describe('API tokens on GraphQL', () => {
  const tokensQuery = '{ viewer { tokens { totalCount edges { node { id label scopes createdAt lastUsedAt revokedAt current } } } } }';
  const createMutation =
    'mutation($input: CreateApiTokenInput!) { createApiToken(input: $input) { secret token { id label scopes revokedAt } } }';
  const revokeMutation = 'mutation($id: ID!) { revokeApiToken(input: { tokenId: $id }) { revoked } }';

  it('requires authentication', async () => {
    expectGraphQLError(await graphql(app, undefined, tokensQuery), 'UNAUTHENTICATED');
    expectGraphQLError(await graphql(app, undefined, createMutation, { input: {} }), 'UNAUTHENTICATED');
    expectGraphQLError(await graphql(app, undefined, revokeMutation, { id: 'tok_x' }), 'UNAUTHENTICATED');
  });

  it('creates a token whose secret is shown once, works at once and is listed without it', async () => {
    const org = await createOrg(app);
    const created = await graphql(app, org.admin.token, createMutation, {
      input: { label: 'deploy bot', scopes: ['space:read', 'space:read', 'organization:read'] },
    });
    expect(created.errors).toBeUndefined();
    const { secret, token } = created.data.createApiToken;
    expect(secret).toMatch(/^qt_/);
    expect(token).toEqual({
      id: expect.stringMatching(/^tok_/),
      label: 'deploy bot',
      scopes: ['space:read', 'organization:read'],
      revokedAt: null,
    });
    // Only the secret's hash is stored.
    const row = await app.prisma.apiToken.findUniqueOrThrow({ where: { id: token.id } });
    expect(row.tokenHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(row.userId).toBe(org.admin.userId);

    const used = await rest(app, secret).get(`/v1/orgs/${org.organizationId}`);
    expect(used.status).toBe(200);
    expectError(await rest(app, secret).patch(`/v1/orgs/${org.organizationId}`, { title: 'Scoped' }), 403);
    await app.quire.activity.settled(); // token use is written outside the request

    const listed = await graphql(app, org.admin.token, tokensQuery);
    expect(listed.errors).toBeUndefined();
    expect(JSON.stringify(listed)).not.toContain(secret);
    const nodes = listed.data.viewer.tokens.edges.map((e: { node: Record<string, unknown> }) => e.node);
    expect(listed.data.viewer.tokens.totalCount).toBe(2);
    expect(nodes).toEqual([
      expect.objectContaining({ label: 'bootstrap', scopes: [], current: true, revokedAt: null }),
      expect.objectContaining({
        id: token.id,
        label: 'deploy bot',
        scopes: ['space:read', 'organization:read'],
        current: false,
        revokedAt: null,
      }),
    ]);
    // The scoped token was used once: its use is recorded (to the minute).
    expect(nodes[1].lastUsedAt).toBe(app.clock.now().toISOString());
  });

  it('rejects unknown scopes and bad labels with 400, creating nothing', async () => {
    const org = await createOrg(app);
    const count = () => app.prisma.apiToken.count({ where: { userId: org.admin.userId } });
    const before = await count();
    for (const [input, field] of [
      [{ scopes: ['space:read', 'space:admin'] }, 'scopes[1]'],
      [{ scopes: ['SPACE:READ'] }, 'scopes[0]'],
      [{ label: '' }, 'label'],
      [{ label: 'x'.repeat(101) }, 'label'],
      [{ label: 'bell\u0007' }, 'label'],
    ] as const) {
      const res = await graphql(app, org.admin.token, createMutation, { input });
      expectGraphQLError(res, 'BAD_USER_INPUT');
      expect(res.errors![0].extensions?.field).toBe(field);
    }
    expect(await count()).toBe(before);
  });

  it('lets only an unrestricted token create tokens (a scoped one would mint what outlives it)', async () => {
    const org = await createOrg(app);
    const scoped = await tokenWithScopes(app, org.admin.userId, ['user:read', 'space:write']);
    const before = await app.prisma.apiToken.count({ where: { userId: org.admin.userId } });
    const res = await graphql(app, scoped.token, createMutation, { input: { scopes: ['space:read'] } });
    expectGraphQLError(res, 'FORBIDDEN');
    expect(await app.prisma.apiToken.count({ where: { userId: org.admin.userId } })).toBe(before);
  });

  it('lists tokens for a scoped token only with user:read', async () => {
    const org = await createOrg(app);
    expectGraphQLError(await graphql(app, (await tokenWithScopes(app, org.admin.userId, ['space:read'])).token, tokensQuery), 'FORBIDDEN');
    const reader = await tokenWithScopes(app, org.admin.userId, ['user:read']);
    const listed = await graphql(app, reader.token, tokensQuery);
    expect(listed.errors).toBeUndefined();
    expect(listed.data.viewer.tokens.totalCount).toBe(3);
  });

  it('revokes a token: it fails at once (401) on REST and GraphQL', async () => {
    const org = await createOrg(app);
    const victim = await tokenWithScopes(app, org.admin.userId, []);
    expect((await rest(app, victim.token).get(`/v1/orgs/${org.organizationId}`)).status).toBe(200);

    const revoked = await graphql(app, org.admin.token, revokeMutation, { id: victim.id });
    expect(revoked).toEqual({ data: { revokeApiToken: { revoked: true } } });
    expect((await app.prisma.apiToken.findUniqueOrThrow({ where: { id: victim.id } })).revokedAt?.toISOString()).toBe(
      app.clock.now().toISOString(),
    );
    expectError(await rest(app, victim.token).get(`/v1/orgs/${org.organizationId}`), 401);
    expectGraphQLError(await graphql(app, victim.token, '{ viewer { id } }'), 'UNAUTHENTICATED');
    // Revoking again changes nothing and says so.
    expect(await graphql(app, org.admin.token, revokeMutation, { id: victim.id })).toEqual({
      data: { revokeApiToken: { revoked: false } },
    });
    expectGraphQLError(await graphql(app, org.admin.token, revokeMutation, { id: 'tok_doesNotExist' }), 'NOT_FOUND');
  });

  it("never shows or revokes another user's tokens (404), even an admin's of the same organization", async () => {
    const org = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'read');
    const memberToken = await tokenWithScopes(app, member.userId, []);
    const res = await graphql(app, org.admin.token, revokeMutation, { id: memberToken.id });
    expectGraphQLError(res, 'NOT_FOUND');
    expect((await app.prisma.apiToken.findUniqueOrThrow({ where: { id: memberToken.id } })).revokedAt).toBeNull();
    expect((await rest(app, memberToken.token).get(`/v1/orgs/${org.organizationId}`)).status).toBe(200);

    expectGraphQLError(
      await graphql(app, org.admin.token, 'query($id: ID!) { node(id: $id) { id } }', { id: memberToken.id }),
      'NOT_FOUND',
    );
    const theirs = await graphql(app, org.admin.token, 'query($id: ID!) { node(id: $id) { ... on User { tokens { totalCount } } } }', {
      id: member.userId,
    });
    expectGraphQLError(theirs, 'NOT_FOUND');
    expect(JSON.stringify(theirs.data ?? null)).not.toContain('totalCount');
  });

  it('lets a scoped token revoke itself, but no other token of its user (403)', async () => {
    const org = await createOrg(app);
    const scoped = await tokenWithScopes(app, org.admin.userId, ['space:read']);
    const sibling = await tokenWithScopes(app, org.admin.userId, ['space:read']);
    expectGraphQLError(await graphql(app, scoped.token, revokeMutation, { id: sibling.id }), 'FORBIDDEN');
    expect((await app.prisma.apiToken.findUniqueOrThrow({ where: { id: sibling.id } })).revokedAt).toBeNull();
    expect(await graphql(app, scoped.token, revokeMutation, { id: scoped.id })).toEqual({ data: { revokeApiToken: { revoked: true } } });
    expectError(await rest(app, scoped.token).get(`/v1/spaces/x`), 401);
  });
});

describe('token CLI', () => {
  const run = promisify(execFile);
  const cli = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      env: { ...process.env, DATABASE_URL: inject('databaseUrl') },
    }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
    );

  it('creates scoped tokens, lists them without secrets and revokes them', async () => {
    const org = await createOrg(app);
    const spaceId = (await createSpace(app, org)).id;
    const created = await cli(
      'token',
      'create',
      '--user',
      org.admin.email.toUpperCase(),
      '--scopes',
      'space:read',
      '--label',
      'from cli',
      '--json',
    );
    expect(created.code, created.stderr).toBe(0);
    const token = JSON.parse(created.stdout);
    expect(token).toEqual({
      id: expect.stringMatching(/^tok_/),
      userId: org.admin.userId,
      label: 'from cli',
      scopes: ['space:read'],
      token: expect.stringMatching(/^qt_/),
    });
    expect((await rest(app, token.token).get(`/v1/spaces/${spaceId}`)).status).toBe(200);
    expectError(await rest(app, token.token).patch(`/v1/spaces/${spaceId}`, { title: 'No' }), 403);

    const listed = await cli('token', 'list', '--user', org.admin.userId, '--json');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).not.toContain(token.token);
    expect(JSON.parse(listed.stdout).map((t: { id: string; scopes: string[] }) => [t.id, t.scopes])).toEqual([
      [expect.any(String), []],
      [token.id, ['space:read']],
    ]);

    const revoked = await cli('token', 'revoke', token.id, '--json');
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(JSON.parse(revoked.stdout)).toMatchObject({ id: token.id, revokedAt: expect.any(String) });
    expectError(await rest(app, token.token).get(`/v1/spaces/${spaceId}`), 401);

    const unknown = await cli('token', 'create', '--user', org.admin.userId, '--scopes', 'space:read,space:admin');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('"space:admin" is not a known scope');
    const missing = await cli('token', 'revoke', 'tok_doesNotExist');
    expect(missing.code).toBe(1);
  });

  it('gives user create a scoped token with --scopes', async () => {
    const org = await createOrg(app);
    const added = await cli(
      'user',
      'create',
      '--org',
      org.organizationId,
      '--email',
      `cli-${Date.now()}@member.test`,
      '--role',
      'edit',
      '--scopes',
      'organization:read',
      '--json',
    );
    expect(added.code, added.stderr).toBe(0);
    const { token } = JSON.parse(added.stdout);
    expect((await rest(app, token).get(`/v1/orgs/${org.organizationId}`)).status).toBe(200);
    expectError(await rest(app, token).get(`/v1/orgs/${org.organizationId}/spaces`), 403);
  });
});

it('answers a scoped token without any matching scope with the documented 403 shape on every REST surface it reaches', async () => {
  const org = await createOrg(app);
  const token = (await tokenWithScopes(app, org.admin.userId, ['site:read'])).token;
  for (const path of [
    `/v1/orgs/${org.organizationId}`,
    `/v1/orgs/${org.organizationId}/spaces`,
    `/v1/orgs/${org.organizationId}/members`,
    '/v1/orgs',
  ]) {
    expectError(await request(app, 'GET', path, { token }), 403);
  }
});
