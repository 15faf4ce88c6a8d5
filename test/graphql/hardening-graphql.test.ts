// GraphQL cost control: token, depth, alias, directive and node limits refuse
// an operation before anything runs, on HTTP and on graphql-ws alike;
// introspection and GraphiQL can be turned off.
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { getIntrospectionQuery } from 'graphql';
import { startTestApp, useTestApp, useTestOrg } from '../support/app.js';
import { graphql, request } from '../support/http.js';
import { createOrg, createSpace } from '../support/factories.js';

const limits = { maxDepth: 7, maxAliases: 3, maxDirectives: 3, maxTokens: 120, maxNodes: 2000, defaultListSize: 50 };

const app = useTestApp({ graphql: limits });
const org = useTestOrg(app);
beforeAll(async () => {
  await createSpace(app, org);
});

/** Posts a GraphQL operation and returns the HTTP status, the body and the SQL issued meanwhile. */
async function post(query: string, variables?: Record<string, unknown>, token = org.admin.token) {
  const { result, statements } = await app.recordStatements(() => request(app, 'POST', '/graphql', { token, body: { query, variables } }));
  return { status: result.status, body: result.body, statements };
}

/** Only the token lookup ran: the operation itself issued no SQL. */
const nothingRan = (statements: string[]) => statements.filter((s) => !s.includes('"ApiToken"'));

describe('GraphQL limits', () => {
  it('answers operations within every limit', async () => {
    const res = await post(`query Fine($id: ID!) { organization(id: $id) { spaces(first: 10) { edges { node { id title } } } } }`, {
      id: org.organizationId,
    });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.organization.spaces.edges).toHaveLength(1);
  });

  it('refuses an operation deeper than the depth limit, running nothing', async () => {
    // organization(1) spaces(2) edges(3) node(4) organization(5) spaces(6) edges(7) node(8) id(9)
    const deep = `query Deep($id: ID!) { organization(id: $id) { spaces(first: 1) { edges { node { organization { spaces(first: 1) { edges { node { id } } } } } } } } }`;
    const res = await post(deep, { id: org.organizationId });
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].extensions).toEqual({ code: 'DEPTH_LIMIT', status: 400, limit: 7, found: 9 });
    expect(res.body.errors[0].message).toBe('Operation "Deep" is 9 fields deep; the limit is 7.');
    expect(nothingRan(res.statements)).toEqual([]);
  });

  it('counts depth through fragments and inline fragments', async () => {
    const viaFragments = `query { organization(id: "${org.organizationId}") { ...S } }
      fragment S on Organization { spaces(first: 1) { edges { node { ... on Space { organization { spaces(first: 1) { edges { node { id } } } } } } } } }`;
    const res = await post(viaFragments);
    expect(res.body.errors[0].extensions.code).toBe('DEPTH_LIMIT');
    expect(res.body.errors[0].extensions.found).toBe(9);
  });

  it('does not count introspection in the depth (graphql-js bounds it), so clients can introspect', async () => {
    const res = await post(getIntrospectionQuery(), undefined);
    // The full introspection query is longer than this app's 120-token limit...
    expect(res.body.errors[0].extensions.code).toBe('TOKEN_LIMIT');
    // ...but a deep one within the token limit passes the depth rule.
    const typeRef = await post('{ __type(name: "Space") { fields { type { ofType { ofType { ofType { name } } } } } } }');
    expect(typeRef.status).toBe(200);
    expect(typeRef.body.data.__type.fields.length).toBeGreaterThan(5);
  });

  it('refuses more aliases than the limit, counting each fragment spread', async () => {
    const res = await post('{ a: viewer { id } b: viewer { id } c: viewer { id } d: viewer { id } }');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'ALIAS_LIMIT', limit: 3, found: 4 });
    const spread = await post('{ ...V ...V } fragment V on Query { a: viewer { id } b: viewer { id } }');
    expect(spread.body.errors[0].extensions).toMatchObject({ code: 'ALIAS_LIMIT', found: 4 });
    const within = await post('{ a: viewer { id } b: viewer { id } c: viewer { id } }');
    expect(within.body.data.c.id).toBe(org.admin.userId);
  });

  it('refuses more directives than the limit', async () => {
    const res = await post(
      '{ viewer { id @include(if: true) email @include(if: true) displayName @skip(if: false) createdAt @skip(if: false) } }',
    );
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'DIRECTIVE_LIMIT', limit: 3, found: 4 });
  });

  it('refuses a document of more tokens than the limit while parsing', async () => {
    const res = await post(`{ viewer { ${'id '.repeat(130)} } }`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'TOKEN_LIMIT', limit: 120 });
    expect(nothingRan(res.statements)).toEqual([]);
  });

  it('refuses an operation that may return more nodes than the limit: nested page sizes multiply', async () => {
    // 40 organizations × (1 + 50 spaces by default) = 2040 > 2000.
    const res = await post('query Wide { organizations(first: 40) { edges { node { spaces { edges { node { id } } } } } } }');
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors[0].extensions).toEqual({ code: 'QUERY_TOO_COMPLEX', status: 400, limit: 2000, found: 2040 });
    expect(res.body.errors[0].message).toMatch(/up to 2040 nodes; the limit is 2000/);
    expect(nothingRan(res.statements)).toEqual([]);
    // 39 × 51 = 1989 passes and runs.
    const fits = await post('{ organizations(first: 39) { edges { node { spaces { edges { node { id } } } } } } }');
    expect(fits.status).toBe(200);
    expect(fits.body.data.organizations.edges.length).toBeGreaterThan(0);
  });

  it('reads page sizes from variables and their defaults, and counts aliased copies', async () => {
    const query =
      'query Sized($n: Int = 30, $m: Int) { organizations(first: $n) { edges { node { spaces(first: $m) { edges { node { id } } } } } } }';
    expect((await post(query, { m: 70 })).body.errors[0].extensions.found).toBe(30 + 30 * 70);
    expect((await post(query, { n: 2, m: 10 })).body.errors).toBeUndefined();
    const copies = await post(
      '{ a: organizations(first: 1000) { totalCount } b: organizations(first: 1000) { totalCount } c: organizations(last: 1) { totalCount } }',
    );
    expect(copies.body.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', found: 2001 });
  });

  it('counts plain lists by their ids', async () => {
    const ids = Array.from({ length: 2001 }, () => org.organizationId);
    const res = await post('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids });
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', found: 2001 });
    const few = await post('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: ids.slice(0, 3) });
    expect(few.body.data.nodes).toHaveLength(3);
  });

  it('applies the same limits to operations over graphql-ws', async () => {
    const client = createClient({
      url: `${app.baseUrl.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${org.admin.token}` },
      retryAttempts: 0,
    });
    const run = (query: string) =>
      new Promise<{ data?: any; errors?: any[] }>((resolve) => {
        let result: { data?: any; errors?: any[] } = {};
        client.subscribe(
          { query },
          { next: (r) => void (result = r as never), error: (e) => resolve({ errors: e as any[] }), complete: () => resolve(result) },
        );
      });
    try {
      expect((await run('{ viewer { id } }')).data).toEqual({ viewer: { id: org.admin.userId } });
      const deep = await run(
        `{ organization(id: "${org.organizationId}") { spaces(first: 1) { edges { node { organization { spaces(first: 1) { edges { node { id } } } } } } } } }`,
      );
      expect(deep.errors?.[0].extensions).toEqual({ code: 'DEPTH_LIMIT', status: 400, limit: 7, found: 9 });
      const wide = await run('{ organizations(first: 40) { edges { node { spaces { edges { node { id } } } } } } }');
      expect(wide.errors?.[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    } finally {
      await client.dispose();
    }
  });
});

describe('introspection and GraphiQL switches', () => {
  it('serves introspection and GraphiQL by default', async () => {
    const defaults = await startTestApp();
    try {
      const res = await request(defaults, 'POST', '/graphql', { body: { query: getIntrospectionQuery() } });
      expect(res.status).toBe(200);
      expect(res.body.data.__schema.queryType.name).toBe('Query');
      const page = await request(defaults, 'GET', '/graphql', { headers: { Accept: 'text/html' } });
      expect(String(page.body)).toContain('GraphiQL');
    } finally {
      await defaults.close();
    }
  });

  it('turns both off', async () => {
    const closed = await startTestApp({ graphql: { introspection: false, graphiql: false } });
    try {
      const org = await createOrg(closed);
      const res = await graphql(closed, org.admin.token, '{ __schema { queryType { name } } }');
      expect(res.data).toBeUndefined();
      expect(res.errors?.[0].message).toMatch(/introspection/i);
      const typename = await graphql(closed, org.admin.token, '{ viewer { __typename id } }');
      expect(typename.data).toEqual({ viewer: { __typename: 'User', id: org.admin.userId } });
      const page = await request(closed, 'GET', '/graphql', { headers: { Accept: 'text/html' } });
      expect(String(page.body)).not.toContain('GraphiQL');
    } finally {
      await closed.close();
    }
  });
});

describe('text the database cannot store', () => {
  it('is refused with a 400 naming the variable, in variables and in the query itself', async () => {
    const mutation = 'mutation($input: UpdateOrganizationInput!) { updateOrganization(input: $input) { organization { title } } }';
    for (const title of ['nul\u0000byte', 'lone \ud800 surrogate']) {
      const res = await request(app, 'POST', '/graphql', {
        token: org.admin.token,
        body: { query: mutation, variables: { input: { organizationId: org.organizationId, title } } },
      });
      expect(res.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', status: 400, field: 'input.title' });
    }
    const inline = await graphql(
      app,
      org.admin.token,
      `mutation { updateOrganization(input: { organizationId: "${org.organizationId}", title: "a\\u0000b" }) { organization { title } } }`,
    );
    expect(inline.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', status: 400 });
    const unchanged = await graphql(app, org.admin.token, 'query($id: ID!) { organization(id: $id) { title } }', {
      id: org.organizationId,
    });
    expect(unchanged.data.organization.title).not.toMatch(/\u0000|\ud800/);
  });
});
