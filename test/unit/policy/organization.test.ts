import { describe, expect, it } from 'vitest';
import {
  mayLookUpEmailDomain,
  organizationPolicy,
  selfJoinRefusal,
  verifiedEmailDomain,
  type OrganizationSubject,
} from '../../../src/policy/organization.js';
import { ORG, actor, outcome, type ActorOptions, type Outcome, type Who } from './fixtures.js';

const org = (emailDomains: string[] = []): OrganizationSubject => ({ id: ORG, emailDomains });

describe('organizationPolicy', () => {
  it.each<[Who, ActorOptions, OrganizationSubject, keyof ReturnType<typeof organizationPolicy.roleRules>, Outcome]>([
    ['read', {}, org(), 'read', 'allowed'],
    ['read', {}, org(), 'update', 'refused'],
    ['read', {}, org(), 'createContent', 'refused'],
    ['create', {}, org(), 'createContent', 'allowed'],
    ['create', {}, org(), 'createOpenAPISpec', 'allowed'],
    ['review', {}, org(), 'createOpenAPISpec', 'refused'],
    ['admin', {}, org(), 'update', 'allowed'],
    ['admin', {}, org(), 'manageMembers', 'allowed'],
    ['admin', {}, org(), 'join', 'refused'],
    ['read', {}, org(), 'listMembers', 'allowed'],
    ['guest', {}, org(), 'access', 'allowed'],
    ['guest', {}, org(), 'listMembers', 'refused'],
    ['guest', {}, org(), 'createContent', 'refused'],
    ['read', {}, org(), 'ownTeam', 'refused'],
    ['read', { teamOwner: true }, org(), 'ownTeam', 'allowed'],
    // Strangers: hidden, unless their verified e-mail domain is allowed (then they may join, nothing more).
    ['stranger', {}, org(), 'view', 'hidden'],
    ['stranger', { email: 'x@acme.test' }, org(['acme.test']), 'join', 'allowed'],
    ['stranger', { email: 'x@ACME.test' }, org(['acme.test']), 'join', 'allowed'],
    ['stranger', { email: 'x@acme.test' }, org(['acme.test']), 'access', 'refused'],
    ['stranger', { email: 'x@acme.test', emailVerified: false }, org(['acme.test']), 'join', 'hidden'],
    ['stranger', { email: 'x@other.test' }, org(['acme.test']), 'view', 'hidden'],
    // Scopes.
    ['admin', { scopes: ['organization:read'] }, org(), 'update', 'scope'],
    ['admin', { scopes: ['organization:write'] }, org(), 'update', 'allowed'],
    ['admin', { scopes: ['space:read'] }, org(), 'view', 'allowed'],
    ['admin', { scopes: ['space:read'] }, org(), 'read', 'scope'],
    ['create', { scopes: ['space:read'] }, org(), 'createContent', 'scope'],
    ['stranger', { email: 'x@acme.test', scopes: ['organization:read'] }, org(['acme.test']), 'join', 'scope'],
  ])('%s %j on %j: %s → %s', (who, options, subject, action, expected) => {
    expect(outcome(organizationPolicy, actor(who, options), subject, action)).toBe(expected);
  });

  it('reads the verified e-mail domain only, and lets only its owners look it up', () => {
    expect(verifiedEmailDomain(actor('read', { email: 'a@Sub.Acme.test' }))).toBe('sub.acme.test');
    expect(verifiedEmailDomain(actor('read', { email: 'a@acme.test', emailVerified: false }))).toBeUndefined();
    expect(mayLookUpEmailDomain(actor('read', { email: 'a@acme.test' }), 'ACME.test')).toBe(true);
    expect(mayLookUpEmailDomain(actor('read', { email: 'a@acme.test' }), 'other.test')).toBe(false);
    expect(mayLookUpEmailDomain(actor('read', { email: 'a@acme.test', emailVerified: false }), 'acme.test')).toBe(false);
  });

  it('refuses self-joins of an SSO organization', () => {
    expect(selfJoinRefusal({ sso: true })).toMatch(/single sign-on/);
    expect(selfJoinRefusal({ sso: false })).toBeUndefined();
  });
});
