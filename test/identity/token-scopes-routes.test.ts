// The scope each REST route needs, route by route (docs/tokens.md lists the
// same table): the table covers every route of src/rest/routes.ts, follows the
// public OpenAPI document's `security` entries (deviations named below), and
// each route succeeds with exactly its scopes and answers 403 when any is missing.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { rest } from '../support/http.js';
import { addMember, createCollection, createOrg, createSpace, type OrgFixture } from '../support/factories.js';
import { createUser } from '../support/users.js';
import { tokenWithScopes } from '../support/tokens.js';
import { insertChangeRequest } from '../support/comments.js';
import { uploadOk } from '../support/files.js';
import { routes } from '../../src/rest/routes.js';
import { defaultCustomization } from '../../src/domain/sites/customization/defaults.js';
import { scopes as allScopes, type Scope } from '../../src/policy/scopes.js';

const require = createRequire(import.meta.url);
const spec = require('@gitbook/api/spec/openapi.json');

const app = useTestApp();

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
  'GET /subdomains/:subdomain': 'the document names no OAuth scope: it reveals an organization, so it takes organization:read',
  'GET /orgs/:organizationId/agent-instructions':
    'the document gives OAuth tokens no access: reading an organization setting takes organization:read',
  'PUT /orgs/:organizationId/agent-instructions':
    'the document gives OAuth tokens no access: changing an organization setting takes organization:write',
  'GET /orgs/:organizationId/members/:userId/spaces': 'the list shows the spaces themselves, so it takes space:read too',
  'GET /spaces/:spaceId/permissions/teams': 'reads the space (space:read) and shows the teams (organization:members:read) too',
  'GET /spaces/:spaceId/permissions/users': 'reads the space (space:read) and shows the users (organization:members:read) too',
  'GET /collections/:collectionId/permissions/teams':
    'reads the collection (space:read) and shows the teams (organization:members:read) too',
  'GET /collections/:collectionId/permissions/users':
    'reads the collection (space:read) and shows the users (organization:members:read) too',
  'POST /spaces/:spaceId/transfer': 'not in the document; like the collection transfer',
  'GET /orgs/:organizationId/translations': 'the document gives OAuth tokens no access: translations read spaces, so space:read',
  'POST /orgs/:organizationId/translations': 'the document gives OAuth tokens no access: a translation writes a space, so space:write',
  'GET /orgs/:organizationId/translations/:translationId':
    'the document gives OAuth tokens no access: translations read spaces, so space:read',
  'PUT /orgs/:organizationId/translations/:translationId':
    'the document gives OAuth tokens no access: a translation writes a space, so space:write',
  'DELETE /orgs/:organizationId/translations/:translationId':
    'the document gives OAuth tokens no access: a translation writes a space, so space:write',
  'POST /orgs/:organizationId/translations/:translationId/run':
    'the document gives OAuth tokens no access: a run writes a space, so space:write',
  'GET /spaces/:spaceId/links': 'not in the document; reads the space content',
  'GET /spaces/:spaceId/content/page/:pageId/links': 'not in the document; reads the space content',
  'GET /spaces/:spaceId/content/page/:pageId/backlinks': 'not in the document; reads the space content',
  'GET /spaces/:spaceId/content/files/:fileId/backlinks': 'not in the document; reads the space content',
  'GET /spaces/:spaceId/change-requests/:changeRequestId/content/page/:pageId/links': 'not in the document; reads the space content',
  'GET /spaces/:spaceId/change-requests/:changeRequestId/content/page/:pageId/backlinks': 'not in the document; reads the space content',
  'GET /spaces/:spaceId/change-requests/:changeRequestId/content/files/:fileId/backlinks': 'not in the document; reads the space content',
  'POST /spaces/:spaceId/change-requests/:changeRequestId/merge':
    'writes the space content too: space:write as well as change-request:merge',
  'POST /spaces/:spaceId/content/template':
    'writes the main content without review, as a merge does: change-request:merge as well as space:write',
  'GET /orgs/:organizationId/sites/:siteId': 'the document names no OAuth scope: reading a site takes site:read',
  'POST /orgs/:organizationId/sites/:siteId/publish': 'answers with the site, so it takes site:read too',
  'POST /orgs/:organizationId/sites/:siteId/unpublish': 'answers with the site, so it takes site:read too',
  'GET /orgs/:organizationId/sites/:siteId/site-spaces': 'the answer embeds each space: space:read too',
  'POST /orgs/:organizationId/sites/:siteId/site-spaces': 'reads the space it adds and answers with it: space:read too',
  'PATCH /orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId': 'answers with the space: space:read too',
  'GET /orgs/:organizationId/sites/:siteId/share-links': 'lists through the site: site:read too',
  'GET /orgs/:organizationId/sites/:siteId/sections': 'each section embeds its site spaces and their spaces: space:read too',
  'POST /orgs/:organizationId/sites/:siteId/sections': 'reads the space it adds and answers with it: space:read too',
  'PATCH /orgs/:organizationId/sites/:siteId/sections/:siteSectionId': 'answers with the site spaces and their spaces: space:read too',
  'POST /orgs/:organizationId/sites/:siteId/sections/:siteSectionId/move': 'answers with the site spaces and their spaces: space:read too',
  'POST /orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId/move': 'answers with the space: space:read too',
  'POST /orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId/move':
    'answers with the sections, site spaces and spaces of the group: space:read too',
  'PATCH /orgs/:organizationId/sites/:siteId/structure/sort': 'answers with the item and its spaces: space:read too',
  'GET /orgs/:organizationId/sites/:siteId/section-groups': 'groups embed their sections, site spaces and spaces: space:read too',
  'POST /orgs/:organizationId/sites/:siteId/section-groups': 'answers with the sections, site spaces and spaces: space:read too',
  'PATCH /orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId':
    'answers with the sections, site spaces and spaces: space:read too',
  'POST /orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId/sections':
    'not in the document; like the other structure writes',
  'GET /orgs/:organizationId/sites/:siteId/adaptive-schema/template-conditions':
    'the document names no OAuth scope: reading the adaptive schema takes site:read',
  'GET /orgs/:organizationId/sites/:siteId/published': 'the structure embeds the published spaces: space:read too',
  'DELETE /orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId':
    'managing the structure takes space:read too (its answers embed spaces)',
  'DELETE /orgs/:organizationId/sites/:siteId/sections/:siteSectionId':
    'managing the structure takes space:read too (its answers embed spaces)',
  'DELETE /orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId':
    'managing the structure takes space:read too (its answers embed spaces)',
  'DELETE /orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId/sections/:siteSectionId':
    'not in the document; like the other structure writes',
  'GET /spaces/:spaceId/commenters': 'the answer is a list of members (their roles and e-mail addresses): organization:members:read too',
  'GET /spaces/:spaceId/change-requests/:changeRequestId/commenters':
    'the answer is a list of members (their roles and e-mail addresses): organization:members:read too',
  'GET /orgs/:organizationId/saml': 'the document gives OAuth tokens no access: reading organization settings takes organization:read',
  'POST /orgs/:organizationId/saml': 'the document gives OAuth tokens no access: changing organization settings takes organization:write',
  'GET /orgs/:organizationId/saml/:samlProviderId':
    'the document gives OAuth tokens no access: reading organization settings takes organization:read',
  'PATCH /orgs/:organizationId/saml/:samlProviderId':
    'the document gives OAuth tokens no access: changing organization settings takes organization:write',
  'DELETE /orgs/:organizationId/saml/:samlProviderId':
    'the document gives OAuth tokens no access: changing organization settings takes organization:write',
  'GET /orgs/:organizationId/sso': 'public in the document (login info): Quire asks a token but no scope',
  'POST /urls/published': 'anonymous in Quire (the URL is the claim): any token, or none, resolves a published URL',
  'GET /urls/published': 'anonymous in Quire (the URL is the claim): any token, or none, resolves a published URL',
  'GET /users/:userId': 'the document gives OAuth tokens no access: a profile (no e-mail address) takes a token but no scope',
  'POST /orgs/:organizationId/members/:userId/sso':
    'the document gives OAuth tokens no access: changing a membership takes organization:members:write',
  'POST /orgs/:organizationId/ping': 'the document gives OAuth tokens no access: the member reaches the organization (organization:read)',
  'GET /orgs/:organizationId/conversations-clusters':
    "not in the document: reading the organization's conversations takes organization:read",
  'GET /orgs/:organizationId/conversations': "not in the document: reading the organization's conversations takes organization:read",
  'POST /orgs/:organizationId/conversations': 'not in the document: ingesting conversations changes organization data, organization:write',
  'GET /orgs/:organizationId/conversations-issues': "not in the document: reading the organization's conversations takes organization:read",
  'GET /orgs/:organizationId/conversations-issues/:issueId':
    "not in the document: reading the organization's conversations takes organization:read",
  'GET /orgs/:organizationId/conversations/:conversationId':
    "not in the document: reading the organization's conversations takes organization:read",
};

/** A site with two sections, the first in a group. */
async function orgWithSections() {
  const fixture = await orgWithSite();
  const admin = rest(app, fixture.org.admin.token);
  const sections: string[] = [];
  for (let i = 0; i < 2; i++) {
    const space = await createSpace(app, fixture.org);
    const res = await admin.post(`${fixture.sitePath}/sections`, { spaceId: space.id });
    expect(res.status).toBe(201);
    sections.push(res.body.id);
  }
  const group = await admin.post(`${fixture.sitePath}/section-groups`, { title: 'Group', sections: [sections[0]] });
  expect(group.status).toBe(201);
  return { ...fixture, sections, group: group.body.id as string };
}

async function orgWithShareLink() {
  const fixture = await orgWithSite();
  const res = await rest(app, fixture.org.admin.token).post(`${fixture.sitePath}/share-links`, { name: 'Team' });
  expect(res.status).toBe(201);
  return { ...fixture, link: res.body.id as string };
}

/** An organization with a site publishing one space. */
async function orgWithSite() {
  const { org, space } = await orgWithContent();
  const res = await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/sites`, { title: 'Docs', spaces: [space.id] });
  expect(res.status).toBe(201);
  return { org, space, site: res.body as { id: string }, sitePath: `/v1/orgs/${org.organizationId}/sites/${res.body.id}` };
}

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

/** An organization with an invite link to it, and the invite's path. */
async function orgWithInvite() {
  const { org } = await orgWithContent();
  const res = await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/link-invites`, { role: 'read' });
  expect(res.status).toBe(201);
  return { org, invite: res.body.id as string, path: `/v1/orgs/${org.organizationId}/link-invites/${res.body.id}` };
}

/** Content (space or collection) with a team and a member granted a level on it. */
async function contentWithGrants(kind: 'spaces' | 'collections') {
  const { org, member, path: teamPath } = await orgWithTeam();
  const teamId = teamPath.slice(teamPath.lastIndexOf('/') + 1);
  const content = await (kind === 'spaces' ? createSpace(app, org) : createCollection(app, org));
  const path = `/v1/${kind}/${content.id}/permissions`;
  expect((await rest(app, org.admin.token).post(path, { role: 'read', teams: [teamId], users: [member.userId] })).status).toBe(204);
  return { org, member, teamId, path };
}

/** The routes of content permissions, for spaces or collections. */
function grantCases(kind: 'spaces' | 'collections', param: string): Record<string, ScopeCase> {
  const base = `/${kind}/:${param}/permissions`;
  const reads: Scope[] = ['space:permissions:read', 'space:read', 'organization:members:read'];
  return {
    [`POST ${base}`]: [
      ['space:permissions:write'],
      async () => {
        const { org, teamId, path } = await contentWithGrants(kind);
        return asAdmin(org, path, { role: 'edit', teams: [teamId] });
      },
    ],
    [`GET ${base}/teams`]: [
      reads,
      async () => {
        const { org, path } = await contentWithGrants(kind);
        return asAdmin(org, `${path}/teams`);
      },
    ],
    [`PATCH ${base}/teams/:teamId`]: [
      ['space:permissions:write'],
      async () => {
        const { org, teamId, path } = await contentWithGrants(kind);
        return asAdmin(org, `${path}/teams/${teamId}`, { role: 'comment' });
      },
    ],
    [`DELETE ${base}/teams/:teamId`]: [
      ['space:permissions:write'],
      async () => {
        const { org, teamId, path } = await contentWithGrants(kind);
        return asAdmin(org, `${path}/teams/${teamId}`);
      },
    ],
    [`GET ${base}/users`]: [
      reads,
      async () => {
        const { org, path } = await contentWithGrants(kind);
        return asAdmin(org, `${path}/users`);
      },
    ],
    [`PATCH ${base}/users/:userId`]: [
      ['space:permissions:write'],
      async () => {
        const { org, member, path } = await contentWithGrants(kind);
        return asAdmin(org, `${path}/users/${member.userId}`, { role: 'comment' });
      },
    ],
    [`DELETE ${base}/users/:userId`]: [
      ['space:permissions:write'],
      async () => {
        const { org, member, path } = await contentWithGrants(kind);
        return asAdmin(org, `${path}/users/${member.userId}`);
      },
    ],
  };
}

/** An organization with a space holding one page, and a change request on it. */
async function orgWithChangeRequest() {
  const { org, space } = await orgWithContent();
  const cr = await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Edit' });
  expect(cr.status).toBe(201);
  const pages = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/content/pages`);
  const page = pages.body.pages[0] as { id: string; path: string };
  return { org, space, page, path: `/v1/spaces/${space.id}/change-requests/${cr.body.id}` };
}
const crCase = (
  needs: Scope[],
  suffix: string | ((c: Awaited<ReturnType<typeof orgWithChangeRequest>>) => string),
  body?: unknown,
): ScopeCase => [
  needs,
  async () => {
    const c = await orgWithChangeRequest();
    return asAdmin(c.org, typeof suffix === 'function' ? suffix(c) : `${c.path}${suffix}`, body);
  },
];

/** A change request holding one uploaded file, and the main content holding another. */
async function orgWithFiles() {
  const c = await orgWithChangeRequest();
  const crId = c.path.split('/').at(-1)!;
  const inCR = await uploadOk(app, c.org.admin.token, { spaceId: c.space.id, changeRequestId: crId, data: 'cr', fileName: 'cr.txt' });
  const inMain = await uploadOk(app, c.org.admin.token, { spaceId: c.space.id, data: 'main', fileName: 'main.txt' });
  return { ...c, crFile: inCR.file.id, mainFile: inMain.file.id, revision: inMain.revision };
}
const fileCase = (suffix: (c: Awaited<ReturnType<typeof orgWithFiles>>) => string): ScopeCase => [
  ['space:read'],
  async () => {
    const c = await orgWithFiles();
    return asAdmin(c.org, suffix(c));
  },
];

const fileCases: Record<string, ScopeCase> = {
  'GET /spaces/:spaceId/content/files': fileCase((c) => `/v1/spaces/${c.space.id}/content/files`),
  'GET /spaces/:spaceId/content/files/:fileId': fileCase((c) => `/v1/spaces/${c.space.id}/content/files/${c.mainFile}`),
  'GET /spaces/:spaceId/change-requests/:changeRequestId/content/files': fileCase((c) => `${c.path}/content/files`),
  'GET /spaces/:spaceId/change-requests/:changeRequestId/content/files/:fileId': fileCase((c) => `${c.path}/content/files/${c.crFile}`),
  'GET /spaces/:spaceId/revisions/:revisionId/files': fileCase((c) => `/v1/spaces/${c.space.id}/revisions/${c.revision}/files`),
  'GET /spaces/:spaceId/revisions/:revisionId/files/:fileId': fileCase(
    (c) => `/v1/spaces/${c.space.id}/revisions/${c.revision}/files/${c.mainFile}`,
  ),
  'GET /spaces/:spaceId/pdf': crCase(['space:read'], (c) => `/v1/spaces/${c.space.id}/pdf`),
  'GET /spaces/:spaceId/change-requests/:changeRequestId/pdf': crCase(['space:read'], (c) => `${c.path}/pdf?page=${c.page.id}&only=true`),
};

const changeRequestCases: Record<string, ScopeCase> = {
  'GET /spaces/:spaceId/change-requests': crCase(['space:read'], (c) => `/v1/spaces/${c.space.id}/change-requests`),
  'POST /spaces/:spaceId/change-requests': crCase(['space:write'], (c) => `/v1/spaces/${c.space.id}/change-requests`, { subject: 'x' }),
  'GET /spaces/:spaceId/change-requests/:changeRequestId': crCase(['space:read'], ''),
  'PATCH /spaces/:spaceId/change-requests/:changeRequestId': crCase(['space:write'], '', { subject: 'y' }),
  'POST /spaces/:spaceId/change-requests/:changeRequestId/merge': crCase(['space:write', 'change-request:merge'], '/merge'),
  'POST /spaces/:spaceId/change-requests/:changeRequestId/update': crCase(['space:write'], '/update'),
  'POST /spaces/:spaceId/change-requests/:changeRequestId/reviews': [
    ['space:write'],
    async () => {
      const c = await orgWithChangeRequest();
      const reviewer = await addMember(app, c.org.organizationId, 'review');
      return { userId: reviewer.userId, path: `${c.path}/reviews`, body: { status: 'approved' } };
    },
  ],
  'POST /spaces/:spaceId/change-requests/:changeRequestId/requested-reviewers': [
    ['space:write'],
    async () => {
      const c = await orgWithChangeRequest();
      return asAdmin(c.org, `${c.path}/requested-reviewers`, { users: [c.org.admin.userId] });
    },
  ],
  'GET /spaces/:spaceId/change-requests/:changeRequestId/contributors': crCase(['space:read'], '/contributors'),
  'GET /spaces/:spaceId/change-requests/:changeRequestId/content': crCase(['space:read'], '/content'),
  'POST /spaces/:spaceId/change-requests/:changeRequestId/content': crCase(['space:write'], '/content', {
    changes: [{ operation: 'insert_page', title: 'New' }],
  }),
  'GET /spaces/:spaceId/change-requests/:changeRequestId/content/pages': crCase(['space:read'], '/content/pages'),
  'GET /spaces/:spaceId/change-requests/:changeRequestId/content/page/:pageId': crCase(
    ['space:read'],
    (c) => `${c.path}/content/page/${c.page.id}`,
  ),
  'GET /spaces/:spaceId/change-requests/:changeRequestId/content/path/:pagePath': crCase(
    ['space:read'],
    (c) => `${c.path}/content/path/${c.page.path}`,
  ),
  'GET /orgs/:organizationId/change-requests': crCase(['space:read'], (c) => `/v1/orgs/${c.org.organizationId}/change-requests`),
  'GET /spaces/:spaceId/content': crCase(['space:read'], (c) => `/v1/spaces/${c.space.id}/content`),
  'POST /spaces/:spaceId/content/template': crCase(
    ['space:write', 'change-request:merge'],
    (c) => `/v1/spaces/${c.space.id}/content/template`,
    { id: 'changelog' },
  ),
  'GET /spaces/:spaceId/content/pages': crCase(['space:read'], (c) => `/v1/spaces/${c.space.id}/content/pages`),
  'GET /spaces/:spaceId/content/page/:pageId': crCase(['space:read'], (c) => `/v1/spaces/${c.space.id}/content/page/${c.page.id}`),
  'GET /spaces/:spaceId/content/path/:pagePath': crCase(['space:read'], (c) => `/v1/spaces/${c.space.id}/content/path/${c.page.path}`),
  'GET /spaces/:spaceId/content/page/:pageId/links': crCase(
    ['space:read'],
    (c) => `/v1/spaces/${c.space.id}/content/page/${c.page.id}/links`,
  ),
  'GET /spaces/:spaceId/content/page/:pageId/backlinks': crCase(
    ['space:read'],
    (c) => `/v1/spaces/${c.space.id}/content/page/${c.page.id}/backlinks`,
  ),
  'GET /spaces/:spaceId/content/files/:fileId/backlinks': fileCase((c) => `/v1/spaces/${c.space.id}/content/files/${c.mainFile}/backlinks`),
  'GET /spaces/:spaceId/change-requests/:changeRequestId/content/page/:pageId/links': crCase(
    ['space:read'],
    (c) => `${c.path}/content/page/${c.page.id}/links`,
  ),
  'GET /spaces/:spaceId/change-requests/:changeRequestId/content/page/:pageId/backlinks': crCase(
    ['space:read'],
    (c) => `${c.path}/content/page/${c.page.id}/backlinks`,
  ),
  'GET /spaces/:spaceId/change-requests/:changeRequestId/content/files/:fileId/backlinks': fileCase(
    (c) => `${c.path}/content/files/${c.crFile}/backlinks`,
  ),
  'GET /spaces/:spaceId/search': crCase(['space:read'], (c) => `/v1/spaces/${c.space.id}/search?query=untitled`),
  'GET /orgs/:organizationId/search': crCase(['organization:search'], (c) => `/v1/orgs/${c.org.organizationId}/search?query=untitled`),
};

/** A change request's space and page, with the id of the space's current revision. */
const revisionCase = (suffix: (c: Awaited<ReturnType<typeof orgWithChangeRequest>> & { revision: string }) => string): ScopeCase => [
  ['space:read'],
  async () => {
    const c = await orgWithChangeRequest();
    const { revisionId } = await app.prisma.space.findUniqueOrThrow({ where: { id: c.space.id }, select: { revisionId: true } });
    return asAdmin(c.org, `/v1/spaces/${c.space.id}/revisions/${revisionId}${suffix({ ...c, revision: revisionId })}`);
  },
];

/** The address of a published site, to resolve. */
async function publishedSiteUrl() {
  const fixture = await orgWithSite();
  expect((await rest(app, fixture.org.admin.token).post(`${fixture.sitePath}/publish`)).status).toBe(200);
  return { ...fixture, url: `http://quire.test/published/sites/${fixture.site.id}` };
}

const cases: Record<string, ScopeCase> = {
  ...changeRequestCases,
  ...fileCases,
  ...grantCases('spaces', 'spaceId'),
  ...grantCases('collections', 'collectionId'),
  'GET /orgs/:organizationId/link-invites': [
    ['organization:members:read'],
    async () => {
      const { org } = await orgWithInvite();
      return asAdmin(org, `/v1/orgs/${org.organizationId}/link-invites`);
    },
  ],
  'POST /orgs/:organizationId/link-invites': [
    ['organization:members:write'],
    async () => {
      const { org } = await orgWithContent();
      return asAdmin(org, `/v1/orgs/${org.organizationId}/link-invites`, { role: 'edit' });
    },
  ],
  'GET /orgs/:organizationId/link-invites/:inviteId': [
    ['organization:members:read'],
    async () => {
      const { org, path } = await orgWithInvite();
      return asAdmin(org, path);
    },
  ],
  'DELETE /orgs/:organizationId/link-invites/:inviteId': [
    ['organization:members:write'],
    async () => {
      const { org, path } = await orgWithInvite();
      return asAdmin(org, path);
    },
  ],
  'POST /orgs/:organizationId/invites/:inviteId': [
    ['organization:members:write'],
    async () => {
      const { org, invite } = await orgWithInvite();
      await app.prisma.organization.update({ where: { id: org.organizationId }, data: { inviteLinks: true } });
      const joiner = await createUser(app);
      const { key } = await app.prisma.invite.findUniqueOrThrow({ where: { id: invite } });
      return { userId: joiner.userId, path: `/v1/orgs/${org.organizationId}/invites/${key}` };
    },
  ],
  'GET /orgs': [['organization:read'], async () => asAdmin((await orgWithContent()).org, '/v1/orgs')],
  'GET /orgs/:organizationId': [
    ['organization:read'],
    async () => {
      const { org } = await orgWithContent();
      return asAdmin(org, `/v1/orgs/${org.organizationId}`);
    },
  ],
  'PATCH /orgs/:organizationId': [
    ['organization:write'],
    async () => {
      const { org } = await orgWithContent();
      return asAdmin(org, `/v1/orgs/${org.organizationId}`, { title: 'Renamed organization' });
    },
  ],
  'POST /orgs/:organizationId/join': [
    ['organization:read', 'organization:members:write'],
    async () => {
      const { org } = await orgWithContent();
      const joiner = await createUser(app);
      await app.prisma.organization.update({ where: { id: org.organizationId }, data: { emailDomains: [joiner.email.split('@')[1]] } });
      return { userId: joiner.userId, path: `/v1/orgs/${org.organizationId}/join` };
    },
  ],
  'GET /email-domains/:emailDomain/orgs': [
    ['organization:read'],
    async () => {
      const { org } = await orgWithContent();
      const domain = org.admin.email.split('@')[1];
      await app.prisma.organization.update({ where: { id: org.organizationId }, data: { emailDomains: [domain] } });
      return asAdmin(org, `/v1/email-domains/${domain}/orgs`);
    },
  ],
  'GET /subdomains/:subdomain': [
    ['organization:read'],
    async () => {
      const { org } = await orgWithContent();
      const subdomain = `scopes-${org.organizationId
        .slice(-8)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, 'x')}`;
      await app.prisma.organization.update({ where: { id: org.organizationId }, data: { hostname: subdomain } });
      return asAdmin(org, `/v1/subdomains/${subdomain}`);
    },
  ],
  'GET /orgs/:organizationId/members': [
    ['organization:members:read'],
    async () => {
      const { org } = await orgWithContent();
      return asAdmin(org, `/v1/orgs/${org.organizationId}/members`);
    },
  ],
  'GET /orgs/:organizationId/members/:userId': [
    ['organization:members:read'],
    async () => {
      const { org } = await orgWithContent();
      const member = await addMember(app, org.organizationId, 'read');
      return asAdmin(org, `/v1/orgs/${org.organizationId}/members/${member.userId}`);
    },
  ],
  'PATCH /orgs/:organizationId/members/:userId': [
    ['organization:members:write'],
    async () => {
      const { org } = await orgWithContent();
      const member = await addMember(app, org.organizationId, 'read');
      return asAdmin(org, `/v1/orgs/${org.organizationId}/members/${member.userId}`, { role: 'edit' });
    },
  ],
  'DELETE /orgs/:organizationId/members/:userId': [
    ['organization:members:write'],
    async () => {
      const { org } = await orgWithContent();
      const member = await addMember(app, org.organizationId, 'read');
      return asAdmin(org, `/v1/orgs/${org.organizationId}/members/${member.userId}`);
    },
  ],
  'GET /orgs/:organizationId/members/:userId/spaces': [
    ['organization:members:read', 'space:read'],
    async () => {
      const { org } = await orgWithContent();
      const member = await addMember(app, org.organizationId, 'read');
      return asAdmin(org, `/v1/orgs/${org.organizationId}/members/${member.userId}/spaces`);
    },
  ],
  'GET /orgs/:organizationId/members/:userId/teams': [
    ['organization:members:read'],
    async () => {
      const { org } = await orgWithContent();
      const member = await addMember(app, org.organizationId, 'read');
      return asAdmin(org, `/v1/orgs/${org.organizationId}/members/${member.userId}/teams`);
    },
  ],
  'GET /orgs/:organizationId/spaces': [
    ['space:read'],
    async () => {
      const { org } = await orgWithContent();
      return asAdmin(org, `/v1/orgs/${org.organizationId}/spaces`);
    },
  ],
  'POST /orgs/:organizationId/spaces': [
    ['space:write'],
    async () => {
      const { org } = await orgWithContent();
      return asAdmin(org, `/v1/orgs/${org.organizationId}/spaces`, { title: 'New space' });
    },
  ],
  'GET /spaces/:spaceId': [
    ['space:read'],
    async () => {
      const { org, space } = await orgWithContent();
      return asAdmin(org, `/v1/spaces/${space.id}`);
    },
  ],
  'PATCH /spaces/:spaceId': [
    ['space:write'],
    async () => {
      const { org, space } = await orgWithContent();
      return asAdmin(org, `/v1/spaces/${space.id}`, { title: 'Renamed space' });
    },
  ],
  'DELETE /spaces/:spaceId': [
    ['space:write'],
    async () => {
      const { org, space } = await orgWithContent();
      return asAdmin(org, `/v1/spaces/${space.id}`);
    },
  ],
  'POST /spaces/:spaceId/duplicate': [
    ['space:write'],
    async () => {
      const { org, space } = await orgWithContent();
      return asAdmin(org, `/v1/spaces/${space.id}/duplicate`);
    },
  ],
  'POST /spaces/:spaceId/restore': [
    ['space:write'],
    async () => {
      const { org, space } = await orgWithContent();
      expect((await rest(app, org.admin.token).delete(`/v1/spaces/${space.id}`)).status).toBeLessThan(300);
      return asAdmin(org, `/v1/spaces/${space.id}/restore`);
    },
  ],
  'POST /spaces/:spaceId/move': [
    ['space:write'],
    async () => {
      const { org, space, collection } = await orgWithContent();
      return asAdmin(org, `/v1/spaces/${space.id}/move`, { parent: collection.id });
    },
  ],
  'POST /spaces/:spaceId/transfer': [
    ['space:write'],
    async () => {
      const { org, space } = await orgWithContent();
      const target = await createOrg(app);
      await addMember(app, target.organizationId, 'admin', { email: org.admin.email });
      return asAdmin(org, `/v1/spaces/${space.id}/transfer`, { organization: target.organizationId });
    },
  ],
  'GET /spaces/:spaceId/links': [
    ['space:read'],
    async () => {
      const { org, space } = await orgWithContent();
      return asAdmin(org, `/v1/spaces/${space.id}/links`);
    },
  ],
  'GET /orgs/:organizationId/collections': [
    ['space:read'],
    async () => {
      const { org } = await orgWithContent();
      return asAdmin(org, `/v1/orgs/${org.organizationId}/collections`);
    },
  ],
  'POST /orgs/:organizationId/collections': [
    ['space:write'],
    async () => {
      const { org } = await orgWithContent();
      return asAdmin(org, `/v1/orgs/${org.organizationId}/collections`, { title: 'New collection' });
    },
  ],
  'GET /collections/:collectionId': [
    ['space:read'],
    async () => {
      const { org, collection } = await orgWithContent();
      return asAdmin(org, `/v1/collections/${collection.id}`);
    },
  ],
  'PATCH /collections/:collectionId': [
    ['space:write'],
    async () => {
      const { org, collection } = await orgWithContent();
      return asAdmin(org, `/v1/collections/${collection.id}`, { title: 'Renamed collection' });
    },
  ],
  'DELETE /collections/:collectionId': [
    ['space:write'],
    async () => {
      const { org, collection } = await orgWithContent();
      return asAdmin(org, `/v1/collections/${collection.id}`);
    },
  ],
  'GET /collections/:collectionId/spaces': [
    ['space:read'],
    async () => {
      const { org, collection } = await orgWithContent();
      await createSpace(app, org, { parent: collection.id });
      return asAdmin(org, `/v1/collections/${collection.id}/spaces`);
    },
  ],
  'POST /collections/:collectionId/move': [
    ['space:write'],
    async () => {
      const { org, collection } = await orgWithContent();
      const parent = await createCollection(app, org);
      return asAdmin(org, `/v1/collections/${collection.id}/move`, { parent: parent.id });
    },
  ],
  'POST /collections/:collectionId/transfer': [
    ['space:write'],
    async () => {
      const { org, collection } = await orgWithContent();
      const target = await createOrg(app);
      await addMember(app, target.organizationId, 'admin', { email: org.admin.email });
      return asAdmin(org, `/v1/collections/${collection.id}/transfer`, { organization: target.organizationId });
    },
  ],
  'GET /orgs/:organizationId/agent-instructions': [
    ['organization:read'],
    async () => {
      const { org } = await orgWithContent();
      return asAdmin(org, `/v1/orgs/${org.organizationId}/agent-instructions`);
    },
  ],
  'PUT /orgs/:organizationId/agent-instructions': [
    ['organization:write'],
    async () => {
      const { org } = await orgWithContent();
      return asAdmin(org, `/v1/orgs/${org.organizationId}/agent-instructions`, {
        instructions: { object: 'document', data: {}, nodes: [] },
      });
    },
  ],
  'GET /orgs/:organizationId/teams': [
    ['organization:members:read'],
    async () => {
      const { org } = await orgWithTeam();
      return asAdmin(org, `/v1/orgs/${org.organizationId}/teams`);
    },
  ],
  'PUT /orgs/:organizationId/teams': [
    ['organization:members:write'],
    async () => {
      const { org } = await orgWithContent();
      return asAdmin(org, `/v1/orgs/${org.organizationId}/teams`, { title: 'New team' });
    },
  ],
  'GET /orgs/:organizationId/teams/:teamId': [
    ['organization:members:read'],
    async () => {
      const { org, path } = await orgWithTeam();
      return asAdmin(org, path);
    },
  ],
  'PATCH /orgs/:organizationId/teams/:teamId': [
    ['organization:members:write'],
    async () => {
      const { org, path } = await orgWithTeam();
      return asAdmin(org, path, { title: 'Renamed team' });
    },
  ],
  'DELETE /orgs/:organizationId/teams/:teamId': [
    ['organization:members:write'],
    async () => {
      const { org, path } = await orgWithTeam();
      return asAdmin(org, path);
    },
  ],
  'GET /orgs/:organizationId/teams/:teamId/members': [
    ['organization:members:read'],
    async () => {
      const { org, path } = await orgWithTeam();
      return asAdmin(org, `${path}/members`);
    },
  ],
  'PUT /orgs/:organizationId/teams/:teamId/members': [
    ['organization:members:write'],
    async () => {
      const { org, path } = await orgWithTeam();
      return asAdmin(org, `${path}/members`, { add: [org.admin.userId] });
    },
  ],
  'PUT /orgs/:organizationId/teams/:teamId/members/:userId': [
    ['organization:members:write'],
    async () => {
      const { org, path } = await orgWithTeam();
      return asAdmin(org, `${path}/members/${org.admin.userId}`, { role: 'owner' });
    },
  ],
  'DELETE /orgs/:organizationId/teams/:teamId/members/:userId': [
    ['organization:members:write'],
    async () => {
      const { org, member, path } = await orgWithTeam();
      return asAdmin(org, `${path}/members/${member.userId}`);
    },
  ],
};

const siteCases: Record<string, ScopeCase> = {
  'GET /orgs/:organizationId/sites': [
    ['site:read'],
    async () => {
      const { org } = await orgWithSite();
      return asAdmin(org, `/v1/orgs/${org.organizationId}/sites`);
    },
  ],
  'POST /orgs/:organizationId/sites': [
    ['site:write'],
    async () => {
      const { org } = await orgWithContent();
      return asAdmin(org, `/v1/orgs/${org.organizationId}/sites`, { title: 'New site' });
    },
  ],
  'GET /orgs/:organizationId/sites/:siteId': [
    ['site:read'],
    async () => {
      const { org, sitePath } = await orgWithSite();
      return asAdmin(org, sitePath);
    },
  ],
  'PATCH /orgs/:organizationId/sites/:siteId': [
    ['site:write'],
    async () => {
      const { org, sitePath } = await orgWithSite();
      return asAdmin(org, sitePath, { title: 'Renamed site' });
    },
  ],
  'DELETE /orgs/:organizationId/sites/:siteId': [
    ['site:write'],
    async () => {
      const { org, sitePath } = await orgWithSite();
      return asAdmin(org, sitePath);
    },
  ],
  'POST /orgs/:organizationId/sites/:siteId/publish': [
    ['site:publish', 'site:read'],
    async () => {
      const { org, sitePath } = await orgWithSite();
      return asAdmin(org, `${sitePath}/publish`);
    },
  ],
  'POST /orgs/:organizationId/sites/:siteId/unpublish': [
    ['site:publish', 'site:read'],
    async () => {
      const { org, sitePath } = await orgWithSite();
      return asAdmin(org, `${sitePath}/unpublish`);
    },
  ],
  'GET /orgs/:organizationId/sites/:siteId/site-spaces': [
    ['site:read', 'space:read'],
    async () => {
      const { org, sitePath } = await orgWithSite();
      return asAdmin(org, `${sitePath}/site-spaces`);
    },
  ],
  'POST /orgs/:organizationId/sites/:siteId/site-spaces': [
    ['site:write', 'space:read'],
    async () => {
      const { org, sitePath } = await orgWithSite();
      const space = await createSpace(app, org);
      return asAdmin(org, `${sitePath}/site-spaces`, { spaceId: space.id });
    },
  ],
  'PATCH /orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId': [
    ['site:write', 'space:read'],
    async () => {
      const { org, sitePath, site } = await orgWithSite();
      const row = await app.prisma.siteSpace.findFirstOrThrow({ where: { siteId: site.id } });
      return asAdmin(org, `${sitePath}/site-spaces/${row.id}`, { path: 'renamed' });
    },
  ],
  'DELETE /orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId': [
    ['site:write', 'space:read'],
    async () => {
      const { org, sitePath, site } = await orgWithSite();
      const row = await app.prisma.siteSpace.findFirstOrThrow({ where: { siteId: site.id } });
      return asAdmin(org, `${sitePath}/site-spaces/${row.id}`);
    },
  ],
  'GET /orgs/:organizationId/sites/:siteId/share-links': [
    ['site:auth:read', 'site:read'],
    async () => {
      const { org, sitePath } = await orgWithShareLink();
      return asAdmin(org, `${sitePath}/share-links`);
    },
  ],
  'POST /orgs/:organizationId/sites/:siteId/share-links': [
    ['site:auth:write'],
    async () => {
      const { org, sitePath } = await orgWithSite();
      return asAdmin(org, `${sitePath}/share-links`, { name: 'Partners' });
    },
  ],
  'PATCH /orgs/:organizationId/sites/:siteId/share-links/:shareLinkId': [
    ['site:auth:write'],
    async () => {
      const { org, sitePath, link } = await orgWithShareLink();
      return asAdmin(org, `${sitePath}/share-links/${link}`, { active: false });
    },
  ],
  'DELETE /orgs/:organizationId/sites/:siteId/share-links/:shareLinkId': [
    ['site:auth:write'],
    async () => {
      const { org, sitePath, link } = await orgWithShareLink();
      return asAdmin(org, `${sitePath}/share-links/${link}`);
    },
  ],
  'GET /orgs/:organizationId/sites/:siteId/sections': [
    ['site:read', 'space:read'],
    async () => {
      const { org, sitePath } = await orgWithSections();
      return asAdmin(org, `${sitePath}/sections`);
    },
  ],
  'POST /orgs/:organizationId/sites/:siteId/sections': [
    ['site:write', 'space:read'],
    async () => {
      const { org, sitePath } = await orgWithSite();
      const space = await createSpace(app, org);
      return asAdmin(org, `${sitePath}/sections`, { spaceId: space.id });
    },
  ],
  'PATCH /orgs/:organizationId/sites/:siteId/sections/:siteSectionId': [
    ['site:write', 'space:read'],
    async () => {
      const { org, sitePath, sections } = await orgWithSections();
      return asAdmin(org, `${sitePath}/sections/${sections[0]}`, { title: 'Renamed section' });
    },
  ],
  'DELETE /orgs/:organizationId/sites/:siteId/sections/:siteSectionId': [
    ['site:write', 'space:read'],
    async () => {
      const { org, sitePath, sections } = await orgWithSections();
      return asAdmin(org, `${sitePath}/sections/${sections[0]}`);
    },
  ],
  'POST /orgs/:organizationId/sites/:siteId/sections/:siteSectionId/move': [
    ['site:write', 'space:read'],
    async () => {
      const { org, sitePath, sections } = await orgWithSections();
      return asAdmin(org, `${sitePath}/sections/${sections[1]}/move`, {});
    },
  ],
  'POST /orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId/move': [
    ['site:write', 'space:read'],
    async () => {
      const { org, sitePath, site } = await orgWithSite();
      const row = await app.prisma.siteSpace.findFirstOrThrow({ where: { siteId: site.id } });
      return asAdmin(org, `${sitePath}/site-spaces/${row.id}/move`, {});
    },
  ],
  'POST /orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId/move': [
    ['site:write', 'space:read'],
    async () => {
      const { org, sitePath, sections, group } = await orgWithSections();
      return asAdmin(org, `${sitePath}/section-groups/${group}/move`, { position: { before: { type: 'site-section', id: sections[1] } } });
    },
  ],
  'PATCH /orgs/:organizationId/sites/:siteId/structure/sort': [
    ['site:write', 'space:read'],
    async () => {
      const { org, sitePath, sections, group } = await orgWithSections();
      return asAdmin(org, `${sitePath}/structure/sort`, {
        item: { type: 'site-section-group', id: group },
        position: { before: { type: 'site-section', id: sections[1] } },
      });
    },
  ],
  'GET /orgs/:organizationId/sites/:siteId/section-groups': [
    ['site:read', 'space:read'],
    async () => {
      const { org, sitePath } = await orgWithSections();
      return asAdmin(org, `${sitePath}/section-groups`);
    },
  ],
  'POST /orgs/:organizationId/sites/:siteId/section-groups': [
    ['site:write', 'space:read'],
    async () => {
      const { org, sitePath, sections } = await orgWithSections();
      return asAdmin(org, `${sitePath}/section-groups`, { title: 'Group', sections: [sections[0]] });
    },
  ],
  'PATCH /orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId': [
    ['site:write', 'space:read'],
    async () => {
      const { org, sitePath, group } = await orgWithSections();
      return asAdmin(org, `${sitePath}/section-groups/${group}`, { title: 'Renamed group' });
    },
  ],
  'DELETE /orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId': [
    ['site:write', 'space:read'],
    async () => {
      const { org, sitePath, group } = await orgWithSections();
      return asAdmin(org, `${sitePath}/section-groups/${group}`);
    },
  ],
  'POST /orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId/sections': [
    ['site:write', 'space:read'],
    async () => {
      const { org, sitePath, group, sections } = await orgWithSections();
      return asAdmin(org, `${sitePath}/section-groups/${group}/sections`, { sectionId: sections[1] });
    },
  ],
  'DELETE /orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId/sections/:siteSectionId': [
    ['site:write', 'space:read'],
    async () => {
      const { org, sitePath, group, sections } = await orgWithSections();
      return asAdmin(org, `${sitePath}/section-groups/${group}/sections/${sections[0]}`);
    },
  ],
  'GET /orgs/:organizationId/sites/:siteId/adaptive-schema': [
    ['site:read'],
    async () => {
      const { org, sitePath } = await orgWithSite();
      return asAdmin(org, `${sitePath}/adaptive-schema`);
    },
  ],
  'PUT /orgs/:organizationId/sites/:siteId/adaptive-schema': [
    ['site:write'],
    async () => {
      const { org, sitePath } = await orgWithSite();
      const unsigned = { type: 'object', description: 'Unsigned claims of the site visitor.', properties: {}, additionalProperties: false };
      return asAdmin(org, `${sitePath}/adaptive-schema`, {
        jsonSchema: { type: 'object', properties: { unsigned }, additionalProperties: false },
      });
    },
  ],
  'GET /orgs/:organizationId/sites/:siteId/adaptive-schema/template-conditions': [
    ['site:read'],
    async () => {
      const { org, sitePath } = await orgWithSite();
      return asAdmin(org, `${sitePath}/adaptive-schema/template-conditions`);
    },
  ],
  'GET /orgs/:organizationId/sites/:siteId/published': [
    ['site:read', 'space:read'],
    async () => {
      const { org, sitePath } = await orgWithSite();
      expect((await rest(app, org.admin.token).post(`${sitePath}/publish`)).status).toBe(200);
      return asAdmin(org, `${sitePath}/published`);
    },
  ],
  'GET /orgs/:organizationId/sites/:siteId/customization': [
    ['site:read'],
    async () => {
      const { org, sitePath } = await orgWithSite();
      return asAdmin(org, `${sitePath}/customization`);
    },
  ],
  'PUT /orgs/:organizationId/sites/:siteId/customization': [
    ['site:write'],
    async () => {
      const { org, sitePath } = await orgWithSite();
      return asAdmin(org, `${sitePath}/customization`, defaultCustomization());
    },
  ],
  'GET /orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId/customization': [
    ['site:read'],
    async () => {
      const { org, sitePath, siteSpaceId } = await orgWithRedirect();
      return asAdmin(org, `${sitePath}/site-spaces/${siteSpaceId}/customization`);
    },
  ],
  'PATCH /orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId/customization': [
    ['site:write'],
    async () => {
      const { org, sitePath, siteSpaceId } = await orgWithRedirect();
      return asAdmin(org, `${sitePath}/site-spaces/${siteSpaceId}/customization`, { title: 'Variant' });
    },
  ],
  'DELETE /orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId/customization': [
    ['site:write'],
    async () => {
      const { org, sitePath, siteSpaceId } = await orgWithRedirect();
      return asAdmin(org, `${sitePath}/site-spaces/${siteSpaceId}/customization`);
    },
  ],
  'GET /orgs/:organizationId/sites/:siteId/redirects': [
    ['site:read'],
    async () => {
      const { org, sitePath } = await orgWithRedirect();
      return asAdmin(org, `${sitePath}/redirects`);
    },
  ],
  'POST /orgs/:organizationId/sites/:siteId/redirects': [
    ['site:write'],
    async () => {
      const { org, sitePath } = await orgWithSite();
      return asAdmin(org, `${sitePath}/redirects`, { source: '/new', destination: { kind: 'external', url: 'https://example.com' } });
    },
  ],
  'PUT /orgs/:organizationId/sites/:siteId/redirects': [
    ['site:write'],
    async () => {
      const { org, sitePath } = await orgWithSite();
      return asAdmin(org, `${sitePath}/redirects`, {
        redirects: [{ source: '/bulk', destination: { kind: 'external', url: 'https://example.com' } }],
      });
    },
  ],
  'PATCH /orgs/:organizationId/sites/:siteId/redirects/:siteRedirectId': [
    ['site:write'],
    async () => {
      const { org, sitePath, redirectId } = await orgWithRedirect();
      return asAdmin(org, `${sitePath}/redirects/${redirectId}`, { permanent: true });
    },
  ],
  'DELETE /orgs/:organizationId/sites/:siteId/redirects/:siteRedirectId': [
    ['site:write'],
    async () => {
      const { org, sitePath, redirectId } = await orgWithRedirect();
      return asAdmin(org, `${sitePath}/redirects/${redirectId}`);
    },
  ],
  'GET /orgs/:organizationId/sites/:siteId/redirect': [
    ['site:read'],
    async () => {
      const { org, sitePath } = await orgWithRedirect();
      return asAdmin(org, `${sitePath}/redirect?source=/old`);
    },
  ],
};

/** A site with a redirect from /old, and its site space. */
async function orgWithRedirect() {
  const { org, sitePath, site } = await orgWithSite();
  const res = await rest(app, org.admin.token).post(`${sitePath}/redirects`, {
    source: '/old',
    destination: { kind: 'external', url: 'https://example.com' },
  });
  expect(res.status).toBe(201);
  const siteSpace = await app.prisma.siteSpace.findFirstOrThrow({ where: { siteId: site.id } });
  return { org, sitePath, redirectId: res.body.id as string, siteSpaceId: siteSpace.id };
}
const samlBody = () => ({ label: 'IdP' });
async function orgWithSamlProvider() {
  const { org } = await orgWithContent();
  const res = await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/saml`, samlBody());
  expect(res.status).toBe(201);
  return { org, path: `/v1/orgs/${org.organizationId}/saml/${res.body.id}` };
}

const ssoCases: Record<string, ScopeCase> = {
  'GET /orgs/:organizationId/saml': [
    ['organization:read'],
    async () => {
      const { org } = await orgWithSamlProvider();
      return asAdmin(org, `/v1/orgs/${org.organizationId}/saml`);
    },
  ],
  'POST /orgs/:organizationId/saml': [
    ['organization:write'],
    async () => {
      const { org } = await orgWithContent();
      return asAdmin(org, `/v1/orgs/${org.organizationId}/saml`, samlBody());
    },
  ],
  'GET /orgs/:organizationId/saml/:samlProviderId': [
    ['organization:read'],
    async () => {
      const { org, path } = await orgWithSamlProvider();
      return asAdmin(org, path);
    },
  ],
  'PATCH /orgs/:organizationId/saml/:samlProviderId': [
    ['organization:write'],
    async () => {
      const { org, path } = await orgWithSamlProvider();
      return asAdmin(org, path, { label: 'Renamed' });
    },
  ],
  'DELETE /orgs/:organizationId/saml/:samlProviderId': [
    ['organization:write'],
    async () => {
      const { org, path } = await orgWithSamlProvider();
      return asAdmin(org, path);
    },
  ],
  'GET /orgs/:organizationId/sso': [
    [],
    async () => {
      const { org } = await orgWithSamlProvider();
      return asAdmin(org, `/v1/orgs/${org.organizationId}/sso`);
    },
  ],
  'POST /orgs/:organizationId/members/:userId/sso': [
    ['organization:members:write'],
    async () => {
      const { org } = await orgWithContent();
      const member = await addMember(app, org.organizationId, 'edit');
      return asAdmin(org, `/v1/orgs/${org.organizationId}/members/${member.userId}/sso`);
    },
  ],
  'POST /orgs/:organizationId/ping': [
    ['organization:read'],
    async () => {
      const { org } = await orgWithContent();
      return asAdmin(org, `/v1/orgs/${org.organizationId}/ping`);
    },
  ],
};

Object.assign(cases, siteCases, ssoCases);
/** An organization with one OpenAPI spec (slug "pets") and one ingested conversation with an issue. */
async function orgWithServices() {
  const org = await createOrg(app);
  const base = `/v1/orgs/${org.organizationId}`;
  expect(
    (await rest(app, org.admin.token).post(`${base}/openapi`, { slug: 'pets', source: { url: 'https://example.com/pets.json' } })).status,
  ).toBe(201);
  const conversation = await app.prisma.conversation.create({
    data: {
      id: `cnv_${Math.random().toString(36).slice(2)}`,
      organizationId: org.organizationId,
      externalId: 'c1',
      source: 'api',
      metadata: {},
      parts: [],
      contentHash: 'x',
      createdAt: new Date(),
    },
  });
  const issue = await app.prisma.conversationIssue.create({
    data: {
      id: `cis_${Math.random().toString(36).slice(2)}`,
      organizationId: org.organizationId,
      conversationId: conversation.id,
      position: 0,
      title: 'Broken',
      summary: 'Broken',
      createdAt: new Date(),
    },
  });
  return { org, base, conversation, issue };
}

const serviceCases: Record<string, ScopeCase> = {
  'GET /orgs/:organizationId/openapi': [
    ['openapi:read'],
    async () => {
      const { org, base } = await orgWithServices();
      return asAdmin(org, `${base}/openapi`);
    },
  ],
  'POST /orgs/:organizationId/openapi': [
    ['openapi:write'],
    async () => {
      const { org, base } = await orgWithServices();
      return asAdmin(org, `${base}/openapi`, { slug: 'new', source: { url: 'https://example.com/new.json' } });
    },
  ],
  'GET /orgs/:organizationId/openapi/:specSlug': [
    ['openapi:read'],
    async () => {
      const { org, base } = await orgWithServices();
      return asAdmin(org, `${base}/openapi/pets`);
    },
  ],
  'PUT /orgs/:organizationId/openapi/:specSlug': [
    ['openapi:write'],
    async () => {
      const { org, base } = await orgWithServices();
      return asAdmin(org, `${base}/openapi/pets`, { source: { url: 'https://example.com/v2.json' } });
    },
  ],
  'PATCH /orgs/:organizationId/openapi/:specSlug': [
    ['openapi:write'],
    async () => {
      const { org, base } = await orgWithServices();
      return asAdmin(org, `${base}/openapi/pets`, { visibility: 'public' });
    },
  ],
  'DELETE /orgs/:organizationId/openapi/:specSlug': [
    ['openapi:write'],
    async () => {
      const { org, base } = await orgWithServices();
      return asAdmin(org, `${base}/openapi/pets`);
    },
  ],
  'GET /orgs/:organizationId/conversations-clusters': [
    ['organization:read'],
    async () => {
      const { org, base } = await orgWithServices();
      return asAdmin(org, `${base}/conversations-clusters`);
    },
  ],
  'GET /orgs/:organizationId/conversations': [
    ['organization:read'],
    async () => {
      const { org, base } = await orgWithServices();
      return asAdmin(org, `${base}/conversations`);
    },
  ],
  'POST /orgs/:organizationId/conversations': [
    ['organization:write'],
    async () => {
      const { org, base } = await orgWithServices();
      return asAdmin(org, `${base}/conversations`, { id: 'c2', parts: [{ type: 'message', role: 'user', body: 'It fails' }] });
    },
  ],
  'GET /orgs/:organizationId/conversations-issues': [
    ['organization:read'],
    async () => {
      const { org, base } = await orgWithServices();
      return asAdmin(org, `${base}/conversations-issues`);
    },
  ],
  'GET /orgs/:organizationId/conversations-issues/:issueId': [
    ['organization:read'],
    async () => {
      const { org, base, issue } = await orgWithServices();
      return asAdmin(org, `${base}/conversations-issues/${issue.id}`);
    },
  ],
  'GET /orgs/:organizationId/conversations/:conversationId': [
    ['organization:read'],
    async () => {
      const { org, base, conversation } = await orgWithServices();
      return asAdmin(org, `${base}/conversations/${conversation.id}`);
    },
  ],
};

Object.assign(cases, siteCases);
Object.assign(cases, serviceCases);

/** An organization with a space and a translation of it into French. */
async function orgWithTranslation() {
  const org = await createOrg(app);
  const space = await createSpace(app, org);
  const base = `/v1/orgs/${org.organizationId}/translations`;
  const created = await rest(app, org.admin.token).post(base, { language: 'fr', source: { space: space.id, language: 'en' } });
  expect(created.status).toBe(201);
  return { org, space, base, path: `${base}/${created.body.id}` };
}

Object.assign(cases, {
  'GET /orgs/:organizationId/translations': [
    ['space:read'],
    async () => {
      const { org, base } = await orgWithTranslation();
      return asAdmin(org, base);
    },
  ],
  'POST /orgs/:organizationId/translations': [
    ['space:write'],
    async () => {
      const { org, base, space } = await orgWithTranslation();
      return asAdmin(org, base, { language: 'de', source: { space: space.id, language: 'en' } });
    },
  ],
  'GET /orgs/:organizationId/translations/:translationId': [
    ['space:read'],
    async () => {
      const { org, path } = await orgWithTranslation();
      return asAdmin(org, path);
    },
  ],
  'PUT /orgs/:organizationId/translations/:translationId': [
    ['space:write'],
    async () => {
      const { org, path } = await orgWithTranslation();
      return asAdmin(org, path, { instructions: { object: 'document', data: {}, nodes: [] } });
    },
  ],
  'DELETE /orgs/:organizationId/translations/:translationId': [
    ['space:write'],
    async () => {
      const { org, path } = await orgWithTranslation();
      return asAdmin(org, path);
    },
  ],
  'POST /orgs/:organizationId/translations/:translationId/run': [
    ['space:write'],
    async () => {
      const { org, path } = await orgWithTranslation();
      return asAdmin(org, `${path}/run`);
    },
  ],
} satisfies Record<string, ScopeCase>);

/** A comment with a reply in a space (or in a change request of it), and the comments path. */
async function orgWithComment(inChangeRequest: boolean) {
  const { org, space } = await orgWithContent();
  const cr = inChangeRequest ? await insertChangeRequest(app, space, org.admin.userId) : null;
  const path = `/v1/spaces/${space.id}${cr ? `/change-requests/${cr.number}` : ''}/comments`;
  const comment = await rest(app, org.admin.token).post(path, { body: { markdown: 'A comment' } });
  expect(comment.status).toBe(200);
  const reply = await rest(app, org.admin.token).post(`${path}/${comment.body.id}/replies`, { body: { markdown: 'A reply' } });
  expect(reply.status).toBe(200);
  return { org, path, comment: `${path}/${comment.body.id}`, reply: `${path}/${comment.body.id}/replies/${reply.body.id}` };
}

/** The comment routes, the same for a space's comments and a change request's. */
function commentCases(base: string, inChangeRequest: boolean): Record<string, ScopeCase> {
  const fixture = () => orgWithComment(inChangeRequest);
  const c = `${base}/comments`;
  const commentersPath = (path: string) => path.replace(/\/comments$/, '/commenters');
  return {
    [`GET ${c}`]: [
      ['space:read'],
      async () => {
        const f = await fixture();
        return asAdmin(f.org, f.path);
      },
    ],
    [`POST ${c}`]: [
      ['space:write'],
      async () => {
        const f = await fixture();
        return asAdmin(f.org, f.path, { body: { markdown: 'x' } });
      },
    ],
    [`GET ${c}/:commentId`]: [
      ['space:read'],
      async () => {
        const f = await fixture();
        return asAdmin(f.org, f.comment);
      },
    ],
    [`PUT ${c}/:commentId`]: [
      ['space:write'],
      async () => {
        const f = await fixture();
        return asAdmin(f.org, f.comment, { resolved: true });
      },
    ],
    [`DELETE ${c}/:commentId`]: [
      ['space:write'],
      async () => {
        const f = await fixture();
        return asAdmin(f.org, f.comment);
      },
    ],
    [`GET ${c}/:commentId/replies`]: [
      ['space:read'],
      async () => {
        const f = await fixture();
        return asAdmin(f.org, `${f.comment}/replies`);
      },
    ],
    [`POST ${c}/:commentId/replies`]: [
      ['space:write'],
      async () => {
        const f = await fixture();
        return asAdmin(f.org, `${f.comment}/replies`, { body: { markdown: 'x' } });
      },
    ],
    [`GET ${c}/:commentId/replies/:commentReplyId`]: [
      ['space:read'],
      async () => {
        const f = await fixture();
        return asAdmin(f.org, f.reply);
      },
    ],
    [`PUT ${c}/:commentId/replies/:commentReplyId`]: [
      ['space:write'],
      async () => {
        const f = await fixture();
        return asAdmin(f.org, f.reply, { addedReactions: ['👍'] });
      },
    ],
    [`DELETE ${c}/:commentId/replies/:commentReplyId`]: [
      ['space:write'],
      async () => {
        const f = await fixture();
        return asAdmin(f.org, f.reply);
      },
    ],
    [`GET ${base}/commenters`]: [
      ['space:read', 'organization:members:read'],
      async () => {
        const f = await fixture();
        return asAdmin(f.org, commentersPath(f.path));
      },
    ],
  };
}
Object.assign(cases, commentCases('/spaces/:spaceId', false), commentCases('/spaces/:spaceId/change-requests/:changeRequestId', true));

const routeKeys = routes.map(([method, path]) => `${method} ${path}`);

/** Every scope except `missing` and those that cover it (`X:write` covers `X:read`). */
/** An organization's spec "pets" with one processed version (written directly: no processing job runs here). */
async function orgWithSpecVersion() {
  const org = await createOrg(app);
  const base = `/v1/orgs/${org.organizationId}/openapi/pets`;
  expect((await rest(app, org.admin.token).put(base, { source: { url: 'https://example.com/pets.json' } })).status).toBe(201);
  const spec = await app.prisma.openAPISpec.findFirstOrThrow({ where: { organizationId: org.organizationId, slug: 'pets' } });
  const versionId = `osv_${Math.random().toString(36).slice(2)}`;
  const document = { openapi: '3.0.0', info: { title: 'Pets', version: '1' }, paths: {} };
  await app.prisma.openAPISpecVersion.create({
    data: {
      id: versionId,
      organizationId: org.organizationId,
      specId: spec.id,
      sourceURL: spec.sourceURL,
      document,
      sourceText: JSON.stringify(document),
      sourceFormat: 'json',
    },
  });
  await app.prisma.openAPISpec.update({ where: { id: spec.id }, data: { lastVersionId: versionId, processingState: 'complete' } });
  return { org, base, versionId };
}

/** Reusable contents: Quire has none, so with every scope they need the answer is the documented 404 (src/domain/content/reusableContents.ts). */
const alwaysNotFound = new Set([
  'GET /spaces/:spaceId/revisions/:revisionId/reusable-contents/:reusableContentId',
  'GET /spaces/:spaceId/revisions/:revisionId/reusable-contents/:reusableContentId/document',
]);

const rendererCases: Record<string, ScopeCase> = {
  'POST /urls/published': [
    [],
    async () => {
      const f = await publishedSiteUrl();
      return asAdmin(f.org, '/v1/urls/published', { url: f.url });
    },
  ],
  'GET /urls/published': [
    [],
    async () => {
      const f = await publishedSiteUrl();
      return asAdmin(f.org, `/v1/urls/published?url=${encodeURIComponent(f.url)}`);
    },
  ],
  'GET /spaces/:spaceId/revisions/:revisionId': revisionCase(() => ''),
  'GET /spaces/:spaceId/revisions/:revisionId/changes': revisionCase(() => '/changes'),
  'GET /spaces/:spaceId/revisions/:revisionId/pages': revisionCase(() => '/pages'),
  'GET /spaces/:spaceId/revisions/:revisionId/page/:pageId': revisionCase((c) => `/page/${c.page.id}`),
  'GET /spaces/:spaceId/revisions/:revisionId/path/:pagePath': revisionCase((c) => `/path/${c.page.path}`),
  'GET /spaces/:spaceId/revisions/:revisionId/page/:pageId/document': revisionCase((c) => `/page/${c.page.id}/document`),
  'GET /spaces/:spaceId/revisions/:revisionId/page/:pageId/meta-links': revisionCase((c) => `/page/${c.page.id}/meta-links`),
  'GET /spaces/:spaceId/content/page/:pageId/meta-links': crCase(
    ['space:read'],
    (c) => `/v1/spaces/${c.space.id}/content/page/${c.page.id}/meta-links`,
  ),
  'GET /spaces/:spaceId/change-requests/:changeRequestId/content/page/:pageId/meta-links': crCase(
    ['space:read'],
    (c) => `${c.path}/content/page/${c.page.id}/meta-links`,
  ),
  'GET /users/:userId': [
    [],
    async () => {
      const { org } = await orgWithContent();
      const member = await addMember(app, org.organizationId, 'read');
      return asAdmin(org, `/v1/users/${member.userId}`);
    },
  ],
  // A user in no organization: only user:read reads their own address (a member's organization:members:read does too).
  'GET /user': [
    ['user:read'],
    async () => {
      const loner = await createUser(app);
      return { userId: loner.userId, path: '/v1/user' };
    },
  ],
  'GET /orgs/:organizationId/openapi/:specSlug/versions/latest/content': [
    ['openapi:read'],
    async () => {
      const { org, base } = await orgWithSpecVersion();
      return asAdmin(org, `${base}/versions/latest/content`);
    },
  ],
  'GET /orgs/:organizationId/openapi/:specSlug/versions/latest/content/raw': [
    ['openapi:read'],
    async () => {
      const { org, base } = await orgWithSpecVersion();
      return asAdmin(org, `${base}/versions/latest/content/raw`);
    },
  ],
  'GET /orgs/:organizationId/openapi/:specSlug/versions/:versionId/content': [
    ['openapi:read'],
    async () => {
      const { org, base, versionId } = await orgWithSpecVersion();
      return asAdmin(org, `${base}/versions/${versionId}/content`);
    },
  ],
  'POST /orgs/:organizationId/sites/:siteId/search': [
    ['site:search'],
    async () => {
      const { org, sitePath } = await orgWithSite();
      expect((await rest(app, org.admin.token).post(`${sitePath}/publish`)).status).toBe(200);
      return asAdmin(org, `${sitePath}/search`, { query: 'untitled' });
    },
  ],
  'GET /spaces/:spaceId/embed': [
    ['space:read'],
    async () => {
      const { org, space } = await orgWithContent();
      return asAdmin(org, `/v1/spaces/${space.id}/embed?url=${encodeURIComponent('https://example.com/a')}`);
    },
  ],
  ...Object.fromEntries(
    ['', '/document'].map((suffix) => [
      `GET /spaces/:spaceId/revisions/:revisionId/reusable-contents/:reusableContentId${suffix}`,
      [
        ['space:read'],
        async () => {
          const { org, space } = await orgWithContent();
          const revision = (await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/content`)).body.id;
          return asAdmin(org, `/v1/spaces/${space.id}/revisions/${revision}/reusable-contents/rc_1${suffix}`);
        },
      ] satisfies ScopeCase,
    ]),
  ),
};
Object.assign(cases, rendererCases);

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
        expect({ missing, status: denied.status, body: denied.body }).toEqual({
          missing,
          status: 403,
          body: { error: { code: 403, message: expect.stringContaining(missing) } },
        });
      }
      const allowed = await call(route, needs, target);
      if (alwaysNotFound.has(route)) {
        expect(allowed.status, JSON.stringify(allowed.body)).toBe(404);
        return;
      }
      expect(allowed.status, JSON.stringify(allowed.body)).toBeGreaterThanOrEqual(200);
      expect(allowed.status, JSON.stringify(allowed.body)).toBeLessThan(300);
    });
  }
});
