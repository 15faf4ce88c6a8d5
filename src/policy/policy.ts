// The policy mechanism: each resource declares, in one function, every right a
// caller has on it, and which token scope each of those rights needs. The same
// declaration fills the resource's `permissions` object and decides every
// operation, so the two can never disagree.
import { forbidden, notFound } from '../errors.js';
import type { Actor } from './actor.js';
import { isUnrestricted, missingScope, requireScopes, type ScopeNeed } from './scopes.js';

export type Rules<Action extends string> = { view: boolean } & Record<Action, boolean>;

export interface Policy<Resource, Action extends string> {
  /** Name used in "… not found" errors. */
  noun: string;
  /** The token scope each right needs (see scopes.ts): `view` guards reading the resource. */
  scopes: Record<Action | 'view', ScopeNeed>;
  /** What the caller's roles allow, whatever their token's scopes. */
  roleRules(actor: Actor, resource: Resource): Rules<Action>;
  /** What the caller may do with this token: role rules that the token's scopes cover (fills `permissions`). */
  rules(actor: Actor, resource: Resource): Rules<Action>;
}

export function definePolicy<Resource, Action extends string>(
  noun: string,
  roleRules: (actor: Actor, resource: Resource) => Rules<Action>,
  scopes: NoInfer<Record<Action | 'view', ScopeNeed>>,
): Policy<Resource, Action> {
  return {
    noun,
    scopes,
    roleRules,
    rules(actor, resource) {
      const rules = roleRules(actor, resource);
      if (isUnrestricted(actor)) return rules;
      for (const action of Object.keys(rules) as (Action | 'view')[]) {
        if (rules[action] && missingScope(actor, scopes[action])) (rules as Record<string, boolean>)[action] = false;
      }
      return rules;
    },
  };
}

/**
 * Throws unless the actor may do `action`: a caller who may not even see the
 * resource gets 404 (its existence is not revealed), one who may see it 403 —
 * also when their token's scopes do not cover the action (`view` included).
 */
export function authorize<R, A extends string, T extends R>(
  policy: Policy<R, A>,
  actor: Actor,
  resource: T | null | undefined,
  action: A | 'view',
): T {
  if (resource == null) throw notFound(policy.noun);
  const rules = policy.roleRules(actor, resource);
  if (!rules.view) throw notFound(policy.noun);
  requireScopes(actor, policy.scopes[action]);
  if (!rules[action]) throw forbidden(`You are not allowed to ${action} this ${policy.noun.toLowerCase()}`);
  return resource;
}

/**
 * Whether the actor may do `action`: false when their roles do not let them
 * see the resource (callers treat it as absent) or do not allow the action.
 * What their roles allow but their token's scopes do not cover is no "false"
 * (a hidden resource would read as absent): it throws 403.
 */
export function can<R, A extends string>(policy: Policy<R, A>, actor: Actor, resource: R, action: A | 'view'): boolean {
  const rules = policy.roleRules(actor, resource);
  if (!rules.view || !rules[action]) return false;
  requireScopes(actor, policy.scopes[action]);
  return true;
}
