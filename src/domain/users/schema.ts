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
  authScopes: async (user, ctx) => can(userPolicy, requireActor(ctx), await userSubject(user, ctx), 'view'),
  fields: (t) => ({
    displayName: t.exposeString('displayName'),
    email: t.string({
      resolve: async (user, _, ctx) => {
        requireEmailReadable(requireActor(ctx), await userSubject(user, ctx));
        return user.email;
      },
    }),
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
