import { describe, expect, it } from 'vitest';
import { collectionPolicy } from '../../../src/policy/collection.js';
import type { ContentSubject } from '../../../src/policy/content.js';
import { ORG, actor, outcome, type ActorOptions, type Outcome, type Who } from './fixtures.js';

const collection = (memberLevel = 'inherit'): ContentSubject => ({ id: 'col_1', organizationId: ORG, memberLevel });

describe('collectionPolicy', () => {
  it.each<[Who, ActorOptions, ContentSubject, keyof ReturnType<typeof collectionPolicy.roleRules>, Outcome]>([
    ['read', {}, collection(), 'view', 'allowed'],
    ['read', {}, collection(), 'create', 'refused'],
    ['create', {}, collection(), 'create', 'allowed'],
    ['create', {}, collection(), 'update', 'refused'],
    ['admin', {}, collection(), 'move', 'allowed'],
    ['admin', {}, collection(), 'managePermissions', 'allowed'],
    ['create', {}, collection('read'), 'create', 'refused'],
    ['create', {}, collection('guest'), 'view', 'hidden'],
    ['admin', {}, collection('guest'), 'delete', 'allowed'],
    ['guest', {}, collection(), 'view', 'hidden'],
    ['guest', { grants: { col_1: 'create' } }, collection(), 'create', 'allowed'],
    ['stranger', {}, collection(), 'view', 'hidden'],
    ['stranger', { grants: { col_1: 'admin' } }, collection(), 'view', 'hidden'],
    ['admin', { scopes: ['space:read'] }, collection(), 'update', 'scope'],
    ['admin', { scopes: ['space:write'] }, collection(), 'viewPermissions', 'scope'],
    ['admin', { scopes: ['space:permissions:read', 'space:read'] }, collection(), 'viewPermissions', 'allowed'],
  ])('%s %j on %j: %s → %s', (who, options, subject, action, expected) => {
    expect(outcome(collectionPolicy, actor(who, options), subject, action)).toBe(expected);
  });
});
