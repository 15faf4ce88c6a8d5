import { roleIn } from './actor.js';
import { definePolicy } from './policy.js';
import type { Level } from './roles.js';

export interface MemberSubject {
  organizationId: string;
  userId: string;
}

/**
 * Whether a member administers their organization: an admin, and enabled (a
 * disabled admin administers nothing). An organization keeps at least one.
 */
export function administers(member: { role: Level; disabled: boolean }): boolean {
  return member.role === 'admin' && !member.disabled;
}

/** The members who administer their organization (see administers), as a Prisma `where`. */
export const administratorsWhere = { role: 'admin', disabled: false } as const;

export const memberPolicy = definePolicy(
  'Member',
  (actor, member: MemberSubject) => {
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
  },
  {
    view: 'organization:members:read',
    update: 'organization:members:write',
    remove: 'organization:members:write',
    // The list shows the spaces themselves.
    listSpaces: ['organization:members:read', 'space:read'],
    listTeams: 'organization:members:read',
  },
);
