// Planned reads (src/schema/plan) of the lists beyond spaces, collections, teams, members and
// change requests (planned-reads.test.ts): sites, the caller's organizations, an organization's
// translations, OpenAPI specifications, SAML providers and invites, a user's tokens, a site's
// redirects and share links. Each answers exactly as the generic path, for callers of every
// kind, pages and cursors, and its REST list is read by one planned statement.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { addMember, createOrg, createSpace, orgWithMembers, type OrgFixture } from '../support/factories.js';
import { tokenWithScopes } from '../support/tokens.js';
import { setMembership } from '../support/users.js';
import { createTestIdp } from '../support/saml.js';
import { expectOpenApi } from '../support/openapi.js';
import { errorsAgainstQuireDocument } from '../support/quireOpenapi.js';
import { wholeAnswerOutcomes } from '../../src/schema/plan/execute.js';
import {
  always,
  callerDrawn,
  comparedServers,
  connectionOf,
  isPlannedStatement,
  organizationSelection,
  pageArgs,
  plannedRuns,
  rarely,
  seenBefore,
  someOf,
} from '../support/plannedReads.js';

const { planned, generic, answeredAlike, pageAnsweredAlike, restPagesAlike } = comparedServers();
/** A third server on the same database, running its job worker: conversations ingested through it are processed. */
const processor = useTestApp({ worker: true });

/** The first cursor in the answer to `query` (another organization's list: a cursor naming a row outside the callers' lists). */
async function firstCursor(token: string, query: string, variables: Record<string, unknown>): Promise<string> {
  const found = /"cursor":"([^"]+)"/.exec(JSON.stringify((await graphql(planned, token, query, variables)).data));
  if (!found) throw new Error(`no cursor in the answer to ${query}`);
  return found[1]!;
}

describe('planned reads of sites', () => {
  let siteOrg: OrgFixture;
  let siteCallers: Record<string, string>;
  /** A space published on two sites (one also publishes a deleted space), and one published nowhere. */
  let spaceIds: Record<'twice' | 'nowhere' | 'deleted', string>;
  /** A cursor of another organization's sites. */
  let foreignSiteCursor: string;

  beforeAll(async () => {
    const {
      org,
      members: { reader, guest },
    } = await orgWithMembers(planned, { reader: 'read', guest: 'guest' });
    siteOrg = org;
    const other = await createOrg(planned);
    const admin = rest(planned, siteOrg.admin.token);
    const [twice, nowhere, deleted] = [
      await createSpace(planned, siteOrg),
      await createSpace(planned, siteOrg),
      await createSpace(planned, siteOrg),
    ];
    spaceIds = { twice: twice.id, nowhere: nowhere.id, deleted: deleted.id };
    const sites = `/v1/orgs/${siteOrg.organizationId}/sites`;
    const site = async (body: object, patch?: object, publish = false) => {
      const created = await admin.post(sites, body);
      expect(created.status).toBe(201);
      if (patch) expect((await admin.patch(`${sites}/${created.body.id}`, patch)).status).toBe(200);
      if (publish) expect((await admin.post(`${sites}/${created.body.id}/publish`)).status).toBe(200);
      return created.body.id as string;
    };
    // Hostnames and proxies are unique across organizations: this file's own.
    const domain = `${randomUUID()}.example.com`;
    // Published and not, of several plans and visibilities; a custom address, a proxy;
    // one kept from members (no default level) and one a guest may see.
    await site({ title: 'Public docs', spaces: [twice.id] }, undefined, true);
    await site({ title: 'Premium', type: 'premium' }, { hostname: `docs.${domain}`, basename: 'guide' });
    await site({ title: 'Shared', visibility: 'share-link', spaces: [twice.id, deleted.id] }, undefined, true);
    await site({ title: 'Admins only', type: 'ultimate' }, { defaultLevel: null });
    await site({ title: 'Proxied' }, { proxy: `${domain}/docs`, defaultLevel: 'read', agentsContext: 'excluded' }, true);
    expect((await admin.delete(`/v1/spaces/${deleted.id}`)).status).toBe(205);
    await rest(planned, other.admin.token).post(`/v1/orgs/${other.organizationId}/sites`, { title: 'Elsewhere' });
    foreignSiteCursor = await firstCursor(other.admin.token, `query($id: ID!) { organization(id: $id) { sites { edges { cursor } } } }`, {
      id: other.organizationId,
    });
    siteCallers = {
      admin: siteOrg.admin.token,
      reader: reader.token,
      guest: guest.token,
      sitesOnly: (await tokenWithScopes(planned, siteOrg.admin.userId, ['site:read'])).token,
      organizationOnly: (await tokenWithScopes(planned, siteOrg.admin.userId, ['organization:read'])).token,
      readerSitesAndOrganization: (await tokenWithScopes(planned, reader.userId, ['site:read', 'organization:read'])).token,
      otherOrganization: other.admin.token,
    };
  });

  const siteSelection = someOf([
    ...[
      'id',
      'title',
      'type',
      'appliedType',
      'visibility',
      'published',
      'hostname',
      'basename',
      'icon',
      'agentsContext',
      'defaultSiteSpaceId',
      'defaultSiteSectionId',
      'createdAt',
      'organizationId',
      '__typename',
      't: title',
    ].map(always),
    organizationSelection.map((s) => `organization { ${s} }`),
    // Computed from the row, the subject and the loader the list's preload fills.
    fc.constantFrom('proxy { origin target }', 'defaultLevel', 'adaptiveContent { enabled }', 'features', 'siteSpacesCount'),
    fc.constantFrom('urls { location app preview published }', 'permissions { view edit admin }', 'permissions { access }'),
    // Now and then, fields the planner does not cover (a nested list): the generic path answers.
    fc.oneof({ arbitrary: always('id'), weight: 4 }, { arbitrary: always('siteSpaces { totalCount }'), weight: 1 }),
  ]);
  const filters = fc.record({
    published: rarely(fc.boolean()),
    type: rarely(fc.constantFrom(['basic'], ['premium', 'ultimate'], [])),
    space: rarely(fc.constantFrom('twice', 'nowhere', 'deleted')),
    // Case-insensitive text, as Prisma matches it (a `%` or `_` of the value is a wildcard).
    title: rarely(fc.constantFrom('docs', 'nothing', 'DOCS', '%', 'p_b', 'S%D'), 4),
  });
  const operation = (sel: string) =>
    `query($id: ID!, $first: Int, $last: Int, $after: String, $before: String, $published: Boolean, $type: [SiteType!], $space: ID,
      $title: String) { organization(id: $id) { sites(first: $first, last: $last, after: $after, before: $before,
        published: $published, type: $type, space: $space, title: $title) { ${sel} } } }`;

  it('answer as the generic path for the sites of an organization, for every caller, filter, page and cursor', async () => {
    /** Planned answers filtered by a space they publish (`some` of the sites' site spaces, in SQL). */
    let plannedBySpace = 0;
    const plannedAnswers = await plannedRuns(
      fc.tuple(
        callerDrawn(siteCallers, ['admin', 'reader', 'guest', 'sitesOnly'], 3, 1),
        connectionOf(siteSelection, 'SiteConnection'),
        pageArgs,
        filters,
      ),
      200,
      async ([caller, sel, args, filter]) => {
        const base = { id: siteOrg.organizationId, ...filter, space: filter.space && spaceIds[filter.space] };
        const edges = (data: any) => data?.organization?.sites?.edges;
        const fromPlan = await pageAnsweredAlike(siteCallers[caller]!, operation, sel, base, args, edges, foreignSiteCursor);
        if (fromPlan && filter.space) plannedBySpace++;
        return fromPlan;
      },
    );
    expect(plannedAnswers).toBeGreaterThan(30);
    expect(plannedBySpace).toBeGreaterThan(5);
  });

  it('answer as the generic path for the sites publishing a space, for every caller and space', async () => {
    const query = (sel: string) => `query($id: ID!) { space(id: $id) { sites { ${sel} } } }`;
    const plannedAnswers = await plannedRuns(
      fc.tuple(
        fc.constantFrom(...Object.keys(siteCallers)),
        fc.constantFrom('twice', 'nowhere'),
        connectionOf(siteSelection, 'SiteConnection'),
      ),
      60,
      ([caller, space, sel]) => answeredAlike(siteCallers[caller]!, query(sel), { id: spaceIds[space] }),
    );
    expect(plannedAnswers).toBeGreaterThan(10);
  });

  it('answers the REST list of sites as the generic path, page after page, in statements that do not grow with the page', async () => {
    const path = `/v1/orgs/${siteOrg.organizationId}/sites`;
    const counts = [];
    for (const filter of ['', `?space=${spaceIds.twice}`, '?published=true', '?title=DOC'])
      await restPagesAlike(`${path}${filter}`, Object.values(siteCallers), siteOrg.admin.token);
    for (const limit of [1, 4]) {
      const { result, statements } = await planned.recordStatements(() => rest(planned, siteOrg.admin.token).get(`${path}?limit=${limit}`));
      expectOpenApi(result, 'get', '/orgs/{organizationId}/sites', 200);
      expect(result.body.items).toHaveLength(limit);
      expect(statements.filter(isPlannedStatement)).toHaveLength(1);
      counts.push(statements.length);
    }
    const { statements } = await generic.recordStatements(() => rest(generic, siteOrg.admin.token).get(`${path}?limit=4`));
    // The token check, the organization, the page with its count, then the list's preload: the site
    // spaces' counts (the generic path: the page, its count and the preload apart).
    expect({ planned: counts, generic: statements.length }).toEqual({ planned: [4, 4], generic: 5 });
  });
});

describe("planned reads of the caller's organizations", () => {
  let orgCallers: Record<string, string>;
  /** A cursor naming an organization the callers are not in. */
  let foreignCursor: string;

  beforeAll(async () => {
    // A user of four organizations: an admin of one, a guest in another, a reader in a third, disabled in the fourth.
    const user = await createOrg(planned);
    const [guestIn, readerIn, disabledIn] = [await createOrg(planned), await createOrg(planned), await createOrg(planned)];
    await addMember(planned, guestIn.organizationId, 'guest', { email: user.admin.email });
    await addMember(planned, readerIn.organizationId, 'read', { email: user.admin.email });
    await addMember(planned, disabledIn.organizationId, 'read', { email: user.admin.email });
    await setMembership(planned, disabledIn.organizationId, user.admin.userId, { disabled: true });
    const other = await createOrg(planned);
    foreignCursor = await firstCursor(other.admin.token, '{ organizations { edges { cursor } } }', {});
    orgCallers = {
      ofFour: user.admin.token,
      organizationOnly: (await tokenWithScopes(planned, user.admin.userId, ['organization:read'])).token,
      spacesOnly: (await tokenWithScopes(planned, user.admin.userId, ['space:read'])).token,
      guest: (await addMember(planned, readerIn.organizationId, 'guest')).token,
      otherOrganization: other.admin.token,
    };
  });

  it('answer as the generic path for every caller, page and cursor', async () => {
    const operation = (sel: string) =>
      `query($first: Int, $last: Int, $after: String, $before: String) {
        organizations(first: $first, last: $last, after: $after, before: $before) { ${sel} } }`;
    const selection = connectionOf(
      // Now and then a nested list the planner does not cover: the generic path answers.
      fc.oneof({ arbitrary: organizationSelection, weight: 5 }, { arbitrary: always('id spaces { totalCount }'), weight: 1 }),
      'OrganizationConnection',
    );
    const plannedAnswers = await plannedRuns(
      fc.tuple(fc.constantFrom(...Object.keys(orgCallers)), selection, pageArgs),
      100,
      ([caller, sel, args]) => {
        const edges = (data: any) => data?.organizations?.edges;
        return pageAnsweredAlike(orgCallers[caller]!, operation, sel, {}, args, edges, foreignCursor);
      },
    );
    expect(plannedAnswers).toBeGreaterThan(30);
  });

  it('answers the REST list of organizations as the generic path, page after page, in one planned statement', async () => {
    await restPagesAlike('/v1/orgs', Object.values(orgCallers), orgCallers.ofFour!, (page) => expectOpenApi(page, 'get', '/orgs', 200));
    // The token check and the plan.
    const { statements } = await planned.recordStatements(() => rest(planned, orgCallers.ofFour!).get('/v1/orgs?limit=2'));
    expect(statements).toHaveLength(2);
  });
});

describe("planned reads of an organization's translations, OpenAPI specifications, SAML providers and a user's tokens", () => {
  let settingsOrg: OrgFixture;
  let settingsCallers: Record<string, string>;
  /** A cursor of another organization's translations (a list keyed by id, as the others). */
  let foreignSettingsCursor: string;

  beforeAll(async () => {
    const {
      org,
      members: { reader, editor, guest },
    } = await orgWithMembers(planned, { reader: 'read', editor: 'create', guest: 'guest' });
    settingsOrg = org;
    const other = await createOrg(planned);
    const orgId = settingsOrg.organizationId;
    const admin = rest(planned, settingsOrg.admin.token);
    const source = await createSpace(planned, settingsOrg);
    // Rows as their jobs leave them (no job runs here, so nothing changes between the two servers' reads).
    const instructions = { object: 'document', data: {}, nodes: [] };
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
    for (const [i, fields] of [
      {},
      { status: 'completed', resultSpaceId: source.id, resultRevisionId: 'rev_x', runs: 2, totalWords: 1200, totalDurationMs: 61_400 },
      { status: 'completed', lastRunError: { code: 'SOURCE_GONE', message: 'The source space was deleted.' }, lastRunAt: at(5) },
    ].entries())
      await planned.prisma.translation.create({
        data: {
          id: `trn_${orgId}_${i}`,
          organizationId: orgId,
          sourceSpaceId: source.id,
          sourceLanguage: 'en',
          language: ['fr', 'de', 'ja'][i]!,
          instructions,
          createdAt: at(i),
          ...fields,
        },
      });
    await planned.prisma.translation.create({
      data: {
        id: `trn_${other.organizationId}`,
        organizationId: other.organizationId,
        sourceSpaceId: source.id,
        sourceLanguage: 'en',
        language: 'fr',
        instructions,
      },
    });
    for (const [i, fields] of [
      {},
      { processingState: 'complete', visibility: 'public', lastVersionId: 'oav_1', lastProcessedAt: at(3) },
      {
        processingState: 'complete',
        lastProcessErrorCode: 'PARSE_ERROR',
        lastProcessedErrors: [{ message: 'Not YAML', code: 'UNPARSABLE' }],
        lastProcessedErrorCount: 1,
      },
    ].entries())
      await planned.prisma.openAPISpec.create({
        data: {
          id: `oas_${orgId}_${i}`,
          organizationId: orgId,
          slug: `spec-${i}`,
          sourceURL: `https://example.com/${i}.yaml`,
          createdAt: at(i),
          ...fields,
        },
      });
    const team = (await admin.put(`/v1/orgs/${orgId}/teams`, { title: 'Newcomers', members: [editor.userId] })).body.id;
    const idp = createTestIdp();
    expect((await admin.post(`/v1/orgs/${orgId}/saml`, { label: 'Pending' })).status).toBe(201);
    const complete = { label: 'Complete', entityID: idp.entityID, certificate: idp.certificate, ssoURL: 'https://idp.test/sso' };
    expect((await admin.post(`/v1/orgs/${orgId}/saml`, { ...complete, defaultTeam: team, defaultRole: 'comment' })).status).toBe(201);
    expect((await admin.post(`/v1/orgs/${orgId}/saml`, { label: 'No role', defaultRole: null })).status).toBe(201);
    // Invite links: to the organization, to a space, to a collection (one the reader may not see).
    const collection = (await admin.post(`/v1/orgs/${orgId}/collections`, { title: 'Kept' })).body.id;
    expect((await admin.patch(`/v1/collections/${collection}`, { defaultLevel: null })).status).toBe(200);
    for (const body of [
      { role: 'read' },
      { role: 'admin', maxUses: 3 },
      { level: 'edit', space: source.id },
      { level: 'read', collection },
    ])
      expect((await admin.post(`/v1/orgs/${orgId}/link-invites`, body)).status).toBe(201);
    // A visitor of a published site of the organization (who reads its specifications).
    const site = (await admin.post(`/v1/orgs/${orgId}/sites`, { title: 'Docs', spaces: [source.id] })).body.id;
    expect((await admin.post(`/v1/orgs/${orgId}/sites/${site}/publish`)).status).toBe(200);
    const lookup = await rest(planned, '').post('/v1/urls/published', {
      url: `http://quire.test/published/sites/${site}/`,
      redirectOnError: false,
    });
    expect(lookup.status).toBe(200);
    foreignSettingsCursor = await firstCursor(
      other.admin.token,
      `query($id: ID!) { organization(id: $id) { translations { edges { cursor } } } }`,
      { id: other.organizationId },
    );
    // The admin's tokens: some scoped, one revoked.
    const scoped = await tokenWithScopes(planned, settingsOrg.admin.userId, ['openapi:read', 'organization:read']);
    const revoked = await tokenWithScopes(planned, settingsOrg.admin.userId, ['space:read']);
    const revocation = `mutation($id: ID!) { revokeApiToken(input: { tokenId: $id }) { revoked } }`;
    expect((await graphql(planned, settingsOrg.admin.token, revocation, { id: revoked.id })).data?.revokeApiToken).toEqual({
      revoked: true,
    });
    settingsCallers = {
      admin: settingsOrg.admin.token,
      reader: reader.token,
      editor: editor.token,
      guest: guest.token,
      visitor: lookup.body.apiToken,
      specsAndOrganization: scoped.token,
      spacesOnly: (await tokenWithScopes(planned, settingsOrg.admin.userId, ['space:read', 'user:read'])).token,
      organizationOnly: (await tokenWithScopes(planned, settingsOrg.admin.userId, ['organization:read'])).token,
      otherOrganization: other.admin.token,
    };
    // Each token's first use is written (lastUsedAt): made and settled here, before the servers are compared.
    await seenBefore(planned, settingsCallers);
  });

  const lists = {
    translations: someOf([
      ...['id', 'status', 'language', 'instructions', 'provider', 'lastRunAt', 'createdAt', 'updatedAt', '__typename'].map(always),
      fc.constantFrom('source { space language }', 'result { space revision language }', 'lastRunError { code message }'),
      fc.constantFrom('stats { runs totalWords totalDuration latestRunDuration }', 'permissions { view edit }', 'urls { location }'),
    ]),
    openAPISpecs: someOf([
      ...['id', 'slug', 'sourceURL', 'processingState', 'visibility', 'lastVersion', 'lastProcessedAt', 'createdAt', 'updatedAt'].map(
        always,
      ),
      ...['lastProcessErrorCode', 'lastProcessedErrorCount', '__typename'].map(always),
      fc.constantFrom('lastProcessedErrors { message code }', 'permissions { view edit }', 'urls { location app published }'),
    ]),
    samlProviders: someOf([
      ...['id', 'label', 'ssoURL', 'entityID', 'certificate', 'defaultRole', 'createdAt', 'status', '__typename'].map(always),
      fc.constantFrom('service { acsURL startURL entityID }', 'urls { location }'),
      // A planned team, and now and then a field of it its list's preload would fill (the generic path answers).
      fc.constantFrom('defaultTeam { id title membersCount }', 'defaultTeam { id createdAt }', 'defaultTeam { spacesCount }'),
    ]),
    invites: someOf([
      ...['id', 'organizationId', 'role', 'level', 'key', 'createdAt', 'expiresAt', 'maxUses', 'uses', 'redundant', '__typename'].map(
        always,
      ),
      // Its space and collection: planned types, each checked as its own type (hidden from some callers: an error on both paths).
      fc.constantFrom('space { id title visibility }', 'collection { id title }', 'space { id organization { id } }'),
    ]),
  };
  type ListName = keyof typeof lists;
  const connectionTypes = {
    translations: 'TranslationConnection',
    openAPISpecs: 'OpenAPISpecConnection',
    samlProviders: 'SamlProviderConnection',
    invites: 'InviteConnection',
  };

  it('answer as the generic path for every caller, page and cursor', async () => {
    const operation = (list: ListName) => (sel: string) =>
      `query($id: ID!, $first: Int, $last: Int, $after: String, $before: String) {
        organization(id: $id) { ${list}(first: $first, last: $last, after: $after, before: $before) { ${sel} } } }`;
    const planned: Record<string, number> = { translations: 0, openAPISpecs: 0, samlProviders: 0, invites: 0 };
    await plannedRuns(
      fc
        .constantFrom(...(Object.keys(lists) as ListName[]))
        .chain((list) =>
          fc.tuple(
            fc.constant(list),
            fc.constantFrom(...Object.keys(settingsCallers)),
            connectionOf(lists[list], connectionTypes[list]),
            pageArgs,
          ),
        ),
      320,
      async ([list, caller, sel, args]) => {
        const edges = (data: any) => data?.organization?.[list]?.edges;
        const base = { id: settingsOrg.organizationId };
        const fromPlan = await pageAnsweredAlike(settingsCallers[caller]!, operation(list), sel, base, args, edges, foreignSettingsCursor);
        if (fromPlan) planned[list]!++;
        return fromPlan;
      },
    );
    expect(planned.translations).toBeGreaterThan(10);
    expect(planned.openAPISpecs).toBeGreaterThan(10);
    expect(planned.samlProviders).toBeGreaterThan(5);
    expect(planned.invites).toBeGreaterThan(5);
  });

  it("answer a user's tokens as the generic path, for every caller and page", async () => {
    const selection = someOf(
      ['id', 'label', 'scopes', 'createdAt', 'lastUsedAt', 'revokedAt', 'current', '__typename', 'l: label'].map(always),
    );
    const operation = (sel: string) =>
      `query($first: Int, $last: Int, $after: String, $before: String) {
        viewer { tokens(first: $first, last: $last, after: $after, before: $before) { ${sel} } } }`;
    const plannedAnswers = await plannedRuns(
      fc.tuple(fc.constantFrom(...Object.keys(settingsCallers)), connectionOf(selection, 'ApiTokenConnection'), pageArgs),
      100,
      ([caller, sel, args]) => {
        const edges = (data: any) => data?.viewer?.tokens?.edges;
        return pageAnsweredAlike(settingsCallers[caller]!, operation, sel, {}, args, edges, foreignSettingsCursor);
      },
    );
    expect(plannedAnswers).toBeGreaterThan(20);
  });

  it('answers the REST lists as the generic path, each page in one planned statement', async () => {
    const orgPath = `/v1/orgs/${settingsOrg.organizationId}`;
    for (const [path, spec] of [
      [`${orgPath}/translations`, '/orgs/{organizationId}/translations'],
      [`${orgPath}/openapi`, '/orgs/{organizationId}/openapi'],
      [`${orgPath}/saml`, '/orgs/{organizationId}/saml'],
      [`${orgPath}/link-invites`, '/orgs/{organizationId}/link-invites'],
    ] as const)
      await restPagesAlike(path, Object.values(settingsCallers), settingsOrg.admin.token, (page) => expectOpenApi(page, 'get', spec, 200));
  });
});

describe("planned reads of a site's redirects and share links", () => {
  let itemsOrg: OrgFixture;
  let itemCallers: Record<string, string>;
  /** A published share-link site and an unpublished one kept from members (no default level). */
  let siteIds: Record<'shared' | 'kept', string>;
  let foreignItemCursor: string;

  beforeAll(async () => {
    const {
      org,
      members: { reader, editor, guest },
    } = await orgWithMembers(planned, { reader: 'read', editor: 'create', guest: 'guest' });
    itemsOrg = org;
    const other = await createOrg(planned);
    const orgId = itemsOrg.organizationId;
    const admin = rest(planned, itemsOrg.admin.token);
    const space = await createSpace(planned, itemsOrg);
    const sites = `/v1/orgs/${orgId}/sites`;
    const shared = (await admin.post(sites, { title: 'Shared', visibility: 'share-link', spaces: [space.id] })).body.id;
    expect((await admin.post(`${sites}/${shared}/publish`)).status).toBe(200);
    const kept = (await admin.post(sites, { title: 'Kept', spaces: [space.id] })).body.id;
    expect((await admin.patch(`${sites}/${kept}`, { defaultLevel: null })).status).toBe(200);
    siteIds = { shared, kept };
    for (const site of [shared, kept]) {
      for (const name of ['Partners', 'Press', 'Former'])
        expect((await admin.post(`${sites}/${site}/share-links`, { name })).status).toBe(201);
      const external = (path: string) => ({ kind: 'external', url: `https://example.com/${path}` });
      for (const [source, extra] of [
        ['/old', { permanent: true }],
        ['/legacy/*', { captureWildcard: true }],
        ['/setup', {}],
        ['/draft', { draft: true }],
      ] as const)
        expect((await admin.post(`${sites}/${site}/redirects`, { source, destination: external(source), ...extra })).status).toBe(201);
    }
    const former = await planned.prisma.shareLink.findFirstOrThrow({ where: { siteId: shared, name: 'Former' } });
    expect((await admin.patch(`${sites}/${shared}/share-links/${former.id}`, { active: false })).status).toBe(200);
    const otherSite = (await rest(planned, other.admin.token).post(`/v1/orgs/${other.organizationId}/sites`, { title: 'Elsewhere' })).body
      .id;
    await rest(planned, other.admin.token).post(`/v1/orgs/${other.organizationId}/sites/${otherSite}/redirects`, {
      source: '/x',
      destination: { kind: 'external', url: 'https://example.com/x' },
    });
    foreignItemCursor = await firstCursor(other.admin.token, `query($id: ID!) { site(id: $id) { redirects { edges { cursor } } } }`, {
      id: otherSite,
    });
    itemCallers = {
      admin: itemsOrg.admin.token,
      reader: reader.token,
      editor: editor.token,
      guest: guest.token,
      sitesOnly: (await tokenWithScopes(planned, itemsOrg.admin.userId, ['site:read'])).token,
      organizationOnly: (await tokenWithScopes(planned, itemsOrg.admin.userId, ['organization:read'])).token,
      otherOrganization: other.admin.token,
    };
  });

  const redirectSelection = someOf(
    [
      'id',
      'source',
      'draft',
      'captureWildcard',
      'permanent',
      'destination',
      'automatic',
      'siteId',
      'createdAt',
      'updatedAt',
      '__typename',
    ].map(always),
  );
  const shareLinkSelection = someOf(['id', 'name', 'active', 'key', 'siteId', 'createdAt', 'urls { published }', '__typename'].map(always));

  it('answer as the generic path for every caller, site, order, page and cursor', async () => {
    const counts = { redirects: 0, shareLinks: 0 };
    const lists = fc.oneof(
      fc
        .tuple(
          connectionOf(redirectSelection, 'SiteRedirectConnection'),
          rarely(fc.boolean()),
          rarely(fc.constantFrom('createdAt', 'updatedAt', 'source')),
          // Case-insensitive text, as Prisma matches it (a `%` or `_` of the value is a wildcard).
          rarely(fc.constantFrom('le', 'LE', '%', '_d', '/%/'), 4),
        )
        .map(([sel, draft, orderBy, search]) => ({
          name: 'redirects' as const,
          sel,
          filters: { draft, orderBy, search },
          variables: '$draft: Boolean, $orderBy: SiteRedirectOrderBy, $search: String',
          field: 'redirects(first: $first, last: $last, after: $after, before: $before, draft: $draft, orderBy: $orderBy, search: $search)',
        })),
      fc
        .tuple(connectionOf(shareLinkSelection, 'ShareLinkConnection'), rarely(fc.constantFrom('part', 'PRESS', '%', 'p_r'), 4))
        .map(([sel, search]) => ({
          name: 'shareLinks' as const,
          sel,
          filters: { search },
          variables: '$search: String',
          field: 'shareLinks(first: $first, last: $last, after: $after, before: $before, search: $search)',
        })),
    );
    await plannedRuns(
      fc.tuple(
        // Share links are the site admins' (the organization's admin here): drawn more often.
        fc.oneof({ arbitrary: fc.constant('admin'), weight: 2 }, { arbitrary: fc.constantFrom(...Object.keys(itemCallers)), weight: 3 }),
        fc.constantFrom('shared', 'kept'),
        lists,
        pageArgs,
      ),
      240,
      async ([caller, site, list, args]) => {
        const operation = (sel: string) =>
          `query($id: ID!, $first: Int, $last: Int, $after: String, $before: String, ${list.variables}) {
            site(id: $id) { ${list.field} { ${sel} } } }`;
        const edges = (data: any) => data?.site?.[list.name]?.edges;
        const base = { id: siteIds[site as 'shared' | 'kept'], ...list.filters };
        const fromPlan = await pageAnsweredAlike(itemCallers[caller]!, operation, list.sel, base, args, edges, foreignItemCursor);
        if (fromPlan) counts[list.name]++;
        return fromPlan;
      },
    );
    expect(counts.redirects).toBeGreaterThan(15);
    expect(counts.shareLinks).toBeGreaterThan(10);
  });

  it('answers their REST lists as the generic path, each page in one planned statement', async () => {
    for (const site of Object.values(siteIds))
      for (const [list, spec] of [
        ['redirects', '/orgs/{organizationId}/sites/{siteId}/redirects'],
        ['redirects?orderBy=source', '/orgs/{organizationId}/sites/{siteId}/redirects'],
        ['share-links', '/orgs/{organizationId}/sites/{siteId}/share-links'],
      ] as const)
        await restPagesAlike(
          `/v1/orgs/${itemsOrg.organizationId}/sites/${site}/${list}`,
          Object.values(itemCallers),
          itemsOrg.admin.token,
          (page) => expectOpenApi(page, 'get', spec, 200),
        );
  });
});

describe("planned reads of an organization's conversations, their issues and clusters", () => {
  let supportOrg: OrgFixture;
  let supportCallers: Record<string, string>;
  let foreignConversationCursor: string;
  let filterValues: { cluster: string; conversation: string };

  const ingest = (org: OrgFixture, id: string, body: string, source = 'zendesk') =>
    rest(processor, org.admin.token).post(`/v1/orgs/${org.organizationId}/conversations`, {
      id,
      subject: `Ticket ${id}`,
      parts: [{ type: 'message', role: 'user', body }],
      metadata: {
        url: `https://support.example.com/t/${id}`,
        attributes: { source },
        createdAt: new Date(Date.now() - 86400_000).toISOString(),
      },
    });

  /** Waits until the organization's conversations are processed and their issues clustered (a job): nothing then changes between reads. */
  async function processed(org: OrgFixture, conversations: number) {
    const until = Date.now() + 60_000;
    for (;;) {
      const where = { organizationId: org.organizationId };
      const done = await planned.prisma.conversation.count({ where: { ...where, processedAt: { not: null } } });
      const pending = await planned.prisma.conversationIssue.count({ where: { ...where, clusterId: null } });
      if (done === conversations && pending === 0) return;
      if (Date.now() > until) throw new Error('conversations never processed');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  beforeAll(async () => {
    const {
      org,
      members: { reader, guest },
    } = await orgWithMembers(planned, { reader: 'read', guest: 'guest' });
    supportOrg = org;
    const other = await createOrg(planned);
    const bodies = [
      'I cannot log in, the login page shows an error',
      'Login fails with an error after the password reset',
      'The search results are wrong for exact titles',
      'Search is missing recent pages in the results',
      'How do I export a space to PDF? The export button fails',
      'Export to PDF fails for large spaces',
    ];
    for (const [i, body] of bodies.entries())
      expect((await ingest(supportOrg, `t-${i}`, body, i % 2 ? 'intercom' : 'zendesk')).status).toBeLessThan(300);
    expect((await ingest(other, 'elsewhere', 'The login page shows an error')).status).toBeLessThan(300);
    await processed(supportOrg, bodies.length);
    await processed(other, 1);
    foreignConversationCursor = await firstCursor(
      other.admin.token,
      `query($id: ID!) { organization(id: $id) { conversations { edges { cursor } } } }`,
      { id: other.organizationId },
    );
    const issue = await planned.prisma.conversationIssue.findFirstOrThrow({ where: { organizationId: supportOrg.organizationId } });
    filterValues = { cluster: issue.clusterId!, conversation: 't-1' };
    supportCallers = {
      admin: supportOrg.admin.token,
      reader: reader.token,
      guest: guest.token,
      organizationReader: (await tokenWithScopes(planned, reader.userId, ['organization:read'])).token,
      spacesOnly: (await tokenWithScopes(planned, supportOrg.admin.userId, ['space:read'])).token,
      otherOrganization: other.admin.token,
    };
  });

  const conversationSelection = someOf([
    ...['id', 'externalId', 'subject', 'source', 'createdAt', 'processedAt', '__typename'].map(always),
    fc.constantFrom('parts { type role body }', 'metadata', 'urls { location source }'),
  ]);
  const clusterSelection = someOf([
    ...['id', 'label', 'icon', 'summary', 'status', 'createdAt', 'updatedAt', '__typename'].map(always),
    fc.constantFrom('weeklyPulse', 'sources', 'stats { issues conversations tasksTotal }', 'urls { location app }'),
  ]);
  const issueSelection = someOf([
    ...['id', 'title', 'summary', 'createdAt', 'ingestedAt', 'conversationId', 'clusterId', 'urls { location }', '__typename'].map(always),
    conversationSelection.map((s) => `conversation { ${s} }`),
    // A cluster's facts are loaded by its own list's preload: under an issue the generic path answers them.
    clusterSelection.map((s) => `cluster { ${s} }`),
  ]);
  const lists = {
    conversations: {
      selection: connectionOf(conversationSelection, 'ConversationConnection'),
      filters: fc.record({ source: rarely(fc.constantFrom('zendesk', 'intercom', 'none')) }),
      variables: '$source: String',
      field: 'conversations(first: $first, last: $last, after: $after, before: $before, source: $source)',
    },
    conversationIssues: {
      selection: connectionOf(issueSelection, 'ConversationIssueConnection'),
      filters: fc.record({ cluster: rarely(fc.constant('cluster')), conversation: rarely(fc.constantFrom('t-1', 'nothing')) }),
      variables: '$cluster: String, $conversation: String',
      field:
        'conversationIssues(first: $first, last: $last, after: $after, before: $before, cluster: $cluster, conversation: $conversation)',
    },
    issuesClusters: {
      selection: connectionOf(clusterSelection, 'IssuesClusterConnection'),
      filters: fc.record({
        sort: rarely(fc.constantFrom('createdAt', 'updatedAt'), 1),
        order: rarely(fc.constantFrom('ASC', 'DESC'), 1),
        status: rarely(fc.constantFrom('active', 'empty')),
      }),
      variables: '$sort: IssuesClusterSort, $order: Order, $status: IssuesClusterStatus',
      field: 'issuesClusters(first: $first, last: $last, after: $after, before: $before, sort: $sort, order: $order, status: $status)',
    },
  };
  type ListName = keyof typeof lists;

  it('answer as the generic path for every caller, filter, order, page and cursor', async () => {
    const counts: Record<string, number> = { conversations: 0, conversationIssues: 0, issuesClusters: 0 };
    await plannedRuns(
      fc
        .constantFrom(...(Object.keys(lists) as ListName[]))
        .chain((name) =>
          fc.tuple(
            fc.constant(name),
            fc.oneof(
              { arbitrary: fc.constant('admin'), weight: 1 },
              { arbitrary: fc.constantFrom(...Object.keys(supportCallers)), weight: 2 },
            ),
            lists[name].selection,
            lists[name].filters as fc.Arbitrary<Record<string, string | undefined>>,
            pageArgs,
          ),
        ),
      300,
      async ([name, caller, sel, filters, args]) => {
        const list = lists[name];
        const operation = (selection: string) =>
          `query($id: ID!, $first: Int, $last: Int, $after: String, $before: String, ${list.variables}) {
            organization(id: $id) { ${list.field} { ${selection} } } }`;
        const values = Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v === 'cluster' ? filterValues.cluster : v]));
        const edges = (data: any) => data?.organization?.[name]?.edges;
        const base = { id: supportOrg.organizationId, ...values };
        const fromPlan = await pageAnsweredAlike(supportCallers[caller]!, operation, sel, base, args, edges, foreignConversationCursor);
        if (fromPlan) counts[name]!++;
        return fromPlan;
      },
    );
    expect(counts.conversations).toBeGreaterThan(15);
    expect(counts.conversationIssues).toBeGreaterThan(10);
    expect(counts.issuesClusters).toBeGreaterThan(15);
  });

  it('answers their REST lists as the generic path, each page in one planned statement', async () => {
    const orgPath = `/v1/orgs/${supportOrg.organizationId}`;
    // Quire's own routes (the public document has no conversations): its document describes them.
    for (const [list, spec] of [
      ['conversations', '/orgs/{organizationId}/conversations'],
      ['conversations-issues', '/orgs/{organizationId}/conversations-issues'],
      ['conversations-clusters', '/orgs/{organizationId}/conversations-clusters'],
      ['conversations-clusters?sort=createdAt&order=asc', '/orgs/{organizationId}/conversations-clusters'],
    ] as const)
      await restPagesAlike(`${orgPath}/${list}`, Object.values(supportCallers), supportOrg.admin.token, (page, url) => {
        expect(page.status).toBe(200);
        expect(errorsAgainstQuireDocument('get', spec, 200, page.body), url).toEqual([]);
      });
  });
});

describe('planned reads of the permissions granted on a space and on a collection', () => {
  let grantsOrg: OrgFixture;
  let grantCallers: Record<string, string>;
  let contentIds: { space: string; collection: string };
  let foreignGrantCursor: string;

  beforeAll(async () => {
    const { org, members } = await orgWithMembers(planned, { reader: 'read', editor: 'edit', guest: 'guest', spaceAdmin: 'read' });
    const { reader, editor, guest, spaceAdmin } = members;
    grantsOrg = org;
    const other = await createOrg(planned);
    const orgId = grantsOrg.organizationId;
    const admin = rest(planned, grantsOrg.admin.token);
    const collection = (await admin.post(`/v1/orgs/${orgId}/collections`, { title: 'Guides' })).body.id;
    const space = (await createSpace(planned, grantsOrg, { parent: collection })).id;
    contentIds = { space, collection };
    const team = async (title: string, members: string[]) => (await admin.put(`/v1/orgs/${orgId}/teams`, { title, members })).body.id;
    const [writers, readers, hidden] = [
      await team('Writers', [editor.userId]),
      await team('Readers', [reader.userId]),
      await team('Empty', []),
    ];
    for (const [path, body] of [
      [`/v1/spaces/${space}/permissions`, { role: 'admin', users: [spaceAdmin.userId] }],
      [`/v1/spaces/${space}/permissions`, { role: 'read', users: [guest.userId, reader.userId] }],
      [`/v1/spaces/${space}/permissions`, { role: 'edit', teams: [writers, readers] }],
      [`/v1/spaces/${space}/permissions`, { role: 'comment', teams: [hidden] }],
      [`/v1/collections/${collection}/permissions`, { role: 'edit', users: [editor.userId] }],
      [`/v1/collections/${collection}/permissions`, { role: 'read', teams: [readers, hidden] }],
    ] as const)
      expect((await admin.post(path, body)).status, path).toBe(204);
    const otherSpace = await createSpace(planned, other);
    const stranger = await addMember(planned, other.organizationId, 'read');
    expect(
      (await rest(planned, other.admin.token).post(`/v1/spaces/${otherSpace.id}/permissions`, { role: 'read', users: [stranger.userId] }))
        .status,
    ).toBe(204);
    foreignGrantCursor = await firstCursor(
      other.admin.token,
      `query($id: ID!) { space(id: $id) { userPermissions { edges { cursor } } } }`,
      { id: otherSpace.id },
    );
    grantCallers = {
      admin: grantsOrg.admin.token,
      spaceAdmin: spaceAdmin.token,
      reader: reader.token,
      editor: editor.token,
      guest: guest.token,
      permissionsReader: (await tokenWithScopes(planned, grantsOrg.admin.userId, ['space:read', 'space:permissions:read'])).token,
      spacesOnly: (await tokenWithScopes(planned, grantsOrg.admin.userId, ['space:read'])).token,
      otherOrganization: other.admin.token,
    };
    await seenBefore(planned, grantCallers);
  });

  const grantSelection = someOf([
    ...['permission', '__typename', 'p: permission'].map(always),
    fc.constantFrom('team { id title }', 'team { id membersCount permissions { view } }', 'team { spacesCount }'),
    fc.constantFrom('member { id role }', 'member { id user { id displayName email } }', 'member { teamsCount }'),
  ]);

  it('answer as the generic path for every caller, content, grantee, page and cursor', async () => {
    let plannedAnswers = 0;
    await plannedRuns(
      fc.tuple(
        callerDrawn(grantCallers, ['admin', 'spaceAdmin', 'permissionsReader']),
        fc.constantFrom('space', 'collection'),
        fc.constantFrom('teamPermissions', 'userPermissions'),
        connectionOf(grantSelection, 'ContentPermissionConnection'),
        pageArgs,
      ),
      240,
      async ([caller, content, list, sel, args]) => {
        const operation = (selection: string) =>
          `query($id: ID!, $first: Int, $last: Int, $after: String, $before: String) {
            ${content}(id: $id) { ${list}(first: $first, last: $last, after: $after, before: $before) { ${selection} } } }`;
        const edges = (data: any) => data?.[content]?.[list]?.edges;
        const fromPlan = await pageAnsweredAlike(
          grantCallers[caller]!,
          operation,
          sel,
          { id: contentIds[content as 'space' | 'collection'] },
          args,
          edges,
          foreignGrantCursor,
        );
        if (fromPlan) plannedAnswers++;
        return fromPlan;
      },
    );
    expect(plannedAnswers).toBeGreaterThan(40);
  });

  it('answers the REST lists as the generic path, each page in one planned statement', async () => {
    for (const [path, spec] of [
      [`/v1/spaces/${contentIds.space}/permissions/teams`, '/spaces/{spaceId}/permissions/teams'],
      [`/v1/spaces/${contentIds.space}/permissions/users`, '/spaces/{spaceId}/permissions/users'],
      [`/v1/collections/${contentIds.collection}/permissions/teams`, '/collections/{collectionId}/permissions/teams'],
      [`/v1/collections/${contentIds.collection}/permissions/users`, '/collections/{collectionId}/permissions/users'],
    ] as const)
      await restPagesAlike(path, Object.values(grantCallers), grantsOrg.admin.token, (page) => expectOpenApi(page, 'get', spec, 200));
  });
});

describe("planned reads of a thread's commenters", () => {
  let threadOrg: OrgFixture;
  let threadCallers: Record<string, string>;
  let spaceId: string;
  let changeRequestId: string;
  let foreignCommenterCursor: string;

  beforeAll(async () => {
    const { org, members } = await orgWithMembers(planned, { commenter: 'comment', replier: 'edit', silent: 'read', guest: 'guest' });
    const { commenter, replier, silent, guest } = members;
    threadOrg = org;
    const other = await createOrg(planned);
    spaceId = (await createSpace(planned, threadOrg)).id;
    const admin = rest(planned, threadOrg.admin.token);
    expect((await admin.post(`/v1/spaces/${spaceId}/permissions`, { role: 'comment', users: [guest.userId] })).status).toBe(204);
    const comments = `/v1/spaces/${spaceId}/comments`;
    const post = async (token: string, path: string) => {
      const res = await rest(planned, token).post(path, { body: { markdown: 'A remark' } });
      expect(res.status, path).toBeLessThan(300);
      return res.body.id as string;
    };
    const first = await post(commenter.token, comments);
    await post(replier.token, `${comments}/${first}/replies`);
    await post(guest.token, comments);
    await post(threadOrg.admin.token, comments);
    changeRequestId = (await admin.post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Draft' })).body.id;
    await post(replier.token, `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/comments`);
    const otherSpace = await createSpace(planned, other);
    await post(other.admin.token, `/v1/spaces/${otherSpace.id}/comments`);
    foreignCommenterCursor = await firstCursor(
      other.admin.token,
      `query($id: ID!) { space(id: $id) { commenters { edges { cursor } } } }`,
      { id: otherSpace.id },
    );
    threadCallers = {
      admin: threadOrg.admin.token,
      commenter: commenter.token,
      silent: silent.token,
      guest: guest.token,
      membersReader: (await tokenWithScopes(planned, silent.userId, ['space:read', 'organization:members:read'])).token,
      spacesOnly: (await tokenWithScopes(planned, threadOrg.admin.userId, ['space:read'])).token,
      otherOrganization: other.admin.token,
    };
    await seenBefore(planned, threadCallers);
  });

  const memberSelection = someOf([
    ...['id', 'role', 'disabled', 'sso', 'joinedAt', '__typename'].map(always),
    fc.constantFrom('user { id displayName email }', 'organization { id title }', 'spacesCount teamsCount', 'sitesCount'),
  ]);

  it('answer as the generic path for every caller, thread, page and cursor', async () => {
    const operation = (sel: string) =>
      `query($id: ID!, $changeRequest: ID, $first: Int, $last: Int, $after: String, $before: String) {
        space(id: $id) { commenters(changeRequest: $changeRequest, first: $first, last: $last, after: $after, before: $before) { ${sel} } } }`;
    const plannedAnswers = await plannedRuns(
      fc.tuple(fc.constantFrom(...Object.keys(threadCallers)), fc.boolean(), connectionOf(memberSelection, 'MemberConnection'), pageArgs),
      150,
      ([caller, ofChangeRequest, sel, args]) => {
        const edges = (data: any) => data?.space?.commenters?.edges;
        const base = { id: spaceId, changeRequest: ofChangeRequest ? changeRequestId : undefined };
        return pageAnsweredAlike(threadCallers[caller]!, operation, sel, base, args, edges, foreignCommenterCursor);
      },
    );
    expect(plannedAnswers).toBeGreaterThan(30);
  });

  it('answers the REST lists as the generic path, each page in one planned statement', async () => {
    for (const path of [`/v1/spaces/${spaceId}/commenters`, `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/commenters`])
      await restPagesAlike(path, Object.values(threadCallers), threadOrg.admin.token, (page) => expect(page.status).toBe(200));
  });
});

describe("planned reads of a site's site spaces and sections, ordered by their groups' and sections' positions", () => {
  let structureOrg: OrgFixture;
  let structureCallers: Record<string, string>;
  /** A site of sections in groups and outside them (one of its spaces deleted), and one of root site spaces. */
  let siteIds: Record<'sections' | 'root', string>;
  let foreignStructureCursor: string;

  beforeAll(async () => {
    const { org, members } = await orgWithMembers(planned, { reader: 'read', guest: 'guest' });
    structureOrg = org;
    const other = await createOrg(planned);
    const admin = rest(planned, org.admin.token);
    const spaces = [];
    for (let i = 0; i < 8; i++) spaces.push((await createSpace(planned, org)).id);
    const sites = `/v1/orgs/${org.organizationId}/sites`;
    const withSections = (await admin.post(sites, { title: 'Sections' })).body.id;
    const sectionIds: string[] = [];
    for (const space of spaces.slice(0, 4))
      sectionIds.push((await admin.post(`${sites}/${withSections}/sections`, { spaceId: space })).body.id);
    // More site spaces in two sections; then groups, which put their sections before those at the root.
    for (const [section, space] of [
      [sectionIds[0], spaces[4]],
      [sectionIds[0], spaces[5]],
      [sectionIds[2], spaces[5]],
    ] as const)
      expect((await admin.post(`${sites}/${withSections}/site-spaces`, { spaceId: space, sectionId: section })).status).toBe(201);
    const outer = await admin.post(`${sites}/${withSections}/section-groups`, {
      title: 'Products',
      sections: [sectionIds[3], sectionIds[1]],
    });
    expect(outer.status).toBe(201);
    // Groups three deep, each holding a section: Products, then Legacy in it, then Archive in that.
    const nestedSections: string[] = [];
    for (const space of spaces.slice(6))
      nestedSections.push((await admin.post(`${sites}/${withSections}/sections`, { spaceId: space })).body.id);
    const legacy = await admin.post(`${sites}/${withSections}/section-groups`, {
      title: 'Legacy',
      parent: outer.body.id,
      sections: [nestedSections[0]],
    });
    expect(legacy.status).toBe(201);
    const archive = await admin.post(`${sites}/${withSections}/section-groups`, {
      title: 'Archive',
      parent: legacy.body.id,
      sections: [nestedSections[1]],
    });
    expect(archive.status).toBe(201);
    // Groups between sections, so that a list of children interleaves them: at the root, in Products, in Legacy.
    for (const [group, before] of [
      [outer.body.id, sectionIds[2]],
      [legacy.body.id, sectionIds[1]],
      [archive.body.id, nestedSections[0]],
    ])
      expect(
        (
          await admin.post(`${sites}/${withSections}/section-groups/${group}/move`, {
            position: { before: { type: 'site-section', id: before } },
          })
        ).status,
      ).toBe(200);
    expect((await admin.post(`${sites}/${withSections}/publish`)).status).toBe(200);
    const root = (await admin.post(sites, { title: 'Root', spaces: spaces.slice(0, 5) })).body.id;
    expect((await admin.delete(`/v1/spaces/${spaces[5]}`)).status).toBe(205);
    siteIds = { sections: withSections, root };
    const otherSite = (
      await rest(planned, other.admin.token).post(`/v1/orgs/${other.organizationId}/sites`, {
        title: 'Elsewhere',
        spaces: [(await createSpace(planned, other)).id],
      })
    ).body.id;
    foreignStructureCursor = await firstCursor(other.admin.token, `query($id: ID!) { site(id: $id) { siteSpaces { edges { cursor } } } }`, {
      id: otherSite,
    });
    structureCallers = {
      admin: org.admin.token,
      reader: members.reader.token,
      guest: members.guest.token,
      sitesOnly: (await tokenWithScopes(planned, org.admin.userId, ['site:read'])).token,
      otherOrganization: other.admin.token,
    };
  });

  const siteSpaceSelection = someOf(
    [
      'id',
      'path',
      'siteId',
      'sectionId',
      'condition',
      'title',
      'default',
      'draft',
      'urls { published }',
      '__typename',
      'space { id title }',
    ].map(always),
  );

  it('answer as the generic path for every caller, site, filter, page and cursor', async () => {
    const operation = (sel: string) =>
      `query($id: ID!, $default: Boolean, $first: Int, $last: Int, $after: String, $before: String) {
        site(id: $id) { siteSpaces(default: $default, first: $first, last: $last, after: $after, before: $before) { ${sel} } } }`;
    const plannedAnswers = await plannedRuns(
      fc.tuple(
        fc.oneof(
          { arbitrary: fc.constant('admin'), weight: 2 },
          { arbitrary: fc.constantFrom(...Object.keys(structureCallers)), weight: 3 },
        ),
        fc.constantFrom('sections', 'root'),
        rarely(fc.boolean()),
        connectionOf(siteSpaceSelection, 'SiteSpaceConnection'),
        pageArgs,
      ),
      200,
      ([caller, site, isDefault, sel, args]) => {
        const edges = (data: any) => data?.site?.siteSpaces?.edges;
        const base = { id: siteIds[site as 'sections' | 'root'], default: isDefault };
        return pageAnsweredAlike(structureCallers[caller]!, operation, sel, base, args, edges, foreignStructureCursor);
      },
    );
    expect(plannedAnswers).toBeGreaterThan(40);
  });

  const sectionSelection = someOf([
    ...['id', 'title', 'description', 'path', 'condition', 'icon', 'siteId', 'sectionGroupId', 'default', 'draft', '__typename'].map(
      always,
    ),
    always('urls { published }'),
    siteSpaceSelection.map((sel) => `siteSpaces { ${sel} }`),
  ]);

  /**
   * Forward pages of one of a site's structure lists, both servers alike, for every caller and site;
   * how many the plan answered. Backward pages are checked against the forward order below: Prisma's
   * own statement misreads them across the NULL position of a root item's group.
   */
  const structurePagesAlike = (field: 'sections' | 'sectionGroups', selection: fc.Arbitrary<string>, connection: string, runs: number) =>
    plannedRuns(
      fc.tuple(
        callerDrawn(structureCallers, ['admin'], 2, 3),
        fc.constantFrom('sections', 'root'),
        connectionOf(selection, connection),
        pageArgs.filter((args) => !('last' in args)),
      ),
      runs,
      ([caller, site, sel, args]) => {
        const operation = (s: string) =>
          `query($id: ID!, $first: Int, $last: Int, $after: String, $before: String) {
            site(id: $id) { ${field}(first: $first, last: $last, after: $after, before: $before) { ${s} } } }`;
        const edges = (data: any) => data?.site?.[field]?.edges;
        const base = { id: siteIds[site as 'sections' | 'root'] };
        return pageAnsweredAlike(structureCallers[caller]!, operation, sel, base, args, edges, foreignStructureCursor);
      },
    );

  it("answer a site's sections (with their site spaces) as the generic path for every caller, site, page and cursor", async () => {
    expect(await structurePagesAlike('sections', sectionSelection, 'SiteSectionConnection', 200)).toBeGreaterThan(40);
  });

  it("page a site's sections backward as forward, for sections in groups and at the root", async () => {
    // Sections in groups come first (by their group's position), then those at the root: the group's
    // position is NULL for the latter. Prisma's statement reads no row before a cursor at the root
    // (its cursor condition compares with that NULL; prisma/orm#29254), so the generic path is not
    // the reference here: the forward order is.
    const query = `query($id: ID!, $last: Int, $before: String) { site(id: $id) {
      sections(last: $last, before: $before) { edges { cursor node { id sectionGroupId } } pageInfo { hasPreviousPage } } } }`;
    const all = await graphql(planned, structureOrg.admin.token, query, { id: siteIds.sections });
    const edges = all.data.site.sections.edges as { cursor: string; node: { id: string; sectionGroupId: string | null } }[];
    expect(edges.map((e) => e.node.sectionGroupId === null)).toEqual([false, false, false, false, true, true]);
    for (const [i, edge] of edges.entries())
      for (const last of [1, 10]) {
        const { result, statements } = await planned.recordStatements(() =>
          graphql(planned, structureOrg.admin.token, query, { id: siteIds.sections, before: edge.cursor, last }),
        );
        expect(statements.some(isPlannedStatement)).toBe(true);
        const before = edges.slice(Math.max(0, i - last), i);
        expect(result.data.site.sections.edges.map((e: any) => e.node.id)).toEqual(before.map((e) => e.node.id));
        expect(result.data.site.sections.pageInfo.hasPreviousPage).toBe(i - last > 0);
      }
  });

  /** A group's fields, its sections, and its children (sections and nested groups, `depth` levels more). */
  const groupSelection = (depth: number): fc.Arbitrary<string> =>
    someOf([
      ...['id', 'title', 'icon', 'siteId', 'parentId', 'draft', '__typename'].map(always),
      always('sections { id title path sectionGroupId default urls { published } }'),
      ...(depth > 0
        ? [
            someOf([
              always('__typename'),
              sectionSelection.map((sel) => `... on SiteSection { ${sel} }`),
              groupSelection(depth - 1).map((sel) => `... on SiteSectionGroup { ${sel} }`),
            ]).map((sel) => `children { ${sel} }`),
          ]
        : []),
    ]);

  it("answer a site's section groups (with their sections and children) as the generic path, for every caller, site, page and cursor", async () => {
    expect(await structurePagesAlike('sectionGroups', groupSelection(2), 'SiteSectionGroupConnection', 200)).toBeGreaterThan(40);
  });

  it("answer a site's structure (sections and groups at its root, and beneath them) as the generic path, for every caller and site", async () => {
    const item = someOf([
      always('__typename'),
      sectionSelection.map((sel) => `... on SiteSection { ${sel} }`),
      groupSelection(1).map((sel) => `... on SiteSectionGroup { ${sel} }`),
    ]);
    const plannedAnswers = await plannedRuns(
      fc.tuple(callerDrawn(structureCallers, ['admin'], 2, 3), fc.constantFrom('sections', 'root'), item),
      100,
      ([caller, site, sel]) =>
        answeredAlike(structureCallers[caller]!, `query($id: ID!) { site(id: $id) { title structure { ${sel} } } }`, {
          id: siteIds[site as 'sections' | 'root'],
        }),
    );
    expect(plannedAnswers).toBeGreaterThan(20);
  });

  it("answer a site's structure and its section groups whole for its members (the site's row loaded by their checks), none run again", async () => {
    const before = wholeAnswerOutcomes();
    const structure = `query($id: ID!) { site(id: $id) { structure { __typename ... on SiteSection { id siteSpaces { id title } }
      ... on SiteSectionGroup { title children { __typename ... on SiteSection { id } ... on SiteSectionGroup { title } } } } } }`;
    const sectionGroups = `/v1/orgs/${structureOrg.organizationId}/sites/${siteIds.sections}/section-groups`;
    let reads = 0;
    for (const token of [structureCallers.admin!, structureCallers.reader!]) {
      const fromPlan = await graphql(planned, token, structure, { id: siteIds.sections });
      expect(fromPlan.errors).toBeUndefined();
      expect(fromPlan.data.site.structure).toHaveLength(3);
      expect(JSON.stringify(fromPlan)).toBe(JSON.stringify(await graphql(generic, token, structure, { id: siteIds.sections })));
      const page = await rest(planned, token).get(sectionGroups);
      expect(page.status).toBe(200);
      expect(JSON.stringify(page.body)).toBe(JSON.stringify((await rest(generic, token).get(sectionGroups)).body));
      reads += 2;
    }
    const after = wholeAnswerOutcomes();
    expect(after.again - before.again).toBe(0);
    expect(after.whole - before.whole).toBe(reads);
  });

  it("read a group's children afresh after a write in the same mutation, the same selection asked twice", async () => {
    const admin = rest(planned, structureOrg.admin.token);
    const sites = `/v1/orgs/${structureOrg.organizationId}/sites`;
    const site = (await admin.post(sites, { title: 'Written' })).body.id;
    const sections: string[] = [];
    for (let i = 0; i < 2; i++)
      sections.push((await admin.post(`${sites}/${site}/sections`, { spaceId: (await createSpace(planned, structureOrg)).id })).body.id);
    const group = (await admin.post(`${sites}/${site}/section-groups`, { title: 'Group', sections: [sections[0]] })).body.id;
    const read = `site { sectionGroups { edges { node { id children { __typename ... on SiteSection { id } } } } } }`;
    const mutation = `mutation($site: ID!, $group: ID!, $section: ID!) {
      before: updateSite(input: { siteId: $site, title: "Written" }) { ${read} }
      addSectionToGroup(input: { siteId: $site, siteSectionGroupId: $group, sectionId: $section }) { siteSectionGroup { id } }
      after: updateSite(input: { siteId: $site, title: "Written" }) { ${read} } }`;
    const { result, statements } = await planned.recordStatements(() =>
      graphql(planned, structureOrg.admin.token, mutation, { site, group, section: sections[1] }),
    );
    expect(result.errors).toBeUndefined();
    expect(statements.some(isPlannedStatement)).toBe(true);
    const children = (answer: any) => answer.site.sectionGroups.edges[0].node.children.map((c: any) => c.id);
    expect(children(result.data.before)).toEqual([sections[0]]);
    expect(children(result.data.after)).toEqual([sections[0], sections[1]]);
  });

  it("merge a group's sections and nested groups in the children's order, at every level", async () => {
    const query = `query($id: ID!) { site(id: $id) { sectionGroups(first: 10) { edges { node { title children {
      __typename ... on SiteSection { id } ... on SiteSectionGroup { title children {
      __typename ... on SiteSection { id } ... on SiteSectionGroup { title } } } } } } } } }`;
    const { result, statements } = await planned.recordStatements(() =>
      graphql(planned, structureOrg.admin.token, query, { id: siteIds.sections }),
    );
    const fromGeneric = await graphql(generic, structureOrg.admin.token, query, { id: siteIds.sections });
    expect(result.errors).toBeUndefined();
    expect(result).toEqual(fromGeneric);
    // Every read of the structure planned: the page, then the children's sections and groups, a statement
    // each. The second level reads the same columns of the same parents (every group is on the page): none.
    const unplanned = statements.filter((sql) => !isPlannedStatement(sql));
    expect(unplanned.filter((sql) => /"SiteSection(Group)?"/.test(sql))).toEqual([]);
    expect(statements.filter(isPlannedStatement)).toHaveLength(3);
    const products = result.data.site.sectionGroups.edges.map((e: any) => e.node).find((g: any) => g.title === 'Products');
    expect(products.children.map((c: any) => c.__typename)).toEqual(['SiteSection', 'SiteSectionGroup', 'SiteSection']);
    expect(products.children[1].title).toBe('Legacy');
    expect(products.children[1].children.map((c: any) => c.__typename)).toEqual(['SiteSectionGroup', 'SiteSection']);
    expect(products.children[1].children[0]).toEqual({ __typename: 'SiteSectionGroup', title: 'Archive' });
  });

  it("page a site's section groups backward as forward, nested ones before those at the root", async () => {
    const query = `query($id: ID!, $last: Int, $before: String) { site(id: $id) {
      sectionGroups(last: $last, before: $before) { edges { cursor node { id parentId } } } } }`;
    const all = await graphql(planned, structureOrg.admin.token, query, { id: siteIds.sections });
    const edges = all.data.site.sectionGroups.edges as { cursor: string; node: { id: string; parentId: string | null } }[];
    expect(edges.map((e) => e.node.parentId === null)).toEqual([false, false, true]);
    const before = await graphql(planned, structureOrg.admin.token, query, { id: siteIds.sections, before: edges[2]!.cursor, last: 5 });
    expect(before.data.site.sectionGroups.edges.map((e: any) => e.node.id)).toEqual([edges[0]!.node.id, edges[1]!.node.id]);
  });

  it('answers the REST lists as the generic path, each page in planned statements', async () => {
    for (const site of Object.values(siteIds)) {
      const sites = `/v1/orgs/${structureOrg.organizationId}/sites/${site}`;
      // A page of sections, then their site spaces (with their spaces): two statements; none of the latter without sections.
      const sectionStatements = site === siteIds.sections ? 2 : 1;
      await restPagesAlike(
        `${sites}/sections`,
        Object.values(structureCallers),
        structureOrg.admin.token,
        (page) => expectOpenApi(page, 'get', '/orgs/{organizationId}/sites/{siteId}/sections', 200),
        sectionStatements,
      );
    }
    // A page of groups, then for each level of groups beneath it (three, in the answer's shape): their
    // sections (the same statement as the sections among their children), those sections' site spaces,
    // and their nested groups; a level's groups already read (on the page) read nothing again.
    // Page one (Legacy, Archive): 1 + 3 + 1 (Archive's nested groups, read with Legacy's), page two (Products): 1 + 3 × 3.
    for (const [site, groupStatements] of [
      [siteIds.sections, [5, 10]],
      [siteIds.root, [1]],
    ] as const)
      await restPagesAlike(
        `/v1/orgs/${structureOrg.organizationId}/sites/${site}/section-groups`,
        Object.values(structureCallers),
        structureOrg.admin.token,
        (page) => expectOpenApi(page, 'get', '/orgs/{organizationId}/sites/{siteId}/section-groups', 200),
        groupStatements,
      );
    for (const site of Object.values(siteIds))
      await restPagesAlike(
        `/v1/orgs/${structureOrg.organizationId}/sites/${site}/site-spaces`,
        Object.values(structureCallers),
        structureOrg.admin.token,
        (page) => expectOpenApi(page, 'get', '/orgs/{organizationId}/sites/{siteId}/site-spaces', 200),
      );
  });
});

describe("planned reads of a member's spaces, with their level on each", () => {
  let spacesOrg: OrgFixture;
  let spacesCallers: Record<string, string>;
  /** Whose spaces are listed: members of each kind, one granted spaces directly. */
  let listedMembers: Record<string, string>;
  let foreignSpaceCursor: string;

  beforeAll(async () => {
    const { org, members } = await orgWithMembers(planned, { reader: 'read', editor: 'edit', guest: 'guest', granted: 'read' });
    spacesOrg = org;
    const make = async (minutes: number, data: Record<string, unknown>) => {
      const space = await createSpace(planned, org);
      // Two at the same instant: the id breaks the tie.
      await planned.prisma.space.update({
        where: { id: space.id },
        data: { createdAt: new Date(Date.UTC(2026, 0, 1, 0, minutes)), ...data },
      });
      return space.id;
    };
    const open = await make(1, {});
    await make(1, {});
    const capped = await make(2, { defaultLevel: 'comment', memberLevel: 'comment' });
    const adminsOnly = await make(3, { defaultLevel: 'guest', memberLevel: 'guest' });
    await make(4, { deletedAt: new Date() });
    // More open ones: lists long enough for the drawn cursors (by index) to name rows of them.
    for (const minutes of [5, 6, 7, 8, 9]) await make(minutes, {});
    const admin = rest(planned, org.admin.token);
    for (const [space, role, users] of [
      [adminsOnly, 'edit', [members.granted.userId, members.guest.userId]],
      [capped, 'admin', [members.granted.userId]],
      [open, 'read', [members.guest.userId]],
    ] as const)
      expect((await admin.post(`/v1/spaces/${space}/permissions`, { role, users })).status).toBe(204);
    const other = await createOrg(planned);
    await createSpace(planned, other);
    foreignSpaceCursor = await firstCursor(
      other.admin.token,
      `query($o: ID!, $u: ID!) { organization(id: $o) { member(userId: $u) { spaces { edges { cursor } } } } }`,
      { o: other.organizationId, u: other.admin.userId },
    );
    listedMembers = {
      admin: org.admin.userId,
      reader: members.reader.userId,
      editor: members.editor.userId,
      guest: members.guest.userId,
      granted: members.granted.userId,
    };
    spacesCallers = {
      admin: org.admin.token,
      reader: members.reader.token,
      guest: members.guest.token,
      granted: members.granted.token,
      membersAndSpaces: (await tokenWithScopes(planned, org.admin.userId, ['organization:members:read', 'space:read'])).token,
      membersOnly: (await tokenWithScopes(planned, org.admin.userId, ['organization:members:read'])).token,
      otherOrganization: other.admin.token,
    };
    await seenBefore(planned, spacesCallers);
  });

  const spaceSelection = someOf([
    ...['id', 'title', 'visibility', 'createdAt', '__typename'].map(always),
    fc.constantFrom('organization { id }', 'permissions { view edit admin }'),
  ]);
  // The edges' own field beside node and cursor.
  const memberSpaceConnection = someOf([
    connectionOf(spaceSelection, 'MemberSpaceConnection'),
    always('edges { permission }'),
    spaceSelection.map((sel) => `edges { p: permission node { ${sel} } }`),
  ]);

  it('answer as the generic path for every caller, member, order, page and cursor', async () => {
    const operation = (sel: string) =>
      `query($o: ID!, $u: ID!, $order: Order, $first: Int, $last: Int, $after: String, $before: String) {
        organization(id: $o) { member(userId: $u) { spaces(order: $order, first: $first, last: $last, after: $after, before: $before) { ${sel} } } } }`;
    const plannedAnswers = await plannedRuns(
      fc.tuple(
        // Who asks for whose spaces: an admin for anyone's, members for their own (as the policy allows), or anyone.
        fc.oneof(
          { arbitrary: fc.tuple(fc.constantFrom('admin', 'membersAndSpaces'), fc.constantFrom(...Object.keys(listedMembers))), weight: 3 },
          { arbitrary: fc.constantFrom('reader', 'guest', 'granted').map((self) => [self, self] as const), weight: 2 },
          {
            arbitrary: fc.tuple(fc.constantFrom(...Object.keys(spacesCallers)), fc.constantFrom(...Object.keys(listedMembers))),
            weight: 1,
          },
        ),
        fc.constantFrom(undefined, 'asc', 'desc'),
        memberSpaceConnection,
        pageArgs,
      ),
      300,
      ([[caller, member], order, sel, args]) => {
        const edges = (data: any) => data?.organization?.member?.spaces?.edges;
        const base = { o: spacesOrg.organizationId, u: listedMembers[member], order };
        return pageAnsweredAlike(spacesCallers[caller]!, operation, sel, base, args, edges, foreignSpaceCursor);
      },
    );
    expect(plannedAnswers).toBeGreaterThan(45);
  });

  it("answers a member's level on their spaces when the edges ask for nothing else, on both paths", async () => {
    // The generic path once selected no column of the spaces for such a page: the level could not be read.
    const query = `query($o: ID!, $u: ID!) { organization(id: $o) { member(userId: $u) { spaces { edges { permission } } } } }`;
    const variables = { o: spacesOrg.organizationId, u: listedMembers.reader };
    expect(await answeredAlike(spacesCallers.reader!, query, variables)).toBe(true);
    const { data } = await graphql(generic, spacesCallers.reader!, query, variables);
    expect(data.organization.member.spaces.edges.map((e: { permission: string }) => e.permission)).toEqual(Array(8).fill('READ'));
  });

  it('answers the REST list as the generic path, each page in one planned statement', async () => {
    for (const [name, userId] of Object.entries(listedMembers))
      await restPagesAlike(
        `/v1/orgs/${spacesOrg.organizationId}/members/${userId}/spaces${name === 'granted' ? '?order=asc' : ''}`,
        Object.values(spacesCallers),
        spacesOrg.admin.token,
        (page) => expectOpenApi(page, 'get', '/orgs/{organizationId}/members/{userId}/spaces', 200),
      );
  });
});
