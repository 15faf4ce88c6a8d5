// Plain actors and an outcome helper for the policy's unit tests: the policy is
// pure (actor, resource, request grants → allowed or not), so no database and
// no server are needed.
import type { Actor } from '../../../src/policy/actor.js';
import type { Level, Role } from '../../../src/policy/roles.js';
import { authorize, type Policy } from '../../../src/policy/policy.js';
import { AppError } from '../../../src/errors.js';
import type { Scope } from '../../../src/policy/scopes.js';

export const ORG = 'org_home';
export const OTHER_ORG = 'org_other';
export const ME = 'usr_me';
export const SOMEONE = 'usr_someone';

/** Who calls: a role in ORG, a guest of ORG (role null), or an admin of another organization only. */
export type Who = Role | 'guest' | 'stranger';

export interface ActorOptions {
  scopes?: Scope[];
  /** Content id → level granted to the caller or their teams. */
  grants?: Record<string, Role>;
  shareKeys?: string[];
  siteSpaces?: string[];
  teamOwner?: boolean;
  boundOrganizationId?: string;
  email?: string;
  emailVerified?: boolean;
  userId?: string;
  tokenId?: string;
}

export function actor(who: Who, options: ActorOptions = {}): Actor {
  const memberships = new Map<string, Level>();
  if (who === 'stranger') memberships.set(OTHER_ORG, 'admin');
  else memberships.set(ORG, who === 'guest' ? null : who);
  return {
    userId: options.userId ?? ME,
    email: options.email ?? 'me@example.test',
    emailVerified: options.emailVerified ?? true,
    tokenId: options.tokenId ?? 'tok_me',
    ...(options.boundOrganizationId ? { boundOrganizationId: options.boundOrganizationId } : {}),
    scopes: options.scopes ?? [],
    memberships,
    teamOwnerIn: new Set(options.teamOwner && who !== 'stranger' ? [ORG] : []),
    grants: new Map(Object.entries(options.grants ?? {})),
    shareKeys: new Set(options.shareKeys ?? []),
    siteSpaces: new Set(options.siteSpaces ?? []),
  };
}

/**
 * What `authorize` answers: allowed; hidden (404, the resource's existence not
 * revealed); refused (403 by the caller's roles); scope (403: the token lacks a scope).
 */
export type Outcome = 'allowed' | 'hidden' | 'refused' | 'scope';

export function outcome<R, A extends string>(policy: Policy<R, A>, who: Actor, resource: R, action: A | 'view'): Outcome {
  try {
    authorize(policy, who, resource, action);
    return 'allowed';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.status === 404) return 'hidden';
    if (err.status === 403) return /lacks the "/.test(err.message) ? 'scope' : 'refused';
    throw err;
  }
}
