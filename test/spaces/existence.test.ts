// Existence must not leak: Relay lookups, list cursors and user e-mail
// addresses answer another organization's rows as if they did not exist
// (joining by domain: test/members/organizations.test.ts).
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { addMember, createOrg, createSpace } from '../support/factories.js';
import { tokenWithScopes } from '../support/tokens.js';

const app = useTestApp();

describe('node(id:) and nodes(ids:)', () => {
  const selections = [
    '{ __typename }',
    '{ id }',
    '{ __typename ... on Space { title } ... on Organization { title } ... on User { displayName } }',
  ];

  it("answer another organization's space, organization and user exactly like a missing id, whatever the selection", async () => {
    const mine = await createOrg(app);
    const theirs = await createOrg(app);
    const space = await createSpace(app, theirs);
    const hidden = { spc: space.id, org: theirs.organizationId, usr: theirs.admin.userId };
    for (const [prefix, id] of Object.entries(hidden)) {
      for (const selection of selections) {
        const invisible = await graphql(app, mine.admin.token, `query($id: ID!) { node(id: $id) ${selection} }`, { id });
        const missing = await graphql(app, mine.admin.token, `query($id: ID!) { node(id: $id) ${selection} }`, {
          id: `${prefix}_doesnotexist`,
        });
        expect(invisible, `${id} ${selection}`).toEqual(missing);
        expect(invisible.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
        const many = await graphql(app, mine.admin.token, `query($ids: [ID!]!) { nodes(ids: $ids) ${selection} }`, {
          ids: [id, `${prefix}_doesnotexist`],
        });
        expect(many.data?.nodes).toEqual([null, null]);
        const [a, b] = (many.errors ?? []).map(({ path: _path, ...error }) => error);
        expect(many.errors).toHaveLength(2);
        expect(a).toEqual(b);
      }
    }
  });

  it('still answers what the caller may see', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const res = await graphql(app, org.admin.token, 'query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }', {
      ids: [space.id, org.organizationId, org.admin.userId],
    });
    expect(res.data?.nodes.map((n: { __typename: string }) => n.__typename)).toEqual(['Space', 'Organization', 'User']);
  });
});

describe('list cursors', () => {
  const LIST =
    'query($id: ID!, $after: String) { organization(id: $id) { spaces(first: 2, after: $after) { edges { node { id } } pageInfo { endCursor } } } }';

  it("refuse a cursor naming another organization's row, like one naming no row (GraphQL after, REST page)", async () => {
    const mine = await createOrg(app);
    const theirs = await createOrg(app);
    for (let i = 0; i < 3; i++) await createSpace(app, mine);
    for (let i = 0; i < 3; i++) await createSpace(app, theirs);
    const theirPage = await graphql(app, theirs.admin.token, LIST, { id: theirs.organizationId });
    const foreign = theirPage.data.organization.spaces.pageInfo.endCursor as string;
    const missing = Buffer.from(
      Buffer.from(foreign, 'base64')
        .toString('utf8')
        .replace(/spc_\w+/, 'spc_doesnotexist'),
    ).toString('base64');

    const withForeign = await graphql(app, mine.admin.token, LIST, { id: mine.organizationId, after: foreign });
    const withMissing = await graphql(app, mine.admin.token, LIST, { id: mine.organizationId, after: missing });
    expect(withForeign.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(withForeign).toEqual(withMissing);

    const restForeign = await rest(app, mine.admin.token).get(
      `/v1/orgs/${mine.organizationId}/spaces?limit=2&page=${encodeURIComponent(foreign)}`,
    );
    const restMissing = await rest(app, mine.admin.token).get(
      `/v1/orgs/${mine.organizationId}/spaces?limit=2&page=${encodeURIComponent(missing)}`,
    );
    expect(restForeign.status).toBe(400);
    expect(restForeign.body).toEqual(restMissing.body);

    // A cursor of the list itself still pages.
    const first = await rest(app, mine.admin.token).get(`/v1/orgs/${mine.organizationId}/spaces?limit=2`);
    const second = await rest(app, mine.admin.token).get(
      `/v1/orgs/${mine.organizationId}/spaces?limit=2&page=${encodeURIComponent(first.body.next.page)}`,
    );
    expect(second.status).toBe(200);
    expect(second.body.items).toHaveLength(1);
  });
});

describe('User.email', () => {
  const VIEWER = '{ viewer { displayName email } }';
  const USER = 'query($id: ID!) { node(id: $id) { ... on User { displayName email } } }';

  it('needs the user:read scope on the viewer', async () => {
    const org = await createOrg(app);
    const spaceOnly = await tokenWithScopes(app, org.admin.userId, ['space:read']);
    const denied = await graphql(app, spaceOnly.token, VIEWER);
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(denied.errors?.[0]?.message).toMatch(/user:read/);
    expect(JSON.stringify(denied)).not.toContain(org.admin.email);
    const userRead = await tokenWithScopes(app, org.admin.userId, ['user:read']);
    expect((await graphql(app, userRead.token, VIEWER)).data?.viewer.email).toBe(org.admin.email);
  });

  it("is another member's only where the member routes show it: not to guests, not without organization:members:read", async () => {
    const org = await createOrg(app);
    const guest = await addMember(app, org.organizationId, 'guest');
    const reader = await addMember(app, org.organizationId, 'read');
    const asGuest = await graphql(app, guest.token, USER, { id: org.admin.userId });
    expect(asGuest.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(JSON.stringify(asGuest)).not.toContain(org.admin.email);
    expect((await rest(app, guest.token).get(`/v1/orgs/${org.organizationId}/members/${org.admin.userId}`)).status).toBe(404);

    const scoped = await tokenWithScopes(app, reader.userId, ['space:read']);
    const asScoped = await graphql(app, scoped.token, USER, { id: org.admin.userId });
    expect(asScoped.errors?.[0]?.message).toMatch(/organization:members:read/);
    expect((await graphql(app, reader.token, USER, { id: org.admin.userId })).data?.node).toEqual({
      displayName: expect.any(String),
      email: org.admin.email,
    });
    // A guest still reads their own address.
    expect((await graphql(app, guest.token, VIEWER)).data?.viewer.email).toBe(guest.email);
  });
});
