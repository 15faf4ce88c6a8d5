// Live changes of a space over graphql-ws and GraphQL over SSE. Events carry
// the id only; each event is authorized for each subscriber as of its delivery
// (../shared/liveEvents.ts), the space reloaded once for all of them.
import { builder } from '../../schema/builder.js';
import { spacePolicy } from '../../policy/index.js';
import { liveRow, liveSubscription } from '../shared/liveEvents.js';
import { findSpace, isPastRetention } from './service.js';
import { SpaceRef } from './schema.js';

const liveSpaces = liveSubscription({
  noun: 'Space',
  idOf: (event: { spaceId: string }) => event.spaceId,
  loadRows: async (prisma, ids) => {
    const rows = await prisma.space.findMany({ where: { id: { in: [...ids] } } });
    return ids.map((id) => rows.find((row) => row.id === id) ?? null);
  },
  visible: (actor, space, ctx) => !isPastRetention(space, ctx.clock.now()) && spacePolicy.rules(actor, space).view,
});

builder.subscriptionField('spaceChanged', (t) =>
  t.field({
    type: SpaceRef,
    description: 'The space each time it changes (settings, place, deletion or restoration).',
    args: { id: t.arg.id({ required: true, description: 'Id of the space.' }) },
    subscribe: async (_root, args, ctx) => {
      const space = await findSpace(ctx, args.id); // 404 unless the caller may see it now
      return liveSpaces(ctx, ctx.pubsub.subscribe('spaceChanged', args.id), space.organizationId);
    },
    resolve: (event) => liveRow(event),
  }),
);
