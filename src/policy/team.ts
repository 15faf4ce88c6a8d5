import { isMember, roleIn, type Actor } from './actor.js';
import { definePolicy } from './policy.js';
import type { Prisma } from '../generated/prisma/client.js';

export interface TeamSubject {
  organizationId: string;
  /** The caller's role in this team; null when they are not in it. */
  callerRole: 'owner' | 'member' | null;
}

/**
 * Members of the organization see its teams; guests only see the teams they
 * are in. Admins and the team's owners manage its members (`admin`, as the
 * public document's `permissions.admin`: "can the user manage the team");
 * renaming and deleting the team are the admins'.
 */
export const teamPolicy = definePolicy(
  'Team',
  (actor, team: TeamSubject) => {
    const inOrganization = isMember(actor, team.organizationId);
    const role = roleIn(actor, team.organizationId);
    const orgAdmin = inOrganization && role === 'admin';
    const manage = orgAdmin || (inOrganization && team.callerRole === 'owner');
    return {
      view: inOrganization && (role != null || team.callerRole != null),
      admin: manage,
      manageMembers: manage,
      update: orgAdmin,
      delete: orgAdmin,
    };
  },
  {
    view: 'organization:members:read',
    admin: 'organization:members:write',
    manageMembers: 'organization:members:write',
    update: 'organization:members:write',
    delete: 'organization:members:write',
  },
);

/** Creating teams: the organization's admins. */
export const teamCreationPolicy = definePolicy(
  'Organization',
  (actor, org: { id: string }) => ({
    view: isMember(actor, org.id),
    create: roleIn(actor, org.id) === 'admin',
  }),
  {
    view: [],
    create: 'organization:members:write',
  },
);

export interface TeamMemberSubject {
  organizationId: string;
  userId: string;
}

/**
 * A team member's row shows their organization membership: who may see that
 * sees it (members see every member; a guest only themself), the same rule as
 * the member policy's `view`.
 */
export const teamMemberPolicy = definePolicy(
  'Team member',
  (actor, member: TeamMemberSubject) => ({
    view: actor.userId === member.userId || roleIn(actor, member.organizationId) != null,
  }),
  {
    view: 'organization:members:read',
  },
);

/**
 * The rows of a team's member list the caller may see (see teamMemberPolicy):
 * all where they have a role in the team's organization, else only their own.
 * Said in SQL terms of the row itself, so one statement serves many teams.
 */
export function visibleTeamMembersWhere(actor: Actor): Prisma.TeamMemberWhereInput {
  return {
    OR: [
      { userId: actor.userId },
      { organizationId: { in: [...actor.memberships].filter(([, role]) => role != null).map(([organizationId]) => organizationId) } },
    ],
  };
}

/**
 * The teams a member can manage (the `owner` filter of the team list): all of
 * them for an admin, else those they own.
 */
export function teamsManagedByWhere(userId: string): Prisma.TeamWhereInput {
  return {
    OR: [
      { organization: { members: { some: { userId, role: 'admin', disabled: false } } } },
      { members: { some: { userId, role: 'owner' } } },
    ],
  };
}
