// The mechanism (policy.ts) and the actor (actor.ts): rules and scopes in one
// declaration, 404 before 403, and the request grants fixed at the door.
import { describe, expect, it } from 'vitest';
import { authorize, can, definePolicy } from '../../../src/policy/policy.js';
import { isMember, noRequestGrants, roleIn, withRequestGrants } from '../../../src/policy/actor.js';
import { ORG, OTHER_ORG, actor, outcome, type ActorOptions, type Outcome, type Who } from './fixtures.js';

// A toy resource: visible to members, written by admins, archived ones frozen.
const toy = definePolicy(
  'Toy',
  (a, t: { organizationId: string; archived: boolean }) => ({
    view: isMember(a, t.organizationId),
    write: roleIn(a, t.organizationId) === 'admin' && !t.archived,
  }),
  { view: 'space:read', write: ['space:write', 'site:write'] },
);

const live = { organizationId: ORG, archived: false };
const archived = { organizationId: ORG, archived: true };

describe('definePolicy / authorize / can', () => {
  it.each<[Who, ActorOptions, typeof live, 'view' | 'write', Outcome]>([
    ['admin', {}, live, 'write', 'allowed'],
    ['admin', {}, archived, 'write', 'refused'],
    ['read', {}, live, 'write', 'refused'],
    ['stranger', {}, live, 'write', 'hidden'],
    ['stranger', { scopes: [] }, live, 'view', 'hidden'],
    ['admin', { scopes: ['space:write'] }, live, 'write', 'scope'],
    ['admin', { scopes: ['space:write', 'site:write'] }, live, 'write', 'allowed'],
    // A hidden resource stays hidden (404), scope or not; on a visible one a missing scope answers 403 first.
    ['stranger', { scopes: ['organization:read'] }, live, 'write', 'hidden'],
    ['read', { scopes: ['organization:read'] }, live, 'write', 'scope'],
  ])('%s %j on %j: %s → %s', (who, options, subject, action, expected) => {
    expect(outcome(toy, actor(who, options), subject, action)).toBe(expected);
  });

  it('answers absent resources 404 and the resource itself when allowed', () => {
    expect(() => authorize(toy, actor('admin'), null, 'view')).toThrow('Toy not found');
    expect(authorize(toy, actor('admin'), live, 'write')).toBe(live);
  });

  it('can(): false for hidden or refused, 403 only for a scope the role would use', () => {
    expect(can(toy, actor('stranger'), live, 'view')).toBe(false);
    expect(can(toy, actor('read'), live, 'write')).toBe(false);
    expect(can(toy, actor('read', { scopes: ['site:read'] }), live, 'write')).toBe(false);
    expect(() => can(toy, actor('admin', { scopes: ['space:read'] }), live, 'write')).toThrow(/space:write/);
  });

  it('rules(): role rules the token covers, for permissions objects', () => {
    expect(toy.rules(actor('admin'), live)).toEqual({ view: true, write: true });
    expect(toy.rules(actor('admin', { scopes: ['space:read'] }), live)).toEqual({ view: true, write: false });
    expect(toy.rules(actor('admin', { scopes: ['site:read'] }), live)).toEqual({ view: false, write: false });
    expect(toy.roleRules(actor('admin', { scopes: ['site:read'] }), live)).toEqual({ view: true, write: true });
  });
});

describe('actor and request grants', () => {
  it('tells memberships and roles', () => {
    expect(isMember(actor('guest'), ORG)).toBe(true);
    expect(roleIn(actor('guest'), ORG)).toBeNull();
    expect(roleIn(actor('stranger'), ORG)).toBeUndefined();
    expect(roleIn(actor('stranger'), OTHER_ORG)).toBe('admin');
  });

  it('gives a caller the request grants in a new actor, leaving the first untouched', () => {
    const caller = actor('read');
    const granted = withRequestGrants(caller, { shareKeys: new Set(['k']), siteSpaces: new Set(['spc_1']) });
    expect([...granted.shareKeys]).toEqual(['k']);
    expect([...granted.siteSpaces]).toEqual(['spc_1']);
    expect(granted.memberships).toBe(caller.memberships);
    expect(caller.shareKeys.size + caller.siteSpaces.size).toBe(0);
    expect(withRequestGrants(granted, noRequestGrants).shareKeys.size).toBe(0);
  });
});
