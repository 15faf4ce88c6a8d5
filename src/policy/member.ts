import { roleIn } from './actor.js';
import { definePolicy } from './policy.js';

export interface MemberSubject {
  organizationId: string;
  userId: string;
}

export const memberPolicy = definePolicy('Member', (actor, member: MemberSubject) => {
  const role = roleIn(actor, member.organizationId);
  const self = actor.userId === member.userId;
  const admin = role === 'admin';
  return {
    view: self || role != null,
    update: admin,
    // Admins remove members; anyone may leave.
    remove: admin || self,
    listSpaces: admin || self,
    listTeams: admin || self || role != null,
  };
}, {
  view: 'organization:members:read',
  update: 'organization:members:write',
  remove: 'organization:members:write',
  // The list shows the spaces themselves.
  listSpaces: ['organization:members:read', 'space:read'],
  listTeams: 'organization:members:read',
});
