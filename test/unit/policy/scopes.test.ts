import { describe, expect, it } from 'vitest';
import {
  grants,
  isScope,
  isUnrestricted,
  missingScope,
  parseScopes,
  requireScopes,
  scopes,
  type Scope,
  type ScopeNeed,
} from '../../../src/policy/scopes.js';
import { actor } from './fixtures.js';

describe('token scopes', () => {
  it.each<[Scope[], Scope, boolean]>([
    [[], 'space:write', true], // no scopes: unrestricted
    [['space:read'], 'space:read', true],
    [['space:read'], 'space:write', false],
    [['space:write'], 'space:read', true], // write covers read
    [['space:write'], 'space:permissions:read', false], // …of the same scope only
    [['space:permissions:write'], 'space:permissions:read', true],
    [['site:write'], 'site:publish', false],
    [['organization:members:write'], 'organization:read', false],
    [['organization:write'], 'organization:members:read', false],
  ])('a token with %j covers %s → %s', (held, scope, expected) => {
    expect(grants(actor('read', { scopes: held }), scope)).toBe(expected);
  });

  it.each<[Scope[], ScopeNeed, Scope | undefined]>([
    [['space:write'], [], undefined],
    [['space:write'], ['space:write', 'change-request:merge'], 'change-request:merge'],
    [['space:read'], 'space:write', 'space:write'],
    [[], ['site:publish', 'site:read'], undefined],
  ])('a token with %j, needing %j, lacks %s', (held, need, expected) => {
    expect(missingScope(actor('admin', { scopes: held }), need)).toBe(expected);
  });

  it('answers 403 naming the missing scope', () => {
    expect(() => requireScopes(actor('admin', { scopes: ['space:read'] }), 'space:write')).toThrow(
      'This API token lacks the "space:write" scope',
    );
    expect(() => requireScopes(actor('admin'), 'space:write')).not.toThrow();
    expect(isUnrestricted(actor('admin'))).toBe(true);
    expect(isUnrestricted(actor('admin', { scopes: ['space:read'] }))).toBe(false);
  });

  it('parses client scope lists: known names only, duplicates dropped', () => {
    expect(parseScopes(['space:read', 'space:read', 'site:write'])).toEqual(['space:read', 'site:write']);
    expect(() => parseScopes(['space:read', 'space:admin'])).toThrow(/"space:admin" is not a known scope/);
    expect(isScope('openapi:write')).toBe(true);
    expect(isScope('openapi:admin')).toBe(false);
    expect(new Set(scopes).size).toBe(scopes.length);
  });
});
