import { describe, expect, it } from 'vitest';
import { accountPolicy, tokenPolicy, visibleTokensWhere, type TokenSubject } from '../../../src/policy/token.js';
import { ME, ORG, OTHER_ORG, SOMEONE, actor, outcome, type ActorOptions, type Outcome } from './fixtures.js';

const token = (over: Partial<TokenSubject> = {}): TokenSubject => ({ id: 'tok_other', userId: ME, organizationId: null, ...over });

describe('accountPolicy', () => {
  it.each<[string, ActorOptions, 'view' | 'listTokens' | 'createToken', Outcome]>([
    [ME, {}, 'listTokens', 'allowed'],
    [ME, {}, 'createToken', 'allowed'],
    [ME, { scopes: ['user:read'] }, 'listTokens', 'allowed'],
    // A scoped token mints nothing.
    [ME, { scopes: ['user:read'] }, 'createToken', 'refused'],
    [ME, { scopes: ['space:read'] }, 'listTokens', 'scope'],
    [SOMEONE, {}, 'listTokens', 'hidden'],
    [SOMEONE, {}, 'createToken', 'hidden'],
  ])('user %s, %j: %s → %s', (id, options, action, expected) => {
    expect(outcome(accountPolicy, actor('read', options), { id }, action)).toBe(expected);
  });
});

describe('tokenPolicy', () => {
  it.each<[string, ActorOptions, TokenSubject, 'view' | 'revoke', Outcome]>([
    ['own token', {}, token(), 'revoke', 'allowed'],
    ['own token, scoped caller', { scopes: ['user:read'] }, token(), 'revoke', 'refused'],
    ['itself, scoped caller', { scopes: ['user:read'] }, token({ id: 'tok_me' }), 'revoke', 'allowed'],
    ["another user's token", {}, token({ userId: SOMEONE }), 'view', 'hidden'],
    ["another user's token", {}, token({ userId: SOMEONE }), 'revoke', 'hidden'],
    // A token bound to an organization (SSO) reaches only the tokens bound there.
    ['bound caller, personal token', { boundOrganizationId: ORG }, token(), 'view', 'hidden'],
    ['bound caller, token of another org', { boundOrganizationId: ORG }, token({ organizationId: OTHER_ORG }), 'revoke', 'hidden'],
    ['bound caller, token of its org', { boundOrganizationId: ORG }, token({ organizationId: ORG }), 'revoke', 'allowed'],
    ['personal caller, bound token', {}, token({ organizationId: ORG }), 'revoke', 'allowed'],
    ['scoped caller without user:read', { scopes: ['space:read'] }, token(), 'view', 'scope'],
  ])('%s %j: %s → %s', (_name, options, subject, action, expected) => {
    expect(outcome(tokenPolicy, actor('read', options), subject, action)).toBe(expected);
  });

  it('lists only the tokens of the bound organization for a bound caller', () => {
    expect(visibleTokensWhere(actor('read'), ME)).toEqual({ userId: ME });
    expect(visibleTokensWhere(actor('read', { boundOrganizationId: ORG }), ME)).toEqual({ userId: ME, organizationId: ORG });
  });
});
