import { describe, expect, it } from 'vitest';
import { invitePolicy, type InviteSubject } from '../../../src/policy/invite.js';
import { can } from '../../../src/policy/policy.js';
import { ORG, actor, outcome, type ActorOptions, type Outcome, type Who } from './fixtures.js';

const org: InviteSubject = { organizationId: ORG };

describe('invitePolicy', () => {
  it.each<[Who, ActorOptions, 'view' | 'read' | 'create' | 'delete', Outcome]>([
    ['admin', {}, 'read', 'allowed'],
    ['admin', {}, 'create', 'allowed'],
    ['admin', {}, 'delete', 'allowed'],
    ['create', {}, 'read', 'refused'],
    ['read', {}, 'create', 'refused'],
    ['guest', {}, 'view', 'allowed'],
    ['guest', {}, 'read', 'refused'],
    ['stranger', {}, 'read', 'hidden'],
    ['stranger', {}, 'create', 'hidden'],
    ['admin', { scopes: ['organization:members:read'] }, 'read', 'allowed'],
    ['admin', { scopes: ['organization:members:read'] }, 'create', 'scope'],
    ['admin', { scopes: ['organization:read'] }, 'read', 'scope'],
    ['admin', { scopes: ['organization:members:write'] }, 'delete', 'allowed'],
  ])('%s %j: %s → %s', (who, options, action, expected) => {
    expect(outcome(invitePolicy, actor(who, options), org, action)).toBe(expected);
  });

  const space = { id: 'spc_1', organizationId: ORG, memberLevel: 'inherit' };
  it.each<[string, Who, ActorOptions, InviteSubject, boolean]>([
    // Organization invites: a member with at least its role gains nothing.
    ['org invite, role read, caller edit', 'edit', {}, { organizationId: ORG, role: 'read' }, true],
    ['org invite, role admin, caller edit', 'edit', {}, { organizationId: ORG, role: 'admin' }, false],
    ['org invite as guest, caller guest', 'guest', {}, { organizationId: ORG, role: null }, true],
    ['org invite, role read, caller guest', 'guest', {}, { organizationId: ORG, role: 'read' }, false],
    ['org invite, caller of another organization', 'stranger', {}, { organizationId: ORG, role: null }, false],
    // Content invites: the caller's level on the content.
    ['space invite edit, caller edit', 'edit', {}, { organizationId: ORG, level: 'edit', content: space }, true],
    ['space invite review, caller edit', 'edit', {}, { organizationId: ORG, level: 'review', content: space }, false],
    [
      'space invite review, caller granted review',
      'read',
      { grants: { spc_1: 'review' } },
      { organizationId: ORG, level: 'review', content: space },
      true,
    ],
    [
      'space invite read, closed space, caller edit',
      'edit',
      {},
      { organizationId: ORG, level: 'read', content: { ...space, memberLevel: 'guest' } },
      false,
    ],
    ['space invite read, caller of another organization', 'stranger', {}, { organizationId: ORG, level: 'read', content: space }, false],
  ])('redundant: %s → %s', (_name, who, options, invite, expected) => {
    expect(can(invitePolicy, actor(who, options), invite, 'redundant')).toBe(expected);
  });
});
