import { describe, expect, it } from 'vitest';
import { atLeast, contentLevel, higher, isRole, lower, roles, type Level, type Role } from '../../../src/policy/roles.js';

describe('roles', () => {
  it('orders the roles from admin down to read', () => {
    expect(roles).toEqual(['admin', 'create', 'review', 'edit', 'comment', 'read']);
    for (const [i, role] of roles.entries()) {
      for (const [j, other] of roles.entries()) expect(atLeast(role, other)).toBe(i <= j);
    }
  });

  it.each<[Level | undefined, Role, boolean]>([
    [null, 'read', false],
    [undefined, 'read', false],
    ['read', 'read', true],
    ['comment', 'edit', false],
    ['admin', 'admin', true],
  ])('atLeast(%s, %s) → %s', (level, wanted, expected) => {
    expect(atLeast(level, wanted)).toBe(expected);
  });

  it('takes the lower and the higher of two levels', () => {
    expect(lower('admin', 'read')).toBe('read');
    expect(lower('edit', 'review')).toBe('edit');
    expect(higher(null, 'read')).toBe('read');
    expect(higher('edit', null)).toBe('edit');
    expect(higher('edit', 'review')).toBe('review');
    expect(higher(null, null)).toBeNull();
  });

  it.each<[unknown, boolean]>([
    ['admin', true],
    ['read', true],
    ['guest', false],
    ['inherit', false],
    [null, false],
    [3, false],
  ])('isRole(%j) → %s', (value, expected) => {
    expect(isRole(value)).toBe(expected);
  });

  it.each<[Level | undefined, string, Level]>([
    // Guests and strangers get nothing from a member level; admins everything.
    [null, 'inherit', null],
    [undefined, 'inherit', null],
    ['admin', 'guest', 'admin'],
    ['admin', 'read', 'admin'],
    // Members: their role, capped, or nothing on guest content.
    ['edit', 'inherit', 'edit'],
    ['edit', 'read', 'read'],
    ['comment', 'review', 'comment'],
    ['review', 'guest', null],
    ['review', 'bogus', null],
  ])('contentLevel(%s, %s) → %s', (role, memberLevel, expected) => {
    expect(contentLevel(role, memberLevel)).toBe(expected);
  });
});
