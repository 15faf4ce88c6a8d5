// Live comments of a thread (a space's own comments, or a change request's):
// `commentAdded` and `commentChanged` (body, resolution, reactions, replies).
// Each event is authorized for each subscriber as of its delivery, as
// `spaceChanged` is (../shared/liveEvents.ts): the comment reloaded once for
// all of them; a caller who lost the space loses the subscription. An event of
// a comment deleted before its delivery is skipped.
import { builder } from '../../schema/builder.js';
import type { Context } from '../../context.js';
import { commentPolicy } from '../../policy/index.js';
import { liveRow, liveSubscription, type LiveEvent } from '../shared/liveEvents.js';
import { isPastRetention } from '../spaces/service.js';
import { CommentRef } from './schema.js';
import { commentSubject, findThread, keyOf, spaceSubjectSelect, threadTopic } from './service.js';

type Event = { spaceId: string; commentId: string };

const commentRow = { include: { space: { select: spaceSubjectSelect } } } as const;

/** Rows are keyed by space and comment: a comment gone leaves its space, so the event is skipped rather than taken for a lost space. */
const liveComments = liveSubscription({
  noun: 'Space',
  idOf: (event: Event) => `${event.spaceId}/${event.commentId}`,
  loadRows: async (prisma, keys) => {
    const pairs = keys.map((key) => key.split('/') as [string, string]);
    const [spaces, comments] = await Promise.all([
      prisma.space.findMany({ where: { id: { in: pairs.map(([s]) => s) } }, select: spaceSubjectSelect }),
      prisma.comment.findMany({ where: { id: { in: pairs.map(([, c]) => c) } }, ...commentRow }),
    ]);
    return pairs.map(([spaceId, commentId]) => {
      const space = spaces.find((s) => s.id === spaceId);
      return space ? { space, comment: comments.find((c) => c.id === commentId && c.spaceId === spaceId) ?? null } : null;
    });
  },
  visible: (actor, row, ctx) =>
    !isPastRetention(row.space, ctx.clock.now()) && commentPolicy.rules(actor, commentSubject({ postedById: '', space: row.space })).view,
});

type Row = { comment: unknown | null };

/** The authorized events less those of comments deleted meanwhile. */
function withoutGone(events: AsyncIterableIterator<LiveEvent<Row>>): AsyncIterableIterator<LiveEvent<Row>> {
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      for (;;) {
        const step = await events.next();
        if (step.done || 'error' in step.value || step.value.row.comment != null) return step;
      }
    },
    return: () => events.return!(),
  };
}

async function subscribe(
  ctx: Context,
  topic: 'commentAdded' | 'commentChanged',
  args: { spaceId: string; changeRequestId?: string | null },
) {
  const thread = await findThread(ctx, args.spaceId, args.changeRequestId); // 404 unless the caller may read it now
  const events = liveComments(ctx, ctx.pubsub.subscribe(topic, threadTopic(keyOf(thread))), thread.space.organizationId);
  return withoutGone(events);
}

for (const [name, description] of [
  ['commentAdded', "Each comment posted in the thread (the space's own comments, or a change request's)."],
  ['commentChanged', 'A comment of the thread each time it changes: its body, resolution, reactions or replies.'],
] as const) {
  builder.subscriptionField(name, (t) =>
    t.field({
      type: CommentRef,
      description,
      args: {
        spaceId: t.arg.id({ required: true, description: 'Id of the space.' }),
        changeRequestId: t.arg.id({
          description: "A change request of the space (its id or number): its comments rather than the space's own.",
        }),
      },
      subscribe: (_root, args, ctx) => subscribe(ctx, name, args) as never,
      resolve: (event: LiveEvent<Row>) => liveRow(event).comment as never,
    }),
  );
}
