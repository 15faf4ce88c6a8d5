// Spaces and collections as a connected GraphQL graph: organization → spaces
// and collections, collection → spaces, child collections and parent, space →
// organization and parent; Relay connections with totalCount; the mutations
// behind the REST routes, with the HTTP status in each error's extensions.
import { describe, expect, it } from 'vitest';
import { useTestApp, useTestOrg } from '../support/app.js';
import { graphql } from '../support/http.js';
import { addMember, createCollection, createOrg, createSpace } from '../support/factories.js';
import { publishOnSite, shareByLink } from '../support/content.js';

const app = useTestApp();
const org = useTestOrg(app);

const gql = (token: string | undefined, query: string, variables?: Record<string, unknown>) => graphql(app, token, query, variables);
const errorOf = (res: { errors?: { extensions?: Record<string, unknown> }[] }) => res.errors?.[0]?.extensions;

describe('GraphQL: the content graph', () => {
  it('requires authentication', async () => {
    const space = await createSpace(app, org);
    const res = await gql(undefined, 'query($id: ID!) { space(id: $id) { id } }', { id: space.id });
    expect(res.data ?? null).toBeNull();
    expect(errorOf(res)).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    const mutation = await gql(
      undefined,
      'mutation($o: ID!) { createCollection(input: { organizationId: $o, title: "x" }) { collection { id } } }',
      { o: org.organizationId },
    );
    expect(errorOf(mutation)).toMatchObject({ status: 401 });
  });

  it('walks organization → collections → spaces → parent → organization, with totalCount and pages', async () => {
    const o = await createOrg(app);
    const top = await createCollection(app, o, { title: 'Top' });
    const child = await createCollection(app, o, { title: 'Child', parent: top.id });
    const s1 = await createSpace(app, o, { title: 'One', parent: top.id });
    const s2 = await createSpace(app, o, { title: 'Two', parent: top.id });
    await createSpace(app, o, { title: 'Root' });
    const res = await gql(
      o.admin.token,
      `query($id: ID!) {
      organization(id: $id) {
        spaces { totalCount }
        all: collections { totalCount edges { node { title } } }
        top: collections(nested: false) {
          totalCount
          edges { node {
            id title parent { id }
            collections { totalCount edges { node { title parent { title } } } }
            spaces(first: 1) {
              totalCount
              pageInfo { hasNextPage endCursor }
              edges { node { title organization { id } parent { title } permissions { admin edit } } }
            }
          } }
        }
      }
    }`,
      { id: o.organizationId },
    );
    expect(res.errors).toBeUndefined();
    const { organization } = res.data;
    expect(organization.spaces.totalCount).toBe(3);
    expect(organization.all.totalCount).toBe(2);
    expect(organization.top.totalCount).toBe(1);
    const topNode = organization.top.edges[0].node;
    expect(topNode).toMatchObject({ id: top.id, title: 'Top', parent: null });
    expect(topNode.collections).toEqual({ totalCount: 1, edges: [{ node: { title: 'Child', parent: { title: 'Top' } } }] });
    expect(topNode.spaces.totalCount).toBe(2);
    expect(topNode.spaces.pageInfo.hasNextPage).toBe(true);
    expect(topNode.spaces.edges).toEqual([
      {
        node: { title: 'One', organization: { id: o.organizationId }, parent: { title: 'Top' }, permissions: { admin: true, edit: true } },
      },
    ]);

    const next = await gql(
      o.admin.token,
      'query($id: ID!, $after: String) { collection(id: $id) { spaces(first: 1, after: $after) { edges { node { id } } pageInfo { hasNextPage } } } }',
      {
        id: top.id,
        after: topNode.spaces.pageInfo.endCursor,
      },
    );
    expect(next.data.collection.spaces).toEqual({ edges: [{ node: { id: s2.id } }], pageInfo: { hasNextPage: false } });
    // Relay node lookups find both types by their one id.
    const nodes = await gql(o.admin.token, 'query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }', { ids: [child.id, s1.id] });
    expect(nodes.data.nodes).toEqual([
      { __typename: 'Collection', id: child.id },
      { __typename: 'Space', id: s1.id },
    ]);
  });

  it('hides what the caller may not see: 404 in extensions, absent from connections', async () => {
    const other = await createOrg(app);
    const space = await createSpace(app, org);
    const res = await gql(other.admin.token, 'query($id: ID!) { space(id: $id) { id } }', { id: space.id });
    expect(errorOf(res)).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    const closed = await createCollection(app, org);
    await createSpace(app, org, { parent: closed.id });
    const editor = await addMember(app, org.organizationId, 'edit');
    await gql(
      org.admin.token,
      'mutation($id: ID!) { updateCollection(input: { collectionId: $id, defaultLevel: null }) { collection { id } } }',
      { id: closed.id },
    );
    const list = await gql(editor.token, 'query($id: ID!) { organization(id: $id) { collections { edges { node { id } } } } }', {
      id: org.organizationId,
    });
    expect(list.data.organization.collections.edges.map((e: { node: { id: string } }) => e.node.id)).not.toContain(closed.id);
    expect(errorOf(await gql(editor.token, 'query($id: ID!) { collection(id: $id) { id } }', { id: closed.id }))).toMatchObject({
      status: 404,
    });
  });

  it('a share-link reader from elsewhere sees the space but not its organization', async () => {
    const stranger = await createOrg(app);
    const space = await createSpace(app, org);
    const key = await shareByLink(app, space);
    const res = await gql(
      stranger.admin.token,
      'query($id: ID!, $key: String) { space(id: $id, shareKey: $key) { id organizationId organization { id } permissions { view access } } }',
      { id: space.id, key },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.space).toEqual({
      id: space.id,
      organizationId: org.organizationId,
      organization: null,
      permissions: { view: true, access: false },
    });
  });
});

describe('GraphQL: content mutations', () => {
  it('creates, updates, duplicates, deletes and restores spaces; enums in GraphQL spelling', async () => {
    const col = await gql(
      org.admin.token,
      'mutation($o: ID!) { createCollection(input: { organizationId: $o, title: "Docs" }) { collection { id title defaultLevel } } }',
      { o: org.organizationId },
    );
    expect(col.data.createCollection.collection).toMatchObject({ title: 'Docs', defaultLevel: 'INHERIT' });
    const created = await gql(
      org.admin.token,
      `mutation($o: ID!, $p: ID) {
      createSpace(input: { organizationId: $o, title: "Guide", parent: $p, language: PT_BR, editMode: LOCKED, empty: true, clientMutationId: "c1" }) {
        clientMutationId space { id title language editMode visibility parent { id } }
      }
    }`,
      { o: org.organizationId, p: col.data.createCollection.collection.id },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data.createSpace.clientMutationId).toBe('c1');
    const space = created.data.createSpace.space;
    expect(space).toMatchObject({
      title: 'Guide',
      language: 'PT_BR',
      editMode: 'LOCKED',
      visibility: 'IN_COLLECTION',
      parent: { id: col.data.createCollection.collection.id },
    });

    const updated = await gql(
      org.admin.token,
      'mutation($id: ID!) { updateSpace(input: { spaceId: $id, title: "Manual", defaultLevel: READ, emoji: "📘" }) { space { title defaultLevel emoji } } }',
      { id: space.id },
    );
    expect(updated.data.updateSpace.space).toEqual({ title: 'Manual', defaultLevel: 'READ', emoji: '📘' });
    const bad = await gql(
      org.admin.token,
      'mutation($id: ID!) { updateSpace(input: { spaceId: $id, title: "" , emoji: "x" }) { space { title } } }',
      { id: space.id },
    );
    expect(errorOf(bad)).toMatchObject({ status: 400, field: 'emoji' });

    const copy = await gql(org.admin.token, 'mutation($id: ID!) { duplicateSpace(input: { spaceId: $id }) { space { id title } } }', {
      id: space.id,
    });
    expect(copy.data.duplicateSpace.space.title).toBe('Manual (copy)');

    const del =
      'mutation($id: ID!) { deleteSpace(input: { spaceId: $id, clientMutationId: "d" }) { deletedSpaceId deleted clientMutationId } }';
    expect((await gql(org.admin.token, del, { id: space.id })).data.deleteSpace).toEqual({
      deletedSpaceId: space.id,
      deleted: true,
      clientMutationId: 'd',
    });
    expect((await gql(org.admin.token, del, { id: space.id })).data.deleteSpace).toEqual({
      deletedSpaceId: null,
      deleted: false,
      clientMutationId: 'd',
    });
    const restore = 'mutation($id: ID!) { restoreSpace(input: { spaceId: $id }) { space { id deletedAt } } }';
    expect((await gql(org.admin.token, restore, { id: space.id })).data.restoreSpace.space).toEqual({ id: space.id, deletedAt: null });
    expect(errorOf(await gql(org.admin.token, restore, { id: space.id }))).toMatchObject({ status: 409 });

    const template = await gql(
      org.admin.token,
      'mutation($o: ID!) { createSpace(input: { organizationId: $o, template: { id: "t" } }) { space { id } } }',
      { o: org.organizationId },
    );
    expect(errorOf(template)).toMatchObject({ status: 400, field: 'template' });
  });

  it('moves and transfers spaces and collections, with the documented error statuses', async () => {
    const target = await createOrg(app);
    await addMember(app, target.organizationId, 'admin', { email: org.admin.email });
    const a = await createCollection(app, org);
    const b = await createCollection(app, org);
    const space = await createSpace(app, org, { parent: a.id });
    // A move answers the moved item and its new parent.
    const moveSpace = 'mutation($input: MoveSpaceInput!) { moveSpace(input: $input) { space { id parentId } parent { id } } }';
    expect((await gql(org.admin.token, moveSpace, { input: { spaceId: space.id, parent: b.id } })).data.moveSpace).toEqual({
      space: { id: space.id, parentId: b.id },
      parent: { id: b.id },
    });
    expect(errorOf(await gql(org.admin.token, moveSpace, { input: { spaceId: space.id, parent: b.id } }))).toMatchObject({ status: 409 });
    expect(
      errorOf(
        await gql(org.admin.token, moveSpace, { input: { spaceId: space.id, position: { before: { type: 'SPACE', space: 'spc_x' } } } }),
      ),
    ).toMatchObject({ status: 400, field: 'position' });
    expect(errorOf(await gql(org.admin.token, moveSpace, { input: { spaceId: space.id, parent: 'col_unknown' } }))).toMatchObject({
      status: 404,
    });

    const moveCollection = 'mutation($input: MoveCollectionInput!) { moveCollection(input: $input) { collection { id } parent { id } } }';
    expect((await gql(org.admin.token, moveCollection, { input: { collectionId: b.id, parent: a.id } })).data.moveCollection).toEqual({
      collection: { id: b.id },
      parent: { id: a.id },
    });
    expect(errorOf(await gql(org.admin.token, moveCollection, { input: { collectionId: a.id, parent: b.id } }))).toMatchObject({
      status: 400,
      field: 'parent',
    });

    const transfer = `mutation($input: TransferCollectionInput!) {
      transferCollection(input: $input) { collection { organizationId spaces { totalCount } collections { totalCount } } organization { id } parent { id } }
    }`;
    const published = await createSpace(app, org, { parent: a.id });
    await publishOnSite(app, published);
    expect(
      errorOf(await gql(org.admin.token, transfer, { input: { collectionId: a.id, organization: target.organizationId } })),
    ).toMatchObject({ status: 412 });
    await gql(org.admin.token, 'mutation($input: MoveSpaceInput!) { moveSpace(input: $input) { space { id } } }', {
      input: { spaceId: published.id, parent: null },
    });
    const moved = await gql(org.admin.token, transfer, { input: { collectionId: a.id, organization: target.organizationId } });
    expect(moved.errors).toBeUndefined();
    expect(moved.data.transferCollection).toEqual({
      collection: { organizationId: target.organizationId, spaces: { totalCount: 0 }, collections: { totalCount: 1 } },
      organization: { id: target.organizationId },
      parent: null,
    });
    const transferSpace =
      'mutation($input: TransferSpaceInput!) { transferSpace(input: $input) { space { organizationId parent { id } } organization { id } parent { id } } }';
    expect(
      errorOf(
        await gql(org.admin.token, transferSpace, { input: { spaceId: space.id, organization: target.organizationId, collection: b.id } }),
      ),
    ).toMatchObject({ status: 409 });
    expect(
      (await gql(org.admin.token, transferSpace, { input: { spaceId: space.id, organization: target.organizationId } })).data.transferSpace,
    ).toEqual({
      space: { organizationId: target.organizationId, parent: null },
      organization: { id: target.organizationId },
      parent: null,
    });

    const del = 'mutation($id: ID!) { deleteCollection(input: { collectionId: $id }) { deletedCollectionId deleted } }';
    expect((await gql(org.admin.token, del, { id: a.id })).data.deleteCollection).toEqual({ deletedCollectionId: a.id, deleted: true });
    expect((await gql(org.admin.token, del, { id: a.id })).data.deleteCollection).toEqual({ deletedCollectionId: null, deleted: false });
  });

  it('answers 403 in extensions for members who see but may not act', async () => {
    const editor = await addMember(app, org.organizationId, 'edit');
    const space = await createSpace(app, org);
    const res = await gql(editor.token, 'mutation($id: ID!) { updateSpace(input: { spaceId: $id, title: "x" }) { space { id } } }', {
      id: space.id,
    });
    expect(errorOf(res)).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    const create = await gql(editor.token, 'mutation($o: ID!) { createSpace(input: { organizationId: $o }) { space { id } } }', {
      o: org.organizationId,
    });
    expect(errorOf(create)).toMatchObject({ status: 403 });
  });

  it('shares a space by link through the API: its admin sets the visibility and reads the key, a stranger reads with it', async () => {
    const space = await createSpace(app, org);
    const stranger = await createOrg(app);
    const reader = await addMember(app, org.organizationId, 'read');
    const setVisibility =
      'mutation($id: ID!, $v: ContentVisibility!) { setSpaceVisibility(input: { spaceId: $id, visibility: $v }) { space { visibility shareKey } } }';
    const shared = await gql(org.admin.token, setVisibility, { id: space.id, v: 'SHARE_LINK' });
    expect(shared.data.setSpaceVisibility.space.visibility).toBe('SHARE_LINK');
    const key = shared.data.setSpaceVisibility.space.shareKey as string;
    expect(key).toMatch(/^[\w-]{20,}$/);
    // The key is the admins' to hand out: a reader sees null, and may not change visibility.
    expect((await gql(reader.token, 'query($id: ID!) { space(id: $id) { shareKey } }', { id: space.id })).data.space.shareKey).toBeNull();
    expect(errorOf(await gql(reader.token, setVisibility, { id: space.id, v: 'PUBLIC' }))).toMatchObject({ code: 'FORBIDDEN' });
    // A stranger reads it with the key only.
    const query = 'query($id: ID!, $key: String) { space(id: $id, shareKey: $key) { id permissions { view edit } shareKey } }';
    expect((await gql(stranger.admin.token, query, { id: space.id, key })).data.space).toEqual({
      id: space.id,
      permissions: { view: true, edit: false },
      shareKey: null,
    });
    expect(errorOf(await gql(stranger.admin.token, query, { id: space.id }))).toMatchObject({ code: 'NOT_FOUND' });
    // "in-collection" needs a collection.
    expect(errorOf(await gql(org.admin.token, setVisibility, { id: space.id, v: 'IN_COLLECTION' }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'visibility',
    });
  });
});
