// An organization's teams with their members and users: the SQL statements a
// query costs do not grow with the number of teams or members (pinned).
import { expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { addMember, createOrg } from '../support/factories.js';

const app = useTestApp();

const QUERY = `query($id: ID!) { organization(id: $id) { teams(first: 50) { totalCount edges { node { id title membersCount permissions { admin view }
  members(first: 50) { totalCount edges { node { role member { id teamsCount user { id displayName } } } } } } } } } }`;

async function orgWithTeams(teams: number, perTeam: number) {
  const org = await createOrg(app);
  const members = await Promise.all(Array.from({ length: perTeam }, () => addMember(app, org.organizationId, 'read')));
  for (let i = 0; i < teams; i++) {
    const res = await rest(app, org.admin.token).put(`/v1/orgs/${org.organizationId}/teams`, {
      title: `Team ${i}`,
      members: members.map((m) => m.userId),
    });
    expect(res.status).toBe(201);
  }
  const { result, statements } = await app.recordStatements(() => graphql(app, org.admin.token, QUERY, { id: org.organizationId }));
  expect(result.errors).toBeUndefined();
  expect(result.data.organization.teams.edges).toHaveLength(teams);
  return statements;
}

it('3 teams of 2 members cost as many statements as 30 teams of 20', async () => {
  const few = await orgWithTeams(3, 2);
  const many = await orgWithTeams(30, 20);
  expect(many.length).toBe(few.length);
  // token check, organization, the teams' page (planned, with their counts), the caller's team roles, every
  // team's page of members (planned: one statement for all the teams), and the batched team-count and
  // shared-organization loaders the members' fields read: pinned.
  expect(many).toHaveLength(7);
}, 60_000);
