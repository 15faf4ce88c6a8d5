// Enum values are UPPER_CASE (docs/graphql.md); the enums that had lower- or
// snake-case names keep them beside the new ones, deprecated: both are accepted,
// answers keep the old names until they are removed, and REST is unchanged.
import { describe, expect, it } from 'vitest';
import { useTestApp, useTestOrg } from '../support/app.js';
import { createSpace } from '../support/factories.js';
import { graphql, rest } from '../support/http.js';

const app = useTestApp();
const org = useTestOrg(app);

describe('upper-case enum names beside the deprecated old ones', () => {
  it('accepts both names, answers the old one, and leaves REST as it was', async () => {
    const space = await createSpace(app, org, { title: 'Enums' });
    const created = await graphql(
      app,
      org.admin.token,
      'mutation ($input: CreateChangeRequestInput!) { createChangeRequest(input: $input) { changeRequest { id status } } }',
      { input: { spaceId: space.id, subject: 'Enum names' } },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data.createChangeRequest.changeRequest.status).toBe('draft');

    const list = `query ($id: ID!, $status: ChangeRequestStatus) {
      space(id: $id) { changeRequests(status: $status) { totalCount edges { node { status } } } }
    }`;
    for (const status of ['DRAFT', 'draft']) {
      const res = await graphql(app, org.admin.token, list, { id: space.id, status });
      expect(res.errors, status).toBeUndefined();
      expect(res.data.space.changeRequests.totalCount, status).toBe(1);
    }
    const literal = await graphql(app, org.admin.token, `{ space(id: "${space.id}") { changeRequests(status: MERGED) { totalCount } } }`);
    expect(literal.data.space.changeRequests.totalCount).toBe(0);

    // Introspection tells clients which name to use.
    const type = await graphql(
      app,
      org.admin.token,
      '{ __type(name: "PageFormat") { enumValues(includeDeprecated: true) { name isDeprecated } } }',
    );
    expect(type.data.__type.enumValues).toEqual([
      { name: 'DOCUMENT', isDeprecated: false },
      { name: 'MARKDOWN', isDeprecated: false },
      { name: 'document', isDeprecated: true },
      { name: 'markdown', isDeprecated: true },
    ]);

    // REST reads and writes the values it always did.
    const api = rest(app, org.admin.token);
    const listed = await api.get(`/v1/spaces/${space.id}/change-requests?status=draft`);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((cr: { status: string }) => cr.status)).toEqual(['draft']);
    const refused = await api.get(`/v1/spaces/${space.id}/change-requests?status=DRAFT`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('must be one of "archived", "draft", "merged", "open"');
    expect(refused.body.error.message.match(/"open"/g)).toHaveLength(1);
  });

  it('lists each REST value once in the OpenAPI document', async () => {
    const document = (await rest(app).get('/v1/openapi.json')).body;
    const parameter = document.paths['/spaces/{spaceId}/change-requests'].get.parameters.find((p: { name: string }) => p.name === 'status');
    expect(parameter.schema.enum).toEqual(['archived', 'draft', 'merged', 'open']);
  });
});
