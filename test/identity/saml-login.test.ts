// SAML logins: a SAML Response posted to a provider's ACS URL, its assertion
// signed by a key and certificate made in the test, verified by node-saml; the
// user provisioned with the provider's defaultRole and defaultTeam, `sso` set,
// and answered an API token bound to the organization. Tampered, foreign-key
// and replayed responses are refused.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { request, rest } from '../support/http.js';
import { addMember, createOrg } from '../support/factories.js';
import { createTestIdp, samlResponseXml, signAssertion, signedSamlResponse } from '../support/saml.js';

const app = useTestApp();
const idp = createTestIdp();

async function providerFixture() {
  const org = await createOrg(app);
  const team = (await rest(app, org.admin.token).put(`/v1/orgs/${org.organizationId}/teams`, { title: 'Newcomers' })).body;
  const res = await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/saml`, {
    label: 'Test IdP',
    entityID: idp.entityID,
    certificate: idp.certificate,
    ssoURL: 'https://idp.test/sso',
    defaultTeam: team.id,
    defaultRole: 'comment',
  });
  expect(res.status).toBe(201);
  return { org, team, provider: res.body as { id: string; service: { acsURL: string; entityID: string; startURL: string } } };
}

const post = (acsURL: string, samlResponse: string, relayState?: string) =>
  request(app, 'POST', new URL(acsURL).pathname, {
    rawBody: new URLSearchParams({ SAMLResponse: samlResponse, ...(relayState ? { RelayState: relayState } : {}) }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });

const assertionFor = (service: { acsURL: string; entityID: string }, email: string) => ({
  audience: service.entityID,
  acsURL: service.acsURL,
  email,
});
const unique = () => Math.random().toString(36).slice(2, 10);

describe('SAML login (ACS)', () => {
  it('provisions a new user as an SSO member with the default role and team, and answers an organization-bound token', async () => {
    const { org, team, provider } = await providerFixture();
    const email = `new-${unique()}@corp.test`;
    const res = await post(
      provider.service.acsURL,
      signedSamlResponse(idp, assertionFor(provider.service, email.toUpperCase())),
      'back-to/docs',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      organizationId: org.organizationId,
      userId: expect.stringMatching(/^usr_/),
      email,
      joined: true,
      token: expect.stringMatching(/^qt_/),
      tokenId: expect.stringMatching(/^tok_/),
      relayState: 'back-to/docs',
    });
    const { userId, token } = res.body;
    const member = await app.prisma.member.findUniqueOrThrow({
      where: { organizationId_userId: { organizationId: org.organizationId, userId } },
    });
    expect(member).toMatchObject({ role: 'comment', sso: true });
    expect(await app.prisma.teamMember.count({ where: { teamId: team.id, userId } })).toBe(1);
    // corp.test is no verified domain of the organization: the provider vouches for the user it created, not the address.
    expect(await app.prisma.user.findUniqueOrThrow({ where: { id: userId } })).toMatchObject({
      emailVerified: false,
      provisionedByOrganizationId: org.organizationId,
    });

    // The token works in the organization…
    const me = await rest(app, token).get(`/v1/orgs/${org.organizationId}/members/${userId}`);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ sso: true, role: 'comment' });
    // …and sees no other organization of the user (an IdP vouches for its own organization only).
    const elsewhere = await createOrg(app);
    await addMember(app, elsewhere.organizationId, 'admin', { email });
    expect((await rest(app, token).get(`/v1/orgs/${elsewhere.organizationId}`)).status).toBe(404);
    const orgs = await rest(app, token).get('/v1/orgs');
    expect(orgs.status, JSON.stringify(orgs.body)).toBe(200);
    expect(orgs.body.items.map((o: any) => o.id)).toEqual([org.organizationId]);
  });

  it('logs an existing member of a verified domain in without changing their role; a new login revokes the previous SSO token', async () => {
    const { org, team, provider } = await providerFixture();
    const domain = `${unique()}.corp.test`;
    await app.prisma.verifiedEmailDomain.create({ data: { domain, organizationId: org.organizationId } });
    const existing = await addMember(app, org.organizationId, 'admin', { email: `ada@${domain}` });
    const first = await post(provider.service.acsURL, signedSamlResponse(idp, assertionFor(provider.service, existing.email)));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ userId: existing.userId, joined: false });
    const member = await app.prisma.member.findUniqueOrThrow({
      where: { organizationId_userId: { organizationId: org.organizationId, userId: existing.userId } },
    });
    expect(member).toMatchObject({ role: 'admin', sso: true });
    expect(await app.prisma.teamMember.count({ where: { teamId: team.id } })).toBe(0);

    const second = await post(provider.service.acsURL, signedSamlResponse(idp, assertionFor(provider.service, existing.email)));
    expect(second.status).toBe(200);
    expect((await rest(app, first.body.token).get(`/v1/orgs/${org.organizationId}`)).status).toBe(401);
    expect((await rest(app, second.body.token).get(`/v1/orgs/${org.organizationId}`)).status).toBe(200);
  });

  it('refuses a tampered assertion, one signed by another key, a replay, and a response for another audience', async () => {
    const { provider } = await providerFixture();
    const email = `victim-${unique()}@corp.test`;
    const options = assertionFor(provider.service, email);

    const signed = signAssertion(samlResponseXml({ ...options, issuer: idp.entityID }), idp);
    const tampered = Buffer.from(signed.replaceAll(email, `attacker-${unique()}@corp.test`)).toString('base64');
    const tamperedRes = await post(provider.service.acsURL, tampered);
    expect(tamperedRes.status).toBe(401);
    expect(tamperedRes.body.error.message).toMatch(/SAML Response rejected: .*signature/i);

    const forger = createTestIdp(idp.entityID);
    const forged = await post(provider.service.acsURL, signedSamlResponse(idp, options, forger));
    expect(forged.status).toBe(401);
    expect(forged.body.error.message).toMatch(/signature/i);

    const unsigned = await post(
      provider.service.acsURL,
      Buffer.from(samlResponseXml({ ...options, issuer: idp.entityID })).toString('base64'),
    );
    expect(unsigned.status).toBe(401);

    const wrongAudience = await post(
      provider.service.acsURL,
      signedSamlResponse(idp, { ...options, audience: 'http://elsewhere.test/sp' }),
    );
    expect(wrongAudience.status).toBe(401);

    const once = signedSamlResponse(idp, options);
    expect((await post(provider.service.acsURL, once)).status).toBe(200);
    const replay = await post(provider.service.acsURL, once);
    expect(replay.status).toBe(401);
    expect(replay.body.error.message).toMatch(/already used/);

    expect(await app.prisma.user.count({ where: { email: { startsWith: 'attacker-' } } })).toBe(0);
  });

  it('refuses bodies that are no SAML Response, pending and unknown providers', async () => {
    const { org, provider } = await providerFixture();
    const path = new URL(provider.service.acsURL).pathname;
    expect((await request(app, 'POST', path, { body: { SAMLResponse: 'x' } })).status).toBe(400);
    expect((await request(app, 'GET', path)).status).toBe(405);
    expect((await post(provider.service.acsURL, 'bm90IHhtbA==')).status).toBe(401);
    expect((await post('http://quire.test/sso/saml/sml_nothing/acs', 'x')).status).toBe(404);
    const pending = (await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/saml`, { label: 'Soon' })).body;
    expect((await post(pending.service.acsURL, 'x')).status).toBe(409);
  });

  it('start redirects to the identity provider with an AuthnRequest; the entity id serves the metadata', async () => {
    const { provider } = await providerFixture();
    const start = await fetch(`${app.baseUrl}${new URL(provider.service.startURL).pathname}?RelayState=abc`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const location = new URL(start.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('https://idp.test/sso');
    expect(location.searchParams.get('SAMLRequest')).toBeTruthy();
    expect(location.searchParams.get('RelayState')).toBe('abc');
    const metadata = await fetch(`${app.baseUrl}${new URL(provider.service.entityID).pathname}`);
    expect(metadata.status).toBe(200);
    const xml = await metadata.text();
    expect(xml).toContain(`entityID="${provider.service.entityID}"`);
    expect(xml).toContain(`Location="${provider.service.acsURL}"`);
  });
});
