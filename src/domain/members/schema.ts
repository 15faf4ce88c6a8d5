import { completeValue } from '@pothos/core';
import { builder, type InputFieldBuilder } from '../../schema/builder.js';
import { requireActor, type Context } from '../../context.js';
import { can, memberLevelOn, memberPolicy } from '../../policy/index.js';
import { roles, type Role } from '../../policy/roles.js';
import { OrderEnum, RoleEnum, restEnum, roleDescriptions } from '../../schema/enums.js';
import { scopedList, type ScopedList } from '../../schema/lists.js';
import { planList, planType } from '../../schema/plan/plan.js';
import { nodeConnection } from '../../schema/connections.js';
import { deletion, deletionFields } from '../../schema/payloads.js';
import { SpaceRef } from '../spaces/schema.js';
import { TeamMemberConnection } from '../teams/schema.js';
import { preloadRelatedTeams } from '../teams/loaders.js';
import { memberGrants } from '../permissions/loaders.js';
import {
  accessibleSpaces,
  memberKeyOf,
  preloadMembers,
  siteCountsByOrganization,
  spaceCountsByOrganization,
  teamCountsByMember,
} from './loaders.js';
import {
  findMember,
  memberListOrder,
  memberListWhere,
  memberSpacesWhere,
  memberTeamsWhere,
  removeMember,
  updateMemberRole,
  type MemberListArgs,
} from './service.js';

const MemberRoleFilter = restEnum('MemberRoleFilter', [...roles, 'guest'] as const, 'A role to filter members by.', {
  ...roleDescriptions,
  guest: 'Guests: members with no role, who see only what is shared with them.',
});
const MemberSort = restEnum('MemberSort', ['joinedAt', 'lastSeenAt', 'name'] as const, 'What members are sorted by.', {
  joinedAt: 'When they joined.',
  lastSeenAt: 'When they were last active (active members only).',
  name: 'Display name, case-insensitively.',
});

/** A member's spaces: each edge says the member's level on that space. */
const MemberSpaceConnection = nodeConnection(SpaceRef, 'MemberSpace', {
  items: "a member's spaces",
  edgeFields: (edge) => ({
    permission: edge.field({
      type: RoleEnum,
      description: "The member's level on the space.",
      // The member rides on each row (see `decorate` below); their grants come from the loader the list filter filled.
      resolve: (
        e: { node: { id: string; organizationId: string; memberLevel: string; member: { userId: string; role: Role | null } } },
        _args: object,
        ctx: Context,
      ) =>
        completeValue(
          memberGrants(ctx).load(memberKeyOf({ organizationId: e.node.organizationId, userId: e.node.member.userId })),
          ({ grants }) => memberLevelOn(e.node.member.role, grants, e.node)!,
        ),
    }),
  }),
});

const memberTeams: ScopedList<{ organizationId: string; userId: string }, { title?: string | null }> = {
  model: (ctx) => ctx.prisma.teamMember,
  where: (m, args, ctx) => memberTeamsWhere(ctx, m, args),
  orderBy: () => [{ createdAt: 'asc' }, { teamId: 'asc' }],
  preload: preloadRelatedTeams('team', 'teamId'),
};
// Its preload reads the memberships' teams.
planList('Member', 'teams', 'TeamMember', memberTeams, { preloadReads: ['teamId'] });

const memberSpaces: ScopedList<{ organizationId: string; userId: string; role: Role | null }, { order?: string | null }> = {
  model: (ctx) => ctx.prisma.space,
  where: (m, _args, ctx) => memberSpacesWhere(ctx, m),
  orderBy: (args) => [{ createdAt: args.order ?? 'desc' }, { id: args.order ?? 'desc' }],
  decorate: (rows, m) => rows.map((row) => ({ ...(row as object), member: { userId: m.userId, role: m.role } })),
  // The edges' `permission` reads the space's policy columns and the member `decorate` puts beside them.
  decorateReads: ['id', 'organizationId', 'memberLevel'],
};
planList('Member', 'spaces', 'Space', memberSpaces, { edgeFields: ['permission'] });

export const MemberRef = builder.prismaObject('Member', {
  description: "A user's membership of an organization. Its id is the user's id.",
  authScopes: (member, ctx) => can(memberPolicy, requireActor(ctx), member, 'view'),
  fields: (t) => ({
    id: t.exposeID('userId', { description: "The user's id." }),
    role: t.field({ type: RoleEnum, nullable: true, description: 'Null for guests.', resolve: (m) => m.role }),
    user: t.relation('user', { description: 'The user.' }),
    organization: t.relation('organization', { description: 'The organization.' }),
    disabled: t.exposeBoolean('disabled', { description: 'Whether the membership is disabled (no access).' }),
    sso: t.exposeBoolean('sso', { description: 'Whether the member signs in through single sign-on.' }),
    joinedAt: t.expose('joinedAt', { type: 'DateTime', description: 'When they joined.' }),
    lastSeenAt: t.expose('lastSeenAt', { type: 'DateTime', nullable: true, description: 'When they were last active; null if never.' }),
    spacesCount: t.int({
      description: 'Spaces the member can access.',
      resolve: (m, _, ctx) =>
        completeValue(spaceCountsByOrganization(ctx).load(m.organizationId), (counts) =>
          completeValue(memberGrants(ctx).load(memberKeyOf(m)), (granted) => accessibleSpaces(m.role, counts, granted.spaces)),
        ),
    }),
    teamsCount: t.int({
      description: 'Teams the member belongs to.',
      resolve: (m, _, ctx) => teamCountsByMember(ctx).load(memberKeyOf(m)),
    }),
    sitesCount: t.int({
      description: 'Sites the member can access.',
      resolve: (m, _, ctx) => (m.role == null ? 0 : siteCountsByOrganization(ctx).load(m.organizationId)),
    }),
    spaces: t.prismaConnection(
      {
        type: 'Space',
        cursor: 'id',
        description: 'Spaces the member can access, with their permission on each (the member themself or an admin may list them).',
        args: { order: t.arg({ type: OrderEnum, defaultValue: 'desc', description: 'By creation date of the space.' }) },
        ...scopedList(memberSpaces),
      },
      MemberSpaceConnection,
    ),
    teams: t.prismaConnection(
      {
        type: 'TeamMember',
        cursor: 'teamId_userId',
        description: "The member's teams, optionally filtered by title (case-insensitive).",
        args: { title: t.arg.string({ description: 'Text the team title contains (case-insensitive).' }) },
        ...scopedList(memberTeams),
      },
      TeamMemberConnection,
    ),
  }),
});

export const MemberConnection = nodeConnection(MemberRef, 'Member', { items: 'members' });

planType('Member', {
  model: 'Member',
  key: ['organizationId', 'userId'],
  columns: { id: 'userId', role: 'role', disabled: 'disabled', sso: 'sso', joinedAt: 'joinedAt', lastSeenAt: 'lastSeenAt' },
  // The Organization and User types' own checks apply to them (a hidden one sends the list to the generic path, which answers the error).
  relations: { organization: { type: 'Organization' }, user: { type: 'User' } },
  // Their resolvers above answer them from the subject's columns and the loaders `preloadMembers` fills.
  computed: { spacesCount: [], teamsCount: [], sitesCount: [] },
  subject: ['organizationId', 'userId', 'role'],
  visible: (member, ctx) => can(memberPolicy, requireActor(ctx), member as never, 'view'),
});

const organizationMembers: ScopedList<{ id: string; emailDomains: string[] }, MemberListArgs> = {
  model: (ctx) => ctx.prisma.member,
  where: (org, args, ctx) => memberListWhere(ctx, org, args),
  orderBy: memberListOrder,
  preload: preloadMembers,
};
// `preloadMembers` reads each member's organization, user and role.
planList('Organization', 'members', 'Member', organizationMembers, { preloadReads: ['organizationId', 'userId', 'role'] });

builder.prismaObjectField('Organization', 'members', (t) =>
  t.prismaConnection(
    {
      type: 'Member',
      cursor: 'organizationId_userId',
      description:
        'Members, filtered by role and by text in name or e-mail; sorted by join date (default), last activity (active members only) or name.',
      // Reads members, not the organization: the policy (listMembers) checks the scope.
      skipTypeScopes: true,
      args: {
        order: t.arg({ type: OrderEnum, defaultValue: 'desc', description: 'Sort direction.' }),
        role: t.arg({ type: MemberRoleFilter, description: 'Only members with this role.' }),
        search: t.arg.string({ description: 'Text the name or e-mail address contains (case-insensitive).' }),
        sort: t.arg({ type: MemberSort, defaultValue: 'joinedAt', description: 'What members are sorted by.' }),
      },
      ...scopedList(organizationMembers),
    },
    MemberConnection,
  ),
);

builder.prismaObjectField('Organization', 'member', (t) =>
  t.prismaField({
    type: 'Member',
    description: 'One member, by user id; NOT_FOUND when the caller may not see them.',
    args: { userId: t.arg.id({ required: true, description: "The member's user id." }) },
    // Reads a member, not the organization: the Member type checks the scope.
    skipTypeScopes: true,
    resolve: (query, org, args, ctx) => findMember(ctx, org.id, args.userId, query),
  }),
);

const memberKey = (t: InputFieldBuilder) => ({
  organizationId: t.id({ required: true, description: 'Id of the organization.' }),
  userId: t.id({ required: true, description: "The member's user id." }),
});

builder.relayMutationField(
  'updateMember',
  {
    description: 'Arguments of updateMember.',
    inputFields: (t) => ({ ...memberKey(t), role: t.field({ type: RoleEnum, description: 'Null makes the member a guest.' }) }),
  },
  {
    description: "Changes a member's role (admins).",
    resolve: async (_root, { input }, ctx) => ({
      member: await updateMemberRole(ctx, input.organizationId, input.userId, input.role),
    }),
  },
  {
    description: 'The result of updateMember.',
    outputFields: (t) => ({ member: t.field({ type: MemberRef, description: 'The member as changed.', resolve: (p) => p.member }) }),
  },
);

builder.relayMutationField(
  'removeMember',
  { description: 'Arguments of removeMember.', inputFields: (t) => memberKey(t) },
  {
    description: 'Removes a member (admins; or a member leaving). Idempotent.',
    resolve: async (_root, { input }, ctx) => deletion(await removeMember(ctx, input.organizationId, input.userId), input.userId),
  },
  { description: 'The result of removeMember.', outputFields: (t) => deletionFields(t, 'removed', 'Member') },
);
