import { isMember, roleIn } from './actor.js';
import { definePolicy } from './policy.js';

export interface TeamSubject {
  organizationId: string;
  /** The caller's role in this team; null when they are not in it. */
  callerRole: 'owner' | 'member' | null;
}

/**
 * Members of the organization see its teams; guests only see the teams they
 * are in. Admins and the team's owners manage it.
 */
export const teamPolicy = definePolicy('Team', (actor, team: TeamSubject) => {
  const inOrganization = isMember(actor, team.organizationId);
  const role = roleIn(actor, team.organizationId);
  const manage = inOrganization && (role === 'admin' || team.callerRole === 'owner');
  return {
    view: inOrganization && (role != null || team.callerRole != null),
    admin: manage,
    update: manage,
    manageMembers: manage,
  };
}, {
  view: 'organization:members:read',
  admin: 'organization:members:write',
  update: 'organization:members:write',
  manageMembers: 'organization:members:write',
});
