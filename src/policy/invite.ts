import { isMember, roleIn } from './actor.js';
import { definePolicy } from './policy.js';

/**
 * Invite links are the organization's admins' business: they read them (each
 * carries the secret that lets anyone in), create and delete them; other
 * members are refused (403), strangers told nothing (404). Joining through one
 * takes its secret, not a rule (see domain/invites/service.ts). The subject is
 * an invite or the organization (to list and create).
 */
export const invitePolicy = definePolicy('Invite', (actor, invite: { organizationId: string }) => {
  const admin = roleIn(actor, invite.organizationId) === 'admin';
  return { view: isMember(actor, invite.organizationId), read: admin, create: admin, delete: admin };
}, {
  view: [],
  read: 'organization:members:read',
  create: 'organization:members:write',
  delete: 'organization:members:write',
});
