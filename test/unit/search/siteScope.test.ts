// Which site spaces a site search covers (src/domain/search/siteScope.ts): the
// default content of sections, the current site space, restrictions, specific
// lists, and the deprecated request members.
import { describe, expect, it } from 'vitest';
import { scopeOf, siteSpacesInScope, type SiteLayout } from '../../../src/domain/search/siteScope.js';

// Two sections: s1 (default b, also a) and s2 (no default set: its first, c).
const withSections: SiteLayout = {
  defaultSiteSpaceId: null,
  siteSpaces: [
    { id: 'a', sectionId: 's1' },
    { id: 'b', sectionId: 's1' },
    { id: 'c', sectionId: 's2' },
    { id: 'd', sectionId: 's2' },
  ],
  sections: [
    { id: 's1', defaultSiteSpaceId: 'b' },
    { id: 's2', defaultSiteSpaceId: null },
  ],
};
const withoutSections: SiteLayout = {
  defaultSiteSpaceId: 'y',
  siteSpaces: [
    { id: 'x', sectionId: null },
    { id: 'y', sectionId: null },
  ],
  sections: [],
};

describe('siteSpacesInScope', () => {
  it.each([
    [withSections, { mode: 'all' as const }, ['a', 'b', 'c', 'd']],
    [withSections, { mode: 'default' as const }, ['b', 'c']],
    [withSections, { mode: 'default' as const, currentSiteSpace: 'd' }, ['b', 'c', 'd']],
    [withSections, { mode: 'default' as const, currentSiteSpace: 'd', restrictTo: 'currentSiteSpace' as const }, ['d']],
    [withSections, { mode: 'default' as const, currentSiteSpace: 'b', restrictTo: 'otherSiteSpaces' as const }, ['c']],
    [withSections, { mode: 'specific' as const, siteSpaceIds: ['d', 'a', 'd'] }, ['a', 'd']],
    [withoutSections, { mode: 'default' as const }, ['y']],
    [{ ...withoutSections, defaultSiteSpaceId: null }, { mode: 'default' as const }, ['x']],
    [{ defaultSiteSpaceId: null, siteSpaces: [], sections: [] }, { mode: 'default' as const }, []],
  ])('%# covers the expected site spaces, in the site order', (layout, scope, expected) => {
    expect(siteSpacesInScope(layout, scope)).toEqual(expected);
  });

  it('refuses site spaces of another site, empty and overlong lists, a restriction without a current site space', () => {
    expect(() => siteSpacesInScope(withSections, { mode: 'specific', siteSpaceIds: ['z'] })).toThrow(/^siteSpaceIds: .*not a site space/);
    expect(() => siteSpacesInScope(withSections, { mode: 'specific', siteSpaceIds: [] })).toThrow(/^siteSpaceIds: /);
    expect(() => siteSpacesInScope(withSections, { mode: 'specific', siteSpaceIds: Array(101).fill('a') })).toThrow(/100/);
    expect(() => siteSpacesInScope(withSections, { mode: 'default', restrictTo: 'otherSiteSpaces' })).toThrow(/^currentSiteSpace: /);
    expect(() => siteSpacesInScope(withSections, { mode: 'default', currentSiteSpace: 'z' })).toThrow(/^currentSiteSpace: /);
  });
});

describe('scopeOf', () => {
  it('reads scope, else the deprecated members, else the whole site', () => {
    expect(scopeOf({ scope: { mode: 'all' } })).toEqual({ mode: 'all' });
    expect(scopeOf({ siteSpaceIds: ['a'] })).toEqual({ mode: 'specific', siteSpaceIds: ['a'] });
    expect(scopeOf({ mode: 'current', siteSpaceId: 'a' })).toEqual({ mode: 'default', currentSiteSpace: 'a' });
    expect(scopeOf({})).toEqual({ mode: 'all' });
    expect(() => scopeOf({ scope: { mode: 'all' }, mode: 'all' })).toThrow(/^scope: /);
    expect(() => scopeOf({ mode: 'current' })).toThrow(/^siteSpaceId: /);
    expect(() => scopeOf({ mode: 'all', siteSpaceIds: ['a'] })).toThrow(/^siteSpaceIds: /);
  });
});
