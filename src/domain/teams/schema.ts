// Teams as far as memberships need them (a member's teams); team management
// itself is its own area.
import { builder } from '../../schema/builder.js';
import { requireActor, type Context } from '../../context.js';
import { can, teamPolicy } from '../../policy/index.js';
import { TeamRoleEnum } from '../shared/enums.js';
import { permissionsType } from '../shared/permissions.js';
import { callerTeamRole } from './loaders.js';

const TeamPermissions = permissionsType('TeamPermissions', teamPolicy, ['admin', 'view']);

/** A team as the team policy sees it: with the caller's role in it. */
const teamSubject = async (team: { id: string; organizationId: string }, ctx: Context) => ({
  organizationId: team.organizationId,
  callerRole: await callerTeamRole(ctx).load(team.id),
});

export const TeamRef = builder.prismaNode('Team', {
  id: { field: 'id' },
  description: 'A team: members of an organization grouped under a title.',
  authScopes: async (team, ctx) => can(teamPolicy, requireActor(ctx), await teamSubject(team, ctx), 'view'),
  fields: (t) => ({
    title: t.exposeString('title', { description: 'Title of the team.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    membersCount: t.relationCount('members', { description: 'Members of the team.' }),
    spacesCount: t.int({
      description: 'Spaces the team was granted access to. Content permissions are not granted per team (yet): always 0.',
      resolve: () => 0,
    }),
    permissions: t.field({
      type: TeamPermissions.type,
      description: 'What the caller may do on the team.',
      resolve: async (team, args, ctx) => TeamPermissions.resolve(await teamSubject(team, ctx), args, ctx),
    }),
  }),
});

export const TeamMembershipRef = builder.prismaObject('TeamMember', {
  description: "A member's place in a team.",
  fields: (t) => ({
    role: t.field({ type: TeamRoleEnum, description: "The member's role in the team.", resolve: (m) => m.role }),
    team: t.relation('team', { description: 'The team.' }),
  }),
});
