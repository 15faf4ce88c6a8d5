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
  description: 'A user: one person, member of any number of organizations.',
  authScopes: (user, ctx) => sharesOrganizationWithActor(ctx).load(user.id),
  fields: (t) => ({
    displayName: t.exposeString('displayName', { description: 'Name shown for the user.' }),
    email: t.exposeString('email', { description: 'E-mail address.' }),
    photoURL: t.exposeString('photoURL', { nullable: true, description: 'URL of their photo, if any.' }),
    urls: t.field({
      type: builder.simpleObject('UserUrls', {
        description: 'Links to a user.',
        fields: (u) => ({ location: u.string({ description: 'The user in the API.' }) }),
      }),
      description: 'Links to the user.',
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
