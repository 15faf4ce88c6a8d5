import { describe, expect, it } from 'vitest';
import { changeRequestPolicy, type ChangeRequestSubject } from '../../../src/policy/changeRequest.js';
import type { SpaceSubject } from '../../../src/policy/space.js';
import { ME, ORG, SOMEONE, actor, outcome, type ActorOptions, type Outcome, type Who } from './fixtures.js';

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
const cr = (status = 'open', over: Partial<SpaceSubject> = {}): ChangeRequestSubject => ({
  space: space(over),
  status,
  createdById: SOMEONE,
});

type Row = [Who, ActorOptions, ChangeRequestSubject, keyof ReturnType<typeof changeRequestPolicy.roleRules>, Outcome];

describe('changeRequestPolicy', () => {
  it.each<Row>([
    ['read', {}, cr(), 'view', 'allowed'],
    ['read', {}, cr(), 'update', 'refused'],
    ['comment', {}, cr(), 'editContent', 'refused'],
    ['edit', {}, cr(), 'editContent', 'allowed'],
    ['edit', {}, cr('draft'), 'bringUpToDate', 'allowed'],
    ['edit', {}, cr(), 'review', 'refused'],
    ['edit', {}, cr(), 'merge', 'refused'],
    ['review', {}, cr(), 'review', 'allowed'],
    ['review', {}, cr(), 'merge', 'allowed'],
    ['admin', {}, cr(), 'merge', 'allowed'],
    // State: merged and archived take no edit nor merge; a merged one takes no update either.
    ['admin', {}, cr('merged'), 'merge', 'refused'],
    ['admin', {}, cr('merged'), 'update', 'refused'],
    ['edit', {}, cr('archived'), 'update', 'allowed'],
    ['edit', {}, cr('archived'), 'editContent', 'refused'],
    ['edit', {}, cr('archived'), 'requestReview', 'refused'],
    // A locked space: the request's subject still changes, its content does not.
    ['edit', {}, cr('open', { editMode: 'locked' }), 'update', 'allowed'],
    ['edit', {}, cr('open', { editMode: 'locked' }), 'editContent', 'refused'],
    ['edit', {}, cr('open', { editMode: 'locked' }), 'requestReview', 'allowed'],
    // A deleted space: hidden but to admins, who change nothing.
    ['review', {}, cr('open', { deletedAt: new Date(0) }), 'view', 'hidden'],
    ['admin', {}, cr('open', { deletedAt: new Date(0) }), 'update', 'refused'],
    // Guests, other organizations, a share key (reads, never writes).
    ['guest', {}, cr(), 'view', 'hidden'],
    ['stranger', {}, cr(), 'view', 'hidden'],
    ['stranger', { shareKeys: ['key_1'] }, cr('open', { visibility: 'share-link' }), 'view', 'allowed'],
    ['stranger', { shareKeys: ['key_1'] }, cr('open', { visibility: 'share-link' }), 'update', 'refused'],
    ['guest', { grants: { spc_1: 'review' } }, cr(), 'merge', 'allowed'],
    // Scoped tokens.
    ['review', { scopes: ['space:read'] }, cr(), 'view', 'allowed'],
    ['review', { scopes: ['space:read'] }, cr(), 'review', 'scope'],
    ['review', { scopes: ['space:write'] }, cr(), 'merge', 'scope'],
    ['review', { scopes: ['space:write', 'change-request:merge'] }, cr(), 'merge', 'allowed'],
    ['edit', { scopes: ['change-request:merge'] }, cr(), 'view', 'scope'],
  ])('%s %j on %j: %s → %s', (who, options, subject, action, expected) => {
    expect(outcome(changeRequestPolicy, actor(who, options), subject, action)).toBe(expected);
  });

  it('does not depend on who created it', () => {
    const mine = { ...cr(), createdById: ME };
    expect(changeRequestPolicy.rules(actor('read'), mine)).toEqual(changeRequestPolicy.rules(actor('read'), cr()));
  });
});
