// Comments under concurrent writers: replies, reactions, posts, resolutions and
// deletes fired truly at once leave exact counts and one row per user and emoji.
import { expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { rest } from '../support/http.js';
import { addMember, createOrg, createSpace } from '../support/factories.js';
import { race, restCall, statusCounts, times } from '../support/concurrency.js';
import { insertChangeRequest } from '../support/comments.js';

const app = useTestApp();

async function fixture(members = 5) {
  const org = await createOrg(app);
  const space = await createSpace(app, org);
  const users = await Promise.all(Array.from({ length: members }, () => addMember(app, org.organizationId, 'comment')));
  const path = `/v1/spaces/${space.id}/comments`;
  const c = await rest(app, org.admin.token).post(path, { body: { markdown: 'Thread' } });
  expect(c.status).toBe(200);
  return { org, space, users, path, comment: c.body as { id: string } };
}

it('50 concurrent replies by 5 users: replies = 50, each replier counted 10 times', async () => {
  const { users, path, comment } = await fixture();
  const calls = users.flatMap((u) =>
    times(10, restCall(u.token, 'POST', `${path}/${comment.id}/replies`, { body: { markdown: 'me too' } })),
  );
  const results = await race(app, calls);
  expect(statusCounts(results)).toEqual({ 200: 50 });
  const got = (await rest(app, users[0].token).get(`${path}/${comment.id}`)).body;
  expect(got.replies).toBe(50);
  expect(got.repliers.map((r: any) => r.count)).toEqual([10, 10, 10, 10, 10]);
  expect(got.repliers.map((r: any) => r.user.id).sort()).toEqual(users.map((u) => u.userId).sort());
  expect(await app.prisma.commentReply.count({ where: { commentId: comment.id } })).toBe(50);
}, 60_000);

it('50 concurrent reactions: the same user and emoji 25 times is one reaction; 25 users make 25', async () => {
  const { users, path, comment } = await fixture(25);
  const same = times(25, restCall(users[0].token, 'PUT', `${path}/${comment.id}`, { addedReactions: ['🎉'] }));
  const many = users.map((u) => restCall(u.token, 'PUT', `${path}/${comment.id}`, { addedReactions: ['👍'] }));
  const results = await race(app, [...same, ...many]);
  expect(statusCounts(results)).toEqual({ 200: 50 });
  const got = (await rest(app, users[0].token).get(`${path}/${comment.id}`)).body;
  expect(got.reactions.map((r: any) => [r.emoji, r.count, r.users.length])).toEqual(
    expect.arrayContaining([
      ['🎉', 1, 1],
      ['👍️', 25, 25],
    ]),
  );
  expect(await app.prisma.commentReaction.count({ where: { subjectId: comment.id } })).toBe(26);
  // Adding and removing at once, many times: no error, and at most one row.
  const flips = await race(
    app,
    Array.from({ length: 20 }, (_, i) =>
      restCall(users[1].token, 'PUT', `${path}/${comment.id}`, i % 2 ? { removedReactions: ['🚀'] } : { addedReactions: ['🚀'] }),
    ),
  );
  expect(statusCounts(flips)).toEqual({ 200: 20 });
  expect(await app.prisma.commentReaction.count({ where: { subjectId: comment.id, emoji: '🚀' } })).toBeLessThanOrEqual(1);
}, 60_000);

it('50 concurrent posts then 25 concurrent resolutions: the space and the change request count their open comments exactly', async () => {
  const { org, space, users, path } = await fixture();
  const cr = await insertChangeRequest(app, space, org.admin.userId);
  const crPath = `/v1/spaces/${space.id}/change-requests/${cr.id}/comments`;
  const posts = await race(app, [
    ...times(25, restCall(users[0].token, 'POST', path, { body: { markdown: 'x' } })),
    ...times(25, restCall(users[1].token, 'POST', crPath, { body: { markdown: 'y' } })),
  ]);
  expect(statusCounts(posts)).toEqual({ 200: 50 });
  expect((await rest(app, org.admin.token).get(`/v1/spaces/${space.id}`)).body.comments).toBe(26); // and the thread's first
  const crIds = posts.slice(25).map((r) => r.body.id);
  const resolutions = await race(app, [
    ...crIds.slice(0, 10).flatMap((id) => times(2, restCall(org.admin.token, 'PUT', `${crPath}/${id}`, { resolved: true }))),
    ...crIds.slice(10, 15).map((id) => restCall(users[1].token, 'PUT', `${crPath}/${id}`, { resolved: true })),
  ]);
  expect(statusCounts(resolutions)).toEqual({ 200: 25 });
  const open = await rest(app, org.admin.token).get(`${crPath}?status=open&limit=1`);
  expect(open.body.count).toBe(10);
  expect(await app.prisma.comment.count({ where: { changeRequestId: cr.id, status: 'resolved', resolvedAt: { not: null } } })).toBe(15);
  expect((await rest(app, org.admin.token).get(`/v1/spaces/${space.id}`)).body.comments).toBe(26);
}, 60_000);

it('20 concurrent deletes of one comment: one 205, the others 204; replies racing the delete never fail with a 5xx', async () => {
  const { org, users, path, comment } = await fixture();
  const results = await race(app, [
    ...times(20, restCall(org.admin.token, 'DELETE', `${path}/${comment.id}`)),
    ...times(10, restCall(users[0].token, 'POST', `${path}/${comment.id}/replies`, { body: { markdown: 'late' } })),
    ...times(10, restCall(users[1].token, 'PUT', `${path}/${comment.id}`, { addedReactions: ['👀'] })),
  ]);
  const deletes = statusCounts(results.slice(0, 20));
  expect(deletes).toEqual({ 205: 1, 204: 19 });
  for (const r of results.slice(20)) expect([200, 404]).toContain(r.status);
  expect(await app.prisma.comment.count({ where: { id: comment.id } })).toBe(0);
  expect(await app.prisma.commentReply.count({ where: { commentId: comment.id } })).toBe(0);
  expect(await app.prisma.commentReaction.count({ where: { commentId: comment.id } })).toBe(0);
}, 60_000);
