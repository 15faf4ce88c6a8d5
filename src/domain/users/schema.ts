import { builder } from '../../schema/builder.js';
import { urlsFor } from '../shared/urls.js';
import { sharesOrganizationWithActor } from './loaders.js';
import { requireActor } from '../../context.js';

/**
 * Users are global. A caller sees a user who shares an organization with them
 * (members, authors): the type check below enforces that on every path.
 */
export const UserRef = builder.prismaNode('User', {
  id: { field: 'id' },
  authScopes: (user, ctx) => sharesOrganizationWithActor(ctx).load(user.id),
  fields: (t) => ({
    displayName: t.exposeString('displayName'),
    email: t.exposeString('email'),
    photoURL: t.exposeString('photoURL', { nullable: true }),
    urls: t.field({
      type: builder.simpleObject('UserUrls', { fields: (u) => ({ location: u.string() }) }),
      resolve: (user, _, ctx) => urlsFor.user(ctx.urls, user.id),
    }),
  }),
});

builder.queryField('viewer', (t) =>
  t.prismaField({
    type: 'User',
    description: 'The user behind the API token.',
    resolve: (query, _root, _args, ctx) => ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: requireActor(ctx).userId } }),
  }),
);
