// The `quire/client` module (package.json exports): the typed operations and
// their fetch wrapper, used as a TypeScript user would, against the test app.
import { describe, expect, it } from 'vitest';
import { CreateTeamDocument, GetTeamDocument, ListTeamsDocument, QuireError, createQuireClient } from 'quire/client';
import { useTestApp, useTestOrg } from '../support/app.js';

const app = useTestApp();
const org = useTestOrg(app);

describe('quire/client', () => {
  it('runs the typed operations over GraphQL', async () => {
    const client = createQuireClient({ baseUrl: app.baseUrl, token: org.admin.token });
    const created = await client.request(CreateTeamDocument, { input: { organizationId: org.organizationId, title: 'Writers' } });
    const teamId: string = created.createTeam.team.id;
    const { organization } = await client.request(GetTeamDocument, { organizationId: org.organizationId, teamId });
    expect(organization.team).toMatchObject({ __typename: 'Team', id: teamId, title: 'Writers' });
    const list = await client.request(ListTeamsDocument, { organizationId: org.organizationId, first: 10 });
    expect(list.organization.teams.edges.map((e) => e.node.title)).toEqual(['Writers']);
    expect(list.organization.teams.totalCount).toBe(1);
  });

  it('calls /v1 routes and turns refusals into QuireError', async () => {
    const client = createQuireClient({ baseUrl: `${app.baseUrl}/`, token: org.admin.token });
    const teams = await client.rest<{ count: number; items: { title: string }[] }>('GET', `/orgs/${org.organizationId}/teams`);
    expect(teams.items.map((t) => t.title)).toEqual(['Writers']);
    const anonymous = createQuireClient({ baseUrl: app.baseUrl });
    await expect(anonymous.rest('GET', '/orgs')).rejects.toMatchObject({ name: 'QuireError', status: 401, code: 'UNAUTHENTICATED' });
    // A REST refusal carries only its status: the client gives it the code GraphQL would.
    await expect(client.rest('GET', `/orgs/${org.organizationId}/teams/team_unknown`)).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    const error = await anonymous
      .request(GetTeamDocument, { organizationId: org.organizationId, teamId: 'team_unknown' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuireError);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });
});
