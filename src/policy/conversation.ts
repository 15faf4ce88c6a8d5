import { roleIn } from './actor.js';
import { definePolicy } from './policy.js';

/**
 * The organization's support conversations, their issues and clusters: its
 * members (not guests) read them; admins ingest them (the organization's
 * `ingestConversations` permission).
 */
export const conversationsPolicy = definePolicy(
  'Conversation',
  (actor, subject: { organizationId: string }) => {
    const role = roleIn(actor, subject.organizationId);
    return { view: role != null, ingest: role === 'admin' };
  },
  {
    view: 'organization:read',
    ingest: 'organization:write',
  },
);
