// Subdomains: an organization's `hostname` is the platform subdomain of its
// published content; looking one up tells which organization holds it.
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { authorize, subdomainPolicy } from '../../policy/index.js';
import { checkLength, checkPattern } from '../../validate.js';

export const SUBDOMAIN_PATTERN = /^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/;

export interface Subdomain {
  subdomain: string;
  organizationId: string;
  /** The organization serves its published content there. */
  isActive: boolean;
}

/** The subdomain and the organization that holds it; 404 when none does, 400 when it cannot be one. */
export async function findSubdomain(ctx: Context, subdomain: string): Promise<Subdomain> {
  const name = subdomain.trim().toLowerCase();
  checkLength('subdomain', name, 3, 32);
  checkPattern('subdomain', name, SUBDOMAIN_PATTERN, 'lowercase letters, digits and dashes, not starting or ending with a dash');
  const organization = await ctx.prisma.organization.findUnique({ where: { hostname: name }, select: { id: true } });
  const found = organization && { subdomain: name, organizationId: organization.id, isActive: true };
  return authorize(subdomainPolicy, requireActor(ctx), found, 'view');
}
