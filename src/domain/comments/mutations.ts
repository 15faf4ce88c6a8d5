// Comment and reply mutations: post, update (body, resolution, reactions),
// idempotent delete. Each names its thread with `spaceId` and, for a change
// request's comments, `changeRequestId` (its id or number).
import { builder, type InputFieldBuilder, type ObjectFieldBuilder } from '../../schema/builder.js';
import type { Context } from '../../context.js';
import { deletion, deletionFields } from '../../schema/payloads.js';
import { CommentRef, CommentReplyRef } from './schema.js';
import {
  deleteComment,
  deleteReply,
  findComment,
  findReply,
  findThread,
  keyOf,
  postComment,
  postReply,
  updateComment,
  updateReply,
  type Thread,
} from './service.js';

const CommentBodyInput = builder.inputType('CommentBodyInput', {
  description: 'The content of a comment or reply.',
  fields: (t) => ({ markdown: t.string({ description: 'Markdown (required, not blank, at most 100,000 characters).' }) }),
});

const TableCellInput = builder.inputType('CommentTableCellInput', {
  description: 'A cell of a table.',
  fields: (t) => ({
    record: t.string({ description: 'The record (row); required.' }),
    definition: t.string({ description: 'The definition (column); required.' }),
  }),
});

const threadFields = (t: InputFieldBuilder) => ({
  spaceId: t.id({ required: true, description: 'Id of the space.' }),
  changeRequestId: t.id({ description: 'A change request of the space (its id or number), for its comments.' }),
});
const commentFields = (t: InputFieldBuilder) => ({
  ...threadFields(t),
  commentId: t.id({ required: true, description: 'Id of the comment.' }),
});
const replyFields = (t: InputFieldBuilder) => ({
  ...commentFields(t),
  commentReplyId: t.id({ required: true, description: 'Id of the reply.' }),
});
const body = (t: InputFieldBuilder, required: boolean) =>
  t.field({ type: CommentBodyInput, description: required ? 'The content (required).' : 'New content (the author only).' });
const reactionFields = (t: InputFieldBuilder) => ({
  addedReactions: t.stringList({
    description: "Emoji to add to the caller's reactions (characters, or code points in hex); adding one twice is a no-op.",
  }),
  removedReactions: t.stringList({ description: "Emoji to remove from the caller's reactions; an emoji also added is removed." }),
});

type ThreadInput = { spaceId: string; changeRequestId?: string | null };
const thread = (ctx: Context, input: ThreadInput) => findThread(ctx, input.spaceId, input.changeRequestId);

/** The comment as it now is, for a payload. */
const commentNow = (ctx: Context, t: Thread, id: string) => findComment(ctx, keyOf(t), id);

const commentField = <P extends { comment: unknown }>(t: ObjectFieldBuilder<P>, description: string) =>
  t.field({ type: CommentRef, description, resolve: (p) => p.comment as never });
const replyField = <P extends { reply: unknown }>(t: ObjectFieldBuilder<P>, description: string) =>
  t.field({ type: CommentReplyRef, description, resolve: (p) => p.reply as never });

builder.relayMutationField(
  'postComment',
  {
    description: 'Arguments of postComment.',
    inputFields: (t) => ({
      ...threadFields(t),
      body: body(t, true),
      node: t.string({ description: 'Id of the node of a page document it is attached to.' }),
      page: t.id({ description: "Id of the page it is about (a page of the space's content)." }),
      tableCell: t.field({ type: TableCellInput, description: 'The table cell it is attached to.' }),
    }),
  },
  {
    description: "Posts a comment on a space's content or in a change request (the space's commenters).",
    resolve: async (_root, { input }, ctx) => {
      const t = await thread(ctx, input);
      return { comment: await commentNow(ctx, t, await postComment(ctx, t, input)) };
    },
  },
  { description: 'The result of postComment.', outputFields: (t) => ({ comment: commentField(t, 'The new comment.') }) },
);

builder.relayMutationField(
  'updateComment',
  {
    description: 'Arguments of updateComment: what to change (absent fields stay).',
    inputFields: (t) => ({
      ...commentFields(t),
      resolved: t.boolean({ description: 'true resolves it (the author, reviewers and admins), false reopens it.' }),
      body: body(t, false),
      ...reactionFields(t),
    }),
  },
  {
    description: "Edits a comment's body, resolves or reopens it, adds or removes the caller's reactions: all or nothing.",
    resolve: async (_root, { input }, ctx) => {
      const t = await thread(ctx, input);
      await updateComment(ctx, t, input.commentId, input);
      return { comment: await commentNow(ctx, t, input.commentId) };
    },
  },
  { description: 'The result of updateComment.', outputFields: (t) => ({ comment: commentField(t, 'The comment as changed.') }) },
);

builder.relayMutationField(
  'deleteComment',
  { description: 'Arguments of deleteComment.', inputFields: (t) => commentFields(t) },
  {
    description: 'Deletes a comment with its replies (its author or an admin). Idempotent.',
    resolve: async (_root, { input }, ctx) =>
      deletion(await deleteComment(ctx, await thread(ctx, input), input.commentId), input.commentId),
  },
  { description: 'The result of deleteComment.', outputFields: (t) => deletionFields(t, 'deleted', 'Comment') },
);

builder.relayMutationField(
  'postCommentReply',
  { description: 'Arguments of postCommentReply.', inputFields: (t) => ({ ...commentFields(t), body: body(t, true) }) },
  {
    description: "Replies to a comment (the space's commenters).",
    resolve: async (_root, { input }, ctx) => {
      const t = await thread(ctx, input);
      const id = await postReply(ctx, t, input.commentId, input);
      return { reply: await findReply(ctx, { id: input.commentId }, id) };
    },
  },
  { description: 'The result of postCommentReply.', outputFields: (t) => ({ reply: replyField(t, 'The new reply.') }) },
);

builder.relayMutationField(
  'updateCommentReply',
  {
    description: 'Arguments of updateCommentReply.',
    inputFields: (t) => ({ ...replyFields(t), body: body(t, false), ...reactionFields(t) }),
  },
  {
    description: "Edits a reply's body (its author), adds or removes the caller's reactions.",
    resolve: async (_root, { input }, ctx) => {
      const t = await thread(ctx, input);
      await updateReply(ctx, t, input.commentId, input.commentReplyId, input);
      return { reply: await findReply(ctx, await commentNow(ctx, t, input.commentId), input.commentReplyId) };
    },
  },
  { description: 'The result of updateCommentReply.', outputFields: (t) => ({ reply: replyField(t, 'The reply as changed.') }) },
);

builder.relayMutationField(
  'deleteCommentReply',
  { description: 'Arguments of deleteCommentReply.', inputFields: (t) => replyFields(t) },
  {
    description: 'Deletes a reply (its author or an admin). Idempotent.',
    resolve: async (_root, { input }, ctx) =>
      deletion(await deleteReply(ctx, await thread(ctx, input), input.commentId, input.commentReplyId), input.commentReplyId),
  },
  { description: 'The result of deleteCommentReply.', outputFields: (t) => deletionFields(t, 'deleted', 'CommentReply') },
);
