// Who is calling: the user behind the API token and their memberships, loaded
// once per request (one SQL statement, see auth/tokens.ts).
import type { Level } from './roles.js';

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
  /** Share keys presented with this request (`shareKey` query parameter). */
  shareKeys: Set<string>;
}

export function isMember(actor: Actor, organizationId: string) {
  return actor.memberships.has(organizationId);
}

export function roleIn(actor: Actor, organizationId: string): Level | undefined {
  return actor.memberships.get(organizationId);
}
