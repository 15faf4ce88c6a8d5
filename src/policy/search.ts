// Who may search what: a space's search reads its content (the space's `view`,
// see space.ts); an organization's search covers the live spaces of the
// organization the caller may view, and takes the token scope the public
// document names for it (`organization:search`).
import { roleIn, type Actor } from './actor.js';
import { contentWhereForRole } from './filters.js';
import { requireScopes } from './scopes.js';

/** Prisma `where` for the spaces of an organization whose content the caller's search covers (403 without the scope). */
export function searchableSpacesWhere(actor: Actor, organizationId: string) {
  requireScopes(actor, 'organization:search');
  return { ...contentWhereForRole(roleIn(actor, organizationId), organizationId, [...actor.grants.keys()]), deletedAt: null };
}
