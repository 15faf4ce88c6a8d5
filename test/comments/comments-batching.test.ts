// A space's comments with their replies, authors, reactions, repliers and
// targets: the SQL statements a query costs do not grow with the number of
// comments or replies (pinned).
import { expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { graphql } from '../support/http.js';
import { addMember, createOrg, createSpace } from '../support/factories.js';
import { insertPages } from '../support/content.js';
import { newId } from '../../src/ids.js';
import { storedBody } from '../../src/domain/comments/body.js';

// The cost model counts each plain list (reactions, their users) as 50 items: this deliberately wide query
// (reactions and their users on 50 comments and 250 replies) is allowed here, what it costs in SQL is the subject.
const app = useTestApp({ graphql: { maxNodes: 10_000_000 } });

const QUERY = `query($id: ID!) { space(id: $id) { comments(first: 50) { totalCount edges { node {
  id postedAt body { markdown } status postedBy { id displayName } resolvedBy { id } repliesCount
  repliers { count user { id displayName } }
  reactions { emoji count users { reactedAt user { id displayName } } }
  target { page { id removed } revision } permissions { view edit reply delete resolve } urls { location }
  replies(first: 5) { totalCount edges { node { id body { markdown } postedBy { id displayName } reactions { emoji count users { user { id } } } permissions { edit delete } } } }
} } } } }`;

/** A space with `comments` comments of `replies` replies each, by several members, each comment and reply with reactions. */
async function spaceWithComments(comments: number, replies: number) {
  const org = await createOrg(app);
  const space = await createSpace(app, org);
  const [page] = await insertPages(app, space, [{ path: 'p' }]);
  const members = await Promise.all(Array.from({ length: 3 }, () => addMember(app, org.organizationId, 'comment')));
  const users = [org.admin.userId, ...members.map((m) => m.userId)];
  const base = { organizationId: org.organizationId, spaceId: space.id };
  const commentRows = Array.from({ length: comments }, (_, i) => ({
    ...base,
    id: newId('Comment'),
    postedById: users[i % users.length],
    ...storedBody(`Comment ${i}`),
    pageId: i % 2 ? page : null,
    ...(i % 3 === 0 ? { status: 'resolved', resolvedAt: new Date(), resolvedById: org.admin.userId } : {}),
  }));
  await app.prisma.comment.createMany({ data: commentRows });
  const replyRows = commentRows.flatMap((c) =>
    Array.from({ length: replies }, (_, j) => ({
      id: newId('CommentReply'),
      organizationId: org.organizationId,
      commentId: c.id,
      postedById: users[j % users.length],
      ...storedBody(`Reply ${j}`),
    })),
  );
  await app.prisma.commentReply.createMany({ data: replyRows });
  const reaction = (subjectId: string, commentId: string, replyId: string | null) =>
    users.slice(0, 2).map((userId) => ({ subjectId, commentId, replyId, userId, emoji: '🎉', organizationId: org.organizationId }));
  await app.prisma.commentReaction.createMany({
    data: [...commentRows.flatMap((c) => reaction(c.id, c.id, null)), ...replyRows.flatMap((r) => reaction(r.id, r.commentId, r.id))],
  });
  const { result, statements } = await app.recordStatements(() => graphql(app, members[0].token, QUERY, { id: space.id }));
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  const edges = result.data.space.comments.edges;
  expect(edges).toHaveLength(comments);
  expect(edges.every((e: any) => e.node.replies.edges.length === replies && e.node.reactions[0].count === 2)).toBe(true);
  return statements;
}

it('2 comments cost as many statements as 50 comments of 5 replies each, with authors, reactions and repliers', async () => {
  const few = await spaceWithComments(2, 5);
  const many = await spaceWithComments(50, 5);
  expect(many.length).toBe(few.length);
  // token check and its activity stamp, space, comments with their space, authors, replies (their authors and counts) joined,
  // total count, and one batch each: repliers with their users, page presence (the spaces' active revisions, then their
  // page trees, one statement per tree level), reactions with their users: the comments' with the page (their list's
  // preload), then the replies'.
  expect(many).toHaveLength(10);
}, 60_000);
