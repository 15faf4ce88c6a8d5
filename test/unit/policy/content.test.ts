// content.ts (the one access rule of spaces and collections), filters.ts (the
// same rule as SQL filters) and search.ts (what an organization search covers).
import { describe, expect, it } from 'vitest';
import { levelOn, memberLevelOn, type ContentSubject } from '../../../src/policy/content.js';
import { contentAudience, contentWhereForRole, spaceLookupScope, tenantScope, visibleContentWhere } from '../../../src/policy/filters.js';
import { searchableSpacesWhere } from '../../../src/policy/search.js';
import type { Level, Role } from '../../../src/policy/roles.js';
import { ORG, OTHER_ORG, actor, type ActorOptions, type Who } from './fixtures.js';

const content = (memberLevel = 'inherit'): ContentSubject => ({ id: 'spc_1', organizationId: ORG, memberLevel });

describe('memberLevelOn / levelOn', () => {
  it.each<[Level | undefined, Record<string, Role>, string, Level]>([
    ['edit', {}, 'inherit', 'edit'],
    ['edit', {}, 'read', 'read'],
    ['edit', { spc_1: 'admin' }, 'read', 'admin'],
    ['edit', { spc_1: 'read' }, 'inherit', 'edit'], // a grant never lowers
    [null, {}, 'inherit', null], // a guest: only grants
    [null, { spc_1: 'comment' }, 'guest', 'comment'],
    [undefined, { spc_1: 'admin' }, 'inherit', null], // not a member: grants died with the membership
    ['admin', {}, 'guest', 'admin'],
    ['read', { spc_other: 'admin' }, 'guest', null],
  ])('role %s, grants %j, member level %s → %s', (role, grants, memberLevel, expected) => {
    expect(memberLevelOn(role, new Map(Object.entries(grants)), content(memberLevel))).toBe(expected);
  });

  it.each<[Who, ActorOptions, string, Level]>([
    ['review', {}, 'edit', 'edit'],
    ['guest', { grants: { spc_1: 'edit' } }, 'inherit', 'edit'],
    ['stranger', { grants: { spc_1: 'edit' } }, 'inherit', null],
  ])('levelOn for %s %j on member level %s → %s', (who, options, memberLevel, expected) => {
    expect(levelOn(actor(who, options), content(memberLevel))).toBe(expected);
  });
});

describe('content filters', () => {
  it.each<[Level | undefined, 'all' | 'members' | 'none']>([
    ['admin', 'all'],
    ['read', 'members'],
    [null, 'none'],
    [undefined, 'none'],
  ])('contentAudience(%s) → %s', (role, expected) => {
    expect(contentAudience(role)).toBe(expected);
  });

  it.each<[Level | undefined, string[], object]>([
    ['admin', ['x'], { organizationId: ORG }],
    ['read', [], { organizationId: ORG, memberLevel: { not: 'guest' } }],
    ['read', ['x'], { organizationId: ORG, OR: [{ memberLevel: { not: 'guest' } }, { id: { in: ['x'] } }] }],
    [null, ['x'], { organizationId: ORG, id: { in: ['x'] } }],
    [undefined, ['x'], { organizationId: ORG, id: { in: [] } }],
  ])('contentWhereForRole(%s, grants %j)', (role, granted, expected) => {
    expect(contentWhereForRole(role, ORG, granted)).toEqual(expected);
  });

  it('lists visible content with space:read only', () => {
    expect(visibleContentWhere(actor('guest', { grants: { spc_1: 'read' } }), ORG)).toEqual({ organizationId: ORG, id: { in: ['spc_1'] } });
    expect(() => visibleContentWhere(actor('admin', { scopes: ['site:read'] }), ORG)).toThrow(/space:read/);
  });

  it('confines lookups to the caller organizations, and their share keys', () => {
    expect(tenantScope(actor('stranger'))).toEqual({ organizationId: { in: [OTHER_ORG] } });
    expect(spaceLookupScope(actor('read'))).toEqual({ organizationId: { in: [ORG] } });
    expect(spaceLookupScope(actor('read', { shareKeys: ['k'] }))).toEqual({
      OR: [{ organizationId: { in: [ORG] } }, { shareKey: { in: ['k'] } }],
    });
  });
});

describe('searchableSpacesWhere', () => {
  it('covers the live spaces the caller sees, with organization:search', () => {
    expect(searchableSpacesWhere(actor('read'), ORG)).toEqual({ organizationId: ORG, memberLevel: { not: 'guest' }, deletedAt: null });
    expect(searchableSpacesWhere(actor('stranger'), ORG)).toEqual({ organizationId: ORG, id: { in: [] }, deletedAt: null });
    expect(() => searchableSpacesWhere(actor('admin', { scopes: ['space:read'] }), ORG)).toThrow(/organization:search/);
  });
});
