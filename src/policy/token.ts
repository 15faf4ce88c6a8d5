// API tokens are their user's own business: nobody else sees or revokes them.
// A scoped token may list its user's tokens (with `user:read`) and revoke
// itself, but neither mint tokens (a minted token would outlive the revocation
// of the one that made it) nor revoke others: that takes an unrestricted token.
import { definePolicy } from './policy.js';
import { isUnrestricted } from './scopes.js';

export interface AccountSubject {
  /** The user's id. */
  id: string;
}

export interface TokenSubject {
  id: string;
  userId: string;
}

export const accountPolicy = definePolicy('User', (actor, user: AccountSubject) => {
  const self = actor.userId === user.id;
  return {
    view: self,
    listTokens: self,
    createToken: self && isUnrestricted(actor),
  };
}, {
  view: 'user:read',
  listTokens: 'user:read',
  createToken: [],
});

export const tokenPolicy = definePolicy('API token', (actor, token: TokenSubject) => {
  const own = actor.userId === token.userId;
  return {
    view: own,
    revoke: own && (isUnrestricted(actor) || token.id === actor.tokenId),
  };
}, {
  view: 'user:read',
  revoke: [],
});
