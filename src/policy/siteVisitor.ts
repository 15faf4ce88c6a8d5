// The caller behind a site visitor token: the `apiToken` that resolving a
// published URL answers (domain/published/urlResolution.ts), with which a
// renderer reads one published site as its visitors see it. It is nobody's
// account: no membership, no grant, read-only scopes. The policies admit it
// to the site it names (site.ts), the spaces that site publishes (space.ts)
// and its organization's OpenAPI specs (openapiSpec.ts); every write needs a
// scope it lacks (403), everything else it is no member of (404).
import { noRequestGrants, type Actor, type SiteVisit } from './actor.js';
import type { Scope } from './scopes.js';

/** What a visitor token may do: read the site, its spaces' content and the specs they reference, and search it. */
export const siteVisitorScopes: readonly Scope[] = ['site:read', 'space:read', 'openapi:read', 'site:search'];

/** `tokenId`: the token's own id (`jti`), for its rate-limit budget. */
export function siteVisitorActor(tokenId: string, visit: SiteVisit): Actor {
  return {
    // Matches no user: a visitor has no account, and `userId` filters (their comments, tokens …) find nothing.
    userId: `visitor:${visit.siteId}`,
    email: '',
    emailVerified: false,
    tokenId,
    scopes: siteVisitorScopes,
    memberships: new Map(),
    teamOwnerIn: new Set(),
    grants: new Map(),
    ...noRequestGrants,
    shareKeys: visit.shareKey ? new Set([visit.shareKey]) : noRequestGrants.shareKeys,
    siteSpaces: visit.spaceIds,
    visit,
  };
}
