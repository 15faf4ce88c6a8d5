import { isMember, roleIn } from './actor.js';
import { definePolicy } from './policy.js';

export interface SamlProviderSubject {
  organizationId: string;
}

/**
 * SAML providers are organization settings: the organization's admins read and
 * manage them. Other members see that they exist (403, not 404); callers
 * outside the organization see nothing (404). Marking a member as an SSO member
 * is the admins' too.
 */
export const samlProviderPolicy = definePolicy(
  'SAML provider',
  (actor, provider: SamlProviderSubject) => {
    const admin = roleIn(actor, provider.organizationId) === 'admin';
    return {
      view: isMember(actor, provider.organizationId),
      read: admin,
      create: admin,
      update: admin,
      delete: admin,
      setSsoMember: admin,
    };
  },
  {
    view: [],
    read: 'organization:read',
    create: 'organization:write',
    update: 'organization:write',
    delete: 'organization:write',
    setSsoMember: 'organization:members:write',
  },
);

/**
 * Whether an organization's identity provider may sign in the user at an address:
 * one of a domain the organization verified, or a user its own sign-on created.
 * Any other address may belong to another organization's user (issue #26).
 */
export function providerMayVouch(organizationId: string, user: { provisionedByOrganizationId: string | null }, domainVerified: boolean) {
  return domainVerified || user.provisionedByOrganizationId === organizationId;
}
