// Live changes of a space over graphql-ws. Events carry the id only: each
// subscriber reloads the space under its own permissions.
import { builder } from '../../schema/builder.js';
import { findSpace } from './service.js';
import { SpaceRef } from './schema.js';

builder.subscriptionField('spaceChanged', (t) =>
  t.field({
    type: SpaceRef,
    description: 'The space each time it changes (settings, place, deletion or restoration).',
    args: { id: t.arg.id({ required: true, description: 'Id of the space.' }) },
    subscribe: async (_root, args, ctx) => {
      await findSpace(ctx, args.id); // 404 unless the caller may see it now
      return ctx.pubsub.subscribe('spaceChanged', args.id);
    },
    resolve: (event: { spaceId: string }, _args, ctx) => findSpace(ctx, event.spaceId),
  }),
);
