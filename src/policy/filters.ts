// The same rules as content.ts, as a SQL filter, so lists page and count only
// what the caller may see.
import { roleIn, type Actor } from './actor.js';
import type { Level } from './roles.js';
import { requireScopes } from './scopes.js';

/** Prisma `where` for the spaces or collections of an organization that a member of `role` may see. */
export function contentWhereForRole(role: Level | undefined, organizationId: string) {
  if (role === 'admin') return { organizationId };
  if (role == null) return { organizationId, id: { in: [] as string[] } };
  return { organizationId, memberLevel: { not: 'guest' } };
}

/** The caller's visible spaces or collections: listing them reads them, so a scoped token needs `space:read` (403). */
export function visibleContentWhere(actor: Actor, organizationId: string) {
  requireScopes(actor, 'space:read');
  return contentWhereForRole(roleIn(actor, organizationId), organizationId);
}
