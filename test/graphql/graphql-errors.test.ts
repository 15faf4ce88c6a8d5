// The error model of docs/graphql.md over /graphql: input errors answer as
// BAD_USER_INPUT with HTTP 400 (never a masked INTERNAL_SERVER_ERROR), page
// sizes outside 1..1000 are refused, and with introspection off no message
// suggests names of the schema.
import { describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { startTestApp, type TestApp, useTestApp, useTestOrg } from '../support/app.js';
import { request } from '../support/http.js';

const app = useTestApp();
const org = useTestOrg(app);

const post = (target: TestApp, token: string, query: string, variables?: Record<string, unknown>, accept = 'application/json') =>
  request(target, 'POST', '/graphql', { token, body: { query, variables }, headers: { Accept: accept } });

const LIST =
  'query ($id: ID!, $first: Int, $order: Order) { organization(id: $id) { members(first: $first, order: $order) { totalCount } } }';

describe('input errors over /graphql', () => {
  const cases: [string, () => Record<string, unknown>, RegExp][] = [
    ['a variable of the wrong type', () => ({ id: org.organizationId, first: 'x' }), /\$first.*Int/],
    ['an unknown enum value', () => ({ id: org.organizationId, order: 'UPWARDS' }), /\$order.*UPWARDS/],
    ['a missing required variable', () => ({}), /\$id.*required/],
  ];
  for (const [kind, variables, message] of cases) {
    for (const accept of ['application/json', 'application/graphql-response+json']) {
      it(`answers ${kind} as BAD_USER_INPUT with HTTP 400 (${accept})`, async () => {
        const res = await post(app, org.admin.token, LIST, variables(), accept);
        expect(res.status).toBe(400);
        expect(res.headers.get('content-type')).toContain(accept);
        expect(res.body.data).toBeUndefined();
        expect(res.body.errors).toHaveLength(1);
        expect(res.body.errors[0].message).toMatch(message);
        expect(res.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', status: 400 });
      });
    }
  }
});

describe('documents GraphQL refuses', () => {
  // GraphQL over HTTP: 400 with its own media type; 200 to plain application/json clients (the spec's compatibility rule).
  it('answers a syntax error as GRAPHQL_PARSE_FAILED and an invalid document as GRAPHQL_VALIDATION_FAILED', async () => {
    const graphqlResponse = 'application/graphql-response+json';
    const parse = await post(app, org.admin.token, '{ viewer { id }', undefined, graphqlResponse);
    expect(parse.status).toBe(400);
    expect(parse.body.errors[0].extensions).toMatchObject({ code: 'GRAPHQL_PARSE_FAILED' });
    expect((await post(app, org.admin.token, '{ viewer { id }')).body.errors[0].extensions).toMatchObject({ code: 'GRAPHQL_PARSE_FAILED' });
    const invalid = await post(app, org.admin.token, '{ viewer { nope } }', undefined, graphqlResponse);
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors[0].extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED' });
    // A limit keeps its own code.
    const deep = await post(
      app,
      org.admin.token,
      `{ viewer { id } ${Array.from({ length: 31 }, (_, i) => `a${i}: viewer { id }`).join(' ')} }`,
    );
    expect(deep.body.errors[0].extensions).toMatchObject({ code: 'ALIAS_LIMIT' });
  });
});

describe('page sizes', () => {
  const refused: [string, string][] = [
    ['first: 100000', 'spaces(first: 100000)'],
    ['first: 0', 'spaces(first: 0)'],
    ['last: 1001', 'spaces(last: 1001)'],
    ['first and last together', 'spaces(first: 2, last: 2)'],
  ];
  for (const [what, field] of refused) {
    it(`refuses ${what} with a 400 BAD_USER_INPUT before running anything`, async () => {
      const res = await post(app, org.admin.token, `{ organization(id: "${org.organizationId}") { ${field} { totalCount } } }`);
      expect(res.status).toBe(400);
      expect(res.body.data).toBeUndefined();
      expect(res.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', status: 400 });
      expect(res.body.errors[0].message).toMatch(/first|last/);
    });
  }

  it('refuses a page size given by a variable, in a fragment', async () => {
    const query = `query ($n: Int) { organization(id: "${org.organizationId}") { ...F } } fragment F on Organization { members(first: $n) { totalCount } }`;
    const res = await post(app, org.admin.token, query, { n: 5000 });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe('first: must be an integer from 1 to 1000');
  });

  it('checks the variables of every request, the document having been seen before', async () => {
    const query = `query ($n: Int) { organization(id: "${org.organizationId}") { spaces(first: $n) { totalCount } } }`;
    const accepted = await post(app, org.admin.token, query, { n: 10 });
    expect(accepted.status).toBe(200);
    const refused = await post(app, org.admin.token, query, { n: 1001 });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toBe('first: must be an integer from 1 to 1000');
    const again = await post(app, org.admin.token, query, { n: 1000 });
    expect(again.status).toBe(200);
  });

  it('accepts 1 and 1000', async () => {
    const res = await post(
      app,
      org.admin.token,
      `{ organization(id: "${org.organizationId}") { a: spaces(first: 1) { totalCount } b: spaces(last: 1000) { totalCount } } }`,
    );
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
  });
});

describe('suggestions', () => {
  const typo = (id: string) => `{ organization(id: "${id}") { titel } }`;

  it('suggests field names while introspection is on', async () => {
    const res = await post(app, org.admin.token, typo(org.organizationId));
    expect(res.body.errors[0].message).toMatch(/Did you mean "title"/);
  });

  it('suggests no names once introspection is off, in validation and input errors alike', async () => {
    const closed = await startTestApp({ graphql: { introspection: false } });
    try {
      const field = await post(closed, org.admin.token, typo(org.organizationId));
      expect(field.body.errors[0].message).toBe('Cannot query field "titel" on type "Organization".');
      const value = await post(closed, org.admin.token, LIST, { id: org.organizationId, order: 'des' });
      expect(value.status).toBe(400);
      expect(value.body.errors[0].message).not.toMatch(/Did you mean|DESC/);
      const literal = await post(
        closed,
        org.admin.token,
        `{ organization(id: "${org.organizationId}") { members(order: des) { totalCount } } }`,
      );
      expect(literal.body.errors[0].message).not.toMatch(/Did you mean|DESC/);

      // graphql-ws validates with the same rules: no suggestion there either.
      const client = createClient({
        url: `${closed.baseUrl.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${org.admin.token}` },
        retryAttempts: 0,
      });
      try {
        const errors = await new Promise<{ message: string; extensions?: Record<string, unknown> }[]>((resolve) => {
          client.subscribe(
            { query: 'subscription { spaceChanged(id: "spc_x") { titel } }' },
            { next: () => {}, error: (e) => resolve(e as never), complete: () => resolve([]) },
          );
        });
        expect(errors[0].message).toBe('Cannot query field "titel" on type "Space".');
        expect(errors[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
      } finally {
        await client.dispose();
      }
    } finally {
      await closed.close();
    }
  });
});
