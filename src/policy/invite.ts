import { isMember, roleIn } from './actor.js';
import { definePolicy } from './policy.js';
import { levelOn, type ContentSubject } from './content.js';
import { atLeast, type Level, type Role } from './roles.js';

/** An invite link (or, to list and create them, its organization: `{ organizationId }`). */
export interface InviteSubject {
  organizationId: string;
  /** The organization role it gives (null: guest). */
  role?: Level;
  /** The level it gives on `content`, for an invite to a space or collection. */
  level?: Role | null;
  content?: ContentSubject | null;
}

/**
 * Invite links are the organization's admins' business: they read them (each
 * carries the secret that lets anyone in), create and delete them; other
 * members are refused (403), strangers told nothing (404). Joining through one
 * takes its secret, not a rule (see domain/invites/service.ts). The subject is
 * an invite or the organization (to list and create).
 */
export const invitePolicy = definePolicy(
  'Invite',
  (actor, invite: InviteSubject) => {
    const role = roleIn(actor, invite.organizationId);
    const admin = role === 'admin';
    return {
      view: isMember(actor, invite.organizationId),
      read: admin,
      create: admin,
      delete: admin,
      // Whether the caller already has everything it gives (`Invite.redundant`): its level on the
      // content, or a place in the organization with at least its role.
      redundant: invite.content
        ? atLeast(levelOn(actor, invite.content), invite.level as Role)
        : role !== undefined && (invite.role == null || atLeast(role, invite.role)),
    };
  },
  {
    view: [],
    read: 'organization:members:read',
    create: 'organization:members:write',
    delete: 'organization:members:write',
    redundant: [],
  },
);
