// Organization B against organization A on every identity path: B's identity
// provider, B's SSO-bound tokens, B's invite links and SSO setting must never
// let B act for a user of A, nor reach A's tokens. Each case failed before the
// fix (SAML linked users by e-mail alone; token rules ignored the binding).
import { describe, expect, inject, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { useTestApp } from '../support/app.js';
import { graphql, request, rest } from '../support/http.js';
import { addMember, createOrg, type OrgFixture } from '../support/factories.js';
import { createUser } from '../support/users.js';
import { createTestIdp, signedSamlResponse, type AssertionOptions } from '../support/saml.js';
import { spawnQuire } from '../support/processes.js';

const app = useTestApp();
const idp = createTestIdp();

const unique = () => randomBytes(5).toString('hex');

interface Provider {
  id: string;
  service: { acsURL: string; entityID: string };
}

async function samlProvider(org: OrgFixture): Promise<Provider> {
  const res = await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/saml`, {
    label: 'IdP',
    entityID: idp.entityID,
    certificate: idp.certificate,
    ssoURL: 'https://idp.test/sso',
    defaultRole: 'read',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

function login(provider: Provider, email: string, overrides: Partial<AssertionOptions> = {}) {
  const samlResponse = signedSamlResponse(idp, {
    audience: provider.service.entityID,
    acsURL: provider.service.acsURL,
    email,
    ...overrides,
  });
  return request(app, 'POST', new URL(provider.service.acsURL).pathname, {
    rawBody: new URLSearchParams({ SAMLResponse: samlResponse }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
}

const tokensQuery = '{ viewer { tokens(first: 100) { edges { node { id } } } } }';
const tokenIdsSeenBy = async (token: string) =>
  ((await graphql(app, token, tokensQuery)).data?.viewer.tokens.edges ?? []).map((e: { node: { id: string } }) => e.node.id);

describe("B's identity provider and A's users", () => {
  it("refuses to sign in A's admin, whose address is in no verified domain of B: no user, membership or token is made", async () => {
    const a = await createOrg(app);
    const b = await createOrg(app);
    const provider = await samlProvider(b);
    const tokensBefore = await app.prisma.apiToken.count({ where: { userId: a.admin.userId } });

    const res = await login(provider, a.admin.email);
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body.error.message).toMatch(/not in a verified e-mail domain/);
    expect(await app.prisma.member.count({ where: { organizationId: b.organizationId, userId: a.admin.userId } })).toBe(0);
    expect(await app.prisma.apiToken.count({ where: { userId: a.admin.userId } })).toBe(tokensBefore);
    expect((await rest(app, a.admin.token).get(`/v1/orgs/${a.organizationId}`)).status).toBe(200);
  });

  it('signs in addresses of a domain B verified, and users its own sign-on created, and nobody else', async () => {
    const b = await createOrg(app);
    const provider = await samlProvider(b);
    const domain = `${unique()}.b.test`;
    await app.prisma.verifiedEmailDomain.create({ data: { domain, organizationId: b.organizationId } });
    const colleague = await createUser(app, { email: `kim@${domain}` });
    const verified = await login(provider, colleague.email);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body).toMatchObject({ userId: colleague.userId, joined: true });

    const newcomer = `new-${unique()}@elsewhere.test`;
    const first = await login(provider, newcomer);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await login(provider, newcomer)).status).toBe(200);

    // Another organization's provider may not take over the user B's sign-on created.
    const c = await createOrg(app);
    expect((await login(await samlProvider(c), newcomer)).status).toBe(403);
  });

  it('checks the Issuer, Recipient and Destination of the response (401)', async () => {
    const b = await createOrg(app);
    const provider = await samlProvider(b);
    const email = `new-${unique()}@elsewhere.test`;
    const wrongRecipient = await login(provider, email, { acsURL: `${provider.service.acsURL}x` });
    expect(wrongRecipient.status).toBe(401);
    expect(wrongRecipient.body.error.message).toMatch(/Recipient/);
    const wrongIssuer = await login(provider, email, { issuer: 'https://impostor.test' });
    expect(wrongIssuer.status).toBe(401);
    expect(await app.prisma.user.count({ where: { email } })).toBe(0);
  });
});

describe("B's SSO-bound token and the user's tokens elsewhere", () => {
  it('lists and revokes only the tokens bound to B, never the tokens the user holds for A', async () => {
    const a = await createOrg(app);
    const b = await createOrg(app);
    const provider = await samlProvider(b);
    const domain = `${unique()}.b.test`;
    await app.prisma.verifiedEmailDomain.create({ data: { domain, organizationId: b.organizationId } });
    // One person in both organizations: A's admin token is personal, B's comes from B's sign-on.
    const person = await addMember(app, a.organizationId, 'admin', { email: `sam@${domain}` });
    const personal = await app.prisma.apiToken.findFirstOrThrow({ where: { userId: person.userId } });
    const sso = await login(provider, person.email);
    expect(sso.status, JSON.stringify(sso.body)).toBe(200);

    expect(await tokenIdsSeenBy(sso.body.token)).toEqual([sso.body.tokenId]);
    expect(await tokenIdsSeenBy(person.token)).toEqual(expect.arrayContaining([personal.id, sso.body.tokenId]));

    const revoke = await graphql(app, sso.body.token, 'mutation($id: ID!) { revokeApiToken(input: { tokenId: $id }) { revoked } }', {
      id: personal.id,
    });
    expect(revoke.errors?.[0].extensions?.code, JSON.stringify(revoke)).toMatch(/NOT_FOUND|FORBIDDEN/);
    expect((await app.prisma.apiToken.findUniqueOrThrow({ where: { id: personal.id } })).revokedAt).toBeNull();
    expect((await rest(app, person.token).get(`/v1/orgs/${a.organizationId}`)).status).toBe(200);
    // And B's token sees nothing of A.
    expect((await rest(app, sso.body.token).get(`/v1/orgs/${a.organizationId}`)).status).toBe(404);
  });
});

describe('an organization that turns SSO on', () => {
  it("cuts off its non-SSO members' existing tokens, keeps the admin who turned it on, and takes no one by invite link or domain", async () => {
    const org = await createOrg(app);
    const editor = await addMember(app, org.organizationId, 'edit');
    const otherAdmin = await addMember(app, org.organizationId, 'admin');
    const domain = `${unique()}.test`;
    expect(
      (await rest(app, org.admin.token).patch(`/v1/orgs/${org.organizationId}`, { inviteLinks: true, emailDomains: [domain] })).status,
    ).toBe(200);
    const invite = await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/link-invites`, { role: 'read' });
    expect(invite.status).toBe(201);
    const key = (await app.prisma.invite.findUniqueOrThrow({ where: { id: invite.body.id } })).key;

    const on = await rest(app, org.admin.token).patch(`/v1/orgs/${org.organizationId}`, { sso: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect((await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}`)).status).toBe(200);
    expect((await rest(app, editor.token).get(`/v1/orgs/${org.organizationId}`)).status).toBe(404);
    expect((await rest(app, otherAdmin.token).get(`/v1/orgs/${org.organizationId}/members`)).status).toBe(404);

    const outsider = await createUser(app, { domain });
    const joined = await rest(app, outsider.token).post(`/v1/orgs/${org.organizationId}/invites/${encodeURIComponent(key)}`);
    expect(joined.status, JSON.stringify(joined.body)).toBe(403);
    const byDomain = await rest(app, outsider.token).post(`/v1/orgs/${org.organizationId}/join`);
    expect(byDomain.status, JSON.stringify(byDomain.body)).toBe(403);
    expect(await app.prisma.member.count({ where: { organizationId: org.organizationId, userId: outsider.userId } })).toBe(0);

    // Marked an SSO member, the editor's token reaches the organization again.
    expect((await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/members/${editor.userId}/sso`)).status).toBe(200);
    expect((await rest(app, editor.token).get(`/v1/orgs/${org.organizationId}`)).status).toBe(200);
  });
});

describe('quire domain verify (the operator vouches for a domain)', () => {
  const cli = async (args: string[]) => {
    const run = spawnQuire('cli', { DATABASE_URL: inject('databaseUrl') }, args);
    return { code: await run.exited, output: run.output() };
  };

  it('records the domain for one organization and refuses it to a second one (exit 1)', async () => {
    const a = await createOrg(app);
    const b = await createOrg(app);
    const domain = `${unique()}.test`;
    const verified = await cli(['domain', 'verify', '--org', a.organizationId, '--domain', domain.toUpperCase(), '--json']);
    expect(verified.code, verified.output).toBe(0);
    expect(JSON.parse(verified.output.trim().split('\n').at(-1)!)).toMatchObject({ domain, organizationId: a.organizationId });
    const taken = await cli(['domain', 'verify', '--org', b.organizationId, '--domain', domain]);
    expect(taken.code, taken.output).toBe(1);
    expect(taken.output).toMatch(/verified by another organization/);
    expect(await app.prisma.verifiedEmailDomain.findMany({ where: { domain } })).toEqual([
      expect.objectContaining({ organizationId: a.organizationId }),
    ]);
  });
});
