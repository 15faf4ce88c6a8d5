// GraphQL answers malformed cursors, page sizes, ids and inputs with a 4xx
// code (BAD_USER_INPUT, NOT_FOUND), never an internal error.
import { expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { graphql } from '../support/http.js';
import { createOrg, createSpace, createCollection } from '../support/factories.js';
const app = useTestApp();
it('answers malformed cursors, sizes, ids and inputs with 4xx codes, never an internal error', async () => {
  const org = await createOrg(app);
  const space = await createSpace(app, org);
  const col = await createCollection(app, org);
  const O = org.organizationId;
  const queries: [string, Record<string, unknown>?][] = [
    [`{ organization(id: "${O}") { spaces(after: "garbage") { totalCount } } }`],
    [`{ organization(id: "${O}") { spaces(first: 0) { totalCount } } }`],
    [`{ organization(id: "${O}") { spaces(first: -1) { totalCount } } }`],
    [`{ organization(id: "${O}") { spaces(first: 5000) { totalCount } } }`],
    [`{ organization(id: "${O}") { spaces(last: 2) { edges { node { id } } } } }`],
    [`{ organization(id: "${O}") { spaces(first: 2, last: 2) { edges { node { id } } } } }`],
    [`{ organization(id: "${O}") { members(after: "R1BDOlM6eA==") { totalCount } } }`],
    [`{ organization(id: "${O}") { members(after: "garbage") { totalCount } } }`],
    [`{ organization(id: "${O}") { collections(after: "R1BDOlM6c3BjX3g=") { totalCount } } }`],
    [`{ space(id: "${space.id}") { links(after: "zzz") { totalCount } } }`],
    [`{ space(id: "${space.id}") { links(first: -3) { totalCount } } }`],
    [`{ collection(id: "${col.id}") { spaces(before: "abc") { totalCount } } }`],
    [`{ organization(id: "nope") { id } }`],
    [`{ space(id: "") { id } }`],
    [`{ collection(id: "spc_x") { id } }`],
    [`{ organization(id: "${O}") { member(userId: "garbage") { id } } }`],
    [`mutation { moveSpace(input: { spaceId: "${space.id}", parent: "${space.id}" }) { space { id } } }`],
    [`mutation { moveSpace(input: { spaceId: "${space.id}", position: { before: { type: SPACE } } }) { space { id } } }`],
    [`mutation { transferSpace(input: { spaceId: "${space.id}", organization: "" }) { space { id } } }`],
    [`mutation { updateSpace(input: { spaceId: "${space.id}", mergeRules: 5 }) { space { id } } }`],
    [`mutation { updateOrganization(input: { organizationId: "${O}", mergeRules: null }) { organization { id } } }`],
    [`mutation { createSpace(input: { organizationId: "${O}", parent: "spc_x" }) { space { id } } }`],
    [`mutation { createCollection(input: { organizationId: "${O}", parent: "${space.id}" }) { collection { id } } }`],
    [`mutation { updateMember(input: { organizationId: "${O}", userId: "nope", role: ADMIN }) { member { id } } }`],
    [`mutation { revokeApiToken(input: { tokenId: "garbage" }) { revoked } }`],
    [`mutation { createApiToken(input: { label: "x", scopes: ["nope"] }) { secret } }`],
    [`{ viewer { tokens(first: 2, after: "garbage") { totalCount } } }`],
  ];
  const bad: string[] = []; // every query must answer data, BAD_USER_INPUT or NOT_FOUND
  for (const [q, v] of queries) {
    const r = await graphql(app, org.admin.token, q, v);
    const codes = (r.errors ?? []).map((e) => e.extensions?.code);
    if (codes.includes('INTERNAL_SERVER_ERROR') || codes.some((c) => c !== 'BAD_USER_INPUT' && c !== 'NOT_FOUND'))
      bad.push(`${codes} ${q}`);
  }
  expect(bad).toEqual([]);
});
