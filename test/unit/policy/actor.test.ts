import { describe, expect, it } from 'vitest';
import { isMember, roleIn, withMembership, withoutMembership, withRequestGrants } from '../../../src/policy/actor.js';
import { organizationPolicy } from '../../../src/policy/organization.js';
import { ORG, OTHER_ORG, actor, outcome } from './fixtures.js';

// What a mutation that changes the caller's membership answers its payload with:
// a new actor, derived by a pure function; the actor the request entered with never changes.
const NEW_ORG = 'org_new';
const newOrg = { id: NEW_ORG, emailDomains: ['example.test'] };

describe('withMembership', () => {
  it('makes the caller a member with the role, leaving the former actor as it was', () => {
    const before = actor('read', { shareKeys: ['key'], siteSpaces: ['spc_shown'], grants: { spc_granted: 'edit' } });
    const after = withMembership(before, NEW_ORG, 'edit');
    expect(roleIn(after, NEW_ORG)).toBe('edit');
    expect(isMember(before, NEW_ORG)).toBe(false);
    expect([...before.memberships.keys()]).toEqual([ORG]);
    // Everything else is the caller's as before: the other memberships and the request's grants.
    expect(roleIn(after, ORG)).toBe('read');
    expect(after.shareKeys).toBe(before.shareKeys);
    expect(after.siteSpaces).toBe(before.siteSpaces);
    expect(after.grants).toBe(before.grants);
    expect(after.userId).toBe(before.userId);
  });

  it('makes a guest with a null role', () => {
    const after = withMembership(actor('stranger'), NEW_ORG, null);
    expect(isMember(after, NEW_ORG)).toBe(true);
    expect(roleIn(after, NEW_ORG)).toBeNull();
  });

  it('replaces the role of a member', () => {
    expect(roleIn(withMembership(actor('comment'), ORG, 'admin'), ORG)).toBe('admin');
  });

  it('answers the policy for the member they now are', () => {
    const joiner = actor('stranger', { email: 'me@example.test', emailVerified: true });
    expect(outcome(organizationPolicy, joiner, newOrg, 'access')).toBe('refused');
    expect(outcome(organizationPolicy, joiner, newOrg, 'join')).toBe('allowed');
    const member = withMembership(joiner, NEW_ORG, 'create');
    expect(outcome(organizationPolicy, member, newOrg, 'access')).toBe('allowed');
    expect(outcome(organizationPolicy, member, newOrg, 'createContent')).toBe('allowed');
    expect(outcome(organizationPolicy, member, newOrg, 'join')).toBe('refused');
  });
});

describe('withoutMembership', () => {
  it('drops the membership and the team ownership there, leaving the former actor as it was', () => {
    const before = actor('admin', { teamOwner: true, shareKeys: ['key'] });
    const after = withoutMembership(before, ORG);
    expect(isMember(after, ORG)).toBe(false);
    expect(after.teamOwnerIn.has(ORG)).toBe(false);
    expect(isMember(before, ORG)).toBe(true);
    expect(before.teamOwnerIn.has(ORG)).toBe(true);
    expect(after.shareKeys).toBe(before.shareKeys);
    expect(outcome(organizationPolicy, after, { id: ORG, emailDomains: [] }, 'access')).toBe('hidden');
  });

  it('keeps the memberships of other organizations', () => {
    const after = withoutMembership(withMembership(actor('read'), OTHER_ORG, 'admin'), ORG);
    expect([...after.memberships]).toEqual([[OTHER_ORG, 'admin']]);
  });

  it('is a no-op on an organization the caller is not in', () => {
    expect([...withoutMembership(actor('read'), OTHER_ORG).memberships]).toEqual([[ORG, 'read']]);
  });
});

describe('the request grants', () => {
  it('are kept by a derived actor and replaced only by withRequestGrants', () => {
    const shareKeys = new Set(['k2']);
    const granted = withRequestGrants(withMembership(actor('read'), NEW_ORG, 'read'), { shareKeys, siteSpaces: new Set() });
    expect(granted.shareKeys).toBe(shareKeys);
    expect(isMember(granted, NEW_ORG)).toBe(true);
  });
});
