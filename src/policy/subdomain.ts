// A subdomain (`acme` in acme.<platform>) names the organization whose published
// content it serves. It is public by nature (it is in every published URL), so
// any authenticated caller may look one up, as the public API allows any user.
import { definePolicy } from './policy.js';

export interface SubdomainSubject {
  organizationId: string;
}

export const subdomainPolicy = definePolicy('Subdomain', (_actor, _subdomain: SubdomainSubject) => ({ view: true }), {
  // The public document names no OAuth scope for it; it reveals an organization's id.
  view: 'organization:read',
});
