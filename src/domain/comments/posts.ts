// What a comment and a reply both are in the graph: a post with an author,
// dates, a body (Markdown or a document), mentions and reactions; and the
// inputs their mutations share (the thread, the body, reaction changes).
import { completeValue } from '@pothos/core';
import { builder, type InputFieldBuilder } from '../../schema/builder.js';
import { requireActor, type Context } from '../../context.js';
import { isMember } from '../../policy/actor.js';
import { restEnum } from '../../schema/enums.js';
import { UserRef } from '../users/schema.js';
import { urlsFor } from '../shared/urls.js';
import { bodyOut, mentionsIn, parsedBody, type BodyRow, type BodyTable } from './body.js';
import { mentionedMember, reactionsOf, userById, type ReactionRow } from './loaders.js';
import { findThread } from './service.js';

export const CommentBodyFormatEnum = restEnum(
  'CommentBodyFormat',
  ['markdown', 'document'] as const,
  'The form in which a body is answered.',
  {
    markdown: '`{markdown}`: the Markdown as posted.',
    document: '`{document}`: the rich-text document parsed from the Markdown.',
  },
);

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
export const profileSelect = { select: { id: true, displayName: true, photoURL: true } } as const;

export const UserProfile = builder.objectRef<Profile>('UserProfile').implement({
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

/** A comment's or reply's reactions grouped by emoji, in the order each emoji was first used (at once once loaded). */
const reactionGroups = (subjectId: string, ctx: Context) =>
  completeValue(reactionsOf(ctx).load(subjectId), (rows): ReactionGroup[] => {
    const groups = new Map<string, ReactionRow[]>();
    for (const row of rows) groups.set(row.emoji, [...(groups.get(row.emoji) ?? []), row]);
    return [...groups].map(([emoji, users]) => ({ emoji, users }));
  });

/** The members a body mentions (as `@usr_…` or `@e-mail`), for callers in the organization. */
async function mentionedUsers(row: BodyRow, organizationId: string, ctx: Context) {
  if (!isMember(requireActor(ctx), organizationId)) return [];
  const userIds = await Promise.all(mentionsIn(row).map((mention) => mentionedMember(ctx).load({ organizationId, mention })));
  const users = await Promise.all([...new Set(userIds.filter((id): id is string => id != null))].map((id) => userById(ctx).load(id)));
  return users.filter((u) => u != null);
}

export const CommentUrls = builder.simpleObject('CommentUrls', {
  description: 'Links to a comment or reply.',
  fields: (t) => ({ location: t.string({ description: 'It in the API.' }) }),
});

export const commentLocation = (ctx: Context, c: { id: string; spaceId: string; changeRequestId: string | null }) =>
  `${ctx.urls.api}/spaces/${c.spaceId}${c.changeRequestId ? `/change-requests/${c.changeRequestId}` : ''}/comments/${c.id}`;

/**
 * What a comment and a reply both are: a post with an author, dates, a Markdown body, mentions and reactions.
 * Whoever reads a post reads who wrote it (authors who left the organization included): a profile, not the User.
 */
// biome-ignore lint/suspicious/noExplicitAny: one set of fields for the field builders of two Prisma types
export const postFields = <Row>(t: any, table: BodyTable, organizationOf: (row: Row) => string) => ({
  postedBy: t.field({
    type: UserProfile,
    description: 'The author.',
    select: { postedBy: profileSelect },
    resolve: (row: { postedBy: Profile }) => row.postedBy,
  }),
  postedAt: t.expose('postedAt', { type: 'DateTime', description: 'When it was posted.' }),
  editedAt: t.expose('editedAt', { type: 'DateTime', nullable: true, description: 'When its body was last edited; null if never.' }),
  body: t.field({
    type: CommentBody,
    description: bodyDescription,
    args: { format: t.arg({ type: CommentBodyFormatEnum, description: formatArgDescription }) },
    select: { id: true, markdown: true, document: true, mentions: true },
    // At once, but for a document asked of a row stored before bodies were parsed at write.
    resolve: (row: Row & BodyRow, args: { format?: 'markdown' | 'document' | null }, ctx: Context) =>
      args.format === 'document' && row.document == null
        ? parsedBody(ctx, table, row).then((parsed) => bodyOut(parsed, args.format))
        : bodyOut(row, args.format),
  }),
  mentions: t.field({
    type: [UserRef],
    description: 'The members of the organization its body mentions (`@usr_…` or `@e-mail`); empty for callers outside the organization.',
    select: { id: true, markdown: true, document: true, mentions: true },
    resolve: async (row: Row & BodyRow, _: unknown, ctx: Context) =>
      mentionedUsers(await parsedBody(ctx, table, row), organizationOf(row), ctx),
  }),
  reactions: t.field({
    type: [EmojiReaction],
    description: 'Its emoji reactions.',
    resolve: (row: Row & BodyRow, _: unknown, ctx: Context) => reactionGroups(row.id, ctx),
  }),
});

const CommentBodyInput = builder.inputType('CommentBodyInput', {
  description: 'The content of a comment or reply.',
  fields: (t) => ({ markdown: t.string({ description: 'Markdown (required, not blank, at most 100,000 characters).' }) }),
});

/** The input fields naming a thread, and a comment of it. */
export const threadFields = (t: InputFieldBuilder) => ({
  spaceId: t.id({ required: true, description: 'Id of the space.' }),
  changeRequestId: t.id({ description: 'A change request of the space (its id or number), for its comments.' }),
});
export const commentFields = (t: InputFieldBuilder) => ({
  ...threadFields(t),
  commentId: t.id({ required: true, description: 'Id of the comment.' }),
});
export const bodyField = (t: InputFieldBuilder, required: boolean) =>
  t.field({ type: CommentBodyInput, description: required ? 'The content (required).' : 'New content (the author only).' });
export const reactionFields = (t: InputFieldBuilder) => ({
  addedReactions: t.stringList({
    description: "Emoji to add to the caller's reactions (characters, or code points in hex); adding one twice is a no-op.",
  }),
  removedReactions: t.stringList({ description: "Emoji to remove from the caller's reactions; an emoji also added is removed." }),
});

type ThreadInput = { spaceId: string; changeRequestId?: string | null };
/** The thread a mutation's input names (404 unless the caller may read its space). */
export const threadOfInput = (ctx: Context, input: ThreadInput) => findThread(ctx, input.spaceId, input.changeRequestId);
