import { builder } from '../../schema/builder.js';
import { requireActor } from '../../context.js';
import { can, memberPolicy } from '../../policy/index.js';
import { contentLevel, roles, type Role } from '../../policy/roles.js';
import { OrderEnum, RoleEnum, restEnum } from '../shared/enums.js';
import { scopedList } from '../shared/connections.js';
import { accessibleSpaces, siteCountsByOrganization, spaceCountsByOrganization, teamCountsByMember } from './loaders.js';
import {
  findMember, memberListOrder, memberListWhere, memberSpacesWhere, memberTeamsWhere, removeMember, updateMemberRole, type MemberListArgs,
} from './service.js';

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
          where: (m: { organizationId: string; userId: string; role: Role | null }, _args, ctx) => memberSpacesWhere(ctx, m),
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
        where: (m: { organizationId: string; userId: string }, args: { title?: string | null }, ctx) => memberTeamsWhere(ctx, m, args),
        orderBy: () => [{ createdAt: 'asc' }, { teamId: 'asc' }],
      }),
    }),
  }),
});

builder.prismaObjectField('Organization', 'members', (t) =>
  t.prismaConnection({
    type: 'Member',
    cursor: 'organizationId_userId',
    description: 'Members, filtered by role and by text in name or e-mail; sorted by join date (default), last activity (active members only) or name.',
    // Reads members, not the organization: the policy (listMembers) checks the scope.
    skipTypeScopes: true,
    args: {
      order: t.arg({ type: OrderEnum, defaultValue: 'desc' }),
      role: t.arg({ type: MemberRoleFilter }),
      search: t.arg.string(),
      sort: t.arg({ type: MemberSort, defaultValue: 'joinedAt' }),
    },
    ...scopedList({
      model: (ctx) => ctx.prisma.member,
      where: (org: { id: string; emailDomains: string[] }, args: MemberListArgs, ctx) => memberListWhere(ctx, org, args),
      orderBy: memberListOrder,
    }),
  }),
);

builder.prismaObjectField('Organization', 'member', (t) =>
  t.prismaField({
    type: 'Member',
    args: { userId: t.arg.id({ required: true }) },
    // Reads a member, not the organization: the Member type checks the scope.
    skipTypeScopes: true,
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
    description: 'Removes a member (admins; or a member leaving). True when this call removed them; false when there was no such member.',
    args: { organizationId: t.arg.id({ required: true }), userId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => removeMember(ctx, args.organizationId, args.userId),
  }),
}));
