// Comments in the graph: a space's comments (or a change request's:
// `changeRequest:`), each with its reactions and target; its commenters; and
// the mutations that post, change and delete a comment. Replies are in
// replies/schema.ts, live comments in subscriptions.ts, what a comment and a
// reply share in posts.ts.
import { completeValue, type ArgBuilder } from '@pothos/core';
import { builder, type ObjectFieldBuilder, type SchemaTypes } from '../../schema/builder.js';
import { requireActor, type Context } from '../../context.js';
import { authorize, can, commentPolicy, spacePolicy } from '../../policy/index.js';
import type { SpaceSubject } from '../../policy/space.js';
import { permissionsType } from '../../schema/permissions.js';
import { restEnum, OrderEnum } from '../../schema/enums.js';
import { groupedList, scopedList, type ScopedList } from '../../schema/lists.js';
import { planGroupedList, planList, planLookup, planRelatedList, planType } from '../../schema/plan/plan.js';
import { deletion, deletionFields } from '../../schema/payloads.js';
import { PageRef, type PageValue } from '../revisions/schema.js';
import { nodeConnection } from '../../schema/connections.js';
import { MemberConnection } from '../members/schema.js';
import { preloadMembers } from '../members/loaders.js';
import { pagePresence, preloadComment, preloadComments } from './loaders.js';
import { pageKey } from './targets.js';
import {
  bodyField,
  commentFields,
  commentLocation,
  CommentUrls,
  postFields,
  profileSelect,
  reactionFields,
  threadFields,
  threadOfInput,
  UserProfile,
} from './posts.js';
import {
  commentersWhere,
  commentFilters,
  commentListOrder,
  commentListWhere,
  commentSubject,
  deleteComment,
  findComment,
  keyOf,
  postComment,
  spaceSubjectSelect,
  threadIn,
  updateComment,
  type CommentListArgs,
  type Thread,
} from './service.js';

const CommentStatusEnum = restEnum('CommentStatus', ['open', 'resolved'] as const, 'Whether a comment is resolved.', {
  open: 'Not resolved.',
  resolved: 'Resolved (`resolvedAt`, `resolvedBy` say when and by whom).',
});
const CommentStatusFilterEnum = restEnum('CommentStatusFilter', ['all', 'open', 'resolved'] as const, 'Which comments to list by status.', {
  all: 'Every comment.',
  open: 'Comments not resolved.',
  resolved: 'Resolved comments.',
});

const CommentTargetNode = builder.simpleObject('CommentTargetNode', {
  description: 'A node of a page document.',
  fields: (t) => ({ id: t.id({ description: 'Id of the node.' }) }),
});
const CommentTableCell = builder.simpleObject('CommentTableCell', {
  description: 'A cell of a table: its record (row) and definition (column).',
  fields: (t) => ({
    record: t.string({ description: 'The record (row).' }),
    definition: t.string({ description: 'The definition (column).' }),
  }),
});
const CommentTargetPage = builder.simpleObject('CommentTargetPage', {
  description: 'The page a comment was posted on.',
  fields: (t) => ({
    id: t.id({ description: 'Id of the page (kept when a later revision removes the page).' }),
    removed: t.boolean({
      description: "True when the page is no longer in the content the comment belongs to (the space's active revision).",
    }),
  }),
});
const CommentTarget = builder.simpleObject('CommentTarget', {
  description: 'What a comment is about.',
  fields: (t) => ({
    node: t.field({ type: CommentTargetNode, nullable: true, description: 'The node it is attached to, if any.' }),
    tableCell: t.field({ type: CommentTableCell, nullable: true, description: 'The table cell it is attached to, if any.' }),
    changeRequest: t.id({ nullable: true, description: 'The change request it was posted in, if any.' }),
    review: t.id({ nullable: true, description: 'The review it was posted in: reviews are not kept by Quire, always null.' }),
    page: t.field({ type: CommentTargetPage, nullable: true, description: 'The page it is about, if any.' }),
    space: t.id({ description: 'The space it belongs to.' }),
    revision: t.id({ description: 'The revision its target was found in when it was posted.' }),
  }),
});

const CommentPermissions = permissionsType('CommentPermissions', commentPolicy, ['view', 'edit', 'reply', 'delete', 'resolve']);

export const commentSelect = {
  id: true,
  postedById: true,
  spaceId: true,
  changeRequestId: true,
  organizationId: true,
  space: { select: spaceSubjectSelect },
} as const;

export const CommentRef = builder.prismaNode('Comment', {
  id: { field: 'id' },
  description: "A comment on a space's content or in a change request: a thread with replies and reactions.",
  select: commentSelect,
  authScopes: (comment, ctx) => can(commentPolicy, requireActor(ctx), commentSubject(comment), 'view'),
  fields: (t) => ({
    ...postFields(t, 'comment', (c: { organizationId: string }) => c.organizationId),
    target: t.field({
      type: CommentTarget,
      description: 'What it is about.',
      select: { nodeId: true, pageId: true, tableCell: true, revisionId: true },
      resolve: (c, _, ctx) => {
        const target = (page: { id: string; removed: boolean } | null) => ({
          node: c.nodeId != null ? { id: c.nodeId } : null,
          tableCell: c.tableCell as { record: string; definition: string } | null,
          changeRequest: c.changeRequestId,
          review: null,
          page,
          space: c.spaceId,
          revision: c.revisionId ?? c.space.revisionId,
        });
        if (c.pageId == null) return target(null);
        const pageId = c.pageId;
        // At once when the list preloaded its pages' presence (preloadComments).
        return completeValue(pagePresence(ctx).load(pageKey({ spaceId: c.spaceId, pageId })), (present) =>
          target({ id: pageId, removed: !present }),
        );
      },
    }),
    status: t.field({
      type: CommentStatusEnum,
      description: 'Open or resolved.',
      select: { status: true },
      resolve: (c) => c.status as never,
    }),
    resolvedAt: t.expose('resolvedAt', { type: 'DateTime', nullable: true, description: 'When it was resolved; null while open.' }),
    resolvedBy: t.field({
      type: UserProfile,
      nullable: true,
      description: 'Who resolved it; null while open.',
      select: { resolvedBy: profileSelect },
      resolve: (c) => c.resolvedBy,
    }),
    urls: t.field({ type: CommentUrls, description: 'Links to it.', resolve: (c, _, ctx) => ({ location: commentLocation(ctx, c) }) }),
    permissions: t.field({
      type: CommentPermissions.type,
      description: 'What the caller may do on it.',
      resolve: (c, args, ctx) => CommentPermissions.resolve(commentSubject(c), args, ctx),
    }),
  }),
});

/** Who a comment shows as its author or resolver: the user's profile columns (UserProfile). */
export const profileColumns = ['id', 'displayName', 'photoURL'] as const;

// The fields of a comment the read planner answers (src/schema/plan); replies/schema.ts adds
// `repliesCount` (a count) and `repliers` (a loader the list preloads), declared here too.
planType('Comment', {
  model: 'Comment',
  columns: { id: 'id', postedAt: 'postedAt', editedAt: 'editedAt', status: 'status', resolvedAt: 'resolvedAt' },
  counts: { repliesCount: { model: 'CommentReply', foreignKey: 'commentId' } },
  // Their resolvers above answer them from the row: the joined profiles, the body's columns, the target's.
  computed: {
    postedBy: [],
    resolvedBy: [],
    body: ['markdown', 'document', 'mentions'],
    mentions: ['markdown', 'document', 'mentions'],
    reactions: [],
    repliers: [],
    target: ['nodeId', 'pageId', 'tableCell', 'revisionId'],
    urls: [],
    permissions: [],
  },
  subject: ['id', 'postedById', 'spaceId', 'changeRequestId', 'organizationId'],
  subjectRelations: { space: Object.keys(spaceSubjectSelect), postedBy: profileColumns, resolvedBy: profileColumns },
  visible: (comment, ctx) => can(commentPolicy, requireActor(ctx), commentSubject(comment as never), 'view'),
});

const CommentConnection = nodeConnection(CommentRef, 'Comment', { items: 'comments' });

const changeRequestArgDescription = "A change request of the space (its id or number): its comments rather than the space's own.";

type ListArgs = CommentListArgs & { changeRequest?: string | null };
/** The argument builder every field kind has (`t.arg`). */
type Args = { arg: ArgBuilder<SchemaTypes> };
const listArgs = (t: Args) => ({
  order: t.arg({ type: OrderEnum, defaultValue: 'desc', description: 'By posting date: desc (default) or asc.' }),
  status: t.arg({ type: CommentStatusFilterEnum, defaultValue: 'all', description: 'Which comments by status (default all).' }),
  authors: t.arg.idList({ description: 'Only comments posted by these users.' }),
});
const targetPageArg = (t: Args) => t.arg.id({ description: 'Only comments on this page.' });
/**
 * The thread of a space's comment list or commenters: the caller must read the space
 * on their own rights (a site that publishes it shows its content, not its discussion:
 * the nodes would be hidden, but their count would not).
 */
const readableThread = (ctx: Context, space: SpaceSubject & { id: string }, changeRequest: string | null | undefined) => {
  authorize(spacePolicy, requireActor(ctx), space, 'view');
  return threadIn(ctx, space.id, changeRequest);
};
const listWhere = async (ctx: Context, space: SpaceSubject & { id: string }, args: ListArgs) =>
  commentListWhere(await readableThread(ctx, space, args.changeRequest), args);

const commentsOfSpace: ScopedList<SpaceSubject & { id: string }, ListArgs> = {
  model: (ctx) => ctx.prisma.comment,
  where: (space, args, ctx) => listWhere(ctx, space, args),
  orderBy: commentListOrder,
  preload: preloadComments,
};
// `preloadComments` reads the comments' ids and the pages they are about.
const commentPreloadReads = ['id', 'spaceId', 'pageId'];
planList('Space', 'comments', 'Comment', commentsOfSpace, { preloadReads: commentPreloadReads });

builder.prismaObjectField('Space', 'comments', (t) =>
  t.prismaConnection(
    {
      type: 'Comment',
      cursor: 'id',
      description: "The space's comments (or a change request's), newest first by default, filtered by status, page and authors.",
      args: { changeRequest: t.arg.id({ description: changeRequestArgDescription }), ...listArgs(t), targetPage: targetPageArg(t) },
      ...scopedList(commentsOfSpace),
    },
    CommentConnection,
  ),
);

builder.prismaObjectField('Space', 'comment', (t) =>
  t.prismaField({
    type: 'Comment',
    description: 'One comment of the space (or of one of its change requests), by id; NOT_FOUND otherwise.',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the comment.' }),
      changeRequest: t.arg.id({ description: changeRequestArgDescription }),
    },
    resolve: async (query, space, args, ctx) => findComment(ctx, await threadIn(ctx, space.id, args.changeRequest), args.id, query),
  }),
);
// findComment's filter: the Comment type's check (the plan's too) then judges the row.
planLookup('Space', 'comment', 'Comment', {
  where: async (space: { id: string }, args: { id: string; changeRequest?: string | null }, ctx) => ({
    id: args.id,
    ...(await threadIn(ctx, space.id, args.changeRequest)),
  }),
  preload: (comment, ctx, info) => preloadComment(comment as { id: string; spaceId: string; pageId?: string | null }, ctx, info),
});

const commentersOfSpace: ScopedList<SpaceSubject & { id: string; organizationId: string }, { changeRequest?: string | null }> = {
  model: (ctx) => ctx.prisma.member,
  where: async (space, args, ctx) => commentersWhere(ctx, await readableThread(ctx, space, args.changeRequest), space.organizationId),
  orderBy: () => [{ joinedAt: 'asc' }, { userId: 'asc' }],
  preload: preloadMembers,
};
// `preloadMembers` reads each member's organization, user and role.
planList('Space', 'commenters', 'Member', commentersOfSpace, { preloadReads: ['organizationId', 'userId', 'role'] });

builder.prismaObjectField('Space', 'commenters', (t) =>
  t.prismaConnection(
    {
      type: 'Member',
      cursor: 'organizationId_userId',
      description: 'Members who posted a comment or a reply in the space (or in one of its change requests), in the order they joined.',
      args: { changeRequest: t.arg.id({ description: changeRequestArgDescription }) },
      ...scopedList(commentersOfSpace),
    },
    MemberConnection,
  ),
);

/** The comments of a thread its parent names (a change request's, a page's), under the list's filters and order. */
const threadCommentsQuery = (args: CommentListArgs) => ({ where: commentFilters(args), orderBy: commentListOrder(args) });

builder.prismaObjectField('ChangeRequest', 'comments', (t) =>
  // A related connection: the comments of every change request of a list load with the list.
  t.relatedConnection(
    'comments',
    {
      cursor: 'id',
      description: 'Comments of the change request, newest first by default, filtered by status, page and authors.',
      args: { ...listArgs(t), targetPage: targetPageArg(t) },
      totalCount: true,
      query: (args) => threadCommentsQuery(args as CommentListArgs),
    },
    CommentConnection,
  ),
);
// Planned beneath planned change requests: every change request's page of comments in one statement.
planRelatedList('ChangeRequest', 'comments', 'Comment', {
  model: 'ChangeRequest',
  query: threadCommentsQuery,
  preload: preloadComments,
  preloadReads: commentPreloadReads,
});

// A page's comments are those of the thread it was read in: the space's own for its content,
// a change request's for that change request's content.
const commentsOfPage = (page: PageValue) => ({ spaceId: page.spaceId, changeRequestId: page.changeRequestId ?? null, pageId: page.id });
const pageComments = groupedList<PageValue, CommentListArgs>({
  model: (ctx) => ctx.prisma.comment,
  groupOf: commentsOfPage,
  where: commentFilters,
  orderBy: commentListOrder,
});

// Answered whole where the page's comments are asked of many pages: one statement for all of them.
planGroupedList('Page', 'comments', 'Comment', {
  model: 'Comment',
  columns: ['spaceId', 'changeRequestId', 'pageId'],
  group: commentsOfPage,
  query: threadCommentsQuery,
  preload: preloadComments,
  preloadReads: commentPreloadReads,
});

builder.objectField(PageRef, 'comments', (t) =>
  t.prismaConnection(
    {
      type: 'Comment',
      cursor: 'id',
      description:
        "Comments on the page, in the thread it was read in (the space's, or the change request's for its content); newest first by default.",
      args: listArgs(t),
      totalCount: pageComments.totalCount,
      resolve: pageComments.resolve,
    },
    CommentConnection,
  ),
);

const TableCellInput = builder.inputType('CommentTableCellInput', {
  description: 'A cell of a table.',
  fields: (t) => ({
    record: t.string({ description: 'The record (row); required.' }),
    definition: t.string({ description: 'The definition (column); required.' }),
  }),
});

/** The comment as it now is, for a payload. */
export const commentNow = (ctx: Context, t: Thread, id: string) => findComment(ctx, keyOf(t), id);

const commentField = <P extends { comment: unknown }>(t: ObjectFieldBuilder<P>, description: string) =>
  t.field({ type: CommentRef, description, resolve: (p) => p.comment as never });

builder.relayMutationField(
  'postComment',
  {
    description: 'Arguments of postComment.',
    inputFields: (t) => ({
      ...threadFields(t),
      body: bodyField(t, true),
      node: t.string({ description: 'Id of the node of a page document it is attached to.' }),
      page: t.id({ description: "Id of the page it is about (a page of the space's content)." }),
      tableCell: t.field({ type: TableCellInput, description: 'The table cell it is attached to.' }),
    }),
  },
  {
    description: "Posts a comment on a space's content or in a change request (the space's commenters).",
    resolve: async (_root, { input }, ctx) => {
      const t = await threadOfInput(ctx, input);
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
      body: bodyField(t, false),
      ...reactionFields(t),
    }),
  },
  {
    description: "Edits a comment's body, resolves or reopens it, adds or removes the caller's reactions: all or nothing.",
    resolve: async (_root, { input }, ctx) => {
      const t = await threadOfInput(ctx, input);
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
      deletion(await deleteComment(ctx, await threadOfInput(ctx, input), input.commentId), input.commentId),
  },
  { description: 'The result of deleteComment.', outputFields: (t) => deletionFields(t, 'deleted', 'Comment') },
);
