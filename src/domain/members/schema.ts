import { builder } from '../../schema/builder.js';
import { requireActor } from '../../context.js';
import { authorize, can, contentWhereForRole, memberPolicy, organizationPolicy } from '../../policy/index.js';
import { contentLevel } from '../../policy/roles.js';
import { OrderEnum, RoleEnum, restEnum } from '../shared/enums.js';
import { scopedList } from '../shared/connections.js';
import { accessibleSpaces, siteCountsByOrganization, spaceCountsByOrganization, teamCountsByMember } from './loaders.js';
import { findMember, removeMember, updateMemberRole } from './service.js';
import { roles } from '../../policy/roles.js';

const MemberRoleFilter = restEnum('MemberRoleFilter', [...roles, 'guest'] as const);
const MemberSort = restEnum('MemberSort', ['joinedAt', 'lastSeenAt', 'name'] as const);

export const MemberRef = builder.prismaObject('Member', {
  description: "A user's membership of an organization. Its id is the user's id.",
  authScopes: (member, ctx) => can(memberPolicy, requireActor(ctx), member, 'view'),
  fields: (t) => ({
    id: t.exposeID('userId'),
    role: t.field({ type: RoleEnum, nullable: true, description: 'Null for guests.', resolve: (m) => m.role }),
    user: t.relation('user'),
    organization: t.relation('organization'),
    disabled: t.exposeBoolean('disabled'),
    sso: t.exposeBoolean('sso'),
    joinedAt: t.expose('joinedAt', { type: 'DateTime' }),
    lastSeenAt: t.expose('lastSeenAt', { type: 'DateTime', nullable: true }),
    spacesCount: t.int({
      description: 'Spaces the member can access.',
      resolve: async (m, _, ctx) => accessibleSpaces(m.role, await spaceCountsByOrganization(ctx).load(m.organizationId)),
    }),
    teamsCount: t.int({ resolve: (m, _, ctx) => teamCountsByMember(ctx).load(`${m.organizationId}/${m.userId}`) }),
    sitesCount: t.int({
      description: 'Sites the member can access.',
      resolve: async (m, _, ctx) => (m.role == null ? 0 : siteCountsByOrganization(ctx).load(m.organizationId)),
    }),
    spaces: t.prismaConnection(
      {
        type: 'Space',
        cursor: 'id',
        description: 'Spaces the member can access, with their permission on each (the member themself or an admin may list them).',
        args: { order: t.arg({ type: OrderEnum, defaultValue: 'desc' }) },
        ...scopedList({
          model: (ctx) => ctx.prisma.space,
          where: (m: { organizationId: string; userId: string; role: never }, _args, ctx) => {
            authorize(memberPolicy, requireActor(ctx), m, 'listSpaces');
            return { ...contentWhereForRole(m.role, m.organizationId), deletedAt: null };
          },
          orderBy: (args: { order?: string | null }) => [{ createdAt: args.order ?? 'desc' }, { id: args.order ?? 'desc' }],
          decorate: (rows, m) => rows.map((row) => ({ ...(row as object), memberRole: m.role })),
        }),
      },
      {},
      {
        fields: (edge) => ({
          permission: edge.field({
            type: RoleEnum,
            description: "The member's level on the space.",
            // The member's role rides on each row (see `decorate` above).
            resolve: (e) => contentLevel((e.node as unknown as { memberRole: never }).memberRole, e.node.memberLevel)!,
          }),
        }),
      },
    ),
    teams: t.prismaConnection({
      type: 'TeamMember',
      cursor: 'teamId_userId',
      description: "The member's teams, optionally filtered by title (case-insensitive).",
      args: { title: t.arg.string() },
      ...scopedList({
        model: (ctx) => ctx.prisma.teamMember,
        where: (m: { organizationId: string; userId: string }, args: { title?: string | null }, ctx) => {
          authorize(memberPolicy, requireActor(ctx), m, 'listTeams');
          return {
            organizationId: m.organizationId,
            userId: m.userId,
            ...(args.title ? { team: { title: { contains: args.title, mode: 'insensitive' } } } : {}),
          };
        },
        orderBy: () => [{ createdAt: 'asc' }, { teamId: 'asc' }],
      }),
    }),
  }),
});

type MemberListArgs = { order?: string | null; role?: string | null; search?: string | null; sort?: string | null };

builder.prismaObjectField('Organization', 'members', (t) =>
  t.prismaConnection({
    type: 'Member',
    cursor: 'organizationId_userId',
    description: 'Members, filtered by role and by text in name or e-mail; sorted by join date (default), last activity (active members only) or name.',
    args: {
      order: t.arg({ type: OrderEnum, defaultValue: 'desc' }),
      role: t.arg({ type: MemberRoleFilter }),
      search: t.arg.string(),
      sort: t.arg({ type: MemberSort, defaultValue: 'joinedAt' }),
    },
    ...scopedList({
      model: (ctx) => ctx.prisma.member,
      where: (org: { id: string; emailDomains: string[] }, args: MemberListArgs, ctx) => {
        authorize(organizationPolicy, requireActor(ctx), org, 'listMembers');
        const search = args.search?.trim();
        return {
          organizationId: org.id,
          ...(args.role ? { role: args.role === 'guest' ? null : args.role } : {}),
          ...(args.sort === 'lastSeenAt' ? { lastSeenAt: { not: null } } : {}),
          ...(search
            ? { user: { OR: [{ displayName: { contains: search, mode: 'insensitive' } }, { email: { contains: search, mode: 'insensitive' } }] } }
            : {}),
        };
      },
      orderBy: (args: MemberListArgs) => {
        const order = args.order ?? 'desc';
        const sort = args.sort === 'name' ? { user: { displayName: order } } : { [args.sort ?? 'joinedAt']: order };
        return [sort, { userId: order }];
      },
    }),
  }),
);

builder.prismaObjectField('Organization', 'member', (t) =>
  t.prismaField({
    type: 'Member',
    args: { userId: t.arg.id({ required: true }) },
    resolve: (query, org, args, ctx) => findMember(ctx, org.id, args.userId, query),
  }),
);

builder.mutationFields((t) => ({
  updateMember: t.prismaField({
    type: 'Member',
    args: {
      organizationId: t.arg.id({ required: true }),
      userId: t.arg.id({ required: true }),
      role: t.arg({ type: RoleEnum, description: 'Null makes the member a guest.' }),
    },
    resolve: (query, _root, args, ctx) => updateMemberRole(ctx, args.organizationId, args.userId, args.role, query),
  }),
  removeMember: t.boolean({
    description: 'Removes a member (admins; or a member leaving). True also when there was no such member.',
    args: { organizationId: t.arg.id({ required: true }), userId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => (await removeMember(ctx, args.organizationId, args.userId), true),
  }),
}));
