// Batched reads of comments: whatever the number of comments on a page of a
// list, each of these costs one statement.
import DataLoader from 'dataloader';
import { requestLoader } from '../../loaders.js';
import type { User } from '../../generated/prisma/client.js';
import { pageKey, pagesPresent, type PageRef } from './targets.js';

/** Per `spaceId/pageId`: whether the page is still in the space's active revision. */
export const pagePresence = requestLoader(
  (ctx) =>
    new DataLoader<PageRef, boolean, string>(
      async (refs) => {
        const present = await pagesPresent(ctx.prisma, refs);
        return refs.map((ref) => present.has(pageKey(ref)));
      },
      { cacheKeyFn: pageKey },
    ),
);

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
export const reactionsOf = requestLoader(
  (ctx) =>
    new DataLoader<string, ReactionRow[]>(async (subjectIds) => {
      const rows = await ctx.prisma.commentReaction.findMany({
        where: { subjectId: { in: [...subjectIds] } },
        select: { subjectId: true, emoji: true, reactedAt: true, user: true },
        orderBy: [{ reactedAt: 'asc' }, { emoji: 'asc' }, { userId: 'asc' }],
      });
      return subjectIds.map((id) => rows.filter((r) => r.subjectId === id));
    }),
);

/** Users by id (one statement per batch): the members a body mentions. */
export const userById = requestLoader(
  (ctx) =>
    new DataLoader<string, User | null>(async (ids) => {
      const rows = await ctx.prisma.user.findMany({ where: { id: { in: [...ids] } } });
      return ids.map((id) => rows.find((r) => r.id === id) ?? null);
    }),
);
