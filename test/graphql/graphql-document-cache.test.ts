// Parse, validation and cost checks are cached per document: a repeated query
// pays for them once, and the cache never lets a query past a limit that its
// variables would break.
import { describe, expect, it } from 'vitest';
import { checkWsOperation, type GraphQLGuards } from '../../src/graphql/plugin.js';
import { schema } from '../../src/graphql/schema.js';
import { useTestApp, useTestOrg } from '../support/app.js';
import { request } from '../support/http.js';

const limits = { maxDepth: 7, maxAliases: 3, maxDirectives: 3, maxTokens: 200, maxNodes: 2000, defaultListSize: 50, maxDocuments: 500 };

const app = useTestApp({ graphql: limits });
const org = useTestOrg(app);

const sized =
  'query Sized($id: ID!, $n: Int) { organization(id: $id) { id } organizations(first: $n) { edges { node { spaces(first: 50) { totalCount } } } } }';
const post = async (variables: Record<string, unknown>) =>
  (await request(app, 'POST', '/graphql', { token: org.admin.token, body: { query: sized, variables } })).body;

describe('per-document caching of the checks', () => {
  it('counts nodes again whenever a size variable changes, and not for other variables', async () => {
    expect((await post({ id: org.organizationId, n: 10 })).errors).toBeUndefined();
    // Same document, a larger page: 50 organizations × (1 + 50 spaces) > 2000.
    expect((await post({ id: org.organizationId, n: 50 })).errors[0].extensions).toMatchObject({
      code: 'QUERY_TOO_COMPLEX',
      found: 50 * 51,
    });
    expect((await post({ id: org.organizationId, n: 10 })).errors).toBeUndefined();
    expect((await post({ id: 'org_other', n: 50 })).errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('does not remember a count it could not make (invalid variables)', async () => {
    // Without $id the variables are invalid: execution refuses them, no count is kept...
    expect((await post({ n: 45 })).errors[0].message).toMatch(/\$id/);
    // ...so the same sizes with valid variables are still counted and refused.
    expect((await post({ id: org.organizationId, n: 45 })).errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('parses and validates a graphql-ws document once per text, per limits', () => {
    const guards: GraphQLGuards = { limits, introspection: true };
    const payload = { query: sized, variables: { id: 'org_x', n: 1 } };
    const first = checkWsOperation(schema, payload, guards);
    const second = checkWsOperation(schema, { ...payload, variables: { id: 'org_y', n: 2 } }, guards);
    expect('document' in first && 'document' in second).toBe(true);
    expect((second as { document: unknown }).document).toBe((first as { document: unknown }).document);
    // Other limits (another server): validated on their own.
    const strict = checkWsOperation(schema, payload, { limits: { ...limits, maxDepth: 3 }, introspection: true });
    expect(Array.isArray(strict) && strict[0].extensions.code).toBe('DEPTH_LIMIT');
    // And the node limit still reads the variables each time.
    const wide = checkWsOperation(schema, { ...payload, variables: { id: 'org_x', n: 50 } }, guards);
    expect(Array.isArray(wide) && wide[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
  });
});
