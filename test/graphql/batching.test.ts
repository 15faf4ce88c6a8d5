// A nested query costs a bounded number of SQL statements whatever the list
// sizes: relations load in batches (plugin-prisma includes, DataLoaders).
// The statements are pinned by recording Prisma's query events.
import { isObjectType, parse, type FieldNode, type GraphQLResolveInfo, type OperationDefinitionNode } from 'graphql';
import { authenticateToken } from '../../src/domain/auth/tokens.js';
import type { Context } from '../../src/context.js';
import { memberKeyOf, preloadMembers, spaceCountsByOrganization, teamCountsByMember } from '../../src/domain/members/loaders.js';
import { organizationsSharedWithActor } from '../../src/domain/users/loaders.js';
import { preloadRelatedTeams, preloadTeams } from '../../src/domain/teams/loaders.js';
import { teamSubject } from '../../src/domain/teams/service.js';
import { teamSpaceCounts } from '../../src/domain/permissions/loaders.js';
import { preloadSites, siteSpaceCounts } from '../../src/domain/sites/loaders.js';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/graphql/schema.js';
import { useTestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { addMember, createCollection, createOrg, createSpace, type OrgFixture } from '../support/factories.js';

const app = useTestApp();

/** An organization with `count` spaces spread over nested collections. */
async function orgWithSpaces(count: number) {
  const org = await createOrg(app);
  const outer = await createCollection(app, org);
  const inner = await createCollection(app, org, { parent: outer.id });
  for (let i = 0; i < count; i++) await createSpace(app, org, { parent: i % 2 ? inner.id : undefined });
  return org;
}

const SPACES_QUERY = `query($id: ID!, $first: Int) {
  organization(id: $id) {
    spaces(first: $first) {
      totalCount
      edges { node { id title organization { id title } parent { id title parent { id title } } permissions { view edit } } }
    }
  }
}`;

async function statementsFor(org: OrgFixture, first: number) {
  const { result, statements } = await app.recordStatements(() =>
    graphql(app, org.admin.token, SPACES_QUERY, { id: org.organizationId, first }),
  );
  expect(result.errors).toBeUndefined();
  expect(result.data.organization.spaces.edges).toHaveLength(first);
  return statements;
}

describe('SQL statements per query', () => {
  it('are the same for 50 spaces with their organization and parent collections as for 5', async () => {
    const small = await orgWithSpaces(5);
    const large = await orgWithSpaces(50);
    const few = await statementsFor(small, 5);
    const many = await statementsFor(large, 50);
    expect(many.length).toBe(few.length);
    // token check, organization, then one planned statement (src/schema/plan): the page of spaces with
    // organization and parents joined, and totalCount (test/graphql/planned-reads.test.ts: the generic path's 4)
    expect(many).toHaveLength(3);
    expect(many[0]).toMatch(/"ApiToken"/);
    expect(many[1]).toMatch(/FROM "public"."Organization"/);
    expect(many[2]).toMatch(/^\/\* read plan \*\/ .*FROM "Space" t0 LEFT JOIN "Organization"/s);
    expect(many[2]).toMatch(/count\(\*\)/);
  });

  it('a REST space read is the token check and the space, its counters in its row', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests`, { subject: 'One' });
    const { result, statements } = await app.recordStatements(() => rest(app, org.admin.token).get(`/v1/spaces/${space.id}`));
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ changeRequests: 1, changeRequestsDraft: 1, changeRequestsOpen: 0, comments: 0 });
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/"ApiToken"/);
    // The read planner's lookup (src/schema/plan): one statement reads the space and its counters.
    expect(statements[1]).toMatch(/^\/\* read plan \*\/ SELECT .* FROM "Space" t0 /);
  });

  // Prisma batches the findUnique calls of a tick; those it cannot fold into one
  // statement (a tenant filter is not a plain equality) it runs one after the
  // other inside a BEGIN … COMMIT, on one connection, across requests.
  it('lookups by id in the same tick run side by side, not in a shared transaction', async () => {
    const org = await createOrg(app);
    const [a, b, c] = [await createSpace(app, org), await createSpace(app, org), await createCollection(app, org)];
    const query = `query($a: ID!, $b: ID!, $c: ID!) { a: space(id: $a) { id } b: space(id: $b) { id } c: collection(id: $c) { id } }`;
    const { result, statements } = await app.recordStatements(() => graphql(app, org.admin.token, query, { a: a.id, b: b.id, c: c.id }));
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ a: { id: a.id }, b: { id: b.id }, c: { id: c.id } });
    expect(statements.filter((s) => /^\s*(BEGIN|COMMIT)/i.test(s))).toEqual([]);
    expect(statements).toHaveLength(4);
  });

  it('a REST list of spaces reads their counters with the page: no statement counts', async () => {
    const org = await createOrg(app);
    const spaces = [await createSpace(app, org), await createSpace(app, org), await createSpace(app, org)];
    await rest(app, org.admin.token).post(`/v1/spaces/${spaces[1]!.id}/change-requests`, { subject: 'One' });
    await rest(app, org.admin.token).post(`/v1/spaces/${spaces[1]!.id}/change-requests`, { subject: 'Two' });
    const { result, statements } = await app.recordStatements(() =>
      rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/spaces?limit=100`),
    );
    expect(result.status).toBe(200);
    expect(result.body.items.map((s: { id: string; changeRequests: number }) => [s.id, s.changeRequests])).toEqual(
      spaces.map((s, i) => [s.id, i === 1 ? 2 : 0]),
    );
    // token check, organization, the page with its count (one planned statement, src/schema/plan)
    expect(statements).toHaveLength(3);
    expect(statements.filter((s) => /"ChangeRequest"|"Comment"/.test(s))).toHaveLength(0);
  });

  it('member lists batch their counts: 40 members cost what 4 do', async () => {
    const count = async (n: number) => {
      const org = await createOrg(app);
      for (let i = 0; i < n - 1; i++) await addMember(app, org.organizationId, 'read');
      const { result, statements } = await app.recordStatements(() =>
        rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/members?limit=100`),
      );
      expect(result.body.items).toHaveLength(n);
      return statements.length;
    };
    expect(await count(40)).toBe(await count(4));
  });

  it("a page of members loads what its items ask for with the page (scopedList's preload), and nothing they do not", async () => {
    const org = await createOrg(app);
    for (let i = 0; i < 3; i++) await addMember(app, org.organizationId, 'read');
    const statementsFor = async (fields: string) => {
      const query = `query($id: ID!) { organization(id: $id) { members(first: 10) { edges { node { id ${fields} } } } } }`;
      const { result, statements } = await app.recordStatements(() => graphql(app, org.admin.token, query, { id: org.organizationId }));
      expect(result.errors).toBeUndefined();
      expect(result.data.organization.members.edges).toHaveLength(4);
      return statements;
    };
    const bare = await statementsFor('');
    const full = await statementsFor('teamsCount sitesCount spacesCount user { id email }');
    // One statement per fact asked for (whatever the page size: see the test above), none for a fact not asked.
    const facts = {
      teams: (sql: string) => sql.includes('"TeamMember"') && sql.includes('COUNT'),
      sites: (sql: string) => sql.includes('"public"."Site"') && sql.includes('COUNT'),
      spaces: (sql: string) => sql.includes('FILTER (WHERE "memberLevel"'),
      grants: (sql: string) => sql.includes('WITH RECURSIVE who'),
      sharedOrganizations: (sql: string) => sql.startsWith('SELECT "t0"."organizationId", "t0"."userId" FROM "public"."Member"'),
    };
    for (const [fact, is] of Object.entries(facts)) {
      expect(bare.filter(is), fact).toHaveLength(0);
      expect(full.filter(is), fact).toHaveLength(1);
    }
  });
});

/** The resolve info of the connection field `query` opens with (what a list's preload reads). */
function listInfo(query: string) {
  const operation = parse(query).definitions[0] as OperationDefinitionNode;
  return { fieldNodes: [operation.selectionSet.selections[0] as FieldNode], fragments: {} } as unknown as GraphQLResolveInfo;
}

// src/loaders.ts settledLoader: a field that waits on a loader per row made graphql-js complete
// every row through promises; a page preloads what its items ask for, and their fields answer at once.
describe('a page of members, preloaded', () => {
  it('answers its facts at once after preloadMembers, and loads none that its items do not ask for', async () => {
    const org = await createOrg(app);
    await addMember(app, org.organizationId, 'read');
    const info = listInfo('{ members { edges { node { id teamsCount user { id } } } } }');
    const { actor } = await authenticateToken(app.prisma, org.admin.token, new Date(), 60_000);
    const ctx = { prisma: app.prisma, actor, loaderCache: new Map() } as unknown as Context;
    const rows = await app.prisma.member.findMany({ where: { organizationId: org.organizationId } });
    await preloadMembers(rows, ctx, info);
    const { result, statements } = await app.recordStatements(async () =>
      rows.map((m) => [teamCountsByMember(ctx).load(memberKeyOf(m)), organizationsSharedWithActor(ctx).load(m.userId)]),
    );
    expect(result).toEqual(rows.map(() => [0, [org.organizationId]]));
    expect(statements).toEqual([]);
    // Not asked for: not loaded, so its first read waits.
    const spaces = spaceCountsByOrganization(ctx).load(org.organizationId);
    expect(spaces).toBeInstanceOf(Promise);
    await spaces;
  });
});

describe('a page of teams, preloaded', () => {
  it("answers each team's check, permissions and spaces count at once, from the organization's list and from a member's", async () => {
    const org = await createOrg(app);
    const member = await addMember(app, org.organizationId, 'read');
    const teamIds: string[] = [];
    for (const title of ['Alpha', 'Beta']) {
      const created = await rest(app, org.admin.token).put(`/v1/orgs/${org.organizationId}/teams`, { title });
      expect(created.status).toBe(201);
      teamIds.push(created.body.id);
      expect(
        (await rest(app, org.admin.token).put(`/v1/orgs/${org.organizationId}/teams/${created.body.id}/members`, { add: [member.userId] }))
          .status,
      ).toBeLessThan(300);
    }
    const { actor } = await authenticateToken(app.prisma, member.token, new Date(), 60_000);
    const answersAtOnce = async (ctx: Context) => {
      const { result, statements } = await app.recordStatements(async () =>
        teamIds.map((id) => [teamSubject(ctx, { id, organizationId: org.organizationId }), teamSpaceCounts(ctx).load(id)]),
      );
      expect(result).toEqual(teamIds.map(() => [{ organizationId: org.organizationId, callerRole: 'member' }, 0]));
      expect(statements).toEqual([]);
    };

    const teams = await app.prisma.team.findMany({ where: { organizationId: org.organizationId } });
    const ofOrganization = { prisma: app.prisma, actor, loaderCache: new Map() } as unknown as Context;
    await preloadTeams(teams, ofOrganization, listInfo('{ teams { edges { node { id spacesCount permissions { view } } } } }'));
    await answersAtOnce(ofOrganization);

    const memberships = await app.prisma.teamMember.findMany({ where: { userId: member.userId } });
    const ofMember = { prisma: app.prisma, actor, loaderCache: new Map() } as unknown as Context;
    await preloadRelatedTeams('team', 'teamId')(memberships, ofMember, listInfo('{ teams { nodes { role team { id spacesCount } } } }'));
    await answersAtOnce(ofMember);

    // Items that do not ask for a team's spaces count do not load it.
    const without = { prisma: app.prisma, actor, loaderCache: new Map() } as unknown as Context;
    await preloadRelatedTeams('team', 'teamId')(memberships, without, listInfo('{ teams { nodes { role team { id } } } }'));
    const count = teamSpaceCounts(without).load(teamIds[0]!);
    expect(count).toBeInstanceOf(Promise);
    await count;
  });
});

describe('a page of sites, preloaded', () => {
  it('answers each site space count at once when its items ask for it, and loads none when they do not', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const siteIds: string[] = [];
    for (const title of ['Alpha', 'Beta'])
      siteIds.push((await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/sites`, { title, spaces: [space.id] })).body.id);
    const { actor } = await authenticateToken(app.prisma, org.admin.token, new Date(), 60_000);
    const sites = await app.prisma.site.findMany({ where: { organizationId: org.organizationId } });

    const asked = { prisma: app.prisma, actor, loaderCache: new Map() } as unknown as Context;
    await preloadSites(sites, asked, listInfo('{ sites { edges { node { id siteSpacesCount } } } }'));
    const { result, statements } = await app.recordStatements(async () => siteIds.map((id) => siteSpaceCounts(asked).load(id)));
    expect(result).toEqual([1, 1]);
    expect(statements).toEqual([]);

    const notAsked = { prisma: app.prisma, actor, loaderCache: new Map() } as unknown as Context;
    expect(preloadSites(sites, notAsked, listInfo('{ sites { nodes { id title } } }'))).toBeUndefined();
    const count = siteSpaceCounts(notAsked).load(siteIds[0]!);
    expect(count).toBeInstanceOf(Promise);
    expect(await count).toBe(1);
  });
});

// src/schema/syncGlobalIds.ts: a promise per node's id made graphql-js complete
// every row, its edge and the list through promises.
describe('node ids', () => {
  it('answer at once, not through a promise, for every type of node', () => {
    const nodeTypes = Object.values(schema.getTypeMap()).filter(
      (type) => isObjectType(type) && type.getInterfaces().some((i) => i.name === 'Node'),
    );
    expect(nodeTypes.length).toBeGreaterThan(10);
    // Organization runs its scopes per field (builder.ts), which needs a caller.
    for (const type of nodeTypes.filter((t) => t.name !== 'Organization')) {
      const resolve = isObjectType(type) ? type.getFields().id?.resolve : undefined;
      const id = resolve?.({ id: 'x_1' }, {}, {}, {} as GraphQLResolveInfo);
      expect(id instanceof Promise, type.name).toBe(false);
    }
    const space = schema.getType('Space');
    expect(isObjectType(space) && space.getFields().id!.resolve!({ id: 'spc_1' }, {}, {}, {} as GraphQLResolveInfo)).toBe('spc_1');
  });
});
