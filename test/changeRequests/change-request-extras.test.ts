// Change request extras (4.14): contributors, the link to an issues cluster
// (`conversationsIssuesCluster`, set on create and patch; REST list filter
// `topic`, the public document's name for it), and the batching pin of a list
// with creators, spaces and revision page counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { graphql, request, rest } from '../support/http.js';
import { addMember, createOrg, createSpace, type OrgFixture } from '../support/factories.js';
import { expectOpenApi, expectSchema } from '../support/openapi.js';
import { insertPages } from '../support/content.js';
import { tokenWithScopes } from '../support/tokens.js';
import { newId } from '../../src/ids.js';

let app: TestApp;
let org: OrgFixture;
beforeAll(async () => {
  app = await startTestApp();
  org = await createOrg(app);
});
afterAll(() => app.close());

async function cluster(organizationId: string) {
  const id = newId('IssuesCluster');
  await app.prisma.issuesCluster.create({
    data: { id, organizationId, label: 'Login fails', icon: 'bug', summary: 'Users cannot log in.' },
  });
  return id;
}

describe('GET …/change-requests/{changeRequestId}/contributors', () => {
  it('lists the users who wrote revisions on its line, with their count, latest first', async () => {
    const space = await createSpace(app, org);
    const editor = await addMember(app, org.organizationId, 'edit');
    const cr = await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Docs' });
    const path = `/v1/spaces/${space.id}/change-requests/${cr.body.id}`;
    const empty = await rest(app, org.admin.token).get(`${path}/contributors`);
    expectOpenApi(empty, 'GET', '/spaces/{spaceId}/change-requests/{changeRequestId}/contributors', 200);
    expect(empty.body).toEqual({ count: 0, items: [] });

    const write = async (token: string, title: string) =>
      expect((await rest(app, token).post(`${path}/content`, { changes: [{ operation: 'insert_page', title }] })).status).toBe(200);
    await write(org.admin.token, 'One');
    await write(org.admin.token, 'Two');
    app.clock.advance(1000);
    await write(editor.token, 'Three');
    const res = await rest(app, org.admin.token).get(`${path}/contributors`);
    expectOpenApi(res, 'GET', '/spaces/{spaceId}/change-requests/{changeRequestId}/contributors', 200);
    expect(res.body.count).toBe(2);
    expect(res.body.items.map((c: any) => [c.user.id, c.count, c.actionType])).toEqual([
      [editor.userId, 1, 'edit'],
      [org.admin.userId, 2, 'edit'],
    ]);
    expect(res.body.items[0].user.email).toBeUndefined();
  });

  it('is read by whoever reads the change request: 404 for guests, other organizations and unknown ones; 403 without space:read; 401 without a token', async () => {
    const space = await createSpace(app, org);
    const cr = await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Auth' });
    const path = `/v1/spaces/${space.id}/change-requests/${cr.body.id}/contributors`;
    const reader = await addMember(app, org.organizationId, 'read');
    expect((await rest(app, reader.token).get(path)).status).toBe(200);
    for (const token of [(await addMember(app, org.organizationId, 'guest')).token, (await createOrg(app)).admin.token]) {
      const denied = await rest(app, token).get(path);
      expectOpenApi(denied, 'GET', '/spaces/{spaceId}/change-requests/{changeRequestId}/contributors', 404);
    }
    expect((await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/change-requests/chr_unknown/contributors`)).status).toBe(404);
    const scoped = await tokenWithScopes(app, org.admin.userId, ['organization:read']);
    expect((await rest(app, scoped.token).get(path)).status).toBe(403);
    expect((await request(app, 'GET', path)).status).toBe(401);
  });
});

describe('issues cluster of a change request', () => {
  it('is set on create, changed and unset on patch, and filters the space and organization lists (`topic`)', async () => {
    const space = await createSpace(app, org);
    const icl = await cluster(org.organizationId);
    const linked = await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests`, {
      subject: 'Fix login docs',
      conversationsIssuesCluster: icl,
    });
    expectOpenApi(linked, 'POST', '/spaces/{spaceId}/change-requests', 201);
    expect(linked.body.conversationsIssuesCluster).toBe(icl);
    const plain = await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Other' });
    expect(plain.body.conversationsIssuesCluster).toBeUndefined();
    for (const id of [linked.body.id, plain.body.id])
      await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}/change-requests/${id}`, { status: 'open' });

    const spaceList = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/change-requests?topic=${icl}`);
    expectOpenApi(spaceList, 'GET', '/spaces/{spaceId}/change-requests', 200);
    expect(spaceList.body.items.map((c: any) => c.id)).toEqual([linked.body.id]);
    const orgList = await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/change-requests?topic=${icl}`);
    expectOpenApi(orgList, 'GET', '/orgs/{organizationId}/change-requests', 200);
    expect(orgList.body.items.map((c: any) => c.id)).toEqual([linked.body.id]);
    const gql = await graphql(
      app,
      org.admin.token,
      'query($id: ID!, $c: ID) { space(id: $id) { changeRequests(conversationsIssuesCluster: $c) { totalCount edges { node { id conversationsIssuesCluster } } } } }',
      { id: space.id, c: icl },
    );
    expect(gql.data.space.changeRequests).toEqual({
      totalCount: 1,
      edges: [{ node: { id: linked.body.id, conversationsIssuesCluster: icl } }],
    });

    const moved = await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}/change-requests/${plain.body.id}`, {
      conversationsIssuesCluster: icl,
    });
    expectOpenApi(moved, 'PATCH', '/spaces/{spaceId}/change-requests/{changeRequestId}', 200);
    expect(moved.body.conversationsIssuesCluster).toBe(icl);
    const unset = await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}/change-requests/${linked.body.id}`, {
      conversationsIssuesCluster: null,
    });
    expect(unset.status).toBe(200);
    expect(unset.body.conversationsIssuesCluster).toBeUndefined();
    const kept = await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}/change-requests/${plain.body.id}`, { subject: 'Renamed' });
    expect(kept.body.conversationsIssuesCluster).toBe(icl);
    expect(
      (await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/change-requests?topic=${icl}`)).body.items.map((c: any) => c.id),
    ).toEqual([plain.body.id]);
  });

  it('refuses a cluster that is unknown or of another organization (400), and who may not edit the change request', async () => {
    const space = await createSpace(app, org);
    const foreign = await cluster((await createOrg(app)).organizationId);
    for (const id of ['icl_unknown', foreign]) {
      const res = await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests`, {
        subject: 'x',
        conversationsIssuesCluster: id,
      });
      expect(res.status).toBe(400);
      expectSchema(res.body, 'Error');
      expect(res.body.error.message).toMatch(/conversationsIssuesCluster/);
    }
    const cr = await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests`, { subject: 'x' });
    expect(
      (
        await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}/change-requests/${cr.body.id}`, {
          conversationsIssuesCluster: foreign,
        })
      ).status,
    ).toBe(400);
    const reader = await addMember(app, org.organizationId, 'read');
    const icl = await cluster(org.organizationId);
    expect(
      (await rest(app, reader.token).patch(`/v1/spaces/${space.id}/change-requests/${cr.body.id}`, { conversationsIssuesCluster: icl }))
        .status,
    ).toBe(403);
    // Deleting the cluster unlinks its change requests.
    await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}/change-requests/${cr.body.id}`, { conversationsIssuesCluster: icl });
    await app.prisma.issuesCluster.delete({ where: { id: icl } });
    expect(
      (await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/change-requests/${cr.body.id}`)).body.conversationsIssuesCluster,
    ).toBeUndefined();
  });
});

describe('batching', () => {
  const QUERY = `query($id: ID!, $first: Int!) { organization(id: $id) { changeRequests(first: $first, status: draft) {
    edges { node { id number createdBy { id displayName } space { id title } content { pageCount } } } } } }`;

  async function orgWithChangeRequests(count: number) {
    const fixture = await createOrg(app);
    for (let i = 0; i < count; i++) {
      const space =
        i % 2 === 0
          ? await createSpace(app, fixture, { empty: true })
          : await app.prisma.space.findFirstOrThrow({ where: { organizationId: fixture.organizationId }, orderBy: { createdAt: 'desc' } });
      if (i % 2 === 0) await insertPages(app, space, [{ path: `a${i}` }, { path: `a${i}/b` }]);
      const author = i % 2 === 0 ? fixture.admin : await addMember(app, fixture.organizationId, 'edit');
      expect((await rest(app, author.token).post(`/v1/spaces/${space.id}/change-requests`, { subject: `CR ${i}` })).status).toBe(201);
    }
    return fixture;
  }

  it('20 change requests with their creators, spaces and revision page counts cost the statements of 2', async () => {
    const run = async (fixture: OrgFixture, first: number) => {
      const { result, statements } = await app.recordStatements(() =>
        graphql(app, fixture.admin.token, QUERY, { id: fixture.organizationId, first }),
      );
      expect(result.errors).toBeUndefined();
      return { edges: result.data.organization.changeRequests.edges, statements };
    };
    const two = await run(await orgWithChangeRequests(2), 2);
    const twenty = await run(await orgWithChangeRequests(20), 20);
    expect(two.edges).toHaveLength(2);
    expect(twenty.edges).toHaveLength(20);
    expect(twenty.edges.every((e: any) => e.node.content.pageCount === 2 && e.node.createdBy.id && e.node.space.id)).toBe(true);
    expect(twenty.statements.length).toBe(two.statements.length);
  });
});
