// Site rules. A member's level on a site is their organization role capped by
// the site's default level (as for content, see roles.ts); guests see no site.
// The public API's site permissions: `create` manages the structure (sections,
// section groups, site spaces), `admin` the settings, share links, adaptive
// schema, publication and deletion.
import { roleIn, type Actor } from './actor.js';
import { requireScopes } from './scopes.js';
import { definePolicy } from './policy.js';
import { atLeast, contentLevel } from './roles.js';

export interface SiteSubject {
  organizationId: string;
  defaultLevel: string;
}

export const sitePolicy = definePolicy('Site', (actor, site: SiteSubject) => {
  const level = contentLevel(roleIn(actor, site.organizationId), site.defaultLevel);
  const admin = level === 'admin';
  return {
    view: atLeast(level, 'read'),
    access: atLeast(level, 'read'),
    edit: atLeast(level, 'edit'),
    create: atLeast(level, 'create'),
    // Checked on siteCreationSubject: creating a site in the organization.
    createSite: atLeast(level, 'create'),
    admin,
    installIntegration: admin,
    viewAdaptiveSchema: atLeast(level, 'read'),
    editAdaptiveSchema: admin,
    update: admin,
    delete: admin,
    publish: admin,
    viewShareLinks: admin,
    manageShareLinks: admin,
  };
}, {
  view: 'site:read',
  access: 'site:read',
  edit: 'site:write',
  // Managing the structure answers with site spaces and their spaces.
  create: ['site:write', 'space:read'],
  createSite: 'site:write',
  admin: 'site:write',
  installIntegration: 'integration:installations:write',
  viewAdaptiveSchema: 'site:read',
  editAdaptiveSchema: 'site:write',
  update: 'site:write',
  delete: 'site:write',
  // Publishing answers with the site.
  publish: ['site:publish', 'site:read'],
  viewShareLinks: 'site:auth:read',
  manageShareLinks: 'site:auth:write',
});

/**
 * Who may create a site in an organization: members of the `create` role and
 * above (what a new site's level would give them), with `site:write`.
 */
export const siteCreationSubject = (organizationId: string): SiteSubject => ({ organizationId, defaultLevel: 'inherit' });

/**
 * Prisma `where` for the sites of an organization the caller may see (the same
 * rule as above, for lists and counts): all of them for admins, those whose
 * default level admits members for other members, none for guests and
 * strangers. Listing sites reads them: a scoped token needs `site:read` (403).
 */
export function visibleSitesWhere(actor: Actor, organizationId: string) {
  requireScopes(actor, 'site:read');
  const role = roleIn(actor, organizationId);
  if (role === 'admin') return { organizationId };
  if (role == null) return { organizationId, id: { in: [] as string[] } };
  return { organizationId, defaultLevel: { not: 'guest' } };
}
