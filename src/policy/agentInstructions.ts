import { isMember, roleIn } from './actor.js';
import { definePolicy } from './policy.js';

export interface AgentInstructionsSubject {
  organizationId: string;
}

/**
 * An organization's Docs agent instructions: its members (not guests) read
 * them, its admins write them. The public document asks only for a user token
 * (`security: user`); Quire maps reading to `organization:read` and writing to
 * `organization:write`, as for the organization's own settings.
 */
export const agentInstructionsPolicy = definePolicy(
  'Agent instructions',
  (actor, subject: AgentInstructionsSubject) => {
    const role = roleIn(actor, subject.organizationId);
    return {
      view: isMember(actor, subject.organizationId),
      read: role != null,
      update: role === 'admin',
    };
  },
  {
    view: [],
    read: 'organization:read',
    update: 'organization:write',
  },
);
