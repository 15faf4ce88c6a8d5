// Replies in a comment's thread: post, change (body, reactions), idempotent
// delete. A reply is checked against its comment first (404 when the caller
// may not see the comment), then against the reply policy, which also knows
// the comment's author (src/policy/comment.ts).
import type { Context } from '../../../context.js';
import { requireActor } from '../../../context.js';
import { authorize, can, commentPolicy, commentReplyPolicy, commentingPolicy } from '../../../policy/index.js';
import type { Prisma } from '../../../generated/prisma/client.js';
import { notFound } from '../../../errors.js';
import { newId } from '../../../ids.js';
import { bodyMarkdown, storedBody } from '../body.js';
import { reactionChanges, reactionWrites, type ReactionChanges } from '../reactions.js';
import {
  announceChange,
  commentSubject,
  inThread,
  loadComment,
  requireAllowed,
  unlessGone,
  withSpace,
  type SpaceRow,
  type Thread,
} from '../service.js';

type ReplyQuery = { include?: Prisma.CommentReplyInclude; select?: Prisma.CommentReplySelect };

/** The policy subject of a reply: its comment's, with its own author. */
export const replySubject = (reply: { postedById: string; comment: { postedById: string; space: SpaceRow } }) => ({
  ...commentSubject(reply.comment),
  replyPostedById: reply.postedById,
});

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
