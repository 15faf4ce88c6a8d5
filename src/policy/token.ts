// API tokens are their user's own business: nobody else sees or revokes them.
// A scoped token may list its user's tokens (with `user:read`) and revoke
// itself, but neither mint tokens (a minted token would outlive the revocation
// of the one that made it) nor revoke others: that takes an unrestricted token.
// A token bound to an organization (an SSO login's) acts only there: it sees
// and revokes only the user's tokens bound to the same organization, so one
// organization's sign-on never reaches the user's tokens for another.
import type { Actor } from './actor.js';
import { definePolicy } from './policy.js';
import { isUnrestricted } from './scopes.js';

export interface AccountSubject {
  /** The user's id. */
  id: string;
}

export interface TokenSubject {
  id: string;
  userId: string;
  /** The organization the token is bound to; null for a personal token. */
  organizationId: string | null;
}

/** Whether the actor's token reaches `token`: a bound token only reaches tokens bound to its organization. */
const sameReach = (actor: Actor, token: TokenSubject) => !actor.boundOrganizationId || token.organizationId === actor.boundOrganizationId;

/** Prisma `where` for the tokens of `userId` the actor may list (after `listTokens` is allowed). */
export function visibleTokensWhere(actor: Actor, userId: string) {
  return { userId, ...(actor.boundOrganizationId ? { organizationId: actor.boundOrganizationId } : {}) };
}

export const accountPolicy = definePolicy(
  'User',
  (actor, user: AccountSubject) => {
    const self = actor.userId === user.id;
    return {
      view: self,
      listTokens: self,
      createToken: self && isUnrestricted(actor),
    };
  },
  {
    view: 'user:read',
    listTokens: 'user:read',
    createToken: [],
  },
);

export const tokenPolicy = definePolicy(
  'API token',
  (actor, token: TokenSubject) => {
    const own = actor.userId === token.userId && sameReach(actor, token);
    return {
      view: own,
      revoke: own && (isUnrestricted(actor) || token.id === actor.tokenId),
    };
  },
  {
    view: 'user:read',
    revoke: [],
  },
);
