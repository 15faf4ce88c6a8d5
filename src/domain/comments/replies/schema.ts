// Replies in the graph: the CommentReply node, a comment's replies, reply,
// repliers and count, and the mutations that post, change and delete a reply.
import { builder, type InputFieldBuilder, type ObjectFieldBuilder } from '../../../schema/builder.js';
import { requireActor } from '../../../context.js';
import { can, commentReplyPolicy } from '../../../policy/index.js';
import { permissionsType } from '../../../schema/permissions.js';
import { nodeConnection } from '../../../schema/connections.js';
import { deletion, deletionFields } from '../../../schema/payloads.js';
import {
  bodyField,
  commentFields,
  commentLocation,
  CommentUrls,
  postFields,
  reactionFields,
  threadOfInput,
  UserProfile,
} from '../posts.js';
import { commentNow, commentSelect, profileColumns } from '../schema.js';
import { preloadReplies } from '../loaders.js';
import { spaceSubjectSelect } from '../service.js';
import { planRelatedList, planType } from '../../../schema/plan/plan.js';
import { repliersOf, type Replier } from './loaders.js';
import { deleteReply, findReply, postReply, replySubject, updateReply } from './service.js';

const CommentReplier = builder.objectRef<Replier>('CommentReplier').implement({
  description: 'A user who replied to a comment.',
  fields: (t) => ({
    user: t.field({ type: UserProfile, description: 'The user.', resolve: (r) => r.user }),
    count: t.exposeInt('count', { description: 'How many replies they posted.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When they last replied.' }),
  }),
});

const CommentReplyPermissions = permissionsType('CommentReplyPermissions', commentReplyPolicy, ['view', 'edit', 'reply', 'delete']);

const replySelect = { id: true, postedById: true, commentId: true, comment: { select: commentSelect } } as const;

export const CommentReplyRef = builder.prismaNode('CommentReply', {
  id: { field: 'id' },
  description: "A reply in a comment's thread.",
  select: replySelect,
  authScopes: (reply, ctx) => can(commentReplyPolicy, requireActor(ctx), replySubject(reply), 'view'),
  fields: (t) => ({
    ...postFields(t, 'commentReply', (r: { comment: { organizationId: string } }) => r.comment.organizationId),
    comment: t.relation('comment', { description: 'The comment it replies to.' }),
    urls: t.field({
      type: CommentUrls,
      description: 'Links to it.',
      resolve: (r, _, ctx) => ({ location: `${commentLocation(ctx, { ...r.comment, id: r.commentId })}/replies/${r.id}` }),
    }),
    permissions: t.field({
      type: CommentReplyPermissions.type,
      description: 'What the caller may do on it.',
      resolve: (r, args, ctx) => CommentReplyPermissions.resolve(replySubject(r), args, ctx),
    }),
  }),
});

// The fields of a reply the read planner answers (src/schema/plan): its check reads its comment's
// author and space, joined as the generic path selects them (replySelect).
planType('CommentReply', {
  model: 'CommentReply',
  columns: { id: 'id', postedAt: 'postedAt', editedAt: 'editedAt' },
  relations: { comment: { type: 'Comment' } },
  computed: {
    postedBy: [],
    body: ['markdown', 'document', 'mentions'],
    mentions: ['markdown', 'document', 'mentions'],
    reactions: [],
    urls: [],
    permissions: [],
  },
  subject: ['id', 'postedById', 'commentId'],
  subjectRelations: {
    postedBy: profileColumns,
    comment: ['id', 'postedById', 'spaceId', 'changeRequestId', 'organizationId'],
    'comment.space': Object.keys(spaceSubjectSelect),
  },
  visible: (reply, ctx) => can(commentReplyPolicy, requireActor(ctx), replySubject(reply as never), 'view'),
});

const CommentReplyConnection = nodeConnection(CommentReplyRef, 'CommentReply', { items: 'comment replies' });

builder.prismaObjectField('Comment', 'repliesCount', (t) => t.relationCount('replies', { description: 'The number of replies.' }));

builder.prismaObjectField('Comment', 'repliers', (t) =>
  t.field({
    type: [CommentReplier],
    description: 'Who replied, most recent first.',
    resolve: (c, _, ctx) => repliersOf(ctx).load(c.id),
  }),
);

builder.prismaObjectField('Comment', 'reply', (t) =>
  t.prismaField({
    type: 'CommentReply',
    description: 'One reply, by id; NOT_FOUND when the comment has none such.',
    args: { id: t.arg.id({ required: true, description: 'Id of the reply.' }) },
    resolve: (query, c, args, ctx) => findReply(ctx, c, args.id, query),
  }),
);

/** A comment's replies, oldest first. */
const repliesQuery = () => ({ orderBy: [{ postedAt: 'asc' as const }, { id: 'asc' as const }] });

builder.prismaObjectField('Comment', 'replies', (t) =>
  // A related connection: pages of replies load with the comments, one statement for all of them.
  t.relatedConnection(
    'replies',
    { cursor: 'id', description: 'Its replies, oldest first.', totalCount: true, query: repliesQuery },
    CommentReplyConnection,
  ),
);
// Planned beneath planned comments: every comment's page of replies in one statement.
planRelatedList('Comment', 'replies', 'CommentReply', {
  model: 'Comment',
  query: repliesQuery,
  preload: preloadReplies,
  preloadReads: ['id'],
});

const replyFields = (t: InputFieldBuilder) => ({
  ...commentFields(t),
  commentReplyId: t.id({ required: true, description: 'Id of the reply.' }),
});

const replyField = <P extends { reply: unknown }>(t: ObjectFieldBuilder<P>, description: string) =>
  t.field({ type: CommentReplyRef, description, resolve: (p) => p.reply as never });

builder.relayMutationField(
  'postCommentReply',
  { description: 'Arguments of postCommentReply.', inputFields: (t) => ({ ...commentFields(t), body: bodyField(t, true) }) },
  {
    description: "Replies to a comment (the space's commenters).",
    resolve: async (_root, { input }, ctx) => {
      const t = await threadOfInput(ctx, input);
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
    inputFields: (t) => ({ ...replyFields(t), body: bodyField(t, false), ...reactionFields(t) }),
  },
  {
    description: "Edits a reply's body (its author), adds or removes the caller's reactions.",
    resolve: async (_root, { input }, ctx) => {
      const t = await threadOfInput(ctx, input);
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
      deletion(await deleteReply(ctx, await threadOfInput(ctx, input), input.commentId, input.commentReplyId), input.commentReplyId),
  },
  { description: 'The result of deleteCommentReply.', outputFields: (t) => deletionFields(t, 'deleted', 'CommentReply') },
);
