import { roleIn, isMember, type Actor } from './actor.js';
import { definePolicy } from './policy.js';
import { atLeast } from './roles.js';

export interface OrganizationSubject {
  id: string;
  emailDomains: string[];
}

/** A caller whose verified e-mail domain the organization allows may see it (to join it). */
function mayJoin(actor: Actor, org: OrganizationSubject) {
  const domain = actor.email.slice(actor.email.lastIndexOf('@') + 1).toLowerCase();
  return actor.emailVerified && org.emailDomains.includes(domain);
}

export const organizationPolicy = definePolicy('Organization', (actor, org: OrganizationSubject) => {
  const member = isMember(actor, org.id);
  const role = roleIn(actor, org.id);
  const admin = role === 'admin';
  const nonGuest = role != null;
  return {
    view: member || mayJoin(actor, org),
    access: member,
    admin,
    update: admin,
    ownTeam: member && actor.teamOwnerIn.has(org.id),
    createContent: atLeast(role, 'create'),
    createOpenAPISpec: atLeast(role, 'create'),
    ingestConversations: admin,
    viewBilling: admin,
    listMembers: nonGuest,
    listTeams: nonGuest,
    listIntegrations: nonGuest,
    listInstallations: admin,
    installIntegration: admin,
    manageMembers: admin,
  };
});
