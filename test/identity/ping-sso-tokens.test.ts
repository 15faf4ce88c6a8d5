// POST /orgs/{organizationId}/ping: the member's activity recorded and their
// visitor claims answered as a JWT signed with the configured key (jose), which
// verifies with its public key and fails once tampered with. And the CLI's
// refusal of tokens to non-SSO members of organizations that enforce SSO.
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { errors, jwtVerify } from 'jose';
import { startTestApp, type TestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { addMember, createOrg } from '../support/factories.js';
import { expectOpenApi } from '../support/openapi.js';
import { tokenWithScopes } from '../support/tokens.js';
import { spawnQuire } from '../support/processes.js';
import { visitorClaimsKeyFromEnv } from '../../src/config/visitorClaimsKey.js';

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const key = visitorClaimsKeyFromEnv(
  { VISITOR_CLAIMS_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), VISITOR_CLAIMS_KEY_ID: 'k1' },
  'http://quire.test',
)!;

let app: TestApp;
let keyless: TestApp;
beforeAll(async () => {
  [app, keyless] = await Promise.all([startTestApp({ visitorClaims: key }), startTestApp()]);
});
afterAll(() => Promise.all([app.close(), keyless.close()]));

describe('ping', () => {
  it('records lastSeenAt and answers visitor claims that verify with the configured public key', async () => {
    const org = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'edit');
    const team = (await rest(app, org.admin.token).put(`/v1/orgs/${org.organizationId}/teams`, { title: 'T', members: [member.userId] }))
      .body;
    const res = await rest(app, member.token).post(`/v1/orgs/${org.organizationId}/ping`);
    expectOpenApi(res, 'post', '/orgs/{organizationId}/ping', 200);
    expect(res.body).toEqual({ lastSeenAt: expect.any(String), docsVisitorClaims: expect.any(String) });
    expect(
      (
        await app.prisma.member.findFirstOrThrow({ where: { organizationId: org.organizationId, userId: member.userId } })
      ).lastSeenAt?.toISOString(),
    ).toBe(res.body.lastSeenAt);

    const { payload, protectedHeader } = await jwtVerify(res.body.docsVisitorClaims, publicKey, {
      issuer: 'http://quire.test',
      audience: org.organizationId,
    });
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: 'k1', typ: 'JWT' });
    expect(payload).toMatchObject({
      sub: member.userId,
      email: member.email,
      organizationId: org.organizationId,
      role: 'edit',
      teams: [team.id],
      sso: false,
    });
    expect(payload.exp! - payload.iat!).toBe(3600);

    // A changed claim breaks the signature; another key does not verify it either.
    const [header, body, signature] = res.body.docsVisitorClaims.split('.');
    const forged = Buffer.from(JSON.stringify({ ...payload, role: 'admin' })).toString('base64url');
    await expect(jwtVerify(`${header}.${forged}.${signature}`, publicKey)).rejects.toBeInstanceOf(errors.JWSSignatureVerificationFailed);
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
    await expect(jwtVerify(`${header}.${body}.${signature}`, other)).rejects.toBeInstanceOf(errors.JWSSignatureVerificationFailed);

    const gql = await graphql(
      app,
      member.token,
      `mutation($input: PingOrganizationInput!) { pingOrganization(input: $input) { ping { docsVisitorClaims } } }`,
      { input: { organizationId: org.organizationId } },
    );
    expect((await jwtVerify(gql.data.pingOrganization.ping.docsVisitorClaims, publicKey)).payload.sub).toBe(member.userId);
  });

  it('answers no claims without a configured key; authorizes members only', async () => {
    const org = await createOrg(keyless);
    const res = await rest(keyless, org.admin.token).post(`/v1/orgs/${org.organizationId}/ping`);
    expectOpenApi(res, 'post', '/orgs/{organizationId}/ping', 200);
    expect(res.body.docsVisitorClaims).toBeUndefined();
    const guest = await addMember(keyless, org.organizationId, 'guest');
    expect((await rest(keyless, guest.token).post(`/v1/orgs/${org.organizationId}/ping`)).status).toBe(200);
    expect((await rest(keyless, (await createOrg(keyless)).admin.token).post(`/v1/orgs/${org.organizationId}/ping`)).status).toBe(404);
    expect((await rest(keyless).post(`/v1/orgs/${org.organizationId}/ping`)).status).toBe(401);
    const scoped = await tokenWithScopes(keyless, org.admin.userId, ['space:read']);
    expect((await rest(keyless, scoped.token).post(`/v1/orgs/${org.organizationId}/ping`)).status).toBe(403);
  });

  it('refuses a key of no usable kind, naming the variable', () => {
    expect(() => visitorClaimsKeyFromEnv({ VISITOR_CLAIMS_PRIVATE_KEY: 'nope' }, 'http://x')).toThrow(/VISITOR_CLAIMS_PRIVATE_KEY/);
    expect(visitorClaimsKeyFromEnv({}, 'http://x')).toBeUndefined();
  });
});

const cli = async (args: string[]) => {
  const run = spawnQuire('cli', { DATABASE_URL: inject('databaseUrl') }, args);
  return { code: await run.exited, output: run.output() };
};

describe('SSO enforced: no API tokens for non-SSO members', () => {
  it('the CLI refuses token create and user create (exit 1, nothing written) until the member is an SSO member', async () => {
    const org = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'edit');
    await app.prisma.organization.update({ where: { id: org.organizationId }, data: { sso: true } });
    // The admin must be an SSO member to reach the organization once it enforces SSO (what PATCH sso: true does).
    await app.prisma.member.update({
      where: { organizationId_userId: { organizationId: org.organizationId, userId: org.admin.userId } },
      data: { sso: true },
    });
    const tokensBefore = await app.prisma.apiToken.count({ where: { userId: member.userId } });

    const refused = await cli(['token', 'create', '--user', member.email]);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/enforces single sign-on and this user is not an SSO member/);
    const newcomer = `new-${Date.now()}@corp.test`;
    const refusedUser = await cli(['user', 'create', '--org', org.organizationId, '--email', newcomer, '--role', 'read']);
    expect(refusedUser.code).toBe(1);
    expect(refusedUser.output).toMatch(/enforces single sign-on/);
    expect(await app.prisma.user.count({ where: { email: newcomer } })).toBe(0);
    expect(await app.prisma.apiToken.count({ where: { userId: member.userId } })).toBe(tokensBefore);

    // Through the API too: an existing token cannot mint another.
    const minted = await graphql(app, member.token, 'mutation { createApiToken(input: {}) { secret } }');
    expect(minted.errors?.[0].extensions?.code).toBe('FORBIDDEN');

    expect((await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/members/${member.userId}/sso`)).status).toBe(200);
    const allowed = await cli(['token', 'create', '--user', member.email, '--json']);
    expect(allowed.code, allowed.output).toBe(0);
    expect(JSON.parse(allowed.output.trim().split('\n').at(-1)!).token).toMatch(/^qt_/);
    const ssoUser = await cli(['user', 'create', '--org', org.organizationId, '--email', newcomer, '--role', 'read', '--sso', '--json']);
    expect(ssoUser.code, ssoUser.output).toBe(0);
    expect(
      (await app.prisma.member.findFirstOrThrow({ where: { organizationId: org.organizationId, user: { email: newcomer } } })).sso,
    ).toBe(true);
  }, 120_000);
});
