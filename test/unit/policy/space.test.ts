import { describe, expect, it } from 'vitest';
import { authorizeMainLineWrite, shownSpacePolicy, spacePolicy, type SpaceSubject } from '../../../src/policy/space.js';
import { can } from '../../../src/policy/policy.js';
import { ORG, actor, outcome, type ActorOptions, type Outcome, type Who } from './fixtures.js';

const space = (over: Partial<SpaceSubject> = {}): SpaceSubject => ({
  id: 'spc_1',
  organizationId: ORG,
  memberLevel: 'inherit',
  visibility: 'private',
  shareKey: 'key_1',
  editMode: 'live',
  deletedAt: null,
  ...over,
});
const deleted = space({ deletedAt: new Date('2026-01-01T00:00:00Z') });
const locked = space({ editMode: 'locked' });
const closed = space({ memberLevel: 'guest' });
const capped = space({ memberLevel: 'read' });
const shareLink = space({ visibility: 'share-link' });

type Row = [Who, ActorOptions, SpaceSubject, keyof ReturnType<typeof spacePolicy.roleRules>, Outcome];

describe('spacePolicy', () => {
  it.each<Row>([
    // Roles on a live space that inherits the organization role.
    ['read', {}, space(), 'view', 'allowed'],
    ['read', {}, space(), 'edit', 'refused'],
    ['comment', {}, space(), 'comment', 'allowed'],
    ['comment', {}, space(), 'edit', 'refused'],
    ['edit', {}, space(), 'edit', 'allowed'],
    ['edit', {}, space(), 'merge', 'refused'],
    ['review', {}, space(), 'merge', 'allowed'],
    ['review', {}, space(), 'update', 'refused'],
    ['create', {}, space(), 'delete', 'refused'],
    ['admin', {}, space(), 'delete', 'allowed'],
    ['admin', {}, space(), 'managePermissions', 'allowed'],
    ['edit', {}, space(), 'managePermissions', 'refused'],
    // Guests and other organizations see nothing.
    ['guest', {}, space(), 'view', 'hidden'],
    ['guest', {}, space(), 'edit', 'hidden'],
    ['stranger', {}, space(), 'view', 'hidden'],
    ['stranger', {}, space(), 'delete', 'hidden'],
    // A grant raises a guest or a capped member; a closed space admits only admins and grantees.
    ['guest', { grants: { spc_1: 'edit' } }, space(), 'edit', 'allowed'],
    ['guest', { grants: { spc_other: 'admin' } }, space(), 'view', 'hidden'],
    ['edit', {}, capped, 'view', 'allowed'],
    ['edit', {}, capped, 'edit', 'refused'],
    ['edit', {}, closed, 'view', 'hidden'],
    ['admin', {}, closed, 'update', 'allowed'],
    ['read', { grants: { spc_1: 'review' } }, closed, 'merge', 'allowed'],
    // Grants died with the membership: a stranger's grant admits nothing.
    ['stranger', { grants: { spc_1: 'admin' } }, space(), 'view', 'hidden'],
    // State: a locked space takes no edit; a deleted one is seen (and restored) by its admins only.
    ['edit', {}, locked, 'edit', 'refused'],
    ['admin', {}, locked, 'edit', 'refused'],
    ['admin', {}, locked, 'update', 'allowed'],
    ['review', {}, locked, 'writeMainContent', 'refused'],
    ['review', {}, space(), 'writeMainContent', 'allowed'],
    ['edit', {}, deleted, 'view', 'hidden'],
    ['admin', {}, deleted, 'view', 'allowed'],
    ['admin', {}, deleted, 'restore', 'allowed'],
    ['admin', {}, deleted, 'edit', 'refused'],
    // Share keys (the request's grants): a share-link space is read with its key, nothing more.
    ['stranger', { shareKeys: ['key_1'] }, shareLink, 'view', 'allowed'],
    ['stranger', { shareKeys: ['key_1'] }, shareLink, 'access', 'refused'],
    ['stranger', { shareKeys: ['key_1'] }, shareLink, 'edit', 'refused'],
    ['stranger', { shareKeys: ['key_2'] }, shareLink, 'view', 'hidden'],
    ['stranger', { shareKeys: ['key_1'] }, space(), 'view', 'hidden'],
    ['guest', { shareKeys: ['key_1'] }, shareLink, 'duplicate', 'refused'],
    // Scoped tokens: what the role allows needs the action's scope too.
    ['admin', { scopes: ['space:read'] }, space(), 'view', 'allowed'],
    ['admin', { scopes: ['space:read'] }, space(), 'update', 'scope'],
    ['admin', { scopes: ['space:write'] }, space(), 'view', 'allowed'],
    ['review', { scopes: ['space:write'] }, space(), 'merge', 'scope'],
    ['review', { scopes: ['space:write', 'change-request:merge'] }, space(), 'merge', 'allowed'],
    ['admin', { scopes: ['space:write'] }, space(), 'managePermissions', 'scope'],
    ['admin', { scopes: ['organization:read'] }, space(), 'view', 'scope'],
    // A scope never raises a role; a hidden space stays hidden whatever the scopes.
    ['read', { scopes: ['space:write'] }, space(), 'edit', 'refused'],
    ['stranger', { scopes: ['space:read'] }, space(), 'view', 'hidden'],
  ])('%s %j on %j: %s → %s', (who, options, subject, action, expected) => {
    expect(outcome(spacePolicy, actor(who, options), subject, action)).toBe(expected);
  });

  it.each<[Who, ActorOptions, SpaceSubject, boolean]>([
    ['read', {}, space(), true],
    ['read', { scopes: ['organization:read'] }, space(), true], // no scope needed to find it
    ['guest', {}, space(), false],
    ['stranger', {}, space(), false],
    ['admin', {}, deleted, true],
    ['edit', {}, deleted, false],
  ])('locate: %s %j → %s', (who, options, subject, expected) => {
    expect(can(spacePolicy, actor(who, options), subject, 'locate')).toBe(expected);
  });

  it('fills permissions with what the token covers, and can() throws 403 only for a missing scope', () => {
    const rules = spacePolicy.rules(actor('admin', { scopes: ['space:read'] }), space());
    expect(rules).toMatchObject({ view: true, access: true, update: false, delete: false, managePermissions: false });
    expect(can(spacePolicy, actor('read'), space(), 'edit')).toBe(false);
    expect(can(spacePolicy, actor('stranger'), space(), 'view')).toBe(false);
    expect(() => can(spacePolicy, actor('admin', { scopes: ['space:read'] }), space(), 'update')).toThrow(/space:write/);
  });
});

describe('shownSpacePolicy (a space as it appears in an answer)', () => {
  it.each<[Who, ActorOptions, SpaceSubject, Outcome]>([
    ['read', {}, space(), 'allowed'],
    // A published site the caller reads shows its spaces (the request's siteSpaces)…
    ['edit', { siteSpaces: ['spc_1'] }, closed, 'allowed'],
    ['stranger', { siteSpaces: ['spc_1'] }, space(), 'allowed'],
    // …and no other.
    ['edit', { siteSpaces: ['spc_2'] }, closed, 'hidden'],
    ['guest', {}, space(), 'hidden'],
    ['stranger', {}, space(), 'hidden'],
    // Showing takes space:read.
    ['edit', { siteSpaces: ['spc_1'], scopes: ['site:read'] }, closed, 'scope'],
    ['edit', { siteSpaces: ['spc_1'], scopes: ['site:read', 'space:read'] }, closed, 'allowed'],
  ])('%s %j on %j → %s', (who, options, subject, expected) => {
    expect(outcome(shownSpacePolicy, actor(who, options), subject, 'view')).toBe(expected);
  });

  it('never lets a shown space be changed', () => {
    expect(can(spacePolicy, actor('edit', { siteSpaces: ['spc_1'] }), closed, 'view')).toBe(false);
  });
});

describe('authorizeMainLineWrite', () => {
  it.each<[Who, ActorOptions, SpaceSubject, boolean, RegExp | null]>([
    ['review', {}, space(), false, null],
    ['review', {}, space(), true, /merge rules require reviews/],
    ['edit', {}, space(), false, /not allowed to writeMainContent/],
    ['admin', {}, locked, false, /not allowed/],
    ['stranger', {}, space(), false, /Space not found/],
    ['admin', { scopes: ['space:write'] }, space(), false, /change-request:merge/],
  ])('%s %j, rules naming reviewers %s → %s', (who, options, subject, namesReviewers, error) => {
    const write = () => authorizeMainLineWrite(actor(who, options), subject, namesReviewers);
    if (error) expect(write).toThrow(error);
    else expect(write()).toBe(subject);
  });
});
