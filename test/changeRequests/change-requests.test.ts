// Change requests (spec 4.14, 4.15, 4.16): create, numbers, lists, patch,
// page writes on their own revision line, update and merge (three-way), reviews
// and merge rules, content reads.
import { describe, expect, it } from 'vitest';
import { useTestApp, useTestOrg } from '../support/app.js';
import { graphql, request, rest } from '../support/http.js';
import { addMember, createOrg, createSpace } from '../support/factories.js';
import { expectOpenApi } from '../support/openapi.js';
import { race, restCall, statusCounts, times } from '../support/concurrency.js';
import { insertPages, pagesOf } from '../support/content.js';

const app = useTestApp();
const org = useTestOrg(app);

const crPath = (spaceId: string, cr?: string) => `/v1/spaces/${spaceId}/change-requests${cr ? `/${cr}` : ''}`;

async function spaceWithPages(pages: { path: string; markdown?: string }[]) {
  const space = await createSpace(app, org, { empty: true });
  const ids = await insertPages(app, space, pages);
  return { space, ids };
}

async function openCR(spaceId: string, subject = 'Edit') {
  const res = await rest(app, org.admin.token).post(crPath(spaceId), { subject });
  expect(res.status).toBe(201);
  return res.body;
}

const write = (spaceId: string, cr: string, changes: unknown[]) =>
  rest(app, org.admin.token).post(`${crPath(spaceId, cr)}/content`, { changes });
const activePages = async (spaceId: string) =>
  pagesOf(app, (await app.prisma.space.findUniqueOrThrow({ where: { id: spaceId } })).revisionId);

describe('change requests', () => {
  it('creates, gets by id and by number, patches, and lists with filters', async () => {
    const { space } = await spaceWithPages([{ path: 'a', markdown: 'A' }]);
    const cr = await openCR(space.id, 'First');
    expectOpenApi({ status: 201, body: cr }, 'post', '/spaces/{spaceId}/change-requests', 201);
    expect(cr).toMatchObject({
      object: 'change-request',
      number: 1,
      status: 'draft',
      subject: 'First',
      space: space.id,
      outdated: false,
      createdBy: { id: org.admin.userId },
    });
    expect(cr.revision).toBe(cr.revisionInitial);
    const byNumber = await rest(app, org.admin.token).get(crPath(space.id, '1'));
    expectOpenApi(byNumber, 'get', '/spaces/{spaceId}/change-requests/{changeRequestId}', 200);
    expect(byNumber.body.id).toBe(cr.id);
    expect((await rest(app, org.admin.token).get(crPath(space.id, 'chr_nope'))).status).toBe(404);

    const description = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [] }] };
    const patched = await rest(app, org.admin.token).patch(crPath(space.id, cr.id), { subject: 'Renamed', description, status: 'open' });
    expectOpenApi(patched, 'patch', '/spaces/{spaceId}/change-requests/{changeRequestId}', 200);
    expect(patched.body).toMatchObject({ subject: 'Renamed', status: 'open', description });
    const bad = await rest(app, org.admin.token).patch(crPath(space.id, cr.id), { description: { object: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/description/);
    const merged = await rest(app, org.admin.token).patch(crPath(space.id, cr.id), { status: 'merged' });
    expect(merged.status).toBe(400);
    expect(merged.body.error.message).toMatch(/by merging/);

    const other = await addMember(app, org.organizationId, 'edit');
    await rest(app, other.token).post(crPath(space.id), { subject: 'Theirs' });
    const list = await rest(app, org.admin.token).get(crPath(space.id));
    expectOpenApi(list, 'get', '/spaces/{spaceId}/change-requests', 200);
    expect(list.body.items.map((i: any) => i.id)).toEqual([cr.id]); // open only by default
    const drafts = await rest(app, org.admin.token).get(`${crPath(space.id)}?status=draft&creator=${other.userId}`);
    expect(drafts.body.items.map((i: any) => i.subject)).toEqual(['Theirs']);
    const orgList = await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/change-requests?status=open`);
    expectOpenApi(orgList, 'get', '/orgs/{organizationId}/change-requests', 200);
    expect(orgList.body.items.map((i: any) => i.id)).toContain(cr.id);
  });

  it('hides change requests from other organizations (404) and refuses readers (403) and missing tokens (401)', async () => {
    const { space } = await spaceWithPages([{ path: 'a' }]);
    const cr = await openCR(space.id);
    const stranger = await createOrg(app);
    expect((await rest(app, stranger.admin.token).get(crPath(space.id, cr.id))).status).toBe(404);
    const reader = await addMember(app, org.organizationId, 'read');
    expect((await rest(app, reader.token).get(crPath(space.id, cr.id))).status).toBe(200);
    expect((await rest(app, reader.token).post(crPath(space.id), { subject: 'x' })).status).toBe(403);
    expect((await rest(app, reader.token).patch(crPath(space.id, cr.id), { subject: 'x' })).status).toBe(403);
    expect((await request(app, 'GET', crPath(space.id, cr.id))).status).toBe(401);
  });

  it('numbers 200 concurrent creations in one space 1..200', async () => {
    const space = await createSpace(app, org, { empty: true });
    const answers = await race(app, times(200, restCall(org.admin.token, 'POST', crPath(space.id), { subject: 'x' })));
    expect(statusCounts(answers)).toEqual({ 201: 200 });
    const numbers = (await app.prisma.changeRequest.findMany({ where: { spaceId: space.id }, select: { number: true } }))
      .map((r) => r.number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  }, 120_000);
});

describe('change request content', () => {
  it('writes pages on its own revision line (insert, update, move, delete), leaving the space as it was', async () => {
    const {
      space,
      ids: [a, b],
    } = await spaceWithPages([
      { path: 'a', markdown: 'A' },
      { path: 'b', markdown: 'B' },
    ]);
    const cr = await openCR(space.id);
    const res = await write(
      space.id,
      cr.id,
      [
        { operation: 'insert_page', title: 'New Page', document: { markdown: '# New' } },
        { operation: 'update_page', page: a, title: 'A2', document: { markdown: 'A edited' } },
        { operation: 'update_page', page: b, into: a },
        { operation: 'delete_page', page: a === b ? '' : a },
      ].slice(0, 3),
    );
    expect(res.status).toBe(200);
    expect(res.body.revision).not.toBe(cr.revision);
    const revision = await app.prisma.revision.findUniqueOrThrow({ where: { id: res.body.revision } });
    expect(revision.parents).toEqual([cr.revision]);
    const pages = await pagesOf(app, res.body.revision);
    expect(pages.map((p) => [p.path, p.title, p.markdown])).toEqual([
      ['a', 'A2', 'A edited'],
      ['a/b', 'b', 'B'],
      ['new-page', 'New Page', '# New'],
    ]);
    expect((await activePages(space.id)).map((p) => p.path)).toEqual(['a', 'b']);

    const page = await rest(app, org.admin.token).get(`${crPath(space.id, cr.id)}/content/page/${a}`);
    expectOpenApi(page, 'get', '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}', 200);
    expect(page.body.document.object).toBe('document');
    expect(page.body.pages.map((p: any) => p.id)).toEqual([b]);
    const md = await rest(app, org.admin.token).get(`${crPath(space.id, cr.id)}/content/page/${a}?format=markdown&metadata=false`);
    expect(md.body).toMatchObject({ markdown: 'A edited' });
    expect(md.body.document).toBeUndefined();
    expect(md.body.git).toBeUndefined();
    const content = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/content`);
    expectOpenApi(content, 'get', '/spaces/{spaceId}/content', 200);
    const listed = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/content/pages`);
    expectOpenApi(listed, 'get', '/spaces/{spaceId}/content/pages', 200);
    expect(listed.body.pages.map((p: any) => p.path)).toEqual(['a', 'b']);

    const del = await write(space.id, cr.id, [{ operation: 'delete_page', page: a }]);
    expect((await pagesOf(app, del.body.revision)).map((p) => p.path)).toEqual(['new-page']);
    expect((await write(space.id, cr.id, [{ operation: 'update_page', page: 'pag_missing', title: 'x' }])).status).toBe(404);
    expect((await write(space.id, cr.id, [{ operation: 'insert_page' }])).status).toBe(400);
  });
});

describe('update and merge', () => {
  it('merges non-conflicting edits of both sides, within a page and across pages', async () => {
    const {
      space,
      ids: [a, b],
    } = await spaceWithPages([
      { path: 'a', markdown: 'one\n\ntwo\n\nthree' },
      { path: 'b', markdown: 'B' },
    ]);
    const first = await openCR(space.id);
    const second = await openCR(space.id);
    await write(space.id, first.id, [{ operation: 'update_page', page: a, document: { markdown: 'ONE\n\ntwo\n\nthree' } }]);
    await write(space.id, second.id, [
      { operation: 'update_page', page: a, document: { markdown: 'one\n\ntwo\n\nTHREE' } },
      { operation: 'update_page', page: b, title: 'Bee' },
    ]);
    const m1 = await rest(app, org.admin.token).post(`${crPath(space.id, first.id)}/merge`);
    expectOpenApi(m1, 'post', '/spaces/{spaceId}/change-requests/{changeRequestId}/merge', 200);
    expect(m1.body).toMatchObject({ revision: expect.any(String), result: 'merge' });
    expect((await rest(app, org.admin.token).get(crPath(space.id, second.id))).body.outdated).toBe(true);
    const m2 = await rest(app, org.admin.token).post(`${crPath(space.id, second.id)}/merge`);
    expect(m2.body.result).toBe('merge');
    const pages = await activePages(space.id);
    expect(pages.find((p) => p.id === a)!.markdown).toBe('ONE\n\ntwo\n\nTHREE');
    expect(pages.find((p) => p.id === b)!.title).toBe('Bee');
    const merged = await rest(app, org.admin.token).get(crPath(space.id, second.id));
    expect(merged.body).toMatchObject({ status: 'merged', revisionMerged: m2.body.revision });
    expect((await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).revisionId).toBe(m2.body.revision);
  });

  it('reports conflicting edits (409 naming the page) and changes nothing', async () => {
    const {
      space,
      ids: [a],
    } = await spaceWithPages([{ path: 'a', markdown: 'line' }]);
    const first = await openCR(space.id);
    const second = await openCR(space.id);
    await write(space.id, first.id, [{ operation: 'update_page', page: a, document: { markdown: 'mine' } }]);
    await write(space.id, second.id, [{ operation: 'update_page', page: a, document: { markdown: 'theirs' } }]);
    await rest(app, org.admin.token).post(`${crPath(space.id, first.id)}/merge`);
    const before = await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } });
    const res = await rest(app, org.admin.token).post(`${crPath(space.id, second.id)}/merge`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain(a);
    expect((await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).revisionId).toBe(before.revisionId);
    expect((await rest(app, org.admin.token).get(crPath(space.id, second.id))).body.status).toBe('draft');
    const gql = await graphql(
      app,
      org.admin.token,
      `mutation($i: MergeChangeRequestInput!) { mergeChangeRequest(input: $i) { result conflicts { page reason } } }`,
      { i: { spaceId: space.id, changeRequestId: second.id } },
    );
    expect(gql.data.mergeChangeRequest).toMatchObject({ result: 'conflicts', conflicts: [{ page: a }] });
    const update = await rest(app, org.admin.token).post(`${crPath(space.id, second.id)}/update`);
    expect(update.status).toBe(409);
  });

  it('keeps a move on one side and an edit on the other; a merge after an update is clean', async () => {
    const {
      space,
      ids: [a, b],
    } = await spaceWithPages([
      { path: 'a', markdown: 'A' },
      { path: 'b', markdown: 'B' },
    ]);
    const mover = await openCR(space.id);
    const editor = await openCR(space.id);
    await write(space.id, mover.id, [{ operation: 'update_page', page: b, into: a }]);
    await write(space.id, editor.id, [{ operation: 'update_page', page: b, document: { markdown: 'B edited' } }]);
    expect((await rest(app, org.admin.token).post(`${crPath(space.id, mover.id)}/merge`)).body.result).toBe('merge');
    const updated = await rest(app, org.admin.token).post(`${crPath(space.id, editor.id)}/update`);
    expectOpenApi(updated, 'post', '/spaces/{spaceId}/change-requests/{changeRequestId}/update', 200);
    expect(updated.body.result).toBe('update');
    const after = await rest(app, org.admin.token).get(crPath(space.id, editor.id));
    expect(after.body).toMatchObject({ outdated: false, revision: updated.body.revision });
    expect((await pagesOf(app, updated.body.revision)).map((p) => [p.path, p.markdown])).toEqual([
      ['a', 'A'],
      ['a/b', 'B edited'],
    ]);
    expect((await rest(app, org.admin.token).post(`${crPath(space.id, editor.id)}/merge`)).body.result).toBe('merge');
    expect((await activePages(space.id)).map((p) => [p.path, p.markdown])).toEqual([
      ['a', 'A'],
      ['a/b', 'B edited'],
    ]);
  });

  it('two merges at once both land, one on top of the other', async () => {
    const {
      space,
      ids: [a, b],
    } = await spaceWithPages([
      { path: 'a', markdown: 'A' },
      { path: 'b', markdown: 'B' },
    ]);
    const x = await openCR(space.id);
    const y = await openCR(space.id);
    await write(space.id, x.id, [{ operation: 'update_page', page: a, document: { markdown: 'AX' } }]);
    await write(space.id, y.id, [{ operation: 'update_page', page: b, document: { markdown: 'BY' } }]);
    const answers = await race(app, [
      restCall(org.admin.token, 'POST', `${crPath(space.id, x.id)}/merge`),
      restCall(org.admin.token, 'POST', `${crPath(space.id, y.id)}/merge`),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect((await activePages(space.id)).map((p) => p.markdown)).toEqual(['AX', 'BY']);
    const head = await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } });
    expect(answers.map((r) => r.body.revision)).toContain(head.revisionId);
  });

  it('requires the approval of the reviewers the merge rules name', async () => {
    const reviewer = await addMember(app, org.organizationId, 'review');
    const {
      space,
      ids: [a],
    } = await spaceWithPages([{ path: 'a', markdown: 'A' }]);
    await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}`, {
      mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: [reviewer.userId] }] },
    });
    const cr = await openCR(space.id);
    await write(space.id, cr.id, [{ operation: 'update_page', page: a, document: { markdown: 'A2' } }]);
    const asked = await rest(app, org.admin.token).post(`${crPath(space.id, cr.id)}/requested-reviewers`, { users: [reviewer.userId] });
    expect(asked.status).toBe(200);
    expect(
      (await rest(app, org.admin.token).get(`${crPath(space.id)}?status=draft&requestedReviewer=${reviewer.userId}`)).body.items.map(
        (i: any) => i.id,
      ),
    ).toEqual([cr.id]);
    const blocked = await rest(app, org.admin.token).post(`${crPath(space.id, cr.id)}/merge`);
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.message).toContain(reviewer.userId);
    const changes = await rest(app, reviewer.token).post(`${crPath(space.id, cr.id)}/reviews`, { status: 'changes-requested' });
    expect(changes.status).toBe(201);
    expect((await rest(app, org.admin.token).post(`${crPath(space.id, cr.id)}/merge`)).status).toBe(403);
    expect((await rest(app, org.admin.token).post(`${crPath(space.id, cr.id)}/reviews`, { status: 'approved' })).status).toBe(400); // its author
    expect((await rest(app, reviewer.token).post(`${crPath(space.id, cr.id)}/reviews`, { status: 'approved' })).status).toBe(201);
    expect((await rest(app, org.admin.token).post(`${crPath(space.id, cr.id)}/merge`)).body.result).toBe('merge');
  });
});
