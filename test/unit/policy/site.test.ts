import { describe, expect, it } from 'vitest';
import {
  siteCreationSubject,
  siteLookupScope,
  sitePolicy,
  sitesShowingSpacesWhere,
  visibleSitesWhere,
  type SiteSubject,
} from '../../../src/policy/site.js';
import { can } from '../../../src/policy/policy.js';
import { ORG, OTHER_ORG, actor, outcome, type ActorOptions, type Outcome, type Who } from './fixtures.js';

const site = (over: Partial<SiteSubject> = {}): SiteSubject => ({
  organizationId: ORG,
  defaultLevel: 'inherit',
  published: false,
  visibility: 'public',
  ...over,
});
const published = site({ published: true });
const closed = site({ defaultLevel: 'guest', published: true });
const shared = site({ published: true, visibility: 'share-link', activeShareKeys: ['key_1'] });
const sharedUnpublished = site({ published: false, visibility: 'share-link', activeShareKeys: ['key_1'] });

type Row = [Who, ActorOptions, SiteSubject, keyof ReturnType<typeof sitePolicy.roleRules>, Outcome];

describe('sitePolicy', () => {
  it.each<Row>([
    ['read', {}, site(), 'view', 'allowed'],
    ['read', {}, site(), 'edit', 'refused'],
    ['edit', {}, site(), 'edit', 'allowed'],
    ['edit', {}, site(), 'create', 'refused'],
    ['create', {}, site(), 'create', 'allowed'],
    ['create', {}, site(), 'publish', 'refused'],
    ['admin', {}, site(), 'publish', 'allowed'],
    ['admin', {}, site(), 'manageShareLinks', 'allowed'],
    ['review', {}, site(), 'viewShareLinks', 'refused'],
    // Guests, another organization, a site closed to members.
    ['guest', {}, site(), 'view', 'hidden'],
    ['stranger', {}, published, 'view', 'hidden'],
    ['stranger', {}, published, 'readPublished', 'hidden'],
    ['edit', {}, closed, 'view', 'hidden'],
    ['admin', {}, closed, 'view', 'allowed'],
    // Publication: readPublished and viewPublishedSpaces need a published site.
    ['read', {}, site(), 'readPublished', 'refused'],
    ['read', {}, published, 'readPublished', 'allowed'],
    ['read', {}, site(), 'viewPublishedSpaces', 'refused'],
    ['read', {}, published, 'viewPublishedSpaces', 'allowed'],
    ['read', {}, site(), 'embedSpaces', 'allowed'],
    // Share links: an active key of a published share-link site opens it to read, to anyone.
    ['stranger', { shareKeys: ['key_1'] }, shared, 'view', 'allowed'],
    ['stranger', { shareKeys: ['key_1'] }, shared, 'readPublished', 'allowed'],
    ['stranger', { shareKeys: ['key_1'] }, shared, 'viewPublishedSpaces', 'allowed'],
    ['stranger', { shareKeys: ['key_1'] }, shared, 'access', 'refused'],
    ['stranger', { shareKeys: ['key_1'] }, shared, 'edit', 'refused'],
    ['stranger', { shareKeys: ['key_1'] }, shared, 'viewAdaptiveSchema', 'refused'],
    ['stranger', { shareKeys: ['key_2'] }, shared, 'view', 'hidden'],
    ['stranger', { shareKeys: ['key_1'] }, sharedUnpublished, 'view', 'hidden'],
    // A deactivated link is not among the site's active keys.
    ['stranger', { shareKeys: ['key_1'] }, site({ published: true, visibility: 'share-link', activeShareKeys: [] }), 'view', 'hidden'],
    // A share-link site serves its published structure only with a key, to members too.
    ['admin', {}, site({ published: true, visibility: 'share-link' }), 'readPublished', 'refused'],
    ['read', { shareKeys: ['key_1'] }, shared, 'readPublished', 'allowed'],
    // Search: whoever reads the published site, with site:search.
    ['read', {}, site(), 'search', 'refused'],
    ['read', {}, published, 'search', 'allowed'],
    ['stranger', {}, published, 'search', 'hidden'],
    ['stranger', { shareKeys: ['key_1'] }, shared, 'search', 'allowed'],
    ['admin', {}, site({ published: true, visibility: 'share-link' }), 'search', 'refused'],
    ['read', { scopes: ['site:search'] }, published, 'search', 'allowed'],
    ['read', { scopes: ['site:read'] }, published, 'search', 'scope'],
    // Scoped tokens.
    ['admin', { scopes: ['site:read'] }, site(), 'view', 'allowed'],
    ['admin', { scopes: ['site:read'] }, site(), 'update', 'scope'],
    ['admin', { scopes: ['site:write'] }, site(), 'create', 'scope'],
    ['admin', { scopes: ['site:write', 'space:read'] }, site(), 'create', 'allowed'],
    ['admin', { scopes: ['site:write'] }, site(), 'publish', 'scope'],
    ['admin', { scopes: ['site:publish', 'site:read'] }, site(), 'publish', 'allowed'],
    ['admin', { scopes: ['site:write'] }, site(), 'manageShareLinks', 'scope'],
    ['read', { scopes: ['site:read'] }, published, 'viewPublishedSpaces', 'scope'],
    ['read', { scopes: ['space:read'] }, site(), 'view', 'scope'],
  ])('%s %j on %j: %s → %s', (who, options, subject, action, expected) => {
    expect(outcome(sitePolicy, actor(who, options), subject, action)).toBe(expected);
  });

  it.each<[Who, ActorOptions, boolean]>([
    ['create', {}, true],
    ['admin', { scopes: ['site:write'] }, true],
    ['edit', {}, false],
    ['guest', {}, false],
    ['stranger', {}, false],
  ])('createSite (siteCreationSubject): %s %j → %s', (who, options, expected) => {
    expect(can(sitePolicy, actor(who, options), siteCreationSubject(ORG), 'createSite')).toBe(expected);
  });

  it.each<[Who, ActorOptions, SiteSubject, boolean]>([
    ['read', { scopes: ['organization:read'] }, site(), true],
    ['guest', {}, site(), false],
    ['stranger', {}, site(), false],
    ['edit', {}, closed, false],
  ])('locate (no scope): %s %j → %s', (who, options, subject, expected) => {
    expect(can(sitePolicy, actor(who, options), subject, 'locate')).toBe(expected);
  });
});

describe('site filters', () => {
  it.each<[Who, object]>([
    ['admin', { organizationId: ORG }],
    ['read', { organizationId: ORG, defaultLevel: { not: 'guest' } }],
    ['guest', { organizationId: ORG, id: { in: [] } }],
    ['stranger', { organizationId: ORG, id: { in: [] } }],
  ])('visibleSitesWhere for %s', (who, expected) => {
    expect(visibleSitesWhere(actor(who), ORG)).toEqual(expected);
  });

  it('visibleSitesWhere needs site:read', () => {
    expect(() => visibleSitesWhere(actor('admin', { scopes: ['space:read'] }), ORG)).toThrow(/site:read/);
  });

  it('siteLookupScope adds the sites of the keys presented', () => {
    expect(siteLookupScope(actor('read'))).toEqual({ organizationId: { in: [ORG] } });
    expect(siteLookupScope(actor('stranger', { shareKeys: ['k'] }))).toEqual({
      OR: [{ organizationId: { in: [OTHER_ORG] } }, { shareLinks: { some: { active: true, key: { in: ['k'] } } } }],
    });
  });

  it.each<[Who, ActorOptions, object | null]>([
    // An admin's organization shows them nothing they do not see already.
    ['admin', {}, null],
    ['read', {}, { published: true, OR: [{ organizationId: ORG, defaultLevel: { not: 'guest' } }] }],
    ['guest', {}, null],
    ['stranger', {}, null],
    [
      'stranger',
      { shareKeys: ['k'] },
      { published: true, OR: [{ visibility: 'share-link', shareLinks: { some: { active: true, key: { in: ['k'] } } } }] },
    ],
    // A token that may not see a site's published spaces gets no grant from it.
    ['read', { scopes: ['site:read'] }, null],
    ['read', { scopes: ['space:read'] }, null],
    ['read', { scopes: ['site:read', 'space:read'] }, { published: true, OR: [{ organizationId: ORG, defaultLevel: { not: 'guest' } }] }],
  ])('sitesShowingSpacesWhere for %s %j', (who, options, expected) => {
    expect(sitesShowingSpacesWhere(actor(who, options))).toEqual(expected);
  });
});
