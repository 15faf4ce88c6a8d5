import { describe, expect, it } from 'vitest';
import {
  mayReadPublishedSite,
  mayReadPublishedSpace,
  type PublishedSiteSubject,
  type PublishedSpaceSubject,
} from '../../../src/policy/published.js';

const space = (visibility: string, deletedAt: Date | null = null): PublishedSpaceSubject => ({ visibility, shareKey: 'key_1', deletedAt });

describe('mayReadPublishedSpace', () => {
  it.each<[PublishedSpaceSubject, string | null, boolean]>([
    [space('public'), null, true],
    [space('unlisted'), null, true],
    [space('share-link'), 'key_1', true],
    [space('share-link'), 'key_2', false],
    [space('share-link'), null, false],
    [space('private'), 'key_1', false],
    [space('in-collection'), null, false],
    [space('visitor-auth'), null, false],
    [space('public', new Date(0)), null, false],
  ])('%j with key %s → %s', (subject, key, expected) => {
    expect(mayReadPublishedSpace(subject, key)).toBe(expected);
  });
});

describe('mayReadPublishedSite', () => {
  it.each<[PublishedSiteSubject, boolean, boolean]>([
    [{ visibility: 'public', published: true }, false, true],
    [{ visibility: 'unlisted', published: true }, false, true],
    [{ visibility: 'public', published: false }, true, false],
    [{ visibility: 'share-link', published: true }, true, true],
    [{ visibility: 'share-link', published: true }, false, false],
    [{ visibility: 'visitor-auth', published: true }, true, false],
  ])('%j, active link %s → %s', (subject, activeLink, expected) => {
    expect(mayReadPublishedSite(subject, activeLink)).toBe(expected);
  });
});
