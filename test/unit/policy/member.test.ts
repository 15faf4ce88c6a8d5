import { describe, expect, it } from 'vitest';
import { administers, memberPolicy, type MemberSubject } from '../../../src/policy/member.js';
import type { Level } from '../../../src/policy/roles.js';
import { ME, ORG, SOMEONE, actor, outcome, type ActorOptions, type Outcome, type Who } from './fixtures.js';

const me: MemberSubject = { organizationId: ORG, userId: ME };
const other: MemberSubject = { organizationId: ORG, userId: SOMEONE };

describe('memberPolicy', () => {
  it.each<[Who, ActorOptions, MemberSubject, keyof ReturnType<typeof memberPolicy.roleRules>, Outcome]>([
    ['read', {}, other, 'view', 'allowed'],
    ['read', {}, other, 'update', 'refused'],
    ['read', {}, other, 'remove', 'refused'],
    ['read', {}, me, 'remove', 'allowed'],
    ['read', {}, other, 'listSpaces', 'refused'],
    ['read', {}, me, 'listSpaces', 'allowed'],
    ['admin', {}, other, 'update', 'allowed'],
    ['admin', {}, other, 'listSpaces', 'allowed'],
    // A guest sees only themself.
    ['guest', {}, other, 'view', 'hidden'],
    ['guest', {}, me, 'view', 'allowed'],
    ['guest', {}, me, 'listTeams', 'allowed'],
    ['stranger', {}, other, 'view', 'hidden'],
    ['admin', { scopes: ['organization:members:read'] }, other, 'update', 'scope'],
    ['admin', { scopes: ['organization:members:read'] }, other, 'listSpaces', 'scope'],
    ['admin', { scopes: ['organization:members:read', 'space:read'] }, other, 'listSpaces', 'allowed'],
    ['read', { scopes: ['organization:read'] }, other, 'view', 'scope'],
  ])('%s %j on %j: %s → %s', (who, options, subject, action, expected) => {
    expect(outcome(memberPolicy, actor(who, options), subject, action)).toBe(expected);
  });
});

// An organization keeps at least one member who administers it (members/service.ts: assertNotLastAdmin).
describe('administers', () => {
  it.each<[Level, boolean, boolean]>([
    ['admin', false, true],
    ['admin', true, false],
    ['create', false, false],
    ['read', false, false],
    [null, false, false],
  ])('%s, disabled %s → %s', (role, disabled, expected) => {
    expect(administers({ role, disabled })).toBe(expected);
  });
});
