import { describe, expect, it } from 'vitest';
import {
  commentPolicy,
  commentReplyPolicy,
  commentingPolicy,
  type CommentReplySubject,
  type CommentSubject,
} from '../../../src/policy/comment.js';
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
const comment = (postedById: string, over: Partial<SpaceSubject> = {}): CommentSubject => ({ postedById, space: space(over) });
const reply = (postedById: string, replyPostedById: string): CommentReplySubject => ({ postedById, replyPostedById, space: space() });

describe('commentPolicy', () => {
  it.each<[Who, ActorOptions, CommentSubject, keyof ReturnType<typeof commentPolicy.roleRules>, Outcome]>([
    ['read', {}, comment(SOMEONE), 'view', 'allowed'],
    ['read', {}, comment(SOMEONE), 'reply', 'refused'],
    ['comment', {}, comment(SOMEONE), 'reply', 'allowed'],
    ['comment', {}, comment(SOMEONE), 'edit', 'refused'],
    ['comment', {}, comment(ME), 'edit', 'allowed'],
    ['comment', {}, comment(ME), 'resolve', 'allowed'],
    ['comment', {}, comment(SOMEONE), 'resolve', 'refused'],
    ['review', {}, comment(SOMEONE), 'resolve', 'allowed'],
    ['review', {}, comment(SOMEONE), 'delete', 'refused'],
    ['admin', {}, comment(SOMEONE), 'delete', 'allowed'],
    ['admin', {}, comment(SOMEONE), 'edit', 'refused'],
    // An author who lost the right to comment edits nothing.
    ['read', {}, comment(ME), 'edit', 'refused'],
    ['read', {}, comment(ME), 'delete', 'refused'],
    ['guest', {}, comment(ME), 'view', 'hidden'],
    ['stranger', {}, comment(SOMEONE), 'view', 'hidden'],
    ['comment', {}, comment(ME, { deletedAt: new Date(0) }), 'view', 'hidden'],
    ['comment', { scopes: ['space:read'] }, comment(ME), 'edit', 'scope'],
    ['comment', { scopes: ['space:write'] }, comment(ME), 'edit', 'allowed'],
  ])('%s %j on %j: %s → %s', (who, options, subject, action, expected) => {
    expect(outcome(commentPolicy, actor(who, options), subject, action)).toBe(expected);
  });
});

describe('commentReplyPolicy', () => {
  it.each<[Who, ActorOptions, CommentReplySubject, keyof ReturnType<typeof commentReplyPolicy.roleRules>, Outcome]>([
    ['comment', {}, reply(SOMEONE, ME), 'edit', 'allowed'],
    // The comment's author does not own the replies.
    ['comment', {}, reply(ME, SOMEONE), 'edit', 'refused'],
    ['comment', {}, reply(ME, SOMEONE), 'delete', 'refused'],
    ['admin', {}, reply(ME, SOMEONE), 'delete', 'allowed'],
    ['read', {}, reply(SOMEONE, SOMEONE), 'react', 'refused'],
    ['stranger', {}, reply(SOMEONE, ME), 'view', 'hidden'],
    ['comment', { scopes: ['space:read'] }, reply(SOMEONE, ME), 'react', 'scope'],
  ])('%s %j on %j: %s → %s', (who, options, subject, action, expected) => {
    expect(outcome(commentReplyPolicy, actor(who, options), subject, action)).toBe(expected);
  });
});

describe('commentingPolicy', () => {
  it.each<[Who, ActorOptions, SpaceSubject, Outcome]>([
    ['comment', {}, space(), 'allowed'],
    ['read', {}, space(), 'refused'],
    ['comment', {}, space({ editMode: 'locked' }), 'allowed'],
    ['guest', {}, space(), 'hidden'],
    ['stranger', { shareKeys: ['key_1'] }, space({ visibility: 'share-link' }), 'refused'],
    ['comment', { scopes: ['space:read'] }, space(), 'scope'],
  ])('post: %s %j on %j → %s', (who, options, subject, expected) => {
    expect(outcome(commentingPolicy, actor(who, options), subject, 'post')).toBe(expected);
  });
});
