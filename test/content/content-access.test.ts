// The access model of spaces and collections: a member's organization role,
// capped by the default level the content resolves to through its parents
// ("inherit" follows the parent; null gives members no access by default).
// Admins keep full access everywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { addMember, createCollection, createOrg, createSpace, type Caller, type OrgFixture } from '../support/factories.js';
import { expectOpenApi } from '../support/openapi.js';

let app: TestApp;
let org: OrgFixture;
let editor: Caller;
let creator: Caller;
let reader: Caller;
beforeAll(async () => {
  app = await startTestApp();
  org = await createOrg(app);
  [editor, creator, reader] = await Promise.all([
    addMember(app, org.organizationId, 'edit'),
    addMember(app, org.organizationId, 'create'),
    addMember(app, org.organizationId, 'read'),
  ]);
});
afterAll(() => app.close());

const setLevel = async (kind: 'spaces' | 'collections', id: string, defaultLevel: string | null) => {
  const res = await rest(app, org.admin.token).patch(`/v1/${kind}/${id}`, { defaultLevel });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const permissionsOf = async (caller: Caller, kind: 'spaces' | 'collections', id: string) => {
  const res = await rest(app, caller.token).get(`/v1/${kind}/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.permissions;
};
const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((i) => i.id);

describe('default levels', () => {
  it('a collection with default level "read" makes its spaces read-only for an editor', async () => {
    const collection = await createCollection(app, org);
    const space = await createSpace(app, org, { parent: collection.id });
    expect(await permissionsOf(editor, 'spaces', space.id)).toMatchObject({ view: true, edit: true, comment: true });

    await setLevel('collections', collection.id, 'read');
    const res = await rest(app, editor.token).get(`/v1/spaces/${space.id}`);
    expectOpenApi(res, 'get', '/spaces/{spaceId}', 200);
    expect(res.body.permissions).toMatchObject({
      view: true,
      access: true,
      edit: false,
      comment: false,
      triggerGitSync: false,
      admin: false,
    });
    expect((await rest(app, editor.token).patch(`/v1/spaces/${space.id}`, { title: 'Edited' })).status).toBe(403);
    // Admins are not capped.
    expect(await permissionsOf(org.admin, 'spaces', space.id)).toMatchObject({ edit: true, admin: true });
  });

  it('the cap takes the create right away inside the collection, not at the root', async () => {
    const collection = await createCollection(app, org);
    const space = await createSpace(app, org, { parent: collection.id });
    expect(await permissionsOf(creator, 'collections', collection.id)).toMatchObject({ view: true, create: true });
    expect((await rest(app, creator.token).post(`/v1/spaces/${space.id}/duplicate`)).status).toBe(201);

    await setLevel('collections', collection.id, 'read');
    expect(await permissionsOf(creator, 'collections', collection.id)).toMatchObject({ view: true, create: false });
    const path = `/v1/orgs/${org.organizationId}`;
    expect((await rest(app, creator.token).post(`${path}/spaces`, { title: 'In', parent: collection.id })).status).toBe(403);
    expect((await rest(app, creator.token).post(`${path}/collections`, { title: 'In', parent: collection.id })).status).toBe(403);
    expect((await rest(app, creator.token).post(`/v1/spaces/${space.id}/duplicate`)).status).toBe(403);
    expect((await rest(app, creator.token).post(`${path}/spaces`, { title: 'At the root' })).status).toBe(201);
  });

  it('"inherit" resolves through every level of parents, and follows changes above', async () => {
    const top = await createCollection(app, org);
    const middle = await createCollection(app, org, { parent: top.id });
    const space = await createSpace(app, org, { parent: middle.id });
    await setLevel('collections', top.id, 'comment');
    expect(await permissionsOf(editor, 'spaces', space.id)).toMatchObject({ comment: true, edit: false });
    await setLevel('collections', top.id, 'read');
    expect(await permissionsOf(editor, 'spaces', space.id)).toMatchObject({ comment: false, edit: false });
    await setLevel('collections', top.id, 'inherit');
    expect(await permissionsOf(editor, 'spaces', space.id)).toMatchObject({ comment: true, edit: true });
    // A level of its own stops the inheritance below it.
    await setLevel('collections', middle.id, 'read');
    await setLevel('collections', top.id, 'admin');
    expect(await permissionsOf(editor, 'spaces', space.id)).toMatchObject({ edit: false });
  });

  it("a space's own level overrides its collection's, but never lifts a member above their role", async () => {
    const collection = await createCollection(app, org);
    await setLevel('collections', collection.id, 'read');
    const space = await createSpace(app, org, { parent: collection.id });
    await setLevel('spaces', space.id, 'edit');
    expect(await permissionsOf(editor, 'spaces', space.id)).toMatchObject({ edit: true });
    expect(await permissionsOf(reader, 'spaces', space.id)).toMatchObject({ view: true, comment: false, edit: false });
    // Back to inherit: the collection's cap again.
    await setLevel('spaces', space.id, 'inherit');
    expect(await permissionsOf(editor, 'spaces', space.id)).toMatchObject({ edit: false });
  });

  it('null hides a collection and its content from non-admin members: 404 and absent from lists', async () => {
    const collection = await createCollection(app, org);
    const child = await createCollection(app, org, { parent: collection.id });
    const space = await createSpace(app, org, { parent: collection.id });
    const deep = await createSpace(app, org, { parent: child.id });
    const visible = await createSpace(app, org);
    await setLevel('collections', collection.id, null);

    for (const path of [
      `/v1/collections/${collection.id}`,
      `/v1/collections/${child.id}`,
      `/v1/spaces/${space.id}`,
      `/v1/spaces/${deep.id}`,
      `/v1/collections/${collection.id}/spaces`,
    ]) {
      expect((await rest(app, editor.token).get(path)).status, path).toBe(404);
    }
    const spaces = await rest(app, editor.token).get(`/v1/orgs/${org.organizationId}/spaces?limit=1000`);
    expect(ids(spaces)).toContain(visible.id);
    expect(ids(spaces)).not.toContain(space.id);
    expect(ids(spaces)).not.toContain(deep.id);
    expect(spaces.body.count).toBe(spaces.body.items.length);
    const collections = await rest(app, editor.token).get(`/v1/orgs/${org.organizationId}/collections?limit=1000`);
    expect(ids(collections)).not.toContain(collection.id);
    expect(ids(collections)).not.toContain(child.id);
    // Writes read as absent too.
    expect((await rest(app, editor.token).patch(`/v1/collections/${collection.id}`, { title: 'x' })).status).toBe(404);
    // Admins see everything.
    expect((await rest(app, org.admin.token).get(`/v1/spaces/${deep.id}`)).status).toBe(200);
    expect(ids(await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/spaces?limit=1000`))).toContain(deep.id);
  });

  it('moving a space out of a collection restores inheritance; moving it back in applies the collection again', async () => {
    const closed = await createCollection(app, org);
    await setLevel('collections', closed.id, null);
    const space = await createSpace(app, org, { parent: closed.id });
    expect((await rest(app, editor.token).get(`/v1/spaces/${space.id}`)).status).toBe(404);

    expect((await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/move`, { parent: null })).status).toBe(200);
    expect(await permissionsOf(editor, 'spaces', space.id)).toMatchObject({ view: true, edit: true });
    expect(ids(await rest(app, editor.token).get(`/v1/orgs/${org.organizationId}/spaces?limit=1000`))).toContain(space.id);

    expect((await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/move`, { parent: closed.id })).status).toBe(200);
    expect((await rest(app, editor.token).get(`/v1/spaces/${space.id}`)).status).toBe(404);
  });

  it('a readable space inside a hidden collection shows no parent in GraphQL (no error), its id in REST', async () => {
    const closed = await createCollection(app, org);
    await setLevel('collections', closed.id, null);
    const space = await createSpace(app, org, { parent: closed.id });
    await setLevel('spaces', space.id, 'read');
    const res = await rest(app, editor.token).get(`/v1/spaces/${space.id}`);
    expect(res.body).toMatchObject({ parent: closed.id, permissions: { view: true, edit: false } });
    const gql = await graphql(app, editor.token, 'query($id: ID!) { space(id: $id) { id parentId parent { id } } }', { id: space.id });
    expect(gql.errors).toBeUndefined();
    expect(gql.data.space).toEqual({ id: space.id, parentId: closed.id, parent: null });
    const asAdmin = await graphql(app, org.admin.token, 'query($id: ID!) { space(id: $id) { parent { id } } }', { id: space.id });
    expect(asAdmin.data.space.parent).toEqual({ id: closed.id });
  });
});
