// Comment rules: threads on a space's content or in one of its change requests
// (a "thread scope"), comments, their reactions and resolution (replies:
// replies/service.ts). Input is checked
// before authorization (a malformed request is a 400 whoever sends it); the
// policy (src/policy/comment.ts) decides every action. Counts (replies,
// repliers, open comments) are counted when read, never stored, so concurrent
// writers cannot leave them wrong.
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { authorize, commentPolicy, commentingPolicy, visibleCommentersWhere } from '../../policy/index.js';
import { spaceSubjectSelect } from '../../policy/space.js';
import type { Policy } from '../../policy/policy.js';
import { badRequest, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import { checkLength } from '../../validate.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { findSpace } from '../spaces/service.js';
import { bodyMarkdown, storedBody } from './body.js';
import { reactionChanges, reactionWrites, type ReactionChanges } from './reactions.js';
import { pageKey, pagesPresent } from './targets.js';
import { changeRequestIn } from './loaders.js';

export { spaceSubjectSelect };
export type SpaceRow = Prisma.SpaceGetPayload<{ select: typeof spaceSubjectSelect }>;

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

/** The policy subject of a comment. */
export const commentSubject = (comment: { postedById: string; space: SpaceRow }) => ({
  postedById: comment.postedById,
  space: comment.space,
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
export const inThread = (thread: Thread | ThreadKey): ThreadKey => ('space' in thread ? keyOf(thread) : thread);

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
export async function loadComment(ctx: Context, thread: Thread, commentId: string) {
  return ctx.prisma.comment.findFirst({ where: { id: commentId, ...inThread(thread) }, select: { id: true, postedById: true } });
}

export function requireAllowed<R, A extends string>(
  ctx: Context,
  policy: Policy<R, A>,
  subject: R | null,
  action: A | 'view',
  noun: string,
) {
  if (!subject) throw notFound(noun);
  return authorize(policy, requireActor(ctx), subject, action);
}

/** Rows handed to the graph without a query carry what the types' rules read (their space). */
export const withSpace = { include: { space: { select: spaceSubjectSelect } } } as const;

export async function findComment(ctx: Context, thread: ThreadKey, commentId: string, query: CommentQuery = withSpace) {
  const comment = await ctx.prisma.comment.findFirst({ ...query, where: { id: commentId, ...inThread(thread) } });
  if (!comment) throw notFound('Comment');
  return comment;
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

export interface UpdateCommentInput extends ReactionChanges {
  resolved?: boolean | null;
  body?: { markdown?: string | null } | null;
}

/** A comment deleted while a write ran: its rows' foreign keys fail (P2003), or nothing matched. */
export async function unlessGone<T>(noun: string, write: () => Promise<T>): Promise<T> {
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

export const announceChange = (ctx: Context, thread: Thread, commentId: string) =>
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
