import { roleIn, isMember, type Actor } from './actor.js';
import { definePolicy } from './policy.js';
import { atLeast } from './roles.js';

export interface OrganizationSubject {
  id: string;
  emailDomains: string[];
}

/** The domain of the caller's e-mail address, when that address is verified. */
export function verifiedEmailDomain(actor: Actor): string | undefined {
  return actor.emailVerified ? actor.email.slice(actor.email.lastIndexOf('@') + 1).toLowerCase() : undefined;
}

/** A caller whose verified e-mail domain the organization allows may see it, and join it. */
function mayJoin(actor: Actor, org: OrganizationSubject) {
  const domain = verifiedEmailDomain(actor);
  return domain !== undefined && org.emailDomains.includes(domain);
}

/**
 * Why nobody may join the organization by an invite link or by e-mail domain, or
 * undefined: an organization that enforces SSO takes new members only through its
 * identity provider (a non-SSO member's tokens do not reach it: auth/tokens.ts).
 */
export function selfJoinRefusal(org: { sso: boolean }): string | undefined {
  return org.sso ? 'This organization enforces single sign-on: members join through its identity provider' : undefined;
}

/**
 * Who may list the organizations that allow an e-mail domain: only owners of a
 * verified address in it (the list tells who lets that domain in, which is no
 * business of other callers).
 */
export function mayLookUpEmailDomain(actor: Actor, emailDomain: string) {
  return verifiedEmailDomain(actor) === emailDomain.toLowerCase();
}

export const organizationPolicy = definePolicy(
  'Organization',
  (actor, org: OrganizationSubject) => {
    const member = isMember(actor, org.id);
    const role = roleIn(actor, org.id);
    const admin = role === 'admin';
    const nonGuest = role != null;
    const visible = member || mayJoin(actor, org);
    return {
      view: visible,
      // Reading its own fields (the GraphQL type checks this one, see the scopes below).
      read: visible,
      access: member,
      admin,
      update: admin,
      join: !member && mayJoin(actor, org),
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
  },
  {
    // The organization holds everything else: reaching it (to list its spaces or members) takes no scope of its own;
    // reading its fields does.
    view: [],
    read: 'organization:read',
    access: 'organization:read',
    admin: 'organization:write',
    update: 'organization:write',
    join: ['organization:read', 'organization:members:write'],
    ownTeam: 'organization:members:write',
    createContent: 'space:write',
    createOpenAPISpec: 'openapi:write',
    ingestConversations: 'organization:write',
    viewBilling: 'organization:read',
    listMembers: 'organization:members:read',
    listTeams: 'organization:members:read',
    listIntegrations: 'integration:read',
    listInstallations: 'integration:installations:read',
    installIntegration: 'integration:installations:write',
    manageMembers: 'organization:members:write',
  },
);
