// The caller's emoji reactions on a comment or a reply: the checked changes,
// and the writes that make them (part of the post's update transaction).
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { reactionEmojiList } from './emoji.js';

export interface ReactionChanges {
  addedReactions?: readonly string[] | null;
  removedReactions?: readonly string[] | null;
}

interface ReactionTarget {
  subjectId: string;
  commentId: string;
  replyId: string | null;
  organizationId: string;
}

/** The writes that add and remove the caller's reactions: one row per user and emoji, however many add it at once. */
export function reactionWrites(ctx: Context, target: ReactionTarget, added: string[], removed: string[]) {
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
export function reactionChanges(input: ReactionChanges) {
  const removed = reactionEmojiList(input.removedReactions, 'removedReactions');
  const added = reactionEmojiList(input.addedReactions, 'addedReactions').filter((e) => !removed.includes(e));
  return { added, removed, any: input.addedReactions != null || input.removedReactions != null };
}
