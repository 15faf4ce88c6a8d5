// Spec 4.13 — organizations: list, read, update, join by e-mail domain, and
// lookup by e-mail domain, over REST and GraphQL.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { request, rest, graphql } from '../support/http.js';
import { addMember, createOrg, membersOfEveryRole, type OrgFixture } from '../support/factories.js';
import { expectOpenApi, expectSchema } from '../support/openapi.js';
import { createUser, insertSite, setMembership } from '../support/users.js';

const app = useTestApp();

const orgPath = (org: OrgFixture) => `/v1/orgs/${org.organizationId}`;

async function expectError(res: { status: number; body: any }, status: number, message?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ error: { code: status, message: expect.any(String) } });
  if (message) expect(res.body.error.message).toMatch(message);
}

describe('GET /orgs', () => {
  it('requires authentication', async () => {
    await expectError(await rest(app).get('/v1/orgs'), 401);
    await expectError(await rest(app, 'qt_nope').get('/v1/orgs'), 401);
  });

  it("lists exactly the caller's organizations, guest memberships included", async () => {
    const a = await createOrg(app);
    const b = await createOrg(app);
    await createOrg(app); // not theirs
    const user = await addMember(app, a.organizationId, 'edit');
    await addMember(app, b.organizationId, 'guest', { email: user.email });
    const res = await rest(app, user.token).get('/v1/orgs');
    expectOpenApi(res, 'get', '/orgs', 200);
    expect(res.body.count).toBe(2);
    expect(res.body.items.map((o: any) => o.id).sort()).toEqual([a.organizationId, b.organizationId].sort());
    const byId = Object.fromEntries(res.body.items.map((o: any) => [o.id, o]));
    expect(byId[a.organizationId].permissions).toMatchObject({ view: true, access: true, admin: false, listMembers: true });
    expect(byId[b.organizationId].permissions).toMatchObject({ view: true, access: true, admin: false, listMembers: false });
    expect(res.body.next).toBeUndefined();
  });

  it('leaves out organizations where the membership is disabled', async () => {
    const a = await createOrg(app);
    const b = await createOrg(app);
    const user = await addMember(app, a.organizationId, 'read');
    await addMember(app, b.organizationId, 'read', { email: user.email });
    await setMembership(app, b.organizationId, user.userId, { disabled: true });
    const res = await rest(app, user.token).get('/v1/orgs');
    expect(res.status).toBe(200);
    expect(res.body.items.map((o: any) => o.id)).toEqual([a.organizationId]);
    expect(res.body.count).toBe(1);
  });

  it('pages with limit and page', async () => {
    const first = await createOrg(app);
    const ids = [first.organizationId];
    for (let i = 0; i < 2; i++) {
      const other = await createOrg(app);
      await addMember(app, other.organizationId, 'read', { email: first.admin.email });
      ids.push(other.organizationId);
    }
    const seen: string[] = [];
    let page: string | undefined;
    do {
      const res = await rest(app, first.admin.token).get(`/v1/orgs?limit=2${page ? `&page=${page}` : ''}`);
      expectOpenApi(res, 'get', '/orgs', 200);
      expect(res.body.count).toBe(3);
      seen.push(...res.body.items.map((o: any) => o.id));
      page = res.body.next?.page;
    } while (page);
    expect(seen.sort()).toEqual(ids.sort());
  });

  it('rejects a limit out of 1..1000 with 400 naming limit, and a page that is no cursor', async () => {
    const org = await createOrg(app);
    for (const limit of ['0', '1001', 'ten']) {
      await expectError(await rest(app, org.admin.token).get(`/v1/orgs?limit=${limit}`), 400, /limit/);
    }
    await expectError(await rest(app, org.admin.token).get('/v1/orgs?page=garbage'), 400, /cursor/);
  });

  it('is the organizations connection in GraphQL, with totalCount', async () => {
    const org = await createOrg(app);
    const res = await graphql(
      app,
      org.admin.token,
      '{ organizations(first: 10) { totalCount edges { node { id title permissions { admin } } } } }',
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.organizations.totalCount).toBe(1);
    expect(res.data.organizations.edges[0].node).toMatchObject({ id: org.organizationId, permissions: { admin: true } });
  });
});

describe('GET /orgs/{organizationId}', () => {
  it('requires authentication', async () => {
    const org = await createOrg(app);
    await expectError(await rest(app).get(orgPath(org)), 401);
  });

  it('answers the organization with the rights of each role', async () => {
    const org = await createOrg(app, { title: 'Acme Docs' });
    const members = await membersOfEveryRole(app, org.organizationId);
    const expected: Record<string, Record<string, boolean>> = {
      admin: { admin: true, createContent: true, listMembers: true, viewBilling: true, installIntegration: true },
      create: { admin: false, createContent: true, listMembers: true, viewBilling: false },
      review: { admin: false, createContent: false, listMembers: true },
      edit: { admin: false, createContent: false, listMembers: true },
      comment: { admin: false, createContent: false, listMembers: true },
      read: { admin: false, createContent: false, listMembers: true, listTeams: true },
      guest: { admin: false, createContent: false, listMembers: false, listTeams: false },
    };
    for (const [role, caller] of Object.entries(members)) {
      const res = await rest(app, caller.token).get(orgPath(org));
      expectOpenApi(res, 'get', '/orgs/{organizationId}', 200);
      expect(res.body).toMatchObject({
        object: 'organization',
        id: org.organizationId,
        title: 'Acme Docs',
        emailDomains: [],
        defaultRole: 'read',
        sso: false,
        ai: false,
        inviteLinks: false,
        mergeRules: { type: 'none' },
        urls: { location: `http://quire.test/v1/orgs/${org.organizationId}` },
      });
      expect(res.body.permissions, role).toMatchObject({ view: true, access: true, ...expected[role] });
    }
  });

  it('answers 404 to another organization, an unknown id, and a disabled member', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const res = await rest(app, other.admin.token).get(orgPath(org));
    await expectError(res, 404);
    expectOpenApi(res, 'get', '/orgs/{organizationId}', 404);
    await expectError(await rest(app, org.admin.token).get('/v1/orgs/org_doesNotExist'), 404);
    const disabled = await addMember(app, org.organizationId, 'edit');
    await setMembership(app, org.organizationId, disabled.userId, { disabled: true });
    await expectError(await rest(app, disabled.token).get(orgPath(org)), 404);
  });

  it('shows the organization, without access, to a non-member whose verified domain it allows', async () => {
    const org = await createOrg(app);
    const domain = `joinable-${Date.now()}.test`;
    await rest(app, org.admin.token).patch(orgPath(org), { emailDomains: [domain] });
    const candidate = await createUser(app, { domain });
    const res = await rest(app, candidate.token).get(orgPath(org));
    expectOpenApi(res, 'get', '/orgs/{organizationId}', 200);
    expect(res.body.permissions).toMatchObject({ view: true, access: false, admin: false, listMembers: false });
    const unverified = await createUser(app, { domain, verified: false });
    await expectError(await rest(app, unverified.token).get(orgPath(org)), 404);
  });

  it('is organization(id:) in GraphQL, NOT_FOUND for others', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const query = 'query($id: ID!) { organization(id: $id) { id title defaultRole permissions { admin } } }';
    const mine = await graphql(app, org.admin.token, query, { id: org.organizationId });
    expect(mine.data.organization).toMatchObject({ id: org.organizationId, defaultRole: 'READ', permissions: { admin: true } });
    const theirs = await graphql(app, other.admin.token, query, { id: org.organizationId });
    expect(theirs.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});

describe('PATCH /orgs/{organizationId}', () => {
  it('requires authentication', async () => {
    const org = await createOrg(app);
    await expectError(await rest(app).patch(orgPath(org), { title: 'New title' }), 401);
  });

  it('updates every documented setting (admin) and keeps them', async () => {
    const org = await createOrg(app);
    const reviewer = await addMember(app, org.organizationId, 'review');
    const site = await insertSite(app, org.organizationId);
    const hostname = `acme-${Date.now().toString(36)}`;
    const body = {
      title: 'Acme Handbook',
      emailDomains: ['Acme.example.com', 'acme.example.com', 'acme.test'],
      hostname,
      defaultRole: 'comment',
      defaultContent: { type: 'site', site: site.id },
      logo: 'https://cdn.example.com/logo.png',
      sso: true,
      ai: true,
      inviteLinks: true,
      mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: [reviewer.userId] }] },
    };
    const res = await rest(app, org.admin.token).patch(orgPath(org), body);
    expectOpenApi(res, 'patch', '/orgs/{organizationId}', 200);
    const expected = {
      title: 'Acme Handbook',
      // Domains are normalized to lower case, without duplicates.
      emailDomains: ['acme.example.com', 'acme.test'],
      hostname,
      defaultRole: 'comment',
      defaultContent: { type: 'site', site: site.id },
      sso: true,
      ai: true,
      inviteLinks: true,
      mergeRules: body.mergeRules,
      urls: expect.objectContaining({ logo: 'https://cdn.example.com/logo.png' }),
    };
    expect(res.body).toMatchObject(expected);
    const again = await rest(app, org.admin.token).get(orgPath(org));
    expect(again.body).toMatchObject(expected);
    const row = await app.prisma.organization.findUniqueOrThrow({ where: { id: org.organizationId } });
    expect(row).toMatchObject({
      title: 'Acme Handbook',
      hostname,
      defaultRole: 'comment',
      defaultContentSiteId: site.id,
      logoURL: body.logo,
    });
  });

  it('clears the nullable settings with null: guest default role, no default content, no logo', async () => {
    const org = await createOrg(app);
    const site = await insertSite(app, org.organizationId);
    await rest(app, org.admin.token).patch(orgPath(org), { defaultContent: { type: 'site', site: site.id }, logo: 'https://x.test/l.png' });
    const res = await rest(app, org.admin.token).patch(orgPath(org), {
      defaultRole: null,
      defaultContent: null,
      logo: null,
      emailDomains: [],
    });
    expectOpenApi(res, 'patch', '/orgs/{organizationId}', 200);
    expect(res.body.defaultRole).toBeNull();
    expect(res.body.defaultContent).toBeUndefined();
    expect(res.body.urls.logo).toBeUndefined();
    expect(res.body.emailDomains).toEqual([]);
    const row = await app.prisma.organization.findUniqueOrThrow({ where: { id: org.organizationId } });
    expect(row).toMatchObject({ defaultRole: null, defaultContentSiteId: null, logoURL: null });
  });

  it('changes nothing with an empty body', async () => {
    const org = await createOrg(app, { title: 'Unchanged' });
    const res = await rest(app, org.admin.token).patch(orgPath(org), {});
    expectOpenApi(res, 'patch', '/orgs/{organizationId}', 200);
    expect(res.body.title).toBe('Unchanged');
  });

  describe('rejects invalid settings with 400 naming the field, and changes nothing', () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['a one-character title', { title: 'A' }, /title/],
      ['a 256-character title', { title: 'x'.repeat(256) }, /title/],
      ['a title with surrounding spaces', { title: ' Padded ' }, /title/],
      ['a null title', { title: null }, /title/],
      ['a number as title', { title: 42 }, /title/],
      ['an invalid e-mail domain', { emailDomains: ['example.com', 'not a domain'] }, /emailDomains\[1\]/],
      ['more than 50 e-mail domains', { emailDomains: Array.from({ length: 51 }, (_, i) => `d${i}.test`) }, /emailDomains/],
      ['a domain with an @', { emailDomains: ['me@example.com'] }, /emailDomains\[0\]/],
      ['a public e-mail provider', { emailDomains: ['Gmail.com'] }, /emailDomains\[0\]/],
      ['a hostname under 3 characters', { hostname: 'ab' }, /hostname/],
      ['a hostname over 32 characters', { hostname: 'a'.repeat(33) }, /hostname/],
      ['a hostname with a dot', { hostname: 'acme.docs' }, /hostname/],
      ['a hostname ending with a dash', { hostname: 'acme-' }, /hostname/],
      ['an unknown default role', { defaultRole: 'owner' }, /defaultRole/],
      ['a default content type other than site', { defaultContent: { type: 'space', site: 'sit_x' } }, /defaultContent\.type/],
      ['a default content without site', { defaultContent: { type: 'site' } }, /site/],
      ['an unknown default content site', { defaultContent: { type: 'site', site: 'sit_unknown' } }, /defaultContent\.site/],
      ['a logo that is not a URL', { logo: 'logo.png' }, /logo/],
      ['a logo with a non-http scheme', { logo: 'javascript:alert(1)' }, /logo/],
      ['a null sso flag', { sso: null }, /sso/],
      ['a string as ai flag', { ai: 'yes' }, /ai/],
      ['a null inviteLinks flag', { inviteLinks: null }, /inviteLinks/],
      ['merge rules of type inherit', { mergeRules: { type: 'inherit' } }, /mergeRules/],
      [
        'merge rules of an unknown rule',
        { mergeRules: { type: 'rules', rules: [{ rule: 'nope', users: [] }] } },
        /mergeRules\.rules\[0\]\.rule/,
      ],
      [
        'merge rules naming a non-member',
        { mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: ['usr_nobody'] }] } },
        /mergeRules\.rules\[0\]\.users/,
      ],
      ['null merge rules', { mergeRules: null }, /mergeRules/],
      ['an unknown field', { name: 'Acme' }, /name/],
    ];
    it.each(cases)('%s', async (_label, body, field) => {
      const org = await createOrg(app, { title: 'Before' });
      // A valid change next to the invalid one must not be applied either.
      const res = await rest(app, org.admin.token).patch(orgPath(org), { inviteLinks: true, ...body });
      await expectError(res, 400, field);
      expectOpenApi(res, 'patch', '/orgs/{organizationId}', 400);
      const row = await app.prisma.organization.findUniqueOrThrow({ where: { id: org.organizationId } });
      expect(row).toMatchObject({ title: 'Before', inviteLinks: false, emailDomains: [], defaultRole: 'read', defaultContentSiteId: null });
    });
  });

  it('rejects a site of another organization as default content', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const theirSite = await insertSite(app, other.organizationId);
    const res = await rest(app, org.admin.token).patch(orgPath(org), { defaultContent: { type: 'site', site: theirSite.id } });
    await expectError(res, 400, /defaultContent\.site/);
  });

  it('stores the hostname in lower case', async () => {
    const org = await createOrg(app);
    const hostname = `Acme-${Date.now().toString(36)}`;
    const res = await rest(app, org.admin.token).patch(orgPath(org), { hostname });
    expectOpenApi(res, 'patch', '/orgs/{organizationId}', 200);
    expect(res.body.hostname).toBe(hostname.toLowerCase());
  });

  it('answers 409 when the hostname belongs to another organization', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const hostname = `taken-${Date.now().toString(36)}`;
    expect((await rest(app, other.admin.token).patch(`/v1/orgs/${other.organizationId}`, { hostname })).status).toBe(200);
    await expectError(await rest(app, org.admin.token).patch(orgPath(org), { hostname }), 409, /hostname/);
    // Setting one's own hostname again is no conflict.
    expect((await rest(app, other.admin.token).patch(`/v1/orgs/${other.organizationId}`, { hostname })).status).toBe(200);
  });

  it('is for admins: 403 for every other role and guests, 404 for another organization', async () => {
    const org = await createOrg(app, { title: 'Before' });
    const members = await membersOfEveryRole(app, org.organizationId);
    for (const role of ['create', 'review', 'edit', 'comment', 'read', 'guest'] as const) {
      await expectError(await rest(app, members[role].token).patch(orgPath(org), { title: `By ${role}` }), 403);
    }
    const ok = await rest(app, members.admin.token).patch(orgPath(org), { title: 'By admin' });
    expect(ok.status).toBe(200);
    const other = await createOrg(app);
    await expectError(await rest(app, other.admin.token).patch(orgPath(org), { title: 'Hijack' }), 404);
    await expectError(await rest(app, org.admin.token).patch('/v1/orgs/org_unknown', { title: 'Nobody' }), 404);
    expect((await app.prisma.organization.findUniqueOrThrow({ where: { id: org.organizationId } })).title).toBe('By admin');
  });

  it('is updateOrganization in GraphQL', async () => {
    const org = await createOrg(app);
    const mutation = `mutation($input: UpdateOrganizationInput!) {
      updateOrganization(input: $input) { organization { title defaultRole emailDomains } }
    }`;
    const res = await graphql(app, org.admin.token, mutation, {
      input: { organizationId: org.organizationId, title: 'Via GraphQL', defaultRole: 'EDIT', emailDomains: ['gql.test'] },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.updateOrganization.organization).toEqual({ title: 'Via GraphQL', defaultRole: 'EDIT', emailDomains: ['gql.test'] });
    const bad = await graphql(app, org.admin.token, mutation, { input: { organizationId: org.organizationId, title: 'x' } });
    expect(bad.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'title' });
  });
});

describe('POST /orgs/{organizationId}/join', () => {
  async function joinableOrg(defaultRole: string | null = 'edit') {
    const org = await createOrg(app);
    const domain = `join-${Math.random().toString(36).slice(2, 10)}.test`;
    const res = await rest(app, org.admin.token).patch(orgPath(org), { emailDomains: [domain], defaultRole });
    expect(res.status).toBe(200);
    return { org, domain };
  }

  it('requires authentication', async () => {
    const { org } = await joinableOrg();
    await expectError(await rest(app).post(`${orgPath(org)}/join`), 401);
  });

  it("joins with the organization's default role when the caller's verified domain is allowed", async () => {
    const { org, domain } = await joinableOrg('edit');
    const user = await createUser(app, { email: `Jane@${domain.toUpperCase()}` });
    const res = await rest(app, user.token).post(`${orgPath(org)}/join`);
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect(res.body).toBeUndefined();
    const member = await rest(app, org.admin.token).get(`${orgPath(org)}/members/${user.userId}`);
    expect(member.status).toBe(200);
    expect(member.body.role).toBe('edit');
    expect(member.body.joinedAt).toBe(app.clock.now().toISOString());
    const mine = await rest(app, user.token).get('/v1/orgs');
    expect(mine.body.items.map((o: any) => o.id)).toEqual([org.organizationId]);
    expect(mine.body.items[0].permissions).toMatchObject({ access: true, listMembers: true });
  });

  it('joins as a guest when the default role is null', async () => {
    const { org, domain } = await joinableOrg(null);
    const user = await createUser(app, { domain });
    expect((await rest(app, user.token).post(`${orgPath(org)}/join`)).status).toBe(204);
    const row = await app.prisma.member.findUniqueOrThrow({
      where: { organizationId_userId: { organizationId: org.organizationId, userId: user.userId } },
    });
    expect(row.role).toBeNull();
  });

  it('is a no-op for a member: 204 and the role is kept', async () => {
    const { org, domain } = await joinableOrg('read');
    const member = await addMember(app, org.organizationId, 'create', { email: `x-${Date.now()}@${domain}` });
    expect((await rest(app, member.token).post(`${orgPath(org)}/join`)).status).toBe(204);
    expect((await rest(app, org.admin.token).get(`${orgPath(org)}/members/${member.userId}`)).body.role).toBe('create');
  });

  it('is no oracle: a domain not allowed answers 404 exactly like an unknown organization; an unverified address 400 whatever the id', async () => {
    const { org, domain } = await joinableOrg();
    const stranger = await createUser(app);
    const lookalike = await createUser(app, { domain: `evil${domain}` });
    const sub = await createUser(app, { domain: `sub.${domain}` });
    for (const caller of [stranger, lookalike, sub]) {
      const existing = await rest(app, caller.token).post(`${orgPath(org)}/join`);
      const missing = await rest(app, caller.token).post('/v1/orgs/org_unknown/join');
      await expectError(existing, 404);
      expectOpenApi(existing, 'post', '/orgs/{organizationId}/join', 404);
      expect(existing.body).toEqual(missing.body);
    }
    const unverified = await createUser(app, { domain, verified: false });
    for (const path of [`${orgPath(org)}/join`, '/v1/orgs/org_unknown/join']) {
      const res = await rest(app, unverified.token).post(path);
      await expectError(res, 400, /verified e-mail address/);
      expectOpenApi(res, 'post', '/orgs/{organizationId}/join', 400);
    }
    expect(await app.prisma.member.count({ where: { organizationId: org.organizationId } })).toBe(1);
  });

  it('answers 403 to a member whose membership was disabled, and does not re-enable it', async () => {
    const { org, domain } = await joinableOrg();
    const member = await addMember(app, org.organizationId, 'edit', { email: `d-${Date.now()}@${domain}` });
    await setMembership(app, org.organizationId, member.userId, { disabled: true });
    await expectError(await rest(app, member.token).post(`${orgPath(org)}/join`), 403);
    const row = await app.prisma.member.findUniqueOrThrow({
      where: { organizationId_userId: { organizationId: org.organizationId, userId: member.userId } },
    });
    expect(row.disabled).toBe(true);
  });

  it('answers 404 for an unknown organization', async () => {
    const user = await createUser(app);
    const res = await rest(app, user.token).post('/v1/orgs/org_unknown/join');
    await expectError(res, 404);
    expectOpenApi(res, 'post', '/orgs/{organizationId}/join', 404);
  });

  it('joins once when the same caller joins twice at the same time', async () => {
    const { org, domain } = await joinableOrg();
    const user = await createUser(app, { domain });
    const results = await Promise.all([1, 2, 3].map(() => rest(app, user.token).post(`${orgPath(org)}/join`)));
    expect(results.map((r) => r.status)).toEqual([204, 204, 204]);
    expect(await app.prisma.member.count({ where: { organizationId: org.organizationId, userId: user.userId } })).toBe(1);
  });

  it('is joinOrganization in GraphQL', async () => {
    const { org, domain } = await joinableOrg('comment');
    const user = await createUser(app, { domain });
    const join = 'mutation($id: ID!) { joinOrganization(input: { organizationId: $id }) { organization { id permissions { access } } } }';
    const res = await graphql(app, user.token, join, { id: org.organizationId });
    expect(res.errors).toBeUndefined();
    expect(res.data.joinOrganization.organization).toEqual({ id: org.organizationId, permissions: { access: true } });
    const stranger = await createUser(app);
    const denied = await graphql(app, stranger.token, join, { id: org.organizationId });
    expect(denied.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});

describe('GET /email-domains/{emailDomain}/orgs', () => {
  it('requires authentication', async () => {
    await expectError(await rest(app).get('/v1/email-domains/example.com/orgs'), 401);
  });

  it("lists the organizations that allow the caller's own verified domain", async () => {
    const domain = `lookup-${Math.random().toString(36).slice(2, 10)}.test`;
    const a = await createOrg(app);
    const b = await createOrg(app);
    const c = await createOrg(app);
    await rest(app, a.admin.token).patch(`/v1/orgs/${a.organizationId}`, { emailDomains: [domain] });
    await rest(app, b.admin.token).patch(`/v1/orgs/${b.organizationId}`, { emailDomains: ['other.test', domain] });
    await rest(app, c.admin.token).patch(`/v1/orgs/${c.organizationId}`, { emailDomains: [`x${domain}`] });
    const user = await createUser(app, { domain });
    const res = await rest(app, user.token).get(`/v1/email-domains/${domain.toUpperCase()}/orgs`);
    expectOpenApi(res, 'get', '/email-domains/{emailDomain}/orgs', 200);
    expect(res.body.organizations.map((o: any) => o.id).sort()).toEqual([a.organizationId, b.organizationId].sort());
    expect(res.body.organizations[0].permissions).toMatchObject({ view: true, access: false });
  });

  it('answers an empty list when no organization allows the domain', async () => {
    const user = await createUser(app);
    const res = await rest(app, user.token).get(`/v1/email-domains/${user.email.split('@')[1]}/orgs`);
    expectOpenApi(res, 'get', '/email-domains/{emailDomain}/orgs', 200);
    expect(res.body).toEqual({ organizations: [] });
  });

  it('answers 403 for a domain other than the caller’s verified one', async () => {
    const domain = `mine-${Date.now()}.test`;
    const org = await createOrg(app);
    await rest(app, org.admin.token).patch(orgPath(org), { emailDomains: ['secret.test'] });
    const user = await createUser(app, { domain });
    await expectError(await rest(app, user.token).get('/v1/email-domains/secret.test/orgs'), 403);
    const unverified = await createUser(app, { domain: 'secret.test', verified: false });
    await expectError(await rest(app, unverified.token).get('/v1/email-domains/secret.test/orgs'), 403);
  });

  it('is organizationsForEmailDomain in GraphQL', async () => {
    const domain = `gql-${Date.now()}.test`;
    const org = await createOrg(app);
    await rest(app, org.admin.token).patch(orgPath(org), { emailDomains: [domain] });
    const user = await createUser(app, { domain });
    const res = await graphql(app, user.token, 'query($d: String!) { organizationsForEmailDomain(emailDomain: $d) { id } }', { d: domain });
    expect(res.data.organizationsForEmailDomain).toEqual([{ id: org.organizationId }]);
  });
});

describe('error bodies', () => {
  it('match the public Error schema', async () => {
    const res = await request(app, 'GET', '/v1/orgs/org_unknown', { token: (await createOrg(app)).admin.token });
    expectSchema(res.body, 'Error');
  });
});
