// Comments and their replies in the graph: a space's comments (or a change
// request's: `changeRequest:`), each with its replies, reactions, repliers and
// target; its commenters. Mutations are in mutations.ts, subscriptions in
// subscriptions.ts.
import { builder } from '../../schema/builder.js';
import { requireActor, type Context } from '../../context.js';
import { authorize, can, commentPolicy, commentReplyPolicy, spacePolicy } from '../../policy/index.js';
import type { SpaceSubject } from '../../policy/space.js';
import { isMember } from '../../policy/actor.js';
import { permissionsType } from '../../schema/permissions.js';
import { restEnum, OrderEnum } from '../../schema/enums.js';
import { groupedList, requireCursorInList } from '../../schema/lists.js';
import { PageRef, type PageValue } from '../revisions/schema.js';
import { nodeConnection } from '../../schema/connections.js';
import { UserRef } from '../users/schema.js';
import { urlsFor } from '../shared/urls.js';
import { MemberConnection } from '../members/schema.js';
import { bodyOut, mentionsIn, parsedBody, type BodyRow, type BodyTable } from './body.js';
import { mentionedMember, pagePresence, reactionsOf, repliersOf, userById, type ReactionRow, type Replier } from './loaders.js';
import {
  commentersWhere,
  commentFilters,
  commentListOrder,
  commentListWhere,
  commentSubject,
  findComment,
  findReply,
  replySubject,
  spaceSubjectSelect,
  threadIn,
  type CommentListArgs,
} from './service.js';

export const CommentBodyFormatEnum = restEnum(
  'CommentBodyFormat',
  ['markdown', 'document'] as const,
  'The form in which a body is answered.',
  {
    markdown: '`{markdown}`: the Markdown as posted.',
    document: '`{document}`: the rich-text document parsed from the Markdown.',
  },
);
const CommentStatusEnum = restEnum('CommentStatus', ['open', 'resolved'] as const, 'Whether a comment is resolved.', {
  open: 'Not resolved.',
  resolved: 'Resolved (`resolvedAt`, `resolvedBy` say when and by whom).',
});
const CommentStatusFilterEnum = restEnum('CommentStatusFilter', ['all', 'open', 'resolved'] as const, 'Which comments to list by status.', {
  all: 'Every comment.',
  open: 'Comments not resolved.',
  resolved: 'Resolved comments.',
});

const CommentBody = builder.simpleObject('CommentBody', {
  description: 'The content of a comment or reply: `markdown` or `document`, as asked with `format`.',
  fields: (t) => ({
    markdown: t.string({ nullable: true, description: 'The Markdown (format `markdown`, the default).' }),
    document: t.field({ type: 'JSON', nullable: true, description: 'The rich-text document (format `document`).' }),
  }),
});

const formatArgDescription = 'The form of the answer: markdown (default) or document.';
const bodyDescription = 'The content, as Markdown or as a rich-text document.';

/** What comments show of a person: the same for whoever reads them, members and former members alike. */
type Profile = { id: string; displayName: string; photoURL: string | null };
const profileSelect = { select: { id: true, displayName: true, photoURL: true } } as const;

const UserProfile = builder.objectRef<Profile>('UserProfile').implement({
  description:
    'A user as comments show them (their author, resolver, repliers and reactions): name and photo, also once they left the organization. `node(id:)` gives the User to those who may see it.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The user's id." }),
    displayName: t.exposeString('displayName', { description: 'Name shown for the user.' }),
    photoURL: t.exposeString('photoURL', { nullable: true, description: 'URL of their photo, if any.' }),
    urls: t.field({
      type: builder.simpleObject('UserProfileUrls', {
        description: 'Links to a user.',
        fields: (u) => ({ location: u.string({ description: 'The user in the API.' }) }),
      }),
      description: 'Links to the user.',
      resolve: (user, _, ctx) => urlsFor.user(ctx.urls, user.id),
    }),
  }),
});

interface ReactionGroup {
  emoji: string;
  users: ReactionRow[];
}

const EmojiReactionUser = builder.objectRef<ReactionRow>('EmojiReactionUser').implement({
  description: 'One user who reacted with an emoji.',
  fields: (t) => ({
    user: t.field({ type: UserProfile, description: 'The user.', resolve: (r) => r.user }),
    reactedAt: t.expose('reactedAt', { type: 'DateTime', description: 'When they reacted.' }),
  }),
});

const EmojiReaction = builder.objectRef<ReactionGroup>('EmojiReaction').implement({
  description: 'An emoji reaction, by one or several users.',
  fields: (t) => ({
    emoji: t.exposeString('emoji', { description: 'The emoji (its fully-qualified Unicode form).' }),
    count: t.int({ description: 'How many users reacted with it.', resolve: (g) => g.users.length }),
    users: t.field({ type: [EmojiReactionUser], description: 'Who reacted with it, first reaction first.', resolve: (g) => g.users }),
  }),
});

/** A comment's or reply's reactions grouped by emoji, in the order each emoji was first used. */
async function reactionGroups(subjectId: string, ctx: Context): Promise<ReactionGroup[]> {
  const groups = new Map<string, ReactionRow[]>();
  for (const row of await reactionsOf(ctx).load(subjectId)) groups.set(row.emoji, [...(groups.get(row.emoji) ?? []), row]);
  return [...groups].map(([emoji, users]) => ({ emoji, users }));
}

/** The members a body mentions (as `@usr_…` or `@e-mail`), for callers in the organization. */
async function mentionedUsers(row: BodyRow, organizationId: string, ctx: Context) {
  if (!isMember(requireActor(ctx), organizationId)) return [];
  const userIds = await Promise.all(mentionsIn(row).map((mention) => mentionedMember(ctx).load({ organizationId, mention })));
  const users = await Promise.all([...new Set(userIds.filter((id): id is string => id != null))].map((id) => userById(ctx).load(id)));
  return users.filter((u) => u != null);
}

const CommentReplier = builder.objectRef<Replier>('CommentReplier').implement({
  description: 'A user who replied to a comment.',
  fields: (t) => ({
    user: t.field({ type: UserProfile, description: 'The user.', resolve: (r) => r.user }),
    count: t.exposeInt('count', { description: 'How many replies they posted.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When they last replied.' }),
  }),
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

const CommentUrls = builder.simpleObject('CommentUrls', {
  description: 'Links to a comment or reply.',
  fields: (t) => ({ location: t.string({ description: 'It in the API.' }) }),
});

const commentLocation = (ctx: Context, c: { id: string; spaceId: string; changeRequestId: string | null }) =>
  `${ctx.urls.api}/spaces/${c.spaceId}${c.changeRequestId ? `/change-requests/${c.changeRequestId}` : ''}/comments/${c.id}`;

const CommentPermissions = permissionsType('CommentPermissions', commentPolicy, ['view', 'edit', 'reply', 'delete', 'resolve']);
const CommentReplyPermissions = permissionsType('CommentReplyPermissions', commentReplyPolicy, ['view', 'edit', 'reply', 'delete']);

/* eslint-disable @typescript-eslint/no-explicit-any -- one set of fields for the field builders of two Prisma types */
/**
 * What a comment and a reply both are: a post with an author, dates, a Markdown body, mentions and reactions.
 * Whoever reads a post reads who wrote it (authors who left the organization included): a profile, not the User.
 */
const postFields = (t: any, table: BodyTable, organizationOf: (row: any) => string) => ({
  postedBy: t.field({
    type: UserProfile,
    description: 'The author.',
    select: { postedBy: profileSelect },
    resolve: (row: any) => row.postedBy,
  }),
  postedAt: t.expose('postedAt', { type: 'DateTime', description: 'When it was posted.' }),
  editedAt: t.expose('editedAt', { type: 'DateTime', nullable: true, description: 'When its body was last edited; null if never.' }),
  body: t.field({
    type: CommentBody,
    description: bodyDescription,
    args: { format: t.arg({ type: CommentBodyFormatEnum, description: formatArgDescription }) },
    select: { id: true, markdown: true, document: true, mentions: true },
    resolve: async (row: any, args: { format?: 'markdown' | 'document' | null }, ctx: Context) =>
      bodyOut(args.format === 'document' ? await parsedBody(ctx, table, row) : row, args.format),
  }),
  mentions: t.field({
    type: [UserRef],
    description: 'The members of the organization its body mentions (`@usr_…` or `@e-mail`); empty for callers outside the organization.',
    select: { id: true, markdown: true, document: true, mentions: true },
    resolve: async (row: any, _: unknown, ctx: Context) => mentionedUsers(await parsedBody(ctx, table, row), organizationOf(row), ctx),
  }),
  reactions: t.field({
    type: [EmojiReaction],
    description: 'Its emoji reactions.',
    resolve: (row: any, _: unknown, ctx: Context) => reactionGroups(row.id, ctx),
  }),
});
/* eslint-enable @typescript-eslint/no-explicit-any */

const commentSelect = {
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
    repliesCount: t.relationCount('replies', { description: 'The number of replies.' }),
    repliers: t.field({
      type: [CommentReplier],
      description: 'Who replied, most recent first.',
      resolve: (c, _, ctx) => repliersOf(ctx).load(c.id),
    }),
    reply: t.prismaField({
      type: 'CommentReply',
      description: 'One reply, by id; NOT_FOUND when the comment has none such.',
      args: { id: t.arg.id({ required: true, description: 'Id of the reply.' }) },
      resolve: (query, c, args, ctx) => findReply(ctx, c, args.id, query),
    }),
    target: t.field({
      type: CommentTarget,
      description: 'What it is about.',
      select: { nodeId: true, pageId: true, tableCell: true, revisionId: true },
      resolve: async (c, _, ctx) => ({
        node: c.nodeId != null ? { id: c.nodeId } : null,
        tableCell: c.tableCell as { record: string; definition: string } | null,
        changeRequest: c.changeRequestId,
        review: null,
        page:
          c.pageId != null ? { id: c.pageId, removed: !(await pagePresence(ctx).load({ spaceId: c.spaceId, pageId: c.pageId })) } : null,
        space: c.spaceId,
        revision: c.revisionId ?? c.space.revisionId,
      }),
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

const CommentReplyConnection = nodeConnection(CommentReplyRef, 'CommentReply', { items: 'comment replies' });
const CommentConnection = nodeConnection(CommentRef, 'Comment', { items: 'comments' });

builder.prismaObjectField('Comment', 'replies', (t) =>
  // A related connection: pages of replies load with the comments, one statement for all of them.
  t.relatedConnection(
    'replies',
    {
      cursor: 'id',
      description: 'Its replies, oldest first.',
      totalCount: true,
      query: () => ({ orderBy: [{ postedAt: 'asc' }, { id: 'asc' }] }),
    },
    CommentReplyConnection,
  ),
);

const changeRequestArgDescription = "A change request of the space (its id or number): its comments rather than the space's own.";

type ListArgs = CommentListArgs & { changeRequest?: string | null };
/* eslint-disable @typescript-eslint/no-explicit-any -- the argument builders of several field kinds */
const listArgs = (t: { arg: any }) => ({
  order: t.arg({ type: OrderEnum, defaultValue: 'desc', description: 'By posting date: desc (default) or asc.' }),
  status: t.arg({ type: CommentStatusFilterEnum, defaultValue: 'all', description: 'Which comments by status (default all).' }),
  authors: t.arg.idList({ description: 'Only comments posted by these users.' }),
});
const targetPageArg = (t: { arg: any }) => t.arg.id({ description: 'Only comments on this page.' });
/* eslint-enable @typescript-eslint/no-explicit-any */
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

builder.prismaObjectField('Space', 'comments', (t) =>
  t.prismaConnection(
    {
      type: 'Comment',
      cursor: 'id',
      description: "The space's comments (or a change request's), newest first by default, filtered by status, page and authors.",
      args: { changeRequest: t.arg.id({ description: changeRequestArgDescription }), ...listArgs(t), targetPage: targetPageArg(t) },
      totalCount: async (space, args, ctx) => ctx.prisma.comment.count({ where: await listWhere(ctx, space, args as ListArgs) }),
      resolve: async (query, space, args, ctx) => {
        const where = await listWhere(ctx, space, args as ListArgs);
        const [rows] = await Promise.all([
          ctx.prisma.comment.findMany({ ...query, where, orderBy: commentListOrder(args as ListArgs) }),
          requireCursorInList(ctx.prisma.comment as never, where, query.cursor),
        ]);
        return rows;
      },
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

builder.prismaObjectField('Space', 'commenters', (t) =>
  t.prismaConnection(
    {
      type: 'Member',
      cursor: 'organizationId_userId',
      description: 'Members who posted a comment or a reply in the space (or in one of its change requests), in the order they joined.',
      args: { changeRequest: t.arg.id({ description: changeRequestArgDescription }) },
      totalCount: async (space, args, ctx) =>
        ctx.prisma.member.count({
          where: commentersWhere(ctx, await readableThread(ctx, space, args.changeRequest), space.organizationId),
        }),
      resolve: async (query, space, args, ctx) => {
        const where = commentersWhere(ctx, await readableThread(ctx, space, args.changeRequest), space.organizationId);
        const [rows] = await Promise.all([
          ctx.prisma.member.findMany({ ...query, where, orderBy: [{ joinedAt: 'asc' }, { userId: 'asc' }] }),
          requireCursorInList(ctx.prisma.member as never, where, query.cursor),
        ]);
        return rows;
      },
    },
    MemberConnection,
  ),
);

builder.prismaObjectField('ChangeRequest', 'comments', (t) =>
  // A related connection: the comments of every change request of a list load with the list.
  t.relatedConnection(
    'comments',
    {
      cursor: 'id',
      description: 'Comments of the change request, newest first by default, filtered by status, page and authors.',
      args: { ...listArgs(t), targetPage: targetPageArg(t) },
      totalCount: true,
      query: (args) => ({ where: commentFilters(args as CommentListArgs), orderBy: commentListOrder(args as CommentListArgs) }),
    },
    CommentConnection,
  ),
);

// A page's comments are those of the thread it was read in: the space's own for its content,
// a change request's for that change request's content.
const pageComments = groupedList<PageValue, CommentListArgs>({
  model: (ctx) => ctx.prisma.comment,
  groupOf: (page) => ({ spaceId: page.spaceId, changeRequestId: page.changeRequestId ?? null, pageId: page.id }),
  where: commentFilters,
  orderBy: commentListOrder,
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
