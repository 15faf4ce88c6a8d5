import { describe, expect, it } from 'vitest';
import { requireEmailReadable, userPolicy, type UserSubject } from '../../../src/policy/user.js';
import { ME, ORG, SOMEONE, actor, outcome, type ActorOptions, type Outcome, type Who } from './fixtures.js';

const self: UserSubject = { id: ME, organizations: [ORG] };
const colleague: UserSubject = { id: SOMEONE, organizations: [ORG] };
const unrelated: UserSubject = { id: SOMEONE, organizations: [] };

describe('userPolicy', () => {
  it.each<[Who, ActorOptions, UserSubject, keyof ReturnType<typeof userPolicy.roleRules>, Outcome]>([
    ['read', {}, self, 'readOwnEmail', 'allowed'],
    ['read', {}, colleague, 'view', 'allowed'],
    ['read', {}, colleague, 'readEmailAsMember', 'allowed'],
    ['read', {}, colleague, 'readOwnEmail', 'refused'],
    ['guest', {}, colleague, 'readEmailAsMember', 'refused'],
    ['read', {}, unrelated, 'view', 'hidden'],
    ['read', { scopes: ['space:read'] }, self, 'readOwnEmail', 'scope'],
    ['read', { scopes: ['organization:read'] }, colleague, 'readEmailAsMember', 'scope'],
  ])('%s %j on %j: %s → %s', (who, options, subject, action, expected) => {
    expect(outcome(userPolicy, actor(who, options), subject, action)).toBe(expected);
  });

  it.each<[Who, ActorOptions, UserSubject, RegExp | null]>([
    ['read', {}, self, null],
    ['read', {}, colleague, null],
    ['read', { scopes: ['user:read'] }, self, null],
    ['read', { scopes: ['space:read'] }, self, /user:read/],
    ['read', { scopes: ['user:read'] }, colleague, /organization:members:read/],
    ['guest', {}, colleague, /may not read this user's e-mail/],
    ['guest', {}, self, null],
  ])('requireEmailReadable: %s %j on %j → %s', (who, options, subject, error) => {
    const check = () => requireEmailReadable(actor(who, options), subject);
    if (error) expect(check).toThrow(error);
    else expect(check).not.toThrow();
  });
});
