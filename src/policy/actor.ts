// Who is calling: the user behind the API token and their memberships, loaded
// once per request (one SQL statement, see auth/tokens.ts).
import type { Level, Role } from './roles.js';

export interface Actor {
  userId: string;
  email: string;
  emailVerified: boolean;
  tokenId: string;
  /** Set when the token is bound to one organization (issued by an SSO login): it sees no other. */
  boundOrganizationId?: string;
  /** OAuth-style scopes of the token; empty means unrestricted. */
  scopes: string[];
  /** organizationId → role (null: guest). Absent: not a member. */
  memberships: Map<string, Level>;
  /** Organizations in which the caller owns at least one team. */
  teamOwnerIn: Set<string>;
  /**
   * Levels granted to the caller (directly or through their teams) on spaces
   * and collections, spread down to everything nested in a granted collection:
   * content id → the highest level granted.
   */
  grants: Map<string, Role>;
  /** Share keys presented with this request: fixed at the door, see RequestGrants. */
  readonly shareKeys: ReadonlySet<string>;
  /** Spaces shown to the caller by the published sites they read: fixed at the door, see RequestGrants. */
  readonly siteSpaces: ReadonlySet<string>;
}

/**
 * What a request grants its caller besides their token's memberships and
 * grants, computed when it enters (src/graphql/grants.ts, before any resolver
 * runs) and never added to afterwards: authorization is a function of the
 * actor, the resource and these, whatever order resolvers run in.
 */
export interface RequestGrants {
  /** The `shareKey` arguments of the operation (REST `?shareKey=`): each opens a share-link space or site. */
  readonly shareKeys: ReadonlySet<string>;
  /**
   * Spaces published on a site whose published spaces the caller may see
   * (site.ts: `viewPublishedSpaces`, see sitesShowingSpacesWhere): a site's
   * audience sees the spaces it publishes (space.ts: shownSpacePolicy).
   */
  readonly siteSpaces: ReadonlySet<string>;
}

export const noRequestGrants: RequestGrants = Object.freeze({ shareKeys: new Set<string>(), siteSpaces: new Set<string>() });

/** The caller with the grants of the request they made. */
export const withRequestGrants = (actor: Actor, grants: RequestGrants): Actor => ({ ...actor, shareKeys: grants.shareKeys, siteSpaces: grants.siteSpaces });

export function isMember(actor: Actor, organizationId: string) {
  return actor.memberships.has(organizationId);
}

export function roleIn(actor: Actor, organizationId: string): Level | undefined {
  return actor.memberships.get(organizationId);
}
