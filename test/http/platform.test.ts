import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { request, rest, graphql } from '../support/http.js';
import { createOrg, createSpace } from '../support/factories.js';
import { expectSchema } from '../support/openapi.js';

const app = useTestApp();

describe('platform', () => {
  it('answers health and readiness probes', async () => {
    expect((await request(app, 'GET', '/healthz')).status).toBe(200);
    const ready = await request(app, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
  });

  it('requires authentication on REST with the documented error shape', async () => {
    for (const token of [undefined, 'qt_not-a-token']) {
      const res = await request(app, 'GET', '/v1/orgs', { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { code: 401, message: expect.any(String) } });
      expectSchema(res.body, 'Error');
    }
  });

  it('answers 404 for unknown paths and 405 for a wrong method', async () => {
    const org = await createOrg(app);
    const unknown = await request(app, 'GET', '/v1/nothing-here', { token: org.admin.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe(404);
    const wrong = await request(app, 'PUT', `/v1/orgs/${org.organizationId}`, { token: org.admin.token, body: {} });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toContain('PATCH');
    expect(wrong.body.error.code).toBe(405);
  });

  it('rejects malformed JSON and non-object bodies with 400', async () => {
    const org = await createOrg(app);
    const bad = await request(app, 'PATCH', `/v1/orgs/${org.organizationId}`, { token: org.admin.token, rawBody: '{"title": ' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual({ code: 400, message: expect.stringMatching(/JSON/) });
    const array = await request(app, 'PATCH', `/v1/orgs/${org.organizationId}`, { token: org.admin.token, body: [1, 2] });
    expect(array.status).toBe(400);
  });

  it('requires authentication on GraphQL', async () => {
    const res = await graphql(app, undefined, '{ viewer { id } }');
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('serves GraphiQL on /graphql for browsers', async () => {
    const res = await request(app, 'GET', '/graphql', { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(String(res.body)).toContain('GraphiQL');
  });

  it("resolves any resource by its one id through node and nodes, within the caller's organizations", async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const space = await createSpace(app, org);
    const query = 'query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }';
    const mine = await graphql(app, org.admin.token, query, { ids: [space.id, org.organizationId, org.admin.userId] });
    expect(mine.data.nodes).toEqual([
      { __typename: 'Space', id: space.id },
      { __typename: 'Organization', id: org.organizationId },
      { __typename: 'User', id: org.admin.userId },
    ]);
    const theirs = await graphql(app, other.admin.token, 'query($id: ID!) { node(id: $id) { id } }', { id: space.id });
    expect(theirs.data?.node ?? null).toBeNull();
    expect(theirs.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const rest404 = await rest(app, other.admin.token).get(`/v1/spaces/${space.id}`);
    expect(rest404.status).toBe(404);
  });

  it('answers an id that names nothing as absent: unknown prefix, a type that is no node, or no such row', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    for (const id of ['garbage', 'rev_notanode', 'spc_doesnotexist', 'tok_nosuchtoken']) {
      const res = await graphql(app, org.admin.token, 'query($id: ID!) { node(id: $id) { id } }', { id });
      expect(res.data?.node ?? null, id).toBeNull();
      expect(res.errors?.[0].extensions, id).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    }
    // nodes: each id stands alone.
    const mixed = await graphql(app, org.admin.token, 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }', {
      ids: [space.id, 'garbage', 'col_nosuchcollection'],
    });
    expect(mixed.data.nodes).toEqual([{ id: space.id }, null, null]);
    expect(mixed.errors?.map((e) => e.path)).toEqual([
      ['nodes', 1],
      ['nodes', 2],
    ]);
    // Absent and hidden read the same: another organization's space gets the very same error.
    const other = await createOrg(app);
    const hidden = await graphql(app, other.admin.token, 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }', {
      ids: [space.id, 'spc_doesnotexist'],
    });
    expect(hidden.data.nodes).toEqual([null, null]);
    expect(hidden.errors?.map((e) => [e.message, e.extensions?.code])).toEqual([
      ['Resource not found', 'NOT_FOUND'],
      ['Resource not found', 'NOT_FOUND'],
    ]);
  });
});
