// The same rules as content.ts, as a SQL filter, so lists page and count only
// what the caller may see.
import { roleIn, type Actor } from './actor.js';
import type { Level } from './roles.js';
import { requireScopes } from './scopes.js';

/**
 * Which spaces and collections of an organization a member of `role` sees:
 * all of them (admins), those whose resolved default level admits members, or
 * none (guests and strangers). The same rule as content.ts, for lists and counts.
 */
export function contentAudience(role: Level | undefined): 'all' | 'members' | 'none' {
  if (role === 'admin') return 'all';
  return role == null ? 'none' : 'members';
}

/**
 * Prisma `where` for the spaces or collections of an organization that a
 * member of `role` may see, besides those granted to them (`grantedIds`, see
 * content.ts: any grant is at least `read`).
 */
export function contentWhereForRole(role: Level | undefined, organizationId: string, grantedIds: readonly string[] = []) {
  const audience = contentAudience(role);
  if (audience === 'all') return { organizationId };
  const granted = { id: { in: [...grantedIds] } };
  if (audience === 'none') return { organizationId, ...(role === undefined ? { id: { in: [] as string[] } } : granted) };
  if (grantedIds.length === 0) return { organizationId, memberLevel: { not: 'guest' } };
  return { organizationId, OR: [{ memberLevel: { not: 'guest' } }, granted] };
}

/** The caller's visible spaces or collections: listing them reads them, so a scoped token needs `space:read` (403). */
export function visibleContentWhere(actor: Actor, organizationId: string) {
  requireScopes(actor, 'space:read');
  return contentWhereForRole(roleIn(actor, organizationId), organizationId, [...actor.grants.keys()]);
}

/**
 * Which commenters of a thread of the organization the caller sees, as a
 * Prisma `where` on its members: a member with a role sees them all, a guest
 * (or a caller of no role there) only themself.
 */
export function visibleCommentersWhere(actor: Actor, organizationId: string): { userId?: string } {
  return roleIn(actor, organizationId) == null ? { userId: actor.userId } : {};
}

/**
 * Lookups by id carry the tenant key too: a read is confined to the caller's
 * organizations before any rule runs (and stays routable once the database is
 * sharded by organizationId).
 * Such a lookup is a `findFirst`, not a `findUnique`: Prisma gathers a tick's
 * findUnique calls, and those it cannot fold into one statement (this filter is
 * not a plain equality) it runs one after another in a BEGIN … COMMIT on one
 * connection, whatever request each came from (test/graphql/batching.test.ts).
 */
export function tenantScope(actor: Actor) {
  // A site visitor reaches into the site's organization only: the policies then admit what the site publishes.
  const organizations = actor.visit ? [actor.visit.organizationId] : [...actor.memberships.keys()];
  return { organizationId: { in: organizations } };
}

/** Spaces are also reachable through a share key the caller presented (share-link visibility). */
export function spaceLookupScope(actor: Actor) {
  return actor.shareKeys.size ? { OR: [tenantScope(actor), { shareKey: { in: [...actor.shareKeys] } }] } : tenantScope(actor);
}
