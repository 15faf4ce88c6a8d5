// Spec 4.9 — space comments and change-request comments over REST (answers
// validated against the public OpenAPI document) and GraphQL: every route,
// filters, bodies (Markdown and document), resolution, reactions, replies,
// commenters, validation, authorization by role and token scope, idempotent
// deletes, and comments on a page a later revision removed.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { graphql, request, rest } from '../support/http.js';
import { addMember, createOrg, createSpace, type Caller, type OrgFixture } from '../support/factories.js';
import { expectOpenApi } from '../support/openapi.js';
import { tokenWithScopes } from '../support/tokens.js';
import { insertPages } from '../support/content.js';
import { insertChangeRequest } from '../support/comments.js';
import { newId } from '../../src/ids.js';
import { openCommentCounts } from '../../src/domain/changeRequests/loaders.js';
import type { Context } from '../../src/context.js';

const app = useTestApp();

const SPACE_COMMENTS = '/spaces/{spaceId}/comments';
const SPACE_COMMENT = '/spaces/{spaceId}/comments/{commentId}';
const CR_COMMENTS = '/spaces/{spaceId}/change-requests/{changeRequestId}/comments';
const CR_COMMENT = '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}';

function expectError(res: { status: number; body: any }, status: number, message?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ error: { code: status, message: expect.any(String) } });
  if (message) expect(res.body.error.message).toMatch(message);
}

/** An organization, a space, and members of the roles that matter here. */
async function fixture() {
  const org = await createOrg(app);
  const space = await createSpace(app, org);
  const [author, other, reviewer, reader] = await Promise.all([
    addMember(app, org.organizationId, 'comment'),
    addMember(app, org.organizationId, 'edit'),
    addMember(app, org.organizationId, 'review'),
    addMember(app, org.organizationId, 'read'),
  ]);
  return { org, space, author, other, reviewer, reader, path: `/v1/spaces/${space.id}/comments` };
}

async function post(
  path: string,
  caller: Caller | OrgFixture['admin'],
  body: Record<string, unknown> = { body: { markdown: 'A comment' } },
) {
  const res = await rest(app, caller.token).post(path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; [k: string]: any };
}

describe('space comments: post, get, list, update, delete', () => {
  it('posts, gets and lists in the documented shapes; the space counts its open comments', async () => {
    const { org, space, author, path } = await fixture();
    const res = await rest(app, author.token).post(path, { body: { markdown: 'Looks **good**' } });
    expectOpenApi(res, 'post', SPACE_COMMENTS, 200);
    expect(res.body).toMatchObject({
      object: 'comment',
      id: expect.stringMatching(/^cmt_/),
      postedBy: { object: 'user', id: author.userId },
      body: { markdown: 'Looks **good**' },
      status: 'open',
      replies: 0,
      repliers: [],
      reactions: [],
      target: { space: space.id, revision: space.revision },
      urls: { location: `http://quire.test/v1/spaces/${space.id}/comments/${res.body.id}` },
      permissions: { view: true, edit: true, reply: true, delete: true },
    });
    expect(res.body.resolvedAt).toBeUndefined();

    const got = await rest(app, org.admin.token).get(`${path}/${res.body.id}`);
    expectOpenApi(got, 'get', SPACE_COMMENT, 200);
    // The admin may delete, not edit, another's comment.
    expect(got.body.permissions).toEqual({ view: true, edit: false, reply: true, delete: true });

    const doc = await rest(app, author.token).get(`${path}/${res.body.id}?format=document`);
    expectOpenApi(doc, 'get', SPACE_COMMENT, 200);
    expect(doc.body.body.document).toMatchObject({ object: 'document', nodes: [{ object: 'block', type: 'paragraph' }] });
    expect(doc.body.body.markdown).toBeUndefined();

    const list = await rest(app, author.token).get(path);
    expectOpenApi(list, 'get', SPACE_COMMENTS, 200);
    expect(list.body.count).toBe(1);
    expect((await rest(app, author.token).get(`/v1/spaces/${space.id}`)).body.comments).toBe(1);
  });

  it('lists newest first by default, oldest first with order=asc, filtered by status, page and authors (array), paged', async () => {
    const { org, space, author, other, path } = await fixture();
    const [pageA, pageB] = await insertPages(app, space, [{ path: 'a' }, { path: 'b' }]);
    const ids: string[] = [];
    for (const [caller, page] of [
      [author, pageA],
      [other, pageB],
      [author, pageB],
      [org.admin, undefined],
    ] as const) {
      ids.push((await post(path, caller, { body: { markdown: 'x' }, ...(page ? { page } : {}) })).id);
      app.clock.advance(1000);
    }
    await rest(app, author.token).put(`${path}/${ids[0]}`, { resolved: true });
    const api = rest(app, org.admin.token);
    const idsOf = (res: any) => res.body.items.map((c: any) => c.id);

    expect(idsOf(await api.get(path))).toEqual([...ids].reverse());
    expect(idsOf(await api.get(`${path}?order=asc`))).toEqual(ids);
    expect(idsOf(await api.get(`${path}?status=resolved`))).toEqual([ids[0]]);
    expect(idsOf(await api.get(`${path}?status=open&order=asc`))).toEqual(ids.slice(1));
    expect(idsOf(await api.get(`${path}?status=all&order=asc`))).toEqual(ids);
    expect(idsOf(await api.get(`${path}?targetPage=${pageB}&order=asc`))).toEqual([ids[1], ids[2]]);
    expect(idsOf(await api.get(`${path}?authors=${author.userId}&order=asc`))).toEqual([ids[0], ids[2]]);
    expect(idsOf(await api.get(`${path}?authors=${author.userId}&authors=${other.userId}&order=asc`))).toEqual(ids.slice(0, 3));
    expect(idsOf(await api.get(`${path}?authors=${other.userId},${org.admin.userId}&order=asc`))).toEqual([ids[1], ids[3]]);

    const first = await api.get(`${path}?limit=3&order=asc`);
    expectOpenApi(first, 'get', SPACE_COMMENTS, 200);
    expect(first.body.count).toBe(4);
    expect(idsOf(first)).toEqual(ids.slice(0, 3));
    expect(idsOf(await api.get(`${path}?limit=3&order=asc&page=${first.body.next.page}`))).toEqual([ids[3]]);
    // Open comments only: the space says 3.
    expect((await api.get(`/v1/spaces/${space.id}`)).body.comments).toBe(3);
  });

  it('edits the body (author), resolves and reopens, sets editedAt, and deletes idempotently (205, then 204)', async () => {
    const { org, space, author, reviewer, path } = await fixture();
    const c = await post(path, author);
    app.clock.advance(5000);
    const edited = await rest(app, author.token).put(`${path}/${c.id}`, { body: { markdown: 'Edited' } });
    expectOpenApi(edited, 'put', SPACE_COMMENT, 200);
    expect(edited.body).toMatchObject({ body: { markdown: 'Edited' }, editedAt: expect.any(String), status: 'open' });
    expect(new Date(edited.body.editedAt).getTime()).toBeGreaterThan(new Date(c.postedAt).getTime());

    const resolved = await rest(app, reviewer.token).put(`${path}/${c.id}`, { resolved: true });
    expectOpenApi(resolved, 'put', SPACE_COMMENT, 200);
    expect(resolved.body).toMatchObject({ status: 'resolved', resolvedAt: expect.any(String), resolvedBy: { id: reviewer.userId } });
    expect((await rest(app, author.token).get(`/v1/spaces/${space.id}`)).body.comments).toBe(0);
    // Resolving again keeps who and when.
    app.clock.advance(5000);
    const again = await rest(app, author.token).put(`${path}/${c.id}`, { resolved: true });
    expect(again.body).toMatchObject({ resolvedAt: resolved.body.resolvedAt, resolvedBy: { id: reviewer.userId } });

    const reopened = await rest(app, author.token).put(`${path}/${c.id}`, { resolved: false });
    expectOpenApi(reopened, 'put', SPACE_COMMENT, 200);
    expect(reopened.body.status).toBe('open');
    expect(reopened.body.resolvedAt).toBeUndefined();
    expect(reopened.body.resolvedBy).toBeUndefined();

    await post(`${path}/${c.id}/replies`, org.admin, { body: { markdown: 'reply' } });
    expect((await rest(app, author.token).delete(`${path}/${c.id}`)).status).toBe(205);
    expect((await rest(app, author.token).delete(`${path}/${c.id}`)).status).toBe(204);
    expect((await rest(app, org.admin.token).delete(`${path}/cmt_nothing`)).status).toBe(204);
    expectError(await rest(app, author.token).get(`${path}/${c.id}`), 404);
    expect(await app.prisma.commentReply.count({ where: { commentId: c.id } })).toBe(0);
  });

  it('adds and removes reactions idempotently per user and emoji, validated against the emoji data set', async () => {
    const { author, other, path } = await fixture();
    const c = await post(path, author);
    const put = (caller: Caller, body: object) => rest(app, caller.token).put(`${path}/${c.id}`, body);
    const first = await put(author, { addedReactions: ['👍', '1f389', '👍️'] });
    expectOpenApi(first, 'put', SPACE_COMMENT, 200);
    // Reactions of one moment come by emoji (🎉 U+1F389 before 👍 U+1F44D); the emoji is the data set's fully-qualified form.
    expect(first.body.reactions).toEqual([
      { emoji: '🎉', count: 1, users: [expect.objectContaining({ user: expect.objectContaining({ id: author.userId }) })] },
      { emoji: '👍️', count: 1, users: [{ user: expect.objectContaining({ id: author.userId }), reactedAt: expect.any(String) }] },
    ]);
    app.clock.advance(1000);
    await put(author, { addedReactions: ['👍'] });
    const both = await put(other, { addedReactions: ['👍🏽', '👍'] });
    expect(both.body.reactions.map((r: any) => [r.emoji, r.count])).toEqual([
      ['🎉', 1],
      ['👍️', 2],
      ['👍🏽', 1],
    ]);
    expect(both.body.reactions[1].users.map((u: any) => u.user.id)).toEqual([author.userId, other.userId]);
    app.clock.advance(1000);
    const removed = await put(author, { removedReactions: ['👍', '😀'], addedReactions: ['❤️'] });
    expect(removed.body.reactions.map((r: any) => [r.emoji, r.count, r.users.map((u: any) => u.user.id)])).toEqual([
      ['🎉', 1, [author.userId]],
      ['👍️', 1, [other.userId]],
      ['👍🏽', 1, [other.userId]],
      ['❤️', 1, [author.userId]],
    ]);
    expectError(await put(author, { addedReactions: ['not an emoji'] }), 400, /addedReactions\[0\]/);
    expectError(await put(author, { removedReactions: ['👍', 'a'] }), 400, /removedReactions\[1\]/);
    expectError(await put(author, { addedReactions: ['fffff'] }), 400, /addedReactions\[0\]/);
  });
});

describe('validation', () => {
  it('names the field at fault', async () => {
    const { author, path, space } = await fixture();
    const api = rest(app, author.token);
    expectError(await api.post(path, {}), 400, /^body: is required/);
    expectError(await api.post(path, { body: {} }), 400, /body\.markdown: is required/);
    expectError(await api.post(path, { body: { markdown: '   ' } }), 400, /body\.markdown: must not be blank/);
    expectError(await api.post(path, { body: { markdown: 'x'.repeat(100_001) } }), 400, /body\.markdown/);
    expectError(await api.post(path, { body: { markdown: 'x' }, page: 'pag_none' }), 400, /^page: is not a page of the space/);
    expectError(await api.post(path, { body: { markdown: 'x' }, tableCell: { record: 'r' } }), 400, /tableCell\.definition: is required/);
    expectError(await api.post(path, { body: { markdown: 'x' }, node: '' }), 400, /^node:/);
    expectError(await api.post(path, { body: { document: {} } }), 400, /body\.document: is not a known field/);
    expectError(await api.post(path, { body: { markdown: 'x' }, colour: 'red' }), 400, /colour/);
    expectError(await api.get(`${path}?status=closed`), 400, /status/);
    expectError(await api.get(`${path}?order=up`), 400, /order/);
    expectError(await api.get(`${path}?format=html`), 400, /format/);
    expectError(await api.get(`${path}?limit=1001`), 400, /limit/);
    const c = await post(path, author);
    expectError(await api.put(`${path}/${c.id}`, { resolved: 'yes' }), 400);
    expectError(await api.put(`${path}/${c.id}`, { body: { markdown: '' } }), 400, /body\.markdown/);
    expectError(await api.post(`${path}/${c.id}/replies`, {}), 400, /^body: is required/);
    const [page] = await insertPages(app, space, [{ path: 'p' }]);
    const onPage = await post(path, author, {
      body: { markdown: 'x' },
      page,
      node: 'node-1',
      tableCell: { record: 'r1', definition: 'd1' },
    });
    expect(onPage.target).toMatchObject({
      page: { id: page, removed: false },
      node: { id: 'node-1' },
      tableCell: { record: 'r1', definition: 'd1' },
    });
  });
});

describe('authorization', () => {
  it('author, other commenter, reviewer, admin, read-only member: each may do what the policy says, and permissions say so', async () => {
    const { org, author, other, reviewer, reader, path } = await fixture();
    const c = await post(path, author);
    const perms = async (caller: Caller | OrgFixture['admin']) => (await rest(app, caller.token).get(`${path}/${c.id}`)).body.permissions;
    expect(await perms(author)).toEqual({ view: true, edit: true, reply: true, delete: true });
    expect(await perms(other)).toEqual({ view: true, edit: false, reply: true, delete: false });
    expect(await perms(reviewer)).toEqual({ view: true, edit: false, reply: true, delete: false });
    expect(await perms(org.admin)).toEqual({ view: true, edit: false, reply: true, delete: true });
    expect(await perms(reader)).toEqual({ view: true, edit: false, reply: false, delete: false });

    // Bodies: only the author.
    expectError(await rest(app, other.token).put(`${path}/${c.id}`, { body: { markdown: 'mine now' } }), 403);
    expectError(await rest(app, org.admin.token).put(`${path}/${c.id}`, { body: { markdown: 'mine now' } }), 403);
    // Resolution: author, reviewers, admins; not another commenter.
    expectError(await rest(app, other.token).put(`${path}/${c.id}`, { resolved: true }), 403);
    expect((await rest(app, org.admin.token).put(`${path}/${c.id}`, { resolved: true })).status).toBe(200);
    expect((await rest(app, reviewer.token).put(`${path}/${c.id}`, { resolved: false })).status).toBe(200);
    // A read-only member reads but neither posts, replies nor reacts.
    expect((await rest(app, reader.token).get(path)).status).toBe(200);
    expectError(await rest(app, reader.token).post(path, { body: { markdown: 'x' } }), 403);
    expectError(await rest(app, reader.token).post(`${path}/${c.id}/replies`, { body: { markdown: 'x' } }), 403);
    expectError(await rest(app, reader.token).put(`${path}/${c.id}`, { addedReactions: ['👍'] }), 403);
    expectError(await rest(app, reader.token).delete(`${path}/${c.id}`), 403);
    expectError(await rest(app, reader.token).delete(`${path}/cmt_none`), 403);
    // Others react and reply; an all-or-nothing PUT refused in part changes nothing.
    expect((await rest(app, other.token).put(`${path}/${c.id}`, { addedReactions: ['👍'] })).status).toBe(200);
    expectError(await rest(app, other.token).put(`${path}/${c.id}`, { addedReactions: ['🎉'], body: { markdown: 'no' } }), 403);
    expect(await app.prisma.commentReaction.count({ where: { subjectId: c.id } })).toBe(1);
    // Delete: not another commenter; the admin may.
    expectError(await rest(app, other.token).delete(`${path}/${c.id}`), 403);
    expect((await rest(app, org.admin.token).delete(`${path}/${c.id}`)).status).toBe(205);
  });

  it('a comment whose author left the organization stays readable, its author shown', async () => {
    const { org, author, other, path } = await fixture();
    const c = await post(path, author);
    expect((await rest(app, org.admin.token).delete(`/v1/orgs/${org.organizationId}/members/${author.userId}`)).status).toBe(205);
    const got = await rest(app, other.token).get(`${path}/${c.id}`);
    expectOpenApi(got, 'get', SPACE_COMMENT, 200);
    expect(got.body.postedBy).toMatchObject({ id: author.userId, displayName: expect.any(String) });
  });

  it('another organization gets 404, no token 401, a token without the scope 403', async () => {
    const { author, path } = await fixture();
    const c = await post(path, author);
    const stranger = await createOrg(app);
    expectError(await rest(app, stranger.admin.token).get(path), 404);
    expectError(await rest(app, stranger.admin.token).get(`${path}/${c.id}`), 404);
    expectError(await rest(app, stranger.admin.token).post(path, { body: { markdown: 'x' } }), 404);
    expectError(await rest(app, stranger.admin.token).delete(`${path}/${c.id}`), 404);
    expectError(await rest(app).get(path), 401);
    expectError(await request(app, 'PUT', `${path}/${c.id}`, { body: { resolved: true } }), 401);

    const readOnly = await tokenWithScopes(app, author.userId, ['space:read']);
    expect((await rest(app, readOnly.token).get(`${path}/${c.id}`)).body.permissions).toEqual({
      view: true,
      edit: false,
      reply: false,
      delete: false,
    });
    expectError(await rest(app, readOnly.token).put(`${path}/${c.id}`, { resolved: true }), 403, /space:write/);
    expectError(await rest(app, readOnly.token).post(path, { body: { markdown: 'x' } }), 403, /space:write/);
    const writeOnly = await tokenWithScopes(app, author.userId, ['organization:read']);
    expectError(await rest(app, writeOnly.token).get(path), 403, /space:read/);
  });
});

describe('replies', () => {
  it('posts, lists, gets, edits, reacts and deletes replies on both routes; the comment counts replies and repliers', async () => {
    const { org, author, other, path } = await fixture();
    const c = await post(path, author);
    const replies = `${path}/${c.id}/replies`;
    const r1 = await rest(app, other.token).post(replies, { body: { markdown: 'First' } });
    expectOpenApi(r1, 'post', '/spaces/{spaceId}/comments/{commentId}/replies', 200);
    expect(r1.body).toMatchObject({
      object: 'comment-reply',
      id: expect.stringMatching(/^cmr_/),
      postedBy: { id: other.userId },
      body: { markdown: 'First' },
    });
    expect(r1.body.permissions).toEqual({ view: true, edit: true, reply: true, delete: true });
    app.clock.advance(1000);
    await post(replies, other, { body: { markdown: 'Second' } });
    app.clock.advance(1000);
    const r3 = await post(replies, author, { body: { markdown: 'Third' } });

    const list = await rest(app, author.token).get(`${replies}?limit=2`);
    expectOpenApi(list, 'get', '/spaces/{spaceId}/comments/{commentId}/replies', 200);
    expect(list.body.count).toBe(3);
    expect(list.body.items.map((r: any) => r.body.markdown)).toEqual(['First', 'Second']);
    expect((await rest(app, author.token).get(`${replies}?page=${list.body.next.page}`)).body.items.map((r: any) => r.id)).toEqual([r3.id]);

    const comment = (await rest(app, author.token).get(`${path}/${c.id}`)).body;
    expect(comment.replies).toBe(3);
    expect(comment.repliers).toEqual([
      { user: expect.objectContaining({ id: author.userId }), count: 1, updatedAt: r3.postedAt },
      { user: expect.objectContaining({ id: other.userId }), count: 2, updatedAt: expect.any(String) },
    ]);

    const got = await rest(app, author.token).get(`${replies}/${r1.body.id}?format=document`);
    expectOpenApi(got, 'get', '/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}', 200);
    expect(got.body.body.document.object).toBe('document');
    expect(got.body.permissions).toEqual({ view: true, edit: false, reply: true, delete: false });

    const edited = await rest(app, other.token).put(`${replies}/${r1.body.id}`, { body: { markdown: 'First!' }, addedReactions: ['🎉'] });
    expectOpenApi(edited, 'put', '/spaces/{spaceId}/comments/{commentId}/replies/{commentReplyId}', 200);
    expect(edited.body).toMatchObject({
      body: { markdown: 'First!' },
      editedAt: expect.any(String),
      reactions: [{ emoji: '🎉', count: 1 }],
    });
    expectError(await rest(app, author.token).put(`${replies}/${r1.body.id}`, { body: { markdown: 'not mine' } }), 403);
    expect((await rest(app, author.token).put(`${replies}/${r1.body.id}`, { addedReactions: ['🎉'] })).body.reactions[0].count).toBe(2);

    expectError(await rest(app, author.token).delete(`${replies}/${r1.body.id}`), 403);
    expect((await rest(app, other.token).delete(`${replies}/${r1.body.id}`)).status).toBe(205);
    expect((await rest(app, other.token).delete(`${replies}/${r1.body.id}`)).status).toBe(204);
    expect((await rest(app, org.admin.token).delete(`${replies}/${r3.id}`)).status).toBe(205);
    expectError(await rest(app, author.token).get(`${replies}/${r1.body.id}`), 404);
    expect((await rest(app, author.token).get(`${path}/${c.id}`)).body.replies).toBe(1);
    expect(await app.prisma.commentReaction.count({ where: { subjectId: r1.body.id } })).toBe(0);
  });

  it('a reply belongs to its comment: another comment or space path answers 404', async () => {
    const { org, author, path } = await fixture();
    const a = await post(path, author);
    const b = await post(path, author);
    const r = await post(`${path}/${a.id}/replies`, author, { body: { markdown: 'x' } });
    expectError(await rest(app, author.token).get(`${path}/${b.id}/replies/${r.id}`), 404, /Comment reply/);
    const otherSpace = await createSpace(app, org);
    expectError(await rest(app, org.admin.token).get(`/v1/spaces/${otherSpace.id}/comments/${a.id}`), 404, /Comment/);
    expectError(await rest(app, author.token).post(`${path}/cmt_none/replies`, { body: { markdown: 'x' } }), 404);
  });
});

describe('change-request comments', () => {
  it('serve every route by change request id or number, apart from the space comments, with their own open count', async () => {
    const { org, space, author, reviewer, path } = await fixture();
    const cr = await insertChangeRequest(app, space, org.admin.userId);
    const base = `/v1/spaces/${space.id}/change-requests/${cr.id}/comments`;
    const byNumber = `/v1/spaces/${space.id}/change-requests/${cr.number}/comments`;
    const res = await rest(app, author.token).post(base, { body: { markdown: 'On the change' } });
    expectOpenApi(res, 'post', CR_COMMENTS, 200);
    expect(res.body.target).toMatchObject({ changeRequest: cr.id, space: space.id });
    expect(res.body.urls.location).toBe(`http://quire.test/v1/spaces/${space.id}/change-requests/${cr.id}/comments/${res.body.id}`);
    await post(path, author);

    const list = await rest(app, author.token).get(byNumber);
    expectOpenApi(list, 'get', CR_COMMENTS, 200);
    expect(list.body.items.map((c: any) => c.id)).toEqual([res.body.id]);
    expect((await rest(app, author.token).get(path)).body.count).toBe(1);
    expectOpenApi(await rest(app, author.token).get(`${byNumber}/${res.body.id}`), 'get', CR_COMMENT, 200);
    expectError(await rest(app, author.token).get(`${path}/${res.body.id}`), 404);

    const put = await rest(app, reviewer.token).put(`${base}/${res.body.id}`, { resolved: true, addedReactions: ['👀'] });
    expectOpenApi(put, 'put', CR_COMMENT, 200);
    const reply = await rest(app, reviewer.token).post(`${base}/${res.body.id}/replies?format=document`, { body: { markdown: 'ok' } });
    expectOpenApi(reply, 'post', `${CR_COMMENT}/replies`, 200);
    expect(reply.body.body.document.object).toBe('document');
    const replies = await rest(app, author.token).get(`${base}/${res.body.id}/replies`);
    expectOpenApi(replies, 'get', `${CR_COMMENT}/replies`, 200);
    const gotReply = await rest(app, author.token).get(`${base}/${res.body.id}/replies/${reply.body.id}`);
    expectOpenApi(gotReply, 'get', `${CR_COMMENT}/replies/{commentReplyId}`, 200);
    const putReply = await rest(app, reviewer.token).put(`${base}/${res.body.id}/replies/${reply.body.id}`, { body: { markdown: 'ok!' } });
    expectOpenApi(putReply, 'put', `${CR_COMMENT}/replies/{commentReplyId}`, 200);
    expect((await rest(app, reviewer.token).delete(`${base}/${res.body.id}/replies/${reply.body.id}`)).status).toBe(205);
    expect((await rest(app, reviewer.token).delete(`${base}/${res.body.id}/replies/${reply.body.id}`)).status).toBe(204);

    // The change request's open comments (its `comments` count): GraphQL totalCount under status OPEN.
    const open = await post(base, author);
    const q = `query($s: ID!, $cr: ID!) { space(id: $s) { openCommentsCount comments(changeRequest: $cr, status: OPEN) { totalCount edges { node { id } } } } }`;
    const counted = await graphql(app, author.token, q, { s: space.id, cr: String(cr.number) });
    expect(counted.data.space.comments).toEqual({ totalCount: 1, edges: [{ node: { id: open.id } }] });
    expect(counted.data.space.openCommentsCount).toBe(1);

    expect((await rest(app, author.token).delete(`${base}/${res.body.id}`)).status).toBe(204);
    expect((await rest(app, author.token).delete(`${base}/${res.body.id}`)).status).toBe(204);
    expectError(await rest(app, author.token).get(`/v1/spaces/${space.id}/change-requests/999/comments`), 404, /Change request/);
    const elsewhere = await createSpace(app, org);
    expectError(
      await rest(app, org.admin.token).get(`/v1/spaces/${elsewhere.id}/change-requests/${cr.id}/comments`),
      404,
      /Change request/,
    );
  });
});

describe('targets, mentions, commenters', () => {
  it('a comment on a page a later revision removed stays readable: target.page keeps the id and says removed', async () => {
    const { org, space, author, path } = await fixture();
    const [page] = await insertPages(app, space, [{ path: 'gone' }]);
    const c = await post(path, author, { body: { markdown: 'About this page' }, page });
    expect(c.target.page).toEqual({ id: page, removed: false });
    const posted = (await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).revisionId;
    // A later revision without the page becomes the active one.
    const revisionId = newId('Revision');
    await app.prisma.revision.create({
      data: { id: revisionId, organizationId: org.organizationId, spaceId: space.id, parents: [posted] },
    });
    await app.prisma.space.update({ where: { id: space.id }, data: { revisionId } });
    const got = await rest(app, author.token).get(`${path}/${c.id}`);
    expectOpenApi(got, 'get', SPACE_COMMENT, 200);
    expect(got.body.target).toEqual({ page: { id: page, removed: true }, space: space.id, revision: posted });
    expect((await rest(app, author.token).get(`${path}?targetPage=${page}`)).body.count).toBe(1);
    // A new comment cannot target it any more.
    expectError(await rest(app, author.token).post(path, { body: { markdown: 'x' }, page }), 400, /page/);
  });

  it('resolves mentions in Markdown to members of the organization', async () => {
    const { org, space, author, other, path } = await fixture();
    const outsider = await createOrg(app);
    const c = await post(path, author, {
      body: {
        markdown: `Hi @${other.userId} and @${org.admin.email.toUpperCase()}, not @${outsider.admin.email} nor \`@${author.userId}\``,
      },
    });
    const res = await graphql(app, author.token, 'query($s: ID!, $c: ID!) { space(id: $s) { comment(id: $c) { mentions { id } } } }', {
      s: space.id,
      c: c.id,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.space.comment.mentions.map((u: any) => u.id).sort()).toEqual([other.userId, org.admin.userId].sort());
  });

  it('lists the members who commented or replied, paged; a change request has its own', async () => {
    const { org, space, author, other, reviewer, path } = await fixture();
    const c = await post(path, author);
    await post(`${path}/${c.id}/replies`, other, { body: { markdown: 'x' } });
    await post(path, author);
    const cr = await insertChangeRequest(app, space, org.admin.userId);
    await post(`/v1/spaces/${space.id}/change-requests/${cr.id}/comments`, reviewer);

    const res = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/commenters?limit=1`);
    expectOpenApi(res, 'get', '/spaces/{spaceId}/commenters', 200);
    expect(res.body.count).toBe(2);
    const next = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/commenters?limit=1&page=${res.body.next.page}`);
    expect([...res.body.items, ...next.body.items].map((m: any) => m.id).sort()).toEqual([author.userId, other.userId].sort());
    const crCommenters = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/change-requests/${cr.number}/commenters`);
    expectOpenApi(crCommenters, 'get', '/spaces/{spaceId}/change-requests/{changeRequestId}/commenters', 200);
    expect(crCommenters.body.items.map((m: any) => m.id)).toEqual([reviewer.userId]);
  });
});

describe('GraphQL', () => {
  it('space → comments (filters) → replies → postedBy, reactions; mutations answer their payloads', async () => {
    const { space, author, other } = await fixture();
    const gql = (caller: Caller, query: string, variables: Record<string, unknown>) => graphql(app, caller.token, query, variables);
    const posted = await gql(
      author,
      `mutation($s: ID!) { postComment(input: { spaceId: $s, body: { markdown: "Hello" }, clientMutationId: "m1" }) {
      clientMutationId comment { id status repliesCount permissions { edit resolve } } } }`,
      { s: space.id },
    );
    expect(posted.errors).toBeUndefined();
    const comment = posted.data.postComment;
    expect(comment).toMatchObject({
      clientMutationId: 'm1',
      comment: { status: 'OPEN', repliesCount: 0, permissions: { edit: true, resolve: true } },
    });
    const id = comment.comment.id;
    const replied = await gql(
      other,
      `mutation($s: ID!, $c: ID!) { postCommentReply(input: { spaceId: $s, commentId: $c, body: { markdown: "Re" } }) {
      reply { id comment { id repliesCount } postedBy { id } } } }`,
      { s: space.id, c: id },
    );
    expect(replied.data.postCommentReply.reply).toMatchObject({ comment: { id, repliesCount: 1 }, postedBy: { id: other.userId } });
    const updated = await gql(
      author,
      `mutation($s: ID!, $c: ID!) { updateComment(input: { spaceId: $s, commentId: $c, resolved: true, addedReactions: ["🎉"] }) {
      comment { status resolvedBy { id } reactions { emoji count users { user { id } } } } } }`,
      { s: space.id, c: id },
    );
    expect(updated.data.updateComment.comment).toEqual({
      status: 'RESOLVED',
      resolvedBy: { id: author.userId },
      reactions: [{ emoji: '🎉', count: 1, users: [{ user: { id: author.userId } }] }],
    });

    const read = await gql(
      author,
      `query($s: ID!) { space(id: $s) { comments(status: RESOLVED, order: ASC, authors: ["${author.userId}"]) { totalCount edges { node {
      id body(format: DOCUMENT) { document } replies { totalCount edges { node { body { markdown } postedBy { id displayName } } } } } } } } }`,
      { s: space.id },
    );
    expect(read.errors).toBeUndefined();
    expect(read.data.space.comments.totalCount).toBe(1);
    const node = read.data.space.comments.edges[0].node;
    expect(node.body.document.object).toBe('document');
    expect(node.replies.edges[0].node).toMatchObject({ body: { markdown: 'Re' }, postedBy: { id: other.userId } });

    const byNode = await gql(author, 'query($id: ID!) { node(id: $id) { ... on Comment { id } } }', { id });
    expect(byNode.data.node).toEqual({ id });
    const deleted = await gql(
      author,
      `mutation($s: ID!, $c: ID!) { deleteComment(input: { spaceId: $s, commentId: $c }) { deletedCommentId deleted } }`,
      { s: space.id, c: id },
    );
    expect(deleted.data.deleteComment).toEqual({ deletedCommentId: id, deleted: true });
    const again = await gql(
      author,
      `mutation($s: ID!, $c: ID!) { deleteComment(input: { spaceId: $s, commentId: $c }) { deletedCommentId deleted } }`,
      { s: space.id, c: id },
    );
    expect(again.data.deleteComment).toEqual({ deletedCommentId: null, deleted: false });
  });

  it('hides comments of spaces the caller may not read (node lookup answers NOT_FOUND)', async () => {
    const { author, path } = await fixture();
    const c = await post(path, author);
    const stranger = await createOrg(app);
    const res = await graphql(app, stranger.admin.token, 'query($id: ID!) { node(id: $id) { id } }', { id: c.id });
    expect(res.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});

describe('tenancy and counts', () => {
  it('a space transferred to another organization takes its comments, replies and reactions along', async () => {
    const { org, space, author, path } = await fixture();
    const target = await createOrg(app);
    await addMember(app, target.organizationId, 'admin', { email: org.admin.email });
    const c = await post(path, author);
    const r = await post(`${path}/${c.id}/replies`, author, { body: { markdown: 'x' } });
    await rest(app, author.token).put(`${path}/${c.id}/replies/${r.id}`, { addedReactions: ['👍'] });
    await rest(app, author.token).put(`${path}/${c.id}`, { addedReactions: ['👍'] });
    expect((await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/transfer`, { organization: target.organizationId })).status).toBe(
      200,
    );
    const t = target.organizationId;
    expect(await app.prisma.comment.count({ where: { id: c.id, organizationId: t } })).toBe(1);
    expect(await app.prisma.commentReply.count({ where: { commentId: c.id, organizationId: t } })).toBe(1);
    expect(await app.prisma.commentReaction.count({ where: { commentId: c.id, organizationId: t } })).toBe(2);
    expect((await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/comments/${c.id}`)).body.replies).toBe(1);
  });

  it("counts each change request's open comments in one batch (the change request's `comments`)", async () => {
    const { org, space, author } = await fixture();
    const [one, two, none] = [
      await insertChangeRequest(app, space, org.admin.userId),
      await insertChangeRequest(app, space, org.admin.userId),
      await insertChangeRequest(app, space, org.admin.userId),
    ];
    const crPath = (cr: { id: string }) => `/v1/spaces/${space.id}/change-requests/${cr.id}/comments`;
    await post(crPath(one), author);
    const resolved = await post(crPath(one), author);
    await rest(app, author.token).put(`${crPath(one)}/${resolved.id}`, { resolved: true });
    await post(crPath(two), author);
    await post(crPath(two), author);
    const ctx = { prisma: app.prisma, loaderCache: new Map() } as unknown as Context;
    const { result } = await app.recordStatements(() => Promise.all([one, two, none].map((cr) => openCommentCounts(ctx).load(cr.id))));
    expect(result).toEqual([1, 2, 0]);
  });
});
