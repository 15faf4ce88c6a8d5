// The policy mechanism: each resource declares, in one function, every right a
// caller has on it. The same rules fill the resource's `permissions` object and
// decide every operation, so the two can never disagree.
import { forbidden, notFound } from '../errors.js';
import type { Actor } from './actor.js';

export type Rules<Action extends string> = { view: boolean } & Record<Action, boolean>;

export interface Policy<Resource, Action extends string> {
  /** Name used in "… not found" errors. */
  noun: string;
  rules(actor: Actor, resource: Resource): Rules<Action>;
}

export function definePolicy<Resource, Action extends string>(
  noun: string,
  rules: (actor: Actor, resource: Resource) => Rules<Action>,
): Policy<Resource, Action> {
  return { noun, rules };
}

/**
 * Throws unless the actor may do `action`: a caller who may not even see the
 * resource gets 404 (its existence is not revealed), one who may see it 403.
 */
export function authorize<R, A extends string, T extends R>(policy: Policy<R, A>, actor: Actor, resource: T | null | undefined, action: A | 'view'): T {
  if (resource == null) throw notFound(policy.noun);
  const rules = policy.rules(actor, resource);
  if (!rules.view) throw notFound(policy.noun);
  if (!rules[action]) throw forbidden(`You are not allowed to ${action} this ${policy.noun.toLowerCase()}`);
  return resource;
}

export function can<R, A extends string>(policy: Policy<R, A>, actor: Actor, resource: R, action: A | 'view'): boolean {
  const rules = policy.rules(actor, resource);
  return rules.view && rules[action];
}
