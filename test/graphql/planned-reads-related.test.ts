// Planned reads (src/schema/plan) of a related connection beneath planned objects: a team's
// members, under an organization's teams (every team's page in one statement) and under one
// team looked up by id (the REST routes of a team and of its members). Each answers exactly as
// the generic path, for callers of every kind, pages and cursors (a team's own, another team's,
// another organization's, garbage).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { graphql, rest } from '../support/http.js';
import { addMember, createOrg, orgWithMembers, type OrgFixture } from '../support/factories.js';
import { tokenWithScopes } from '../support/tokens.js';
import { expectOpenApi } from '../support/openapi.js';
import {
  always,
  callerDrawn,
  comparedServers,
  connectionOf,
  isPlannedStatement,
  pageArgs,
  pageVariables,
  plannedRuns,
  seenBefore,
  someOf,
} from '../support/plannedReads.js';

const { planned, generic, answeredAlike, restPagesAlike } = comparedServers();

describe("planned reads of a team's members", () => {
  let org: OrgFixture;
  let callers: Record<string, string>;
  /** The teams by title: Writers (five members, an owner among them, a guest), Readers (two), Empty. */
  let teams: Record<'Writers' | 'Readers' | 'Empty', string>;
  let foreignCursor: string;
  /** A member of Writers and of Readers. */
  let memberInTwoTeams: string;

  beforeAll(async () => {
    const { org: created, members } = await orgWithMembers(planned, {
      reader: 'read',
      editor: 'edit',
      creator: 'create',
      commenter: 'comment',
      guest: 'guest',
    });
    org = created;
    const orgId = org.organizationId;
    const admin = rest(planned, org.admin.token);
    const team = async (title: string, userIds: string[]) => {
      const res = await admin.put(`/v1/orgs/${orgId}/teams`, { title, members: userIds });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    const { reader, editor, creator, commenter, guest } = members;
    teams = {
      Writers: await team('Writers', [editor.userId, creator.userId, commenter.userId, guest.userId, org.admin.userId]),
      Readers: await team('Readers', [reader.userId, commenter.userId]),
      Empty: await team('Empty', []),
    };
    memberInTwoTeams = commenter.userId;
    // An owner who is not an admin: they manage the team's members.
    const owner = await admin.put(`/v1/orgs/${orgId}/teams/${teams.Writers}/members/${editor.userId}`, { role: 'owner' });
    expect(owner.status).toBe(204);
    const other = await createOrg(planned);
    const stranger = await addMember(planned, other.organizationId, 'read');
    const otherTeam = await rest(planned, other.admin.token).put(`/v1/orgs/${other.organizationId}/teams`, {
      title: 'Elsewhere',
      members: [stranger.userId],
    });
    const foreign = await graphql(
      planned,
      other.admin.token,
      `query($o: ID!, $t: ID!) { organization(id: $o) { team(id: $t) { members { edges { cursor } } } } }`,
      { o: other.organizationId, t: otherTeam.body.id },
    );
    foreignCursor = foreign.data.organization.team.members.edges[0].cursor;
    callers = {
      admin: org.admin.token,
      owner: editor.token,
      reader: reader.token,
      commenter: commenter.token,
      guest: guest.token,
      membersReader: (await tokenWithScopes(planned, org.admin.userId, ['organization:members:read'])).token,
      spacesOnly: (await tokenWithScopes(planned, org.admin.userId, ['space:read'])).token,
      otherOrganization: other.admin.token,
    };
    await seenBefore(planned, callers);
  });

  const membershipSelection = someOf([
    ...['role', '__typename', 'r: role'].map(always),
    fc.constantFrom('member { id role }', 'member { id user { id displayName email } }', 'member { teamsCount spacesCount sitesCount }'),
    fc.constantFrom('team { id title }', 'team { membersCount permissions { view admin } }'),
    always('permissions { view }'),
  ]);
  const teamSelection = someOf([
    ...['id', 'title', 'createdAt', 'membersCount', '__typename'].map(always),
    fc.constantFrom('spacesCount', 'permissions { admin view }'),
  ]);
  const membersArgs = '(first: $first, last: $last, after: $after, before: $before)';
  const variablesDeclared = '$first: Int, $last: Int, $after: String, $before: String';

  /** A team's member cursors, as the generic path gives them to an admin. */
  const cursorsOf = async (teamId: string) => {
    const all = await graphql(
      generic,
      org.admin.token,
      `query($o: ID!, $t: ID!) { organization(id: $o) { team(id: $t) { members(first: 100) { edges { cursor } } } } }`,
      { o: org.organizationId, t: teamId },
    );
    return (all.data.organization.team.members.edges as { cursor: string }[]).map((e) => e.cursor);
  };

  it("answer beneath an organization's teams, and a member's teams, as the generic path, for every caller, page and cursor", async () => {
    const writersCursors = await cursorsOf(teams.Writers);
    const answered = await plannedRuns(
      fc.tuple(
        callerDrawn(callers, ['admin', 'owner', 'reader']),
        fc.constantFrom('teams', 'memberships'),
        teamSelection,
        connectionOf(membershipSelection, 'TeamMemberConnection'),
        pageArgs,
      ),
      200,
      async ([caller, from, team, members, args]) => {
        const teamFields = `${team} members${membersArgs} { ${members} }`;
        // The teams of the organization, or those of one member (a related connection beneath a relation).
        const listed =
          from === 'teams'
            ? `teams(first: 10) { totalCount edges { node { ${teamFields} } } }`
            : `member(userId: $u) { teams { edges { node { role team { ${teamFields} } } } } }`;
        const memberDeclared = from === 'teams' ? '' : '$u: ID!, ';
        const query = `query($o: ID!, ${memberDeclared}${variablesDeclared}) { organization(id: $o) { ${listed} } }`;
        // A Writers cursor applies to every team: the others' pages hold no such row.
        const base = from === 'teams' ? { o: org.organizationId } : { o: org.organizationId, u: memberInTwoTeams };
        return answeredAlike(callers[caller]!, query, pageVariables(base, args, writersCursors, foreignCursor));
      },
    );
    expect(answered).toBeGreaterThan(100);
  });

  it('answer beneath one team looked up by id as the generic path, for every caller, team, page and cursor', async () => {
    const cursors = { Writers: await cursorsOf(teams.Writers), Readers: await cursorsOf(teams.Readers), Empty: [] };
    const answered = await plannedRuns(
      fc.tuple(
        callerDrawn(callers, ['admin', 'owner', 'guest']),
        fc.constantFrom('Writers', 'Readers', 'Empty', 'unknown') as fc.Arbitrary<keyof typeof teams | 'unknown'>,
        teamSelection,
        fc.option(connectionOf(membershipSelection, 'TeamMemberConnection'), { nil: undefined }),
        pageArgs,
      ),
      160,
      async ([caller, title, team, members, args]) => {
        const teamId = title === 'unknown' ? 'no-such-team' : teams[title];
        const own = title === 'unknown' ? [] : cursors[title];
        const query = `query($o: ID!, $t: ID!, ${variablesDeclared}) { organization(id: $o) { team(id: $t) {
          ${team} ${members ? `members${membersArgs} { ${members} }` : ''} } } }`;
        return answeredAlike(callers[caller]!, query, pageVariables({ o: org.organizationId, t: teamId }, args, own, foreignCursor));
      },
    );
    expect(answered).toBeGreaterThan(40);
  });

  it("reads every team's page of members in one statement, whatever the number of teams", async () => {
    const query = `query($o: ID!) { organization(id: $o) { teams(first: 10) { edges { node { id
      members(first: 2) { totalCount edges { cursor node { role member { id } } } } } } } } }`;
    const { result, statements } = await planned.recordStatements(() =>
      graphql(planned, org.admin.token, query, { o: org.organizationId }),
    );
    expect(result.errors).toBeUndefined();
    const readPlans = statements.filter(isPlannedStatement);
    // The teams' page, then the pages of their members: one statement each.
    expect(readPlans).toHaveLength(2);
    expect(readPlans[1]).toContain('unnest(');
    const writers = result.data.organization.teams.edges.find((e: any) => e.node.id === teams.Writers).node.members;
    expect(writers.totalCount).toBe(5);
    expect(writers.edges).toHaveLength(2);
  });

  it('answers the REST routes of a team and of its members as the generic path, by planned statements', async () => {
    const base = `/v1/orgs/${org.organizationId}/teams`;
    for (const id of Object.values(teams)) {
      // The team: one planned statement; its members: the team's, then its page of members.
      await restPagesAlike(`${base}/${id}`, Object.values(callers), org.admin.token, (page) =>
        expectOpenApi(page, 'get', '/orgs/{organizationId}/teams/{teamId}', 200),
      );
      await restPagesAlike(
        `${base}/${id}/members`,
        Object.values(callers),
        org.admin.token,
        (page) => expectOpenApi(page, 'get', '/orgs/{organizationId}/teams/{teamId}/members', 200),
        2,
      );
    }
  });
});
