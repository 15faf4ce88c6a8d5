// Batched reads of comments: whatever the number of comments on a page of a
// list, each of these costs one statement.
import DataLoader from 'dataloader';
import type { GraphQLResolveInfo } from 'graphql';
import type { Context } from '../../context.js';
import { requestLoader, settledLoader } from '../../loaders.js';
import type { User } from '../../generated/prisma/client.js';
import { fieldsAsked, fieldsAskedOfItems } from '../../schema/selection.js';
import { repliersOf } from './replies/loaders.js';
import { pageKey, pageOfKey, pagesPresent } from './targets.js';

/** Per page (`pageKey`: `spaceId/pageId`): whether it is still in its space's active revision (at once once loaded). */
export const pagePresence = settledLoader<string, boolean>(async (ctx, keys) => {
  const present = await pagesPresent(ctx.prisma, keys.map(pageOfKey));
  return keys.map((key) => present.has(key));
});

/** Per `organizationId` + mention (user id or e-mail address): the member's user id, or null when none matches. */
export const mentionedMember = requestLoader(
  (ctx) =>
    new DataLoader<{ organizationId: string; mention: string }, string | null, string>(
      async (keys) => {
        const mentions = [...new Set(keys.map((k) => k.mention.toLowerCase()))];
        const rows = await ctx.prisma.member.findMany({
          where: {
            organizationId: { in: [...new Set(keys.map((k) => k.organizationId))] },
            user: { OR: [{ id: { in: keys.map((k) => k.mention) } }, { email: { in: mentions, mode: 'insensitive' } }] },
          },
          select: { organizationId: true, userId: true, user: { select: { email: true } } },
        });
        return keys.map((k) => {
          const wanted = k.mention.toLowerCase();
          const row = rows.find(
            (r) => r.organizationId === k.organizationId && (r.userId === k.mention || r.user.email.toLowerCase() === wanted),
          );
          return row?.userId ?? null;
        });
      },
      { cacheKeyFn: (k) => `${k.organizationId}\n${k.mention}` },
    ),
);

/** Per `spaceId` + change request reference (its id or its number in the space): the change request's id, or null. */
export const changeRequestIn = requestLoader(
  (ctx) =>
    new DataLoader<{ spaceId: string; ref: string }, string | null, string>(
      async (keys) => {
        const numberOf = (ref: string) => (/^\d{1,9}$/.test(ref) ? Number(ref) : undefined);
        const rows = await ctx.prisma.changeRequest.findMany({
          where: {
            OR: keys.map((k) => ({
              spaceId: k.spaceId,
              OR: [{ id: k.ref }, ...(numberOf(k.ref) !== undefined ? [{ number: numberOf(k.ref)! }] : [])],
            })),
          },
          select: { id: true, spaceId: true, number: true },
        });
        return keys.map((k) => rows.find((r) => r.spaceId === k.spaceId && (r.id === k.ref || r.number === numberOf(k.ref)))?.id ?? null);
      },
      { cacheKeyFn: (k) => `${k.spaceId}\n${k.ref}` },
    ),
);

export interface ReactionRow {
  subjectId: string;
  emoji: string;
  reactedAt: Date;
  user: User;
}

/** Per comment or reply: its reactions with their users joined in, oldest first (those of one moment by emoji, then user). */
export const reactionsOf = settledLoader<string, ReactionRow[]>(async (ctx, subjectIds) => {
  const rows = await ctx.prisma.commentReaction.findMany({
    where: { subjectId: { in: [...subjectIds] } },
    select: { subjectId: true, emoji: true, reactedAt: true, user: true },
    orderBy: [{ reactedAt: 'asc' }, { emoji: 'asc' }, { userId: 'asc' }],
  });
  return subjectIds.map((id) => rows.filter((r) => r.subjectId === id));
});

/** Users by id (one statement per batch): the members a body mentions. */
export const userById = requestLoader(
  (ctx) =>
    new DataLoader<string, User | null>(async (ids) => {
      const rows = await ctx.prisma.user.findMany({ where: { id: { in: [...ids] } } });
      return ids.map((id) => rows.find((r) => r.id === id) ?? null);
    }),
);

/**
 * What the items of a page of comments read through loaders, loaded with the page when they ask
 * for it (one statement each): their reactions, their repliers, whether the pages they are about
 * are still there. Their fields then answer at once instead of through a promise per comment.
 */
export const preloadComments = (rows: unknown[], ctx: Context, info: GraphQLResolveInfo) =>
  loadCommentFacts(ctx, rows as CommentRow[], fieldsAskedOfItems(info));

/** The same for one comment looked up, by the fields asked of it. */
export const preloadComment = (comment: CommentRow, ctx: Context, info: GraphQLResolveInfo) =>
  loadCommentFacts(ctx, [comment], fieldsAsked(info));

type CommentRow = { id: string; spaceId: string; pageId?: string | null };

function loadCommentFacts(ctx: Context, comments: CommentRow[], asked: Set<string>) {
  const ids = comments.map((c) => c.id);
  const pages = comments.flatMap((c) => (c.pageId == null ? [] : [pageKey({ spaceId: c.spaceId, pageId: c.pageId })]));
  return Promise.all([
    asked.has('reactions') && reactionsOf(ctx).loadAll(ids),
    asked.has('repliers') && repliersOf(ctx).loadAll(ids),
    asked.has('target') && pagePresence(ctx).loadAll(pages),
  ]);
}

/** The same for a page of replies: their reactions, when asked. */
export function preloadReplies(rows: unknown[], ctx: Context, info: GraphQLResolveInfo) {
  if (!fieldsAskedOfItems(info).has('reactions')) return undefined;
  return reactionsOf(ctx).loadAll((rows as { id: string }[]).map((reply) => reply.id));
}
