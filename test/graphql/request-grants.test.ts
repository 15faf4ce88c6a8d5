// A request's grants are fixed when it enters (src/graphql/grants.ts): a share
// key given anywhere in an operation counts for all of it, whatever order its
// fields resolve in, and over GraphQL and REST alike (issue #31).
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { createOrg, createSpace } from '../support/factories.js';
import { shareByLink } from '../support/content.js';

const app = useTestApp();

describe('request grants', () => {
  it('counts a share key for the whole operation, not from the field that gives it on', async () => {
    const org = await createOrg(app);
    const stranger = await createOrg(app);
    const space = await createSpace(app, org);
    const key = await shareByLink(app, space);
    // The field without the key comes first: it used to run before the key was noted, and answer NOT_FOUND.
    const query = 'query($id: ID!, $key: String) { first: space(id: $id) { id } second: space(id: $id, shareKey: $key) { id } }';
    const res = await graphql(app, stranger.admin.token, query, { id: space.id, key });
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ first: { id: space.id }, second: { id: space.id } });
    // A literal key counts too; a wrong key opens nothing, anywhere in the operation.
    const literal = await graphql(
      app,
      stranger.admin.token,
      `query($id: ID!) { a: space(id: $id) { id } b: space(id: $id, shareKey: ${JSON.stringify(key)}) { id } }`,
      { id: space.id },
    );
    expect(literal.data).toEqual({ a: { id: space.id }, b: { id: space.id } });
    const wrong = await graphql(app, stranger.admin.token, query, { id: space.id, key: 'wrong' });
    expect(wrong.data).toBeNull();
    expect(wrong.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it("keeps one request's key out of the next request of the same caller", async () => {
    const org = await createOrg(app);
    const stranger = await createOrg(app);
    const space = await createSpace(app, org);
    const key = await shareByLink(app, space);
    const reader = rest(app, stranger.admin.token);
    expect((await reader.get(`/v1/spaces/${space.id}?shareKey=${encodeURIComponent(key)}`)).status).toBe(200);
    expect((await reader.get(`/v1/spaces/${space.id}`)).status).toBe(404);
    const again = await graphql(app, stranger.admin.token, 'query($id: ID!) { space(id: $id) { id } }', { id: space.id });
    expect(again.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
