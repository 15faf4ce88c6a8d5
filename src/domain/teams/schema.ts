// Teams: an organization's teams, their members, and the mutations that
// manage them (admins; a team's owners manage its members).
import { completeValue } from '@pothos/core';
import { builder, type InputFieldBuilder, type ObjectFieldBuilder } from '../../schema/builder.js';
import type { Team } from '../../generated/prisma/client.js';
import { requireActor, type Context } from '../../context.js';
import { can, teamMemberPolicy, teamPolicy, visibleTeamMembersWhere } from '../../policy/index.js';
import { TeamRoleEnum } from '../../schema/enums.js';
import { permissionsType } from '../../schema/permissions.js';
import { scopedList, type ScopedList } from '../../schema/lists.js';
import { planList, planLookup, planRelatedList, planType } from '../../schema/plan/plan.js';
import { nodeConnection } from '../../schema/connections.js';
import { teamSpaceCounts } from '../permissions/loaders.js';
import { preloadRelatedMembers } from '../members/loaders.js';
import { preloadRelatedTeams, preloadTeam, preloadTeams } from './loaders.js';
import { deletion, deletionFields } from '../../schema/payloads.js';
import {
  createTeam,
  deleteTeam,
  findTeam,
  removeTeamMember,
  renameTeam,
  setTeamMember,
  teamListWhere,
  teamLookupWhere,
  teamSubject,
  updateTeamMembers,
  type TeamListArgs,
} from './service.js';

const TeamPermissions = permissionsType('TeamPermissions', teamPolicy, ['admin', 'view']);
const TeamMemberPermissions = permissionsType('TeamMemberPermissions', teamMemberPolicy, ['view']);

/** Whether the caller sees the team (the Team type's check, and the planned list's). */
const teamShown = (team: { id: string; organizationId: string }, ctx: Context) =>
  completeValue(teamSubject(ctx, team), (subject) => can(teamPolicy, requireActor(ctx), subject, 'view'));

export const TeamRef = builder.prismaNode('Team', {
  id: { field: 'id' },
  description: 'A team: members of an organization grouped under a title.',
  authScopes: teamShown,
  fields: (t) => ({
    title: t.exposeString('title', { description: 'Title of the team (1 to 64 characters).' }),
    organizationId: t.exposeID('organizationId', { description: 'Id of the organization the team belongs to.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    membersCount: t.relationCount('members', { description: 'Members of the team.' }),
    spacesCount: t.int({
      description: 'Live spaces the team was granted a level on, directly or through a collection above them.',
      resolve: (team, _args, ctx) => teamSpaceCounts(ctx).load(team.id),
    }),
    permissions: t.field({
      type: TeamPermissions.type,
      description: 'What the caller may do on the team.',
      resolve: (team, args, ctx) => completeValue(teamSubject(ctx, team), (subject) => TeamPermissions.resolve(subject, args, ctx)),
    }),
  }),
});

export const TeamMembershipRef = builder.prismaObject('TeamMember', {
  description: "A member's place in a team.",
  fields: (t) => ({
    role: t.field({ type: TeamRoleEnum, description: "The member's role in the team.", resolve: (m) => m.role }),
    team: t.relation('team', { description: 'The team.' }),
    member: t.relation('member', { description: 'The organization member.' }),
    permissions: t.field({
      type: TeamMemberPermissions.type,
      description: 'What the caller may do on this team member.',
      resolve: TeamMemberPermissions.resolve,
    }),
  }),
});

planType('TeamMember', {
  model: 'TeamMember',
  key: ['teamId', 'userId'],
  columns: { role: 'role' },
  // The Team and Member types' own checks apply to them (a list of memberships preloads what a team's reads).
  relations: { team: { type: 'Team' }, member: { type: 'Member' } },
  computed: { permissions: [] },
  subject: ['organizationId', 'userId'],
  // The type checks nothing of its own: its lists filter the rows (memberTeamsWhere).
  visible: () => true,
});

/** Team memberships, listed from either side: a team's members, a member's teams. */
export const TeamMemberConnection = nodeConnection(TeamMembershipRef, 'TeamMember', { items: 'team memberships' });
const TeamConnection = nodeConnection(TeamRef, 'Team', { items: 'teams' });

/** A team's members the caller may see, in the order they joined. */
const teamMembersQuery = (_args: unknown, ctx: Context) => ({
  where: visibleTeamMembersWhere(requireActor(ctx)),
  orderBy: [{ createdAt: 'asc' as const }, { userId: 'asc' as const }],
});

builder.prismaObjectField('Team', 'members', (t) =>
  // A related connection: the page and its count load with the teams (one statement for all of them).
  t.relatedConnection(
    'members',
    {
      cursor: 'teamId_userId',
      description: "The team's members the caller may see (a guest sees only themself), in the order they joined.",
      totalCount: true,
      query: teamMembersQuery,
    },
    TeamMemberConnection,
  ),
);

/** What the items of a page of memberships read of their member (counts, the user's check) and of their team (the caller's role). */
const preloadMemberships = [preloadRelatedMembers('member'), preloadRelatedTeams('team', 'teamId')];

// Planned beneath a planned team: the pages of every team of a list (or of one looked up) in one statement.
planRelatedList('Team', 'members', 'TeamMember', {
  model: 'Team',
  query: teamMembersQuery,
  preload: (rows, ctx, info) => Promise.all(preloadMemberships.map((preload) => preload(rows, ctx, info))),
  preloadReads: ['organizationId', 'userId', 'teamId'],
});

planType('Team', {
  model: 'Team',
  columns: { id: 'id', title: 'title', organizationId: 'organizationId', createdAt: 'createdAt' },
  counts: { membersCount: { model: 'TeamMember', foreignKey: 'teamId' } },
  // Their resolvers above answer them from the subject's columns and the loaders `preloadTeams` fills.
  computed: { spacesCount: [], permissions: [] },
  subject: ['id', 'organizationId'],
  visible: (team, ctx) => teamShown(team as never, ctx),
});

const organizationTeams: ScopedList<{ id: string; emailDomains: string[] }, TeamListArgs> = {
  model: (ctx) => ctx.prisma.team,
  where: (org, args, ctx) => teamListWhere(ctx, org, args),
  orderBy: () => [{ createdAt: 'asc' }, { id: 'asc' }],
  preload: preloadTeams,
};
// `preloadTeams` reads the teams' ids.
planList('Organization', 'teams', 'Team', organizationTeams, { preloadReads: ['id'] });

builder.prismaObjectField('Organization', 'teams', (t) =>
  t.prismaConnection(
    {
      type: 'Team',
      cursor: 'id',
      description: 'Teams of the organization (listed to members), filtered by title and by who can manage them.',
      // Reads teams, not the organization: the policy (listTeams) checks the scope.
      skipTypeScopes: true,
      args: {
        owner: t.arg.id({ description: 'A member (user id): only the teams they can manage (all of them for an admin).' }),
        title: t.arg.string({ description: 'Text the team title contains (case-insensitive).' }),
      },
      ...scopedList(organizationTeams),
    },
    TeamConnection,
  ),
);

builder.prismaObjectField('Organization', 'team', (t) =>
  t.prismaField({
    type: 'Team',
    description: 'One team, by id; NOT_FOUND when the caller may not see it.',
    args: { id: t.arg.id({ required: true, description: 'Id of the team.' }) },
    // Reads a team, not the organization: the Team type checks the scope.
    skipTypeScopes: true,
    resolve: (query, org, args, ctx) => findTeam(ctx, org.id, args.id, query),
  }),
);
planLookup('Organization', 'team', 'Team', {
  where: (org: { id: string }, args: { id: string }, ctx) => teamLookupWhere(ctx, org.id, args.id),
  // The Team type's check (findTeam's) reads the caller's role in it.
  preload: (team, ctx, info) => preloadTeam(team as { id: string }, ctx, info),
});

const teamKey = (t: InputFieldBuilder) => ({
  organizationId: t.id({ required: true, description: 'Id of the organization.' }),
  teamId: t.id({ required: true, description: 'Id of the team.' }),
});
const teamMemberKey = (t: InputFieldBuilder) => ({
  ...teamKey(t),
  userId: t.id({ required: true, description: "The member's user id." }),
});
const title = (t: InputFieldBuilder) => t.string({ description: 'Title of the team: 1 to 64 characters (required).' });

/** A payload's `team` field. */
const teamField = <P extends { team: Team }>(t: ObjectFieldBuilder<P>, description: string) =>
  t.field({ type: TeamRef, description, resolve: (payload) => payload.team });

builder.relayMutationField(
  'createTeam',
  {
    description: 'Arguments of createTeam.',
    inputFields: (t) => ({
      organizationId: t.id({ required: true, description: 'Organization the team belongs to.' }),
      title: title(t),
      members: t.stringList({ description: 'Members to put in the team (user ids or e-mail addresses of organization members).' }),
    }),
  },
  {
    description: "Creates a team in an organization (the organization's admins).",
    resolve: async (_root, { input }, ctx) => ({ team: await createTeam(ctx, input.organizationId, input) }),
  },
  { description: 'The result of createTeam.', outputFields: (t) => ({ team: teamField(t, 'The new team.') }) },
);

builder.relayMutationField(
  'updateTeam',
  { description: 'Arguments of updateTeam.', inputFields: (t) => ({ ...teamKey(t), title: title(t) }) },
  {
    description: 'Renames a team (admins).',
    resolve: async (_root, { input }, ctx) => ({ team: await renameTeam(ctx, input.organizationId, input.teamId, input) }),
  },
  { description: 'The result of updateTeam.', outputFields: (t) => ({ team: teamField(t, 'The team as changed.') }) },
);

builder.relayMutationField(
  'deleteTeam',
  { description: 'Arguments of deleteTeam.', inputFields: (t) => teamKey(t) },
  {
    description: 'Deletes a team and its memberships (admins). Idempotent.',
    resolve: async (_root, { input }, ctx) => deletion(await deleteTeam(ctx, input.organizationId, input.teamId), input.teamId),
  },
  { description: 'The result of deleteTeam.', outputFields: (t) => deletionFields(t, 'deleted', 'Team') },
);

const TeamMembershipInput = builder.inputType('TeamMembershipInput', {
  description: "A member's role to set in a team.",
  fields: (t) => ({
    user: t.string({ required: true, description: 'User id or e-mail address of an organization member.' }),
    role: t.field({ type: TeamRoleEnum, required: true, description: 'Their role in the team.' }),
  }),
});

builder.relayMutationField(
  'updateTeamMembers',
  {
    description: 'Arguments of updateTeamMembers.',
    inputFields: (t) => ({
      ...teamKey(t),
      add: t.stringList({ description: 'Members to add (user ids or e-mail addresses).' }),
      remove: t.stringList({ description: 'Members to remove (user ids or e-mail addresses); a user also in `add` is removed.' }),
      memberships: t.field({ type: [TeamMembershipInput], description: 'Roles to set (adding who is not in the team yet).' }),
    }),
  },
  {
    description: "Adds and removes a team's members and sets their roles, at once (admins and the team's owners).",
    resolve: async (_root, { input }, ctx) => ({
      team: await updateTeamMembers(ctx, input.organizationId, input.teamId, input),
    }),
  },
  { description: 'The result of updateTeamMembers.', outputFields: (t) => ({ team: teamField(t, 'The team as changed.') }) },
);

builder.relayMutationField(
  'setTeamMember',
  {
    description: 'Arguments of setTeamMember.',
    inputFields: (t) => ({
      ...teamMemberKey(t),
      role: t.field({
        type: TeamRoleEnum,
        description: 'Their role; a present member keeps theirs when absent, a new one is a plain member.',
      }),
    }),
  },
  {
    description: "Adds a member to a team, or sets their role (admins and the team's owners).",
    resolve: async (_root, { input }, ctx) => ({
      team: await setTeamMember(ctx, input.organizationId, input.teamId, input.userId, input.role),
    }),
  },
  { description: 'The result of setTeamMember.', outputFields: (t) => ({ team: teamField(t, 'The team as changed.') }) },
);

builder.relayMutationField(
  'removeTeamMember',
  { description: 'Arguments of removeTeamMember.', inputFields: (t) => teamMemberKey(t) },
  {
    description: "Removes a member from a team (admins and the team's owners). Idempotent.",
    resolve: async (_root, { input }, ctx) =>
      deletion(await removeTeamMember(ctx, input.organizationId, input.teamId, input.userId), input.userId),
  },
  { description: 'The result of removeTeamMember.', outputFields: (t) => deletionFields(t, 'removed', 'TeamMember') },
);
