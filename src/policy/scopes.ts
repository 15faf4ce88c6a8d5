// Token scopes: the OAuth scope names of the public API (its OpenAPI document,
// components.securitySchemes.oauth). A token without scopes is unrestricted;
// a token with scopes may only do what they cover. `X:write` covers `X:read`
// (what one may change one may read: a write answers with the resource).
import { badRequest, forbidden } from '../errors.js';
import type { Actor } from './actor.js';

export const scopes = [
  'user:read',
  'organization:read',
  'organization:write',
  'organization:members:read',
  'organization:members:write',
  'organization:ask',
  'organization:search',
  'space:read',
  'space:write',
  'space:permissions:read',
  'space:permissions:write',
  'change-request:merge',
  'site:read',
  'site:write',
  'site:publish',
  'site:permissions:read',
  'site:permissions:write',
  'site:auth:read',
  'site:auth:write',
  'site:insights:read',
  'site:ask',
  'site:search',
  'integration:read',
  'integration:installations:read',
  'integration:installations:write',
  'integration:publish',
  'integration:delete',
  'openapi:read',
  'openapi:write',
] as const;

export type Scope = (typeof scopes)[number];

/** What an action needs from a scoped token: one scope, all of several, or nothing ([]). */
export type ScopeNeed = Scope | readonly Scope[];

export const isScope = (value: unknown): value is Scope => typeof value === 'string' && (scopes as readonly string[]).includes(value);

export const isUnrestricted = (actor: Actor) => actor.scopes.length === 0;

/** Whether the caller's token covers `scope`. */
export function grants(actor: Actor, scope: Scope): boolean {
  if (isUnrestricted(actor) || actor.scopes.includes(scope)) return true;
  return scope.endsWith(':read') && actor.scopes.includes(`${scope.slice(0, -':read'.length)}:write`);
}

/** The first scope of `need` the caller's token lacks, if any. */
export function missingScope(actor: Actor, need: ScopeNeed): Scope | undefined {
  // Asked for every right of every listed resource: no array or closure per call.
  if (isUnrestricted(actor)) return undefined;
  if (typeof need === 'string') return grants(actor, need) ? undefined : need;
  for (const scope of need) if (!grants(actor, scope)) return scope;
  return undefined;
}

/** Throws 403 unless the caller's token covers `need`. */
export function requireScopes(actor: Actor, need: ScopeNeed) {
  const missing = missingScope(actor, need);
  if (missing) throw forbidden(`This API token lacks the "${missing}" scope`);
}

/** Checks scope names given by a client (400 naming the unknown one); duplicates are dropped. */
export function parseScopes(values: readonly string[], field = 'scopes'): Scope[] {
  values.forEach((value, i) => {
    if (!isScope(value)) throw badRequest(`"${value}" is not a known scope (known: ${scopes.join(', ')})`, `${field}[${i}]`);
  });
  return [...new Set(values as Scope[])];
}
