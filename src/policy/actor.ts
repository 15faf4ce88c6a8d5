// Who is calling: the user behind the API token and their memberships, loaded
// by one SQL statement (domain/auth/tokens.ts) or remembered from an earlier
// request until something about them changes (domain/auth/callerCache.ts). An actor is never
// changed once made (every field is read-only): what changes the caller's
// memberships derives a new actor (withMembership, withoutMembership).
import type { Level, Role } from './roles.js';

export interface Actor {
  readonly userId: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly tokenId: string;
  /** Set when the token is bound to one organization (issued by an SSO login): it sees no other. */
  readonly boundOrganizationId?: string;
  /** OAuth-style scopes of the token; empty means unrestricted. */
  readonly scopes: readonly string[];
  /** organizationId → role (null: guest). Absent: not a member. */
  readonly memberships: ReadonlyMap<string, Level>;
  /** Organizations in which the caller owns at least one team. */
  readonly teamOwnerIn: ReadonlySet<string>;
  /**
   * Levels granted to the caller (directly or through their teams) on spaces
   * and collections, spread down to everything nested in a granted collection:
   * content id → the highest level granted.
   */
  readonly grants: ReadonlyMap<string, Role>;
  /** Share keys presented with this request: fixed at the door, see RequestGrants. */
  readonly shareKeys: ReadonlySet<string>;
  /** Spaces shown to the caller by the published sites they read: fixed at the door, see RequestGrants. */
  readonly siteSpaces: ReadonlySet<string>;
  /** Set for a site visitor token (the `apiToken` of a published URL's resolution): what it was issued for. */
  readonly visit?: SiteVisit;
}

/**
 * What a site visitor token opens, checked against the database when the
 * token is presented (domain/auth/siteTokens.ts): one published site of one
 * organization, its live spaces, read-only (its scopes: siteVisitor.ts).
 */
export interface SiteVisit {
  readonly siteId: string;
  readonly organizationId: string;
  /** The spaces the site publishes now, among those the token was issued for. */
  readonly spaceIds: ReadonlySet<string>;
  /** The key of the share link the token was issued through (share-link sites). */
  readonly shareKey?: string;
  /** Claims about the visitor (adaptive content), as given when the URL was resolved. */
  readonly claims?: Readonly<Record<string, unknown>>;
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

/**
 * The caller with the grants of the request they made. A site visitor keeps
 * those of their token (its share key, its site's spaces) whatever the
 * operation gives.
 */
export const withRequestGrants = (actor: Actor, grants: RequestGrants): Actor => ({
  ...actor,
  shareKeys: actor.visit?.shareKey ? new Set([...grants.shareKeys, actor.visit.shareKey]) : grants.shareKeys,
  siteSpaces: actor.visit ? new Set([...grants.siteSpaces, ...actor.visit.spaceIds]) : grants.siteSpaces,
});

/** Whether the caller is a visitor of a published site that publishes this space. */
export const visitsSpace = (actor: Actor, spaceId: string) => !!actor.visit?.spaceIds.has(spaceId);

export function isMember(actor: Actor, organizationId: string) {
  return actor.memberships.has(organizationId);
}

export function roleIn(actor: Actor, organizationId: string): Level | undefined {
  return actor.memberships.get(organizationId);
}

/**
 * The caller once they hold `role` (null: guest) in the organization: a new
 * actor, the given one unchanged. For the answer of a mutation that made them
 * a member (a join), see context.ts: answerAs.
 */
export function withMembership(actor: Actor, organizationId: string, role: Level): Actor {
  return { ...actor, memberships: new Map(actor.memberships).set(organizationId, role) };
}

/**
 * The caller once they left the organization: no membership, and no team of it
 * (leaving removes their team memberships) — a new actor, the given one unchanged.
 */
export function withoutMembership(actor: Actor, organizationId: string): Actor {
  const memberships = new Map(actor.memberships);
  memberships.delete(organizationId);
  const teamOwnerIn = new Set(actor.teamOwnerIn);
  teamOwnerIn.delete(organizationId);
  return { ...actor, memberships, teamOwnerIn };
}
