import { builder } from '../../schema/builder.js';
import { urlsFor } from '../shared/urls.js';
import { organizationsSharedWithActor } from './loaders.js';
import { requireActor, type Context } from '../../context.js';
import { can, requireEmailReadable, userPolicy, type UserSubject } from '../../policy/index.js';

const userSubject = async (user: { id: string }, ctx: Context): Promise<UserSubject> => ({
  id: user.id,
  organizations: await organizationsSharedWithActor(ctx).load(user.id),
});

/**
 * Users are global. A caller sees a user who shares an organization with them
 * (members, authors): the type check below enforces that on every path, and
 * the e-mail address follows src/policy/user.ts.
 */
export const UserRef = builder.prismaNode('User', {
  id: { field: 'id' },
  description: 'A user: one person, member of any number of organizations.',
  authScopes: async (user, ctx) => can(userPolicy, requireActor(ctx), await userSubject(user, ctx), 'view'),
  fields: (t) => ({
    displayName: t.exposeString('displayName', { description: 'Name shown for the user.' }),
    email: t.string({
      description: "E-mail address: the caller's own (scope user:read), or a fellow member's for non-guests (scope organization:members:read).",
      resolve: async (user, _, ctx) => {
        requireEmailReadable(requireActor(ctx), await userSubject(user, ctx));
        return user.email;
      },
    }),
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
