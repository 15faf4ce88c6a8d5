import { completeValue } from '@pothos/core';
import { notFound } from '../../errors.js';
import { builder } from '../../schema/builder.js';
import { urlsFor } from '../shared/urls.js';
import { organizationsSharedWithActor } from './loaders.js';
import { findUser } from './service.js';
import { requireActor, type Context } from '../../context.js';
import { can, requireEmailReadable, userPolicy, type UserSubject } from '../../policy/index.js';
import { planType } from '../../schema/plan/plan.js';

// At once when the user's organizations were loaded earlier (a list preloads its page's).
const userSubject = (user: { id: string }, ctx: Context): UserSubject | Promise<UserSubject> =>
  completeValue(organizationsSharedWithActor(ctx).load(user.id), (organizations) => ({ id: user.id, organizations }));

/** Whether the caller sees the user (the User type's check, and the planner's). */
const userShown = (user: { id: string }, ctx: Context) =>
  completeValue(userSubject(user, ctx), (subject) => can(userPolicy, requireActor(ctx), subject, 'view'));

/**
 * Users are global. A caller sees a user who shares an organization with them
 * (members, authors): the type check below enforces that on every path, and
 * the e-mail address follows src/policy/user.ts.
 */
export const UserRef = builder.prismaNode('User', {
  id: { field: 'id' },
  description: 'A user: one person, member of any number of organizations.',
  authScopes: userShown,
  fields: (t) => ({
    displayName: t.exposeString('displayName', { description: 'Name shown for the user.' }),
    email: t.string({
      description:
        "E-mail address: the caller's own (scope user:read), or a fellow member's for non-guests (scope organization:members:read).",
      resolve: (user, _, ctx) =>
        completeValue(userSubject(user, ctx), (subject) => {
          requireEmailReadable(requireActor(ctx), subject);
          return user.email;
        }),
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

// The fields of a user the read planner answers from its columns (src/schema/plan): a planned
// list reaching users (Member.user) preloads the organizations they share with the caller.
planType('User', {
  model: 'User',
  columns: { id: 'id', displayName: 'displayName', photoURL: 'photoURL' },
  // Their resolvers above answer them from the row: the address under its own rule, the links from the id.
  computed: { email: ['email'], urls: [] },
  subject: ['id'],
  visible: (user, ctx) => userShown(user as never, ctx),
});

builder.queryField('viewer', (t) =>
  t.prismaField({
    type: 'User',
    description: 'The user behind the API token; NOT_FOUND for a site visitor token (no account).',
    resolve: async (query, _root, _args, ctx) => {
      const user = await ctx.prisma.user.findUnique({ ...query, where: { id: requireActor(ctx).userId } });
      if (!user) throw notFound('User');
      return user;
    },
  }),
);

builder.queryField('user', (t) =>
  t.prismaField({
    type: 'User',
    description: 'A user the caller may see (themselves, or someone sharing an organization with them); NOT_FOUND otherwise.',
    args: { id: t.arg.id({ required: true, description: 'Id of the user.' }) },
    resolve: (query, _root, args, ctx) => findUser(ctx, args.id, query),
  }),
);
