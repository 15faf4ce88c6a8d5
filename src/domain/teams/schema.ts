// Teams as far as memberships need them (a member's teams); team management
// itself is its own area.
import { builder } from '../../schema/builder.js';
import { requireActor } from '../../context.js';
import { roleIn } from '../../policy/actor.js';
import { TeamRoleEnum } from '../shared/enums.js';

const TeamPermissions = builder.simpleObject('TeamPermissions', { fields: (t) => ({ admin: t.boolean(), view: t.boolean() }) });

export const TeamRef = builder.prismaNode('Team', {
  id: { field: 'id' },
  authScopes: (team, ctx) => roleIn(requireActor(ctx), team.organizationId) != null,
  fields: (t) => ({
    title: t.exposeString('title'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    membersCount: t.relationCount('members'),
    permissions: t.field({
      type: TeamPermissions,
      select: { members: { select: { userId: true, role: true } } },
      resolve: (team, _, ctx) => {
        const actor = requireActor(ctx);
        const owner = team.members.some((m) => m.userId === actor.userId && m.role === 'owner');
        return { admin: owner || roleIn(actor, team.organizationId) === 'admin', view: roleIn(actor, team.organizationId) != null };
      },
    }),
  }),
});

export const TeamMembershipRef = builder.prismaObject('TeamMember', {
  fields: (t) => ({
    role: t.field({ type: TeamRoleEnum, resolve: (m) => m.role }),
    team: t.relation('team'),
  }),
});
