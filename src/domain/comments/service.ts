// Comment rules: threads on a space's content or in one of its change requests
// (a "thread scope"), replies, reactions and resolution. Input is checked
// before authorization (a malformed request is a 400 whoever sends it); the
// policy (src/policy/comment.ts) decides every action. Counts (replies,
// repliers, open comments) are counted when read, never stored, so concurrent
// writers cannot leave them wrong.
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { authorize, can, commentPolicy, commentReplyPolicy, commentingPolicy, visibleCommentersWhere } from '../../policy/index.js';
import { spaceSubjectSelect } from '../../policy/space.js';
import type { Policy } from '../../policy/policy.js';
import { badRequest, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import { checkLength } from '../../validate.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { findSpace } from '../spaces/service.js';
import { bodyMarkdown, storedBody } from './body.js';
import { reactionEmojiList } from './emoji.js';
import { pageKey, pagesPresent } from './targets.js';
import { changeRequestIn } from './loaders.js';

export { spaceSubjectSelect };
type SpaceRow = Prisma.SpaceGetPayload<{ select: typeof spaceSubjectSelect }>;

/** Where a comment lives: a space, and one of its change requests or none (the space's own comments). */
export interface ThreadKey {
  spaceId: string;
  changeRequestId: string | null;
}

/** A thread with its space as the policy reads it (for writes). */
export interface Thread {
  space: SpaceRow;
  changeRequestId: string | null;
}

type CommentQuery = { include?: Prisma.CommentInclude; select?: Prisma.CommentSelect };
type ReplyQuery = { include?: Prisma.CommentReplyInclude; select?: Prisma.CommentReplySelect };

/** The policy subject of a comment (or of a reply, with its own author). */
export const commentSubject = (comment: { postedById: string; space: SpaceRow }) => ({
  postedById: comment.postedById,
  space: comment.space,
});
export const replySubject = (reply: { postedById: string; comment: { postedById: string; space: SpaceRow } }) => ({
  ...commentSubject(reply.comment),
  replyPostedById: reply.postedById,
});

/** The threads' event topic: the change request's id, else the space's. */
export const threadTopic = (key: ThreadKey) => key.changeRequestId ?? key.spaceId;

/** `{changeRequestId}` of a path: the change request's id, or its number in the space; 404 when the space has none such. */
export async function findChangeRequest(ctx: Context, spaceId: string, ref: string) {
  const id = await changeRequestIn(ctx).load({ spaceId, ref });
  if (!id) throw notFound('Change request');
  return id;
}

/** The thread of a space (already authorized) and an optional change request reference. */
export async function threadIn(ctx: Context, spaceId: string, changeRequest: string | null | undefined): Promise<ThreadKey> {
  return { spaceId, changeRequestId: changeRequest != null ? await findChangeRequest(ctx, spaceId, changeRequest) : null };
}

/** The thread named by a space id and an optional change request (id or number): 404 unless the caller may read the space. */
export async function findThread(ctx: Context, spaceId: string, changeRequest?: string | null): Promise<Thread> {
  const space = (await findSpace(ctx, spaceId, { select: spaceSubjectSelect })) as SpaceRow;
  return { space, changeRequestId: changeRequest != null ? await findChangeRequest(ctx, spaceId, changeRequest) : null };
}

export const keyOf = (thread: Thread): ThreadKey => ({ spaceId: thread.space.id, changeRequestId: thread.changeRequestId });
const inThread = (thread: Thread | ThreadKey): ThreadKey => ('space' in thread ? keyOf(thread) : thread);

export type CommentStatusFilter = 'all' | 'open' | 'resolved';
export interface CommentListArgs {
  order?: 'asc' | 'desc' | null;
  status?: CommentStatusFilter | null;
  targetPage?: string | null;
  authors?: readonly string[] | null;
}

/** The comments of a thread under the list filters (the thread itself is readable: findThread checked). */
export function commentListWhere(thread: ThreadKey, args: CommentListArgs): Prisma.CommentWhereInput {
  return { ...inThread(thread), ...commentFilters(args) };
}

/** The list filters alone (status, target page, authors), for lists whose thread comes from their parent. */
export const commentFilters = (args: CommentListArgs): Prisma.CommentWhereInput => ({
  ...(args.status && args.status !== 'all' ? { status: args.status } : {}),
  ...(args.targetPage != null ? { pageId: args.targetPage } : {}),
  ...(args.authors?.length ? { postedById: { in: [...args.authors] } } : {}),
});

export const commentListOrder = (args: CommentListArgs): Prisma.CommentOrderByWithRelationInput[] => {
  const order = args.order ?? 'desc';
  return [{ postedAt: order }, { id: order }];
};

/** The commenters of a thread: members who posted a comment or a reply there, those the caller may see (policy/filters.ts). */
export function commentersWhere(ctx: Context, thread: ThreadKey, organizationId: string): Prisma.MemberWhereInput {
  const where = inThread(thread);
  const actor = requireActor(ctx);
  return {
    organizationId,
    ...visibleCommentersWhere(actor, organizationId),
    user: { OR: [{ comments: { some: where } }, { commentReplies: { some: { comment: where } } }] },
  };
}

/** A comment of the thread, with what the policy reads; null when there is none. */
async function loadComment(ctx: Context, thread: Thread, commentId: string) {
  return ctx.prisma.comment.findFirst({ where: { id: commentId, ...inThread(thread) }, select: { id: true, postedById: true } });
}

function requireAllowed<R, A extends string>(ctx: Context, policy: Policy<R, A>, subject: R | null, action: A | 'view', noun: string) {
  if (!subject) throw notFound(noun);
  return authorize(policy, requireActor(ctx), subject, action);
}

/** Rows handed to the graph without a query carry what the types' rules read (their space). */
const withSpace = { include: { space: { select: spaceSubjectSelect } } } as const;

export async function findComment(ctx: Context, thread: ThreadKey, commentId: string, query: CommentQuery = withSpace) {
  const comment = await ctx.prisma.comment.findFirst({ ...query, where: { id: commentId, ...inThread(thread) } });
  if (!comment) throw notFound('Comment');
  return comment;
}

export async function findReply(
  ctx: Context,
  comment: { id: string },
  replyId: string,
  query: ReplyQuery = { include: { comment: withSpace } },
) {
  const reply = await ctx.prisma.commentReply.findFirst({ ...query, where: { id: replyId, commentId: comment.id } });
  if (!reply) throw notFound('Comment reply');
  return reply;
}

export interface TableCell {
  record?: string | null;
  definition?: string | null;
}

export interface PostCommentInput {
  body?: { markdown?: string | null } | null;
  node?: string | null;
  page?: string | null;
  tableCell?: TableCell | null;
}

const ID_MAX = 256;

function checkTarget(input: PostCommentInput) {
  checkLength('node', input.node, 1, ID_MAX);
  checkLength('page', input.page, 1, ID_MAX);
  const cell = input.tableCell;
  if (cell) {
    for (const key of ['record', 'definition'] as const) {
      if (cell[key] == null) throw badRequest('is required', `tableCell.${key}`);
      checkLength(`tableCell.${key}`, cell[key], 1, ID_MAX);
    }
  }
}

/** Posts a comment in the thread (its commenters). A `page` must be a page of the space's content. */
export async function postComment(ctx: Context, thread: Thread, input: PostCommentInput) {
  const markdown = bodyMarkdown(input.body, true, ctx.contentLimits)!;
  checkTarget(input);
  const actor = requireActor(ctx);
  authorize(commentingPolicy, actor, thread.space, 'post');
  const { space } = thread;
  if (input.page != null) {
    const ref = { spaceId: space.id, pageId: input.page };
    if (!(await pagesPresent(ctx.prisma, [ref])).has(pageKey(ref))) throw badRequest('is not a page of the space', 'page');
  }
  const id = newId('Comment');
  await ctx.prisma.comment.create({
    data: {
      id,
      organizationId: space.organizationId,
      spaceId: space.id,
      changeRequestId: thread.changeRequestId,
      revisionId: space.revisionId,
      postedById: actor.userId,
      ...storedBody(markdown),
      postedAt: ctx.clock.now(),
      nodeId: input.node ?? null,
      pageId: input.page ?? null,
      tableCell: input.tableCell ? { record: input.tableCell.record, definition: input.tableCell.definition } : undefined,
    },
  });
  ctx.pubsub.publish('commentAdded', threadTopic(keyOf(thread)), { spaceId: space.id, commentId: id });
  return id;
}

export interface ReactionChanges {
  addedReactions?: readonly string[] | null;
  removedReactions?: readonly string[] | null;
}

export interface UpdateCommentInput extends ReactionChanges {
  resolved?: boolean | null;
  body?: { markdown?: string | null } | null;
}

interface ReactionTarget {
  subjectId: string;
  commentId: string;
  replyId: string | null;
  organizationId: string;
}

/** The writes that add and remove the caller's reactions: one row per user and emoji, however many add it at once. */
function reactionWrites(ctx: Context, target: ReactionTarget, added: string[], removed: string[]) {
  const { userId } = requireActor(ctx);
  return [
    ...(added.length
      ? [
          ctx.prisma.commentReaction.createMany({
            data: added.map((emoji) => ({ ...target, userId, emoji, reactedAt: ctx.clock.now() })),
            skipDuplicates: true,
          }),
        ]
      : []),
    ...(removed.length
      ? [ctx.prisma.commentReaction.deleteMany({ where: { subjectId: target.subjectId, userId, emoji: { in: removed } } })]
      : []),
  ];
}

/** The checked reaction lists; an emoji both added and removed is removed. */
function reactionChanges(input: ReactionChanges) {
  const removed = reactionEmojiList(input.removedReactions, 'removedReactions');
  const added = reactionEmojiList(input.addedReactions, 'addedReactions').filter((e) => !removed.includes(e));
  return { added, removed, any: input.addedReactions != null || input.removedReactions != null };
}

/** A comment deleted while a write ran: its rows' foreign keys fail (P2003), or nothing matched. */
async function unlessGone<T>(noun: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if ((err as { code?: string }).code === 'P2003') throw notFound(noun);
    throw err;
  }
}

/**
 * Changes a comment: its body (the author), its resolution (the author, the
 * space's reviewers and admins; resolving a resolved comment keeps who and
 * when), the caller's reactions (commenters). All or nothing.
 */
export async function updateComment(ctx: Context, thread: Thread, commentId: string, input: UpdateCommentInput) {
  const markdown = bodyMarkdown(input.body, false, ctx.contentLimits);
  const reactions = reactionChanges(input);
  if (input.resolved === null) throw badRequest('must be true or false', 'resolved');
  const actor = requireActor(ctx);
  const found = await loadComment(ctx, thread, commentId);
  const subject = found && commentSubject({ ...found, space: thread.space });
  requireAllowed(ctx, commentPolicy, subject, 'view', 'Comment');
  if (markdown !== undefined) authorize(commentPolicy, actor, subject, 'edit');
  if (input.resolved !== undefined) authorize(commentPolicy, actor, subject, 'resolve');
  if (reactions.any) authorize(commentPolicy, actor, subject, 'react');
  const now = ctx.clock.now();
  const where = { id: commentId, ...inThread(thread) };
  // One batch, one transaction (no round trip between its statements): a comment deleted meanwhile fails the
  // reaction rows' foreign key (404) or leaves nothing to update (the answer's read then says 404).
  await unlessGone('Comment', () =>
    ctx.prisma.$transaction([
      ...(markdown !== undefined ? [ctx.prisma.comment.updateMany({ where, data: { ...storedBody(markdown), editedAt: now } })] : []),
      ...(input.resolved === true
        ? [
            ctx.prisma.comment.updateMany({
              where: { ...where, status: 'open' },
              data: { status: 'resolved', resolvedAt: now, resolvedById: actor.userId },
            }),
          ]
        : []),
      ...(input.resolved === false
        ? [ctx.prisma.comment.updateMany({ where, data: { status: 'open', resolvedAt: null, resolvedById: null } })]
        : []),
      ...reactionWrites(
        ctx,
        { subjectId: commentId, commentId, replyId: null, organizationId: thread.space.organizationId },
        reactions.added,
        reactions.removed,
      ),
    ]),
  );
  announceChange(ctx, thread, commentId);
}

const announceChange = (ctx: Context, thread: Thread, commentId: string) =>
  ctx.pubsub.publish('commentChanged', threadTopic(keyOf(thread)), { spaceId: thread.space.id, commentId });

/**
 * Deletes a comment with its replies and reactions (its author or an admin).
 * Idempotent: true when this call deleted it, false when there was none (a
 * caller who could not have posted one gets 403 rather than a "none").
 */
export async function deleteComment(ctx: Context, thread: Thread, commentId: string): Promise<boolean> {
  const actor = requireActor(ctx);
  const found = await loadComment(ctx, thread, commentId);
  if (!found) {
    authorize(commentingPolicy, actor, thread.space, 'post');
    return false;
  }
  authorize(commentPolicy, actor, commentSubject({ ...found, space: thread.space }), 'delete');
  const { count } = await ctx.prisma.comment.deleteMany({ where: { id: commentId, ...inThread(thread) } });
  return count === 1;
}

/** Posts a reply (commenters of the space). */
export async function postReply(ctx: Context, thread: Thread, commentId: string, input: { body?: { markdown?: string | null } | null }) {
  const markdown = bodyMarkdown(input.body, true, ctx.contentLimits)!;
  const actor = requireActor(ctx);
  const found = await loadComment(ctx, thread, commentId);
  requireAllowed(ctx, commentPolicy, found && commentSubject({ ...found, space: thread.space }), 'reply', 'Comment');
  const id = newId('CommentReply');
  await unlessGone('Comment', () =>
    ctx.prisma.commentReply.create({
      data: {
        id,
        organizationId: thread.space.organizationId,
        commentId,
        postedById: actor.userId,
        ...storedBody(markdown),
        postedAt: ctx.clock.now(),
      },
    }),
  );
  announceChange(ctx, thread, commentId);
  return id;
}

async function loadReply(ctx: Context, thread: Thread, commentId: string, replyId: string) {
  const reply = await ctx.prisma.commentReply.findFirst({
    where: { id: replyId, commentId, comment: inThread(thread) },
    select: { id: true, postedById: true, comment: { select: { postedById: true } } },
  });
  return reply && replySubject({ postedById: reply.postedById, comment: { postedById: reply.comment.postedById, space: thread.space } });
}

/** Changes a reply: its body (its author), the caller's reactions (commenters). */
export async function updateReply(
  ctx: Context,
  thread: Thread,
  commentId: string,
  replyId: string,
  input: ReactionChanges & { body?: { markdown?: string | null } | null },
) {
  const markdown = bodyMarkdown(input.body, false, ctx.contentLimits);
  const reactions = reactionChanges(input);
  const actor = requireActor(ctx);
  const comment = await loadComment(ctx, thread, commentId);
  requireAllowed(ctx, commentPolicy, comment && commentSubject({ ...comment, space: thread.space }), 'view', 'Comment');
  const subject = await loadReply(ctx, thread, commentId, replyId);
  requireAllowed(ctx, commentReplyPolicy, subject, 'view', 'Comment reply');
  if (markdown !== undefined) authorize(commentReplyPolicy, actor, subject, 'edit');
  if (reactions.any) authorize(commentReplyPolicy, actor, subject, 'react');
  await unlessGone('Comment reply', () =>
    ctx.prisma.$transaction([
      ...(markdown !== undefined
        ? [
            ctx.prisma.commentReply.updateMany({
              where: { id: replyId, commentId },
              data: { ...storedBody(markdown), editedAt: ctx.clock.now() },
            }),
          ]
        : []),
      ...reactionWrites(
        ctx,
        { subjectId: replyId, commentId, replyId, organizationId: thread.space.organizationId },
        reactions.added,
        reactions.removed,
      ),
    ]),
  );
  announceChange(ctx, thread, commentId);
}

/** Deletes a reply (its author or an admin). Idempotent, as deleteComment. */
export async function deleteReply(ctx: Context, thread: Thread, commentId: string, replyId: string): Promise<boolean> {
  const actor = requireActor(ctx);
  const comment = await loadComment(ctx, thread, commentId);
  const subject = comment && commentSubject({ ...comment, space: thread.space });
  const reply = comment && (await loadReply(ctx, thread, commentId, replyId));
  if (!reply) {
    // No such reply (or no such comment): nothing to delete, once the caller could have posted one.
    if (subject && can(commentPolicy, actor, subject, 'view')) authorize(commentPolicy, actor, subject, 'reply');
    else authorize(commentingPolicy, actor, thread.space, 'post');
    return false;
  }
  authorize(commentReplyPolicy, actor, reply, 'delete');
  const { count } = await ctx.prisma.commentReply.deleteMany({ where: { id: replyId, commentId } });
  if (count === 1) announceChange(ctx, thread, commentId);
  return count === 1;
}
