// Planned reads (src/schema/plan) answer exactly what the generic path answers.
// Two servers on one database: one plans the lists it can, the other never does
// (graphql.plannedReads: false). Generated selections over spaces, their
// organization and parent collections (with fields the planner does not cover,
// so the fallback is exercised too), with pages, cursors and totalCount, are sent
// to both by callers of every kind: admin, members, a guest, scoped tokens and
// another organization's admin. The answers must be equal, errors included.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { graphql, rest } from '../support/http.js';
import { addMember, createCollection, createOrg, createSpace, type OrgFixture } from '../support/factories.js';
import { tokenWithScopes } from '../support/tokens.js';
import { shareByLink } from '../support/content.js';
import { DAY } from '../../src/clock.js';
import { expectOpenApi } from '../support/openapi.js';
import { wholeAnswerOutcomes } from '../../src/schema/plan/execute.js';
import {
  always,
  callerDrawn,
  comparedServers,
  connectionOf,
  isPlannedStatement,
  organizationSelection,
  pageArgs,
  pageVariables,
  plannedRuns,
  rarely,
  seenBefore,
  someOf,
} from '../support/plannedReads.js';

const { planned, generic, answeredAlike, pageAnsweredAlike, restPagesAlike: restPagesAlikeFor } = comparedServers();
/** Pages through a REST list for each caller: alike, and the admin's pages planned. */
const restPagesAlike = (path: string, tokens: readonly string[]) => restPagesAlikeFor(path, tokens, org.admin.token);

let org: OrgFixture;
let callers: Record<string, string>;
let foreignCursor: string;
let collectionIds: string[];
/** Callers of the teams list: those of the spaces, and a token that may read members (hence teams). */
let teamCallers: Record<string, string>;
/** A cursor of another organization's members (a compound key). */
let foreignMemberCursor: string;
/** Ids a space lookup is asked for: every space of the organization (one deleted), another organization's, none. */
let lookupIds: string[];
/** Ids a collection lookup is asked for: the organization's (one hidden, one inside it), another organization's, none. */
let collectionLookupIds: string[];
/** The share key of one of the organization's spaces (opened by it for a caller of another organization). */
let shareKey: string;
/** Members whose teams are listed (Member.teams): in none, one, or three of them. */
let teamMemberIds: Record<string, string>;

beforeAll(async () => {
  org = await createOrg(planned);
  const other = await createOrg(planned);
  const [reader, editor, guest] = [
    await addMember(planned, org.organizationId, 'read'),
    await addMember(planned, org.organizationId, 'edit'),
    await addMember(planned, org.organizationId, 'guest'),
  ];
  const outer = await createCollection(planned, org);
  const inner = await createCollection(planned, org, { parent: outer.id });
  const hidden = await createCollection(planned, org);
  expect((await rest(planned, org.admin.token).patch(`/v1/collections/${hidden.id}`, { defaultLevel: null })).status).toBe(200);
  const hiddenChild = await createCollection(planned, org, { parent: hidden.id });
  collectionIds = [outer.id, inner.id, hidden.id];
  const spaces = [];
  for (const parent of [undefined, undefined, outer.id, inner.id, inner.id, hidden.id, hidden.id, hiddenChild.id])
    spaces.push(await createSpace(planned, org, parent ? { parent } : {}));
  const grant = (spaceId: string, userId: string) =>
    rest(planned, org.admin.token).post(`/v1/spaces/${spaceId}/permissions`, { role: 'read', users: [userId] });
  // A guest sees what is granted; a member sees a space of a hidden collection (its parent then reads as null).
  expect((await grant(spaces[3]!.id, guest.userId)).status).toBe(204);
  expect((await grant(spaces[5]!.id, reader.userId)).status).toBe(204);
  expect((await rest(planned, org.admin.token).delete(`/v1/spaces/${spaces[1]!.id}`)).status).toBe(205);
  const foreignSpace = await createSpace(planned, other);
  shareKey = await shareByLink(planned, spaces[7]!);
  lookupIds = [...spaces.map((s) => s.id), foreignSpace.id, 'no-such-space'];
  collectionLookupIds = [...collectionIds, hiddenChild.id, (await createCollection(planned, other)).id, 'no-such-collection'];
  const foreign = await graphql(planned, other.admin.token, `query($id: ID!) { organization(id: $id) { spaces { edges { cursor } } } }`, {
    id: other.organizationId,
  });
  foreignCursor = foreign.data.organization.spaces.edges[0].cursor;
  // Teams: one the reader owns, one with the guest in it, one empty; and one of the other organization.
  const team = async (fixture: OrgFixture, title: string, members: string[] = []) => {
    const created = await rest(planned, fixture.admin.token).put(`/v1/orgs/${fixture.organizationId}/teams`, { title, members });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };
  const owned = await team(org, 'Owned by the reader', [reader.userId, editor.userId]);
  const ownerRole = await rest(planned, org.admin.token).put(`/v1/orgs/${org.organizationId}/teams/${owned}/members/${reader.userId}`, {
    role: 'owner',
  });
  expect(ownerRole.status).toBeLessThan(300);
  await team(org, 'With the guest', [guest.userId]);
  await team(org, 'Empty');
  await team(org, 'Another empty one');
  await team(org, 'The editors', [editor.userId]);
  await team(org, 'The editors again', [editor.userId]);
  teamMemberIds = { admin: org.admin.userId, reader: reader.userId, editor: editor.userId, guest: guest.userId };
  await team(other, 'Elsewhere');
  const foreignMembers = await graphql(
    planned,
    other.admin.token,
    `query($id: ID!) { organization(id: $id) { members { edges { cursor } } } }`,
    {
      id: other.organizationId,
    },
  );
  foreignMemberCursor = foreignMembers.data.organization.members.edges[0].cursor;
  callers = {
    admin: org.admin.token,
    reader: reader.token,
    editor: editor.token,
    guest: guest.token,
    spacesOnly: (await tokenWithScopes(planned, org.admin.userId, ['space:read'])).token,
    organizationOnly: (await tokenWithScopes(planned, org.admin.userId, ['organization:read'])).token,
    spacesAndOrganization: (await tokenWithScopes(planned, reader.userId, ['space:read', 'organization:read'])).token,
    otherOrganization: other.admin.token,
  };
  teamCallers = {
    ...callers,
    membersReader: (await tokenWithScopes(planned, reader.userId, ['organization:read', 'organization:members:read'])).token,
  };
  // A caller's first request marks them seen (Member.lastSeenAt, written in the background): made
  // and settled here, so that no comparison of members reads it changing between the two servers.
  await seenBefore(planned, teamCallers);
});

// A member's user: columns, and the e-mail address and links its own resolvers answer (the
// address refused to some callers, an error both paths give).
const userSelection = someOf(
  ['id', 'displayName', 'photoURL', '__typename', 'name: displayName', 'email', 'urls { location }'].map(always),
);
const collectionSelection: fc.Arbitrary<string> = fc.letrec<{ collection: string }>((tie) => ({
  collection: someOf([
    always('id'),
    always('title'),
    always('parentId'),
    always('description'),
    always('createdAt'),
    always('__typename'),
    organizationSelection.map((s) => `organization { ${s} }`),
    fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      always('parentId'),
      tie('collection').map((s) => `parent { ${s} }`),
    ),
  ]),
})).collection;
const spaceSelection = someOf([
  always('id'),
  always('title'),
  always('visibility'),
  always('editMode'),
  always('createdAt'),
  always('deletedAt'),
  always('organizationId'),
  always('parentId'),
  always('revision'),
  always('__typename'),
  always('t: title'),
  organizationSelection.map((s) => `organization { ${s} }`),
  collectionSelection.map((s) => `parent { ${s} }`),
  // Fields computed by their own resolvers from the planned row.
  fc.constantFrom('emoji', 'mergeRules', 'defaultLevel', 'language', 'comments: openCommentsCount', 'changeRequestsCount'),
  fc.constantFrom('permissions { view edit admin }', 'urls { app published public icon }', 'shareKey'),
  // Fields the planner does not cover (links, an argument): the whole list takes the generic path.
  fc.constantFrom('links { totalCount }', 'embed(url: "https://example.com/a") { title }'),
]);
const connectionSelection = connectionOf(spaceSelection, 'SpaceConnection');
const collectionConnectionSelection = connectionOf(
  fc.oneof(collectionSelection, fc.constantFrom('id permissions { view }', 'id urls { app }', 'id defaultLevel')),
  'CollectionConnection',
);

/** The caller's cursors of the whole list (as the generic path gives them), for `after`/`before`. */
async function cursorsOf(token: string): Promise<string[]> {
  const res = await graphql(generic, token, `query($id: ID!) { organization(id: $id) { spaces(first: 100) { edges { cursor } } } }`, {
    id: org.organizationId,
  });
  return res.data?.organization?.spaces?.edges.map((e: { cursor: string }) => e.cursor) ?? [];
}

/** The statements the admin's REST list costs for pages of `limits` items (1 and 4); each page read by exactly one planned statement. */
async function restStatementCounts(path: string, limits = [1, 4]) {
  const counts = [];
  for (const limit of limits) {
    const { result, statements } = await planned.recordStatements(() => rest(planned, org.admin.token).get(`${path}?limit=${limit}`));
    expect(result.body.items).toHaveLength(limit);
    expect(statements.filter(isPlannedStatement)).toHaveLength(1);
    counts.push(statements.length);
  }
  return counts;
}

/** Callers of member and team lists: most may not read them (an error, from both paths), so those who may are drawn more often. */
const membersReaders = () => callerDrawn(teamCallers, ['admin', 'reader', 'editor', 'membersReader'], 3, 1);

describe('planned reads', () => {
  it('answer whole what they plan: wide selections and the REST reads, for members of every role, none run again', async () => {
    const before = wholeAnswerOutcomes();
    const spaceFields = `__typename id title emoji visibility createdAt updatedAt deletedAt editMode mergeRules language defaultLevel
      organizationId parentId revision comments: openCommentsCount changeRequestsCount openChangeRequestsCount draftChangeRequestsCount
      urls { location app published public icon } permissions { view access admin edit comment merge review } shareKey
      organization { __typename id title createdAt emailDomains } parent { id title parent { id title organization { id } } }`;
    const nested = `query($id: ID!, $first: Int) { organization(id: $id) { id spaces(first: $first) {
      __typename totalCount pageInfo { hasNextPage endCursor __typename } edges { cursor node { ${spaceFields} } } n: edges { node { id } } } } }`;
    const members = [callers.admin!, callers.reader!, callers.editor!];
    let reads = 0;
    for (const token of members) {
      for (const first of [2, 100]) {
        expect(await answeredAlike(token, nested, { id: org.organizationId, first })).toBe(true);
        reads += 1;
      }
      const lookup = `query($id: ID!) { space(id: $id) { ${spaceFields} } }`;
      expect(await answeredAlike(token, lookup, { id: lookupIds[0] })).toBe(true);
      reads += 1;
      for (const path of [
        `/v1/orgs/${org.organizationId}/spaces?limit=3`,
        `/v1/spaces/${lookupIds[0]}`,
        `/v1/orgs/${org.organizationId}/teams`,
        ...(token === callers.admin ? [`/v1/orgs/${org.organizationId}/members`] : []),
      ]) {
        const fromPlan = await rest(planned, token).get(path);
        const fromGeneric = await rest(generic, token).get(path);
        expect(fromPlan.status, path).toBe(200);
        expect(JSON.stringify(fromPlan.body), path).toBe(JSON.stringify(fromGeneric.body));
        reads += 1;
      }
    }
    const after = wholeAnswerOutcomes();
    expect(after.again - before.again).toBe(0);
    expect(after.whole - before.whole).toBe(reads);
  });

  it('answer as the generic path for generated selections, callers, pages and cursors', async () => {
    const cursors = new Map<string, string[]>();
    for (const [name, token] of Object.entries(callers)) cursors.set(name, await cursorsOf(token));
    const plannedAnswers = await plannedRuns(
      fc.tuple(fc.constantFrom(...Object.keys(callers)), connectionSelection, pageArgs),
      150,
      ([caller, selection, args]) => {
        const variables = pageVariables({ id: org.organizationId }, args, cursors.get(caller)!, foreignCursor);
        const query = `query($id: ID!, $first: Int, $last: Int, $after: String, $before: String) {
          organization(id: $id) { spaces(first: $first, last: $last, after: $after, before: $before) { ${selection} } }
        }`;
        return answeredAlike(callers[caller]!, query, variables);
      },
    );
    // The property holds for the planned path itself, not only for its fallback.
    expect(plannedAnswers).toBeGreaterThan(30);
  });

  it('answer a space lookup as the generic path, for every caller, id and share key', async () => {
    const plannedAnswers = await plannedRuns(
      fc.tuple(fc.constantFrom(...Object.keys(callers)), spaceSelection, fc.constantFrom(...lookupIds), fc.boolean()),
      150,
      ([caller, selection, id, keyed]) => {
        const query = `query($id: ID!, $key: String) { space(id: $id, shareKey: $key) { ${selection} } }`;
        return answeredAlike(callers[caller]!, query, { id, key: keyed ? shareKey : null });
      },
    );
    expect(plannedAnswers).toBeGreaterThan(30);
  });

  it('answer a collection lookup as the generic path, for every caller and id', async () => {
    const plannedAnswers = await plannedRuns(
      fc.tuple(fc.constantFrom(...Object.keys(callers)), collectionSelection, fc.constantFrom(...collectionLookupIds)),
      100,
      ([caller, selection, id]) => answeredAlike(callers[caller]!, `query($id: ID!) { collection(id: $id) { ${selection} } }`, { id }),
    );
    expect(plannedAnswers).toBeGreaterThan(20);
  });

  it('answers REST GET space from one planned statement after the token', async () => {
    const id = lookupIds[0]!;
    for (const [name, token] of Object.entries(callers)) {
      const fromPlan = await planned.recordStatements(() => rest(planned, token).get(`/v1/spaces/${id}`));
      const fromGeneric = await generic.recordStatements(() => rest(generic, token).get(`/v1/spaces/${id}`));
      expect({ name, status: fromPlan.result.status, body: fromPlan.result.body }).toEqual({
        name,
        status: fromGeneric.result.status,
        body: fromGeneric.result.body,
      });
      if (fromPlan.result.status === 200) expect(fromPlan.statements.filter(isPlannedStatement)).toHaveLength(1);
    }
  });

  it('answers a space past its retention as the generic path: not found', async () => {
    const deleted = lookupIds[1]!;
    const query = 'query($id: ID!) { space(id: $id) { id title deletedAt } }';
    for (const app of [planned, generic]) app.clock.advance(8 * DAY);
    try {
      await answeredAlike(callers.admin!, query, { id: deleted });
      const res = await graphql(planned, callers.admin!, query, { id: deleted });
      expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    } finally {
      for (const app of [planned, generic]) app.clock.advance(-8 * DAY);
    }
    // Within its retention the same space answers (deleted) from the plan.
    expect(await answeredAlike(callers.admin!, query, { id: deleted })).toBe(true);
  });

  it('answer as the generic path for the other planned lists: collections of an organization, spaces and collections of a collection', async () => {
    const page = '(first: $first, last: $last, after: $after, before: $before)';
    type List = { path: [string, string]; id: () => string; root: (selection: string) => string; selection: string };
    const lists: fc.Arbitrary<List> = fc.oneof(
      fc.tuple(fc.boolean(), collectionConnectionSelection).map(([nested, selection]) => ({
        path: ['organization', 'collections'] as [string, string],
        id: () => org.organizationId,
        root: (sel: string) =>
          `organization(id: $id) { collections(nested: ${nested}, first: $first, last: $last, after: $after, before: $before) { ${sel} } }`,
        selection,
      })),
      fc.tuple(fc.nat(2), connectionSelection).map(([c, selection]) => ({
        path: ['collection', 'spaces'] as [string, string],
        id: () => collectionIds[c]!,
        root: (sel: string) => `collection(id: $id) { spaces${page} { ${sel} } }`,
        selection,
      })),
      fc.tuple(fc.nat(2), collectionConnectionSelection).map(([c, selection]) => ({
        path: ['collection', 'collections'] as [string, string],
        id: () => collectionIds[c]!,
        root: (sel: string) => `collection(id: $id) { collections${page} { ${sel} } }`,
        selection,
      })),
    );
    const operation = (root: string) => `query($id: ID!, $first: Int, $last: Int, $after: String, $before: String) { ${root} }`;
    const plannedAnswers = await plannedRuns(
      fc.tuple(fc.constantFrom(...Object.keys(callers)), lists, pageArgs),
      150,
      ([caller, list, args]) => {
        const edges = (data: any) => data?.[list.path[0]]?.[list.path[1]]?.edges;
        const listOperation = (sel: string) => operation(list.root(sel));
        return pageAnsweredAlike(callers[caller]!, listOperation, list.selection, { id: list.id() }, args, edges, foreignCursor);
      },
    );
    expect(plannedAnswers).toBeGreaterThan(20);
  });

  it('answer as the generic path for the teams of an organization (a list that preloads)', async () => {
    const teamSelection = someOf([
      ...['id', 'title', 'organizationId', 'createdAt', '__typename', 'membersCount', 't: title', 'n: membersCount'].map(always),
      // Computed from the row and the loaders the list's preload fills; or a nested list the
      // planner does not cover (the whole list then takes the generic path).
      fc.constantFrom('spacesCount', 'permissions { admin view }', 'permissions { view }', 'members { totalCount }'),
    ]);
    const selection = connectionOf(teamSelection, 'TeamConnection');
    const operation = (sel: string) =>
      `query($id: ID!, $first: Int, $last: Int, $after: String, $before: String, $title: String) {
        organization(id: $id) { teams(first: $first, last: $last, after: $after, before: $before, title: $title) { ${sel} } } }`;
    const plannedAnswers = await plannedRuns(
      fc.tuple(
        membersReaders(),
        selection,
        pageArgs,
        // A title filter (case-insensitive text, its wildcards searched for literally), now and then.
        rarely(fc.constantFrom('empty', 'GUEST', '%', 'the_e', 'Emp%')),
      ),
      150,
      ([caller, sel, args, title]) => {
        const edges = (data: any) => data?.organization?.teams?.edges;
        return pageAnsweredAlike(teamCallers[caller]!, operation, sel, { id: org.organizationId, title }, args, edges, foreignCursor);
      },
    );
    expect(plannedAnswers).toBeGreaterThan(20);
  });

  it('answer as the generic path for the members of an organization (a compound key, a list that preloads)', async () => {
    const memberSelection = someOf([
      ...['id', 'role', 'disabled', 'sso', 'joinedAt', 'lastSeenAt', '__typename', 'r: role'].map(always),
      organizationSelection.map((s) => `organization { ${s} }`),
      userSelection.map((s) => `user { ${s} }`),
      // Computed from the row and the loaders the list's preload fills; or a nested list the planner does not cover.
      fc.constantFrom('spacesCount', 'teamsCount', 'sitesCount', 'spacesCount teamsCount sitesCount', 'teams { totalCount }'),
    ]);
    const selection = connectionOf(memberSelection, 'MemberConnection');
    const operation = (sel: string) =>
      `query($id: ID!, $first: Int, $last: Int, $after: String, $before: String, $sort: MemberSort, $order: Order, $role: MemberRoleFilter, $search: String) {
        organization(id: $id) { members(first: $first, last: $last, after: $after, before: $before, sort: $sort, order: $order, role: $role, search: $search) { ${sel} } } }`;
    const filters = fc.record({
      sort: fc.option(fc.constantFrom('JOINED_AT', 'LAST_SEEN_AT', 'NAME'), { nil: undefined }),
      order: fc.option(fc.constantFrom('ASC', 'DESC'), { nil: undefined }),
      role: rarely(fc.constantFrom('ADMIN', 'READ', 'GUEST')),
      search: rarely(fc.constantFrom('a', 'nobody', 'A', '%', '_', '@'), 5),
    });
    /** Planned answers that read a user (the join and its type's check). */
    let plannedWithRelation = 0;
    const plannedAnswers = await plannedRuns(
      fc.tuple(membersReaders(), selection, pageArgs, filters),
      200,
      async ([caller, sel, args, filter]) => {
        const base = { id: org.organizationId, ...filter };
        const edges = (data: any) => data?.organization?.members?.edges;
        const fromPlan = await pageAnsweredAlike(teamCallers[caller]!, operation, sel, base, args, edges, foreignMemberCursor);
        if (fromPlan && sel.includes('user {')) plannedWithRelation++;
        return fromPlan;
      },
    );
    expect(plannedAnswers).toBeGreaterThan(20);
    expect(plannedWithRelation).toBeGreaterThan(5);
  });

  it("answer as the generic path for a member's teams (memberships with their team, a list that preloads)", async () => {
    const teamSelection = someOf(
      ['id', 'title', 'createdAt', '__typename', 'membersCount', 'spacesCount', 'permissions { admin view }'].map(always),
    );
    const membershipSelection = someOf([
      ...['role', '__typename', 'r: role', 'permissions { view }'].map(always),
      teamSelection.map((s) => `team { ${s} }`),
      // Its member, joined by a compound key (organization and user); a count only a members list preloads.
      fc.constantFrom('member { id role }', 'member { id user { id displayName } }', 'member { teamsCount }'),
    ]);
    const selection = connectionOf(membershipSelection, 'TeamMemberConnection');
    const operation = (sel: string) =>
      `query($id: ID!, $userId: ID!, $first: Int, $last: Int, $after: String, $before: String, $title: String) {
        organization(id: $id) { member(userId: $userId) { teams(first: $first, last: $last, after: $after, before: $before, title: $title) { ${sel} } } } }`;
    /** Planned answers that read a team (the join and its type's check), and a member (a join by a compound key). */
    let plannedWithRelation = 0;
    let plannedWithMember = 0;
    const plannedAnswers = await plannedRuns(
      fc.tuple(
        membersReaders(),
        fc.constantFrom(...Object.keys(teamMemberIds)),
        selection,
        pageArgs,
        // A title filter on the team (a relation's row, case-insensitive text), now and then.
        rarely(fc.constantFrom('editors', 'GUEST', '%', 'the_e')),
      ),
      200,
      async ([caller, member, sel, args, title]) => {
        const base = { id: org.organizationId, userId: teamMemberIds[member], title };
        const edges = (data: any) => data?.organization?.member?.teams?.edges;
        const fromPlan = await pageAnsweredAlike(teamCallers[caller]!, operation, sel, base, args, edges, foreignMemberCursor);
        if (fromPlan && sel.includes('team {')) plannedWithRelation++;
        if (fromPlan && sel.includes('member {')) plannedWithMember++;
        return fromPlan;
      },
    );
    expect(plannedAnswers).toBeGreaterThan(20);
    expect(plannedWithRelation).toBeGreaterThan(5);
    expect(plannedWithMember).toBeGreaterThan(3);
  });

  it("answers the REST list of a member's teams as the generic path, in statements that do not grow with the page", async () => {
    const path = `/v1/orgs/${org.organizationId}/members/${teamMemberIds.editor}/teams`;
    await restPagesAlike(path, Object.values(teamCallers));
    // The token check, the organization, the member, the page with its count, teams and their members
    // counts, then the list's preload: the caller's roles in the teams and their spaces counts (the generic path: 7).
    expect(await restStatementCounts(path, [1, 3])).toEqual([6, 6]);
  });

  it('answers a page of members with their counts in statements that do not grow with the page', async () => {
    const query = `query($id: ID!, $first: Int) { organization(id: $id) { members(first: $first) { totalCount
      edges { cursor node { id role spacesCount teamsCount sitesCount organization { id title } } } } } }`;
    const counts: Record<string, number[]> = { planned: [], generic: [] };
    for (const first of [1, 4])
      for (const [name, app] of [
        ['planned', planned],
        ['generic', generic],
      ] as const) {
        const { result, statements } = await app.recordStatements(() =>
          graphql(app, org.admin.token, query, { id: org.organizationId, first }),
        );
        expect(result.data.organization.members.edges).toHaveLength(first);
        if (name === 'planned') expect(statements.some(isPlannedStatement)).toBe(true);
        counts[name]!.push(statements.length);
      }
    // The token check, the organization, the page with its count and organizations, then the list's
    // preload: space counts, the members' grants, team counts, site counts (the generic path: 8).
    expect(counts).toEqual({ planned: [7, 7], generic: [8, 8] });
  });

  it('answers the REST list of teams as the generic path, page after page, in statements that do not grow with the page', async () => {
    const path = `/v1/orgs/${org.organizationId}/teams`;
    await restPagesAlike(path, Object.values(teamCallers));
    // The token check, the organization, the page with its count and members' counts, then the
    // list's preload: the caller's roles in the teams and their spaces counts (the generic path: 6).
    expect(await restStatementCounts(path)).toEqual([5, 5]);
  });

  it('answers the REST list of members (RestMember, its user included) as the generic path, in statements that do not grow with the page', async () => {
    const path = `/v1/orgs/${org.organizationId}/members`;
    await restPagesAlike(path, Object.values(teamCallers));
    // Orders and filters the planner translates: planned too, and answered alike.
    await restPagesAlike(`${path}?sort=joinedAt&order=asc`, [org.admin.token]);
    await restPagesAlike(`${path}?role=read`, [org.admin.token]);
    await restPagesAlike(`${path}?search=A`, [org.admin.token]);
    // The token check, the organization, the page with its count, users and organizations, then the
    // list's preload: space counts, the members' grants, team counts, site counts and the organizations
    // each user shares with the caller (the generic path: 9).
    expect(await restStatementCounts(path)).toEqual([8, 8]);
  });

  it('answers the nested query in one statement after the organization, whatever the page size', async () => {
    const query = `query($id: ID!, $first: Int) { organization(id: $id) { id title
      spaces(first: $first) { totalCount pageInfo { hasNextPage endCursor }
        edges { node { id title organization { id title } parent { id title parent { id title } } } } } } }`;
    for (const first of [1, 5]) {
      const { result, statements } = await planned.recordStatements(() =>
        graphql(planned, org.admin.token, query, { id: org.organizationId, first }),
      );
      expect(result.errors).toBeUndefined();
      expect(result.data.organization.spaces.edges).toHaveLength(first);
      // The token check, the organization, the page with its relations, count and all.
      expect(statements).toHaveLength(3);
      expect(isPlannedStatement(statements[2]!)).toBe(true);
    }
  });

  it('answers the REST list of spaces as the generic path, page after page, for every caller', async () => {
    await restPagesAlike(`/v1/orgs/${org.organizationId}/spaces`, Object.values(callers));
  });

  it('the generic path keeps its own statements, the same for every page size', async () => {
    const query = `query($id: ID!, $first: Int) { organization(id: $id) { spaces(first: $first) { totalCount
      edges { node { id title organization { id title } parent { id title parent { id title } } } } } } }`;
    const counts = [];
    for (const first of [1, 5]) {
      const { statements } = await generic.recordStatements(() =>
        graphql(generic, org.admin.token, query, { id: org.organizationId, first }),
      );
      counts.push(statements.length);
    }
    // The token check, the organization, the page with its relations, the count.
    expect(counts).toEqual([4, 4]);
  });

  it('is not used with plannedReads off', async () => {
    const { statements } = await generic.recordStatements(() =>
      graphql(generic, org.admin.token, `query($id: ID!) { organization(id: $id) { spaces { edges { node { id } } } } }`, {
        id: org.organizationId,
      }),
    );
    expect(statements.some(isPlannedStatement)).toBe(false);
  });
});

describe('planned reads of change requests', () => {
  let crOrg: OrgFixture;
  let spaceId: string;
  let crCallers: Record<string, string>;
  /** A cursor of another organization's change requests. */
  let foreignChangeRequestCursor: string;
  let editorId: string;

  const crPath = (space: string, cr?: string) => `/v1/spaces/${space}/change-requests${cr ? `/${cr}` : ''}`;

  beforeAll(async () => {
    crOrg = await createOrg(planned);
    const other = await createOrg(planned);
    const [reader, editor, guest, leaver] = [
      await addMember(planned, crOrg.organizationId, 'read'),
      await addMember(planned, crOrg.organizationId, 'edit'),
      await addMember(planned, crOrg.organizationId, 'guest'),
      await addMember(planned, crOrg.organizationId, 'edit'),
    ];
    editorId = editor.userId;
    spaceId = (await createSpace(planned, crOrg)).id;
    const admin = rest(planned, crOrg.admin.token);
    expect((await admin.post(`/v1/spaces/${spaceId}/permissions`, { role: 'read', users: [guest.userId] })).status).toBe(204);
    const open = async (token: string, subject: string, status?: string) => {
      const created = await rest(planned, token).post(crPath(spaceId), { subject });
      expect(created.status).toBe(201);
      if (status) expect((await rest(planned, token).patch(crPath(spaceId, created.body.id), { status })).status).toBe(200);
      return created.body.id as string;
    };
    // Open ones by the admin and the editor (one with a description, one with a comment), drafts,
    // an archived one, one merged (by the admin: the others are then outdated).
    const described = await open(crOrg.admin.token, 'Described', 'open');
    const description = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [] }] };
    expect((await admin.patch(crPath(spaceId, described), { description })).status).toBe(200);
    const commented = await open(editor.token, 'Commented', 'open');
    const comment = await admin.post(`${crPath(spaceId, commented)}/comments`, { body: { markdown: 'A remark' } });
    expect(comment.status).toBe(200);
    for (const subject of ['Second', 'Third']) await open(editor.token, subject, 'open');
    await open(crOrg.admin.token, 'Fourth', 'open');
    await open(editor.token, 'A draft');
    await open(crOrg.admin.token, 'Another draft');
    await open(crOrg.admin.token, 'Archived', 'archived');
    const merged = await open(editor.token, 'Merged', 'open');
    expect((await admin.post(`${crPath(spaceId, merged)}/merge`)).status).toBe(200);
    // Change requests of a space the guest was not granted, and of a deleted space (the organization's list leaves them out).
    const ungranted = (await createSpace(planned, crOrg)).id;
    expect((await admin.post(crPath(ungranted), { subject: 'Not for the guest' })).status).toBe(201);
    const deleted = (await createSpace(planned, crOrg)).id;
    expect((await admin.post(crPath(deleted), { subject: 'In a deleted space' })).status).toBe(201);
    expect((await admin.delete(`/v1/spaces/${deleted}`)).status).toBe(205);
    // An author who left: no caller may see them, so a list showing their name is an error on both paths.
    await open(leaver.token, 'By someone who left', 'archived');
    expect((await admin.delete(`/v1/orgs/${crOrg.organizationId}/members/${leaver.userId}`)).status).toBe(205);
    const otherSpace = await createSpace(planned, other);
    expect((await rest(planned, other.admin.token).post(crPath(otherSpace.id), { subject: 'Elsewhere' })).status).toBe(201);
    const foreign = await graphql(
      planned,
      other.admin.token,
      `query($id: ID!) { space(id: $id) { changeRequests(status: DRAFT) { edges { cursor } } } }`,
      { id: otherSpace.id },
    );
    foreignChangeRequestCursor = foreign.data.space.changeRequests.edges[0].cursor;
    crCallers = {
      admin: crOrg.admin.token,
      reader: reader.token,
      editor: editor.token,
      guest: guest.token,
      spacesOnly: (await tokenWithScopes(planned, crOrg.admin.userId, ['space:read'])).token,
      organizationOnly: (await tokenWithScopes(planned, crOrg.admin.userId, ['organization:read'])).token,
      otherOrganization: other.admin.token,
    };
  });

  const userSelection = someOf([
    ...['id', 'displayName', 'photoURL', '__typename', 'urls { location }', 'name: displayName'].map(always),
    // Computed from the row (and the caller's scopes).
    always('email'),
  ]);
  const changeRequestSelection = someOf([
    ...[
      'id',
      'number',
      'status',
      'subject',
      'description',
      'agentTaskId',
      'createdAt',
      'updatedAt',
      'mergedAt',
      'spaceId',
      'revision',
      'revisionInitial',
      'revisionMergedAncestor',
      'revisionMerged',
      'conversationsIssuesCluster',
      '__typename',
      'n: number',
    ].map(always),
    userSelection.map((s) => `createdBy { ${s} }`),
    userSelection.map((s) => `mergedBy { ${s} }`),
    fc.constantFrom('space { id title }', 'space { id organization { id } }'),
    // Computed from the row, its space and the loaders the list's preload fills.
    fc.constantFrom('outdated', 'comments: openCommentsCount', 'urls { app location }', 'permissions { view update merge }'),
    // Now and then, fields the planner does not cover (a nested list, a field with arguments): the generic path answers.
    fc.oneof(
      { arbitrary: always('id'), weight: 2 },
      { arbitrary: fc.constantFrom('contributors { totalCount }', 'content(metadata: false) { id }'), weight: 1 },
    ),
  ]);
  const filters = fc.record({
    status: fc.constantFrom(undefined, 'DRAFT', 'OPEN', 'ARCHIVED', 'MERGED'),
    creator: rarely(fc.constant('editor'), 4),
    // Filters on a relation's rows (`some` of its revisions, of its reviewers), translated to an EXISTS.
    contributor: rarely(fc.constant('editor'), 6),
    requestedReviewer: rarely(fc.constant('editor'), 6),
  });
  /** The two lists: a space's, and an organization's (the spaces the caller may see). */
  const lists = {
    space: { root: 'space', id: () => spaceId, rest: () => crPath(spaceId) },
    organization: { root: 'organization', id: () => crOrg.organizationId, rest: () => `/v1/orgs/${crOrg.organizationId}/change-requests` },
  };
  type ListName = keyof typeof lists;
  const operation = (list: ListName, sel: string) =>
    `query($id: ID!, $first: Int, $last: Int, $after: String, $before: String, $status: ChangeRequestStatus, $creator: ID,
      $contributor: ID, $requestedReviewer: ID) {
      ${lists[list].root}(id: $id) { changeRequests(first: $first, last: $last, after: $after, before: $before, status: $status,
        creator: $creator, contributor: $contributor, requestedReviewer: $requestedReviewer) { ${sel} } } }`;

  it('leave a page showing an author no caller may see to the generic path, which answers the error', async () => {
    for (const list of Object.keys(lists) as ListName[])
      for (const token of [crCallers.admin!, crCallers.reader!, crCallers.guest!]) {
        const query = operation(list, 'edges { node { subject createdBy { id displayName } } }');
        const variables = { id: lists[list].id(), status: 'ARCHIVED' };
        const { result, statements } = await planned.recordStatements(() => graphql(planned, token, query, variables));
        expect(statements.some(isPlannedStatement)).toBe(true);
        expect(result).toEqual(await graphql(generic, token, query, variables));
        expect(result.errors?.[0]).toMatchObject({ path: [lists[list].root, 'changeRequests', 'edges', 0, 'node', 'createdBy'] });
      }
  });

  it('answer as the generic path for the change requests of a space and of an organization (a list that preloads, its space in the subject)', async () => {
    const plannedAnswers = await plannedRuns(
      fc.tuple(
        callerDrawn(crCallers, ['admin', 'reader', 'editor', 'guest'], 3, 1),
        fc.constantFrom(...(Object.keys(lists) as ListName[])),
        connectionOf(changeRequestSelection, 'ChangeRequestConnection'),
        pageArgs,
        filters,
      ),
      200,
      ([caller, list, sel, args, filter]) => {
        const users = Object.fromEntries(Object.entries(filter).map(([name, value]) => [name, value === 'editor' ? editorId : value]));
        const base = { id: lists[list].id(), ...users };
        const edges = (data: any) => data?.[list]?.changeRequests?.edges;
        const listOperation = (selection: string) => operation(list, selection);
        return pageAnsweredAlike(crCallers[caller]!, listOperation, sel, base, args, edges, foreignChangeRequestCursor);
      },
    );
    expect(plannedAnswers).toBeGreaterThan(30);
  });

  it('answers the REST lists of change requests as the generic path, page after page, for every caller', async () => {
    const answeredByPlan: Record<string, string[]> = { space: [], organization: [] };
    for (const list of Object.keys(lists) as ListName[])
      for (const [name, token] of Object.entries(crCallers))
        for (const status of ['open', 'draft', 'merged']) {
          let page: string | undefined;
          for (let i = 0; i < 4; i++) {
            const path = `${lists[list].rest()}?status=${status}&limit=2${page ? `&page=${encodeURIComponent(page)}` : ''}`;
            const { result: fromPlan, statements } = await planned.recordStatements(() => rest(planned, token).get(path));
            const fromGeneric = await rest(generic, token).get(path);
            expect({ status: fromPlan.status, body: fromPlan.body }).toEqual({ status: fromGeneric.status, body: fromGeneric.body });
            // Every caller who may list them is answered by the plan: its one statement, and no generic read after it
            // (the token check, the parent, the plan, the preload's open comments and authors).
            if (fromPlan.status === 200) {
              expect(statements.filter(isPlannedStatement)).toHaveLength(1);
              expect(statements.length).toBeLessThanOrEqual(5);
              if (!answeredByPlan[list]!.includes(name)) answeredByPlan[list]!.push(name);
            }
            page = fromPlan.body?.next?.page;
            if (!page) break;
          }
        }
    const mayRead = ['admin', 'reader', 'editor', 'guest', 'spacesOnly'];
    expect(answeredByPlan).toEqual({ space: mayRead, organization: mayRead });
  });

  it('answers the REST lists of change requests whole, in one planned statement, whatever the page size', async () => {
    for (const [list, spec] of [
      ['space', '/spaces/{spaceId}/change-requests'],
      ['organization', '/orgs/{organizationId}/change-requests'],
    ] as const) {
      const counts = [];
      for (const limit of [1, 5]) {
        const before = wholeAnswerOutcomes();
        const { result, statements } = await planned.recordStatements(() =>
          rest(planned, crOrg.admin.token).get(`${lists[list].rest()}?limit=${limit}`),
        );
        const after = wholeAnswerOutcomes();
        expectOpenApi(result, 'get', spec, 200);
        expect(result.body.items).toHaveLength(limit);
        expect(statements.filter(isPlannedStatement)).toHaveLength(1);
        // The space's list hangs from space(id), left to its resolver: the list beneath it is answered whole.
        expect({ list, whole: after.whole - before.whole, again: after.again - before.again }).toEqual({ list, whole: 1, again: 0 });
        counts.push(statements.length);
      }
      const { statements } = await generic.recordStatements(() => rest(generic, crOrg.admin.token).get(`${lists[list].rest()}?limit=5`));
      // The token check, the space or organization, the page with its authors, space and count, then
      // the list's preload: open comments and the authors' organizations shared with the caller.
      expect({ list, planned: counts, generic: statements.length }).toEqual({ list, planned: [5, 5], generic: 6 });
    }
  });
});

describe("planned reads of a site space's space", () => {
  /** A public site of two sections (spaces seen by all, one kept from the reader, one deleted once published) and a share-link site of root site spaces. */
  let publicSite: string;
  let shareLinkSite: string;
  let siteKey: string;
  let siteCallers: Record<string, string>;

  beforeAll(async () => {
    const admin = rest(planned, org.admin.token);
    const hidden = await createCollection(planned, org);
    expect((await admin.patch(`/v1/collections/${hidden.id}`, { defaultLevel: null })).status).toBe(200);
    const [seen, kept, deleted, other] = [
      await createSpace(planned, org),
      await createSpace(planned, org, { parent: hidden.id }),
      await createSpace(planned, org),
      await createSpace(planned, org),
    ];
    const sites = `/v1/orgs/${org.organizationId}/sites`;
    publicSite = (await admin.post(sites, { title: 'Sections' })).body.id;
    const first = (await admin.post(`${sites}/${publicSite}/sections`, { spaceId: seen.id })).body.id;
    for (const space of [kept, deleted])
      expect((await admin.post(`${sites}/${publicSite}/site-spaces`, { spaceId: space.id, sectionId: first })).status).toBe(201);
    expect((await admin.post(`${sites}/${publicSite}/sections`, { spaceId: other.id })).status).toBe(201);
    expect((await admin.post(`${sites}/${publicSite}/publish`)).status).toBe(200);
    expect((await admin.delete(`/v1/spaces/${deleted.id}`)).status).toBe(205);
    shareLinkSite = (await admin.post(sites, { title: 'Shared', visibility: 'share-link', spaces: [seen.id, kept.id] })).body.id;
    expect((await admin.post(`${sites}/${shareLinkSite}/publish`)).status).toBe(200);
    const { id } = (await admin.post(`${sites}/${shareLinkSite}/share-links`, { name: 'Partners' })).body;
    siteKey = (await planned.prisma.shareLink.findUniqueOrThrow({ where: { id } })).key;
    const lookup = await rest(planned, '').post('/v1/urls/published', {
      url: `http://quire.test/published/sites/${publicSite}/`,
      redirectOnError: false,
    });
    expect(lookup.status).toBe(200);
    siteCallers = {
      ...callers,
      visitor: lookup.body.apiToken,
      siteReader: (await tokenWithScopes(planned, org.admin.userId, ['site:read'])).token,
      siteAndSpaces: (await tokenWithScopes(planned, org.admin.userId, ['site:read', 'space:read'])).token,
    };
  });

  /**
   * Items refused alike (a token without space:read asking for their spaces) race to null the list:
   * which items' errors are reported before it is nulled depends on when each settles, on either
   * server. Compared as the set of errors without the items' indices in their paths.
   */
  const withoutItemIndices = (result: any) => ({
    ...result,
    errors:
      result.errors &&
      [
        ...new Set(
          result.errors.map((e: any) =>
            JSON.stringify({ ...e, locations: undefined, path: e.path?.map((p: unknown) => (typeof p === 'number' ? '#' : p)) }),
          ),
        ),
      ].sort(),
  });

  const siteSpaceSelection = spaceSelection.chain((space) =>
    someOf([always('id'), always('path'), always('title'), always('default'), always('urls { published }')]).map(
      (fields) => `${fields} space { ${space} }`,
    ),
  );

  it('answer as the generic path: the published structure and a site’s site spaces, for every caller, site and key', async () => {
    const structure = `query($id: ID!, $org: ID, $key: String, $sel: Boolean!) {
      publishedSite(id: $id, organizationId: $org, shareKey: $key) @include(if: $sel) { structure { type structure { __typename
        ... on SiteSection { id siteSpaces { SELECTION } } ... on SiteSpace { SELECTION } } } } }`;
    const listed = `query($id: ID!, $key: String) { site(id: $id) { siteSpaces(first: 100, shareKey: $key) { edges { node { SELECTION } } } } }`;
    const plannedAnswers = await plannedRuns(
      fc.tuple(
        fc.constantFrom(...Object.keys(siteCallers)),
        siteSpaceSelection,
        fc.constantFrom('public', 'shared'),
        fc.boolean(),
        fc.boolean(),
      ),
      120,
      ([caller, selection, which, keyed, asStructure]) => {
        const id = which === 'public' ? publicSite : shareLinkSite;
        const key = keyed ? siteKey : null;
        const query = (asStructure ? structure : listed).replaceAll('SELECTION', selection);
        const variables = asStructure ? { id, org: org.organizationId, key, sel: true } : { id, key };
        return answeredAlike(siteCallers[caller]!, query, variables, withoutItemIndices);
      },
    );
    expect(plannedAnswers).toBeGreaterThan(15);
  });

  it('answer the REST published site whole, as the generic path, for every caller', async () => {
    let answeredWhole = 0;
    for (const [name, token] of Object.entries(siteCallers)) {
      for (const [site, key] of [
        [publicSite, null],
        [shareLinkSite, siteKey],
      ] as const) {
        const path = `/v1/orgs/${org.organizationId}/sites/${site}/published${key ? `?shareKey=${key}` : ''}`;
        const before = wholeAnswerOutcomes();
        const { result: fromPlan, statements } = await planned.recordStatements(() => rest(planned, token).get(path));
        const after = wholeAnswerOutcomes();
        const fromGeneric = await rest(generic, token).get(path);
        expect({ status: fromPlan.status, body: fromPlan.body }, `${name} ${path}`).toEqual({
          status: fromGeneric.status,
          body: fromGeneric.body,
        });
        if (fromPlan.status !== 200) continue;
        expect(JSON.stringify(fromPlan.body)).toBe(JSON.stringify(fromGeneric.body));
        if (!['admin', 'reader', 'editor', 'visitor'].includes(name) || site !== publicSite) continue;
        // Members and the site's visitor get the site spaces of its sections, with their spaces, without
        // running the query twice: one planned statement for every section's (SiteSection.siteSpaces),
        // whatever the size (test/sites/sites-graph.test.ts).
        expect([after.whole - before.whole, after.again - before.again], `${name} ${path}`).toEqual([1, 0]);
        const reads = statements.filter(isPlannedStatement);
        expect(reads, `${name} ${path}`).toHaveLength(1);
        expect(reads[0], `${name} ${path}`).toContain('FROM "SiteSpace" t0');
        answeredWhole += 1;
      }
    }
    expect(answeredWhole).toBe(4);
  });
});
