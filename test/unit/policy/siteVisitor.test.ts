// The site visitor (the actor of a site visitor token): one published site,
// the spaces it publishes, its organization's OpenAPI specs; read-only.
import { describe, expect, it } from 'vitest';
import { siteVisitorActor } from '../../../src/policy/siteVisitor.js';
import { sitePolicy, type SiteSubject } from '../../../src/policy/site.js';
import { spacePolicy, shownSpacePolicy, type SpaceSubject } from '../../../src/policy/space.js';
import { openAPISpecPolicy } from '../../../src/policy/openapiSpec.js';
import { organizationPolicy } from '../../../src/policy/organization.js';
import { tenantScope } from '../../../src/policy/filters.js';
import { withRequestGrants, noRequestGrants } from '../../../src/policy/actor.js';
import { ORG, OTHER_ORG, outcome, type Outcome } from './fixtures.js';

const visitor = siteVisitorActor('site-token:jti', { siteId: 'sit_1', organizationId: ORG, spaceIds: new Set(['spc_on']) });
const shareVisitor = siteVisitorActor('site-token:jti2', {
  siteId: 'sit_2',
  organizationId: ORG,
  spaceIds: new Set(['spc_on']),
  shareKey: 'key_1',
});

const site = (over: Partial<SiteSubject> = {}): SiteSubject => ({
  id: 'sit_1',
  organizationId: ORG,
  defaultLevel: 'inherit',
  published: true,
  visibility: 'public',
  ...over,
});
const space = (id: string, over: Partial<SpaceSubject> = {}): SpaceSubject => ({
  id,
  organizationId: ORG,
  memberLevel: 'inherit',
  visibility: 'private',
  shareKey: 'sk',
  editMode: 'live',
  deletedAt: null,
  ...over,
});

describe('a site visitor', () => {
  it.each<[string, () => Outcome, Outcome]>([
    ['views and reads its published site', () => outcome(sitePolicy, visitor, site(), 'readPublished'), 'allowed'],
    ['sees the spaces it publishes', () => outcome(sitePolicy, visitor, site(), 'viewPublishedSpaces'), 'allowed'],
    ['not another site of the organization', () => outcome(sitePolicy, visitor, site({ id: 'sit_other' }), 'view'), 'hidden'],
    ['not its site once unpublished', () => outcome(sitePolicy, visitor, site({ published: false }), 'view'), 'hidden'],
    ['may not update its site: no site:write', () => outcome(sitePolicy, visitor, site(), 'update'), 'scope'],
    ['reads a space the site publishes, even a private one', () => outcome(spacePolicy, visitor, space('spc_on'), 'view'), 'allowed'],
    ['may not edit it: no space:write', () => outcome(spacePolicy, visitor, space('spc_on'), 'edit'), 'scope'],
    ['may not comment on it', () => outcome(spacePolicy, visitor, space('spc_on'), 'comment'), 'scope'],
    ['does not read its settings (members only)', () => outcome(spacePolicy, visitor, space('spc_on'), 'viewSettings'), 'refused'],
    [
      'not another space, even a public one',
      () => outcome(spacePolicy, visitor, space('spc_off', { visibility: 'public' }), 'view'),
      'hidden',
    ],
    ['not a deleted one', () => outcome(spacePolicy, visitor, space('spc_on', { deletedAt: new Date() }), 'view'), 'hidden'],
    ["reads the organization's OpenAPI specs", () => outcome(openAPISpecPolicy, visitor, { organizationId: ORG }, 'view'), 'allowed'],
    ["not another organization's", () => outcome(openAPISpecPolicy, visitor, { organizationId: OTHER_ORG }, 'view'), 'hidden'],
    ['not the organization', () => outcome(organizationPolicy, visitor, { id: ORG, sso: false } as never, 'view'), 'hidden'],
  ])('%s', (_name, run, expected) => {
    expect(run()).toBe(expected);
  });

  it('of a share-link site needs the link active (the subject carries the active keys)', () => {
    const sharedSite = site({ id: 'sit_2', visibility: 'share-link' });
    expect(outcome(sitePolicy, shareVisitor, { ...sharedSite, activeShareKeys: ['key_1'] }, 'readPublished')).toBe('allowed');
    expect(outcome(sitePolicy, shareVisitor, { ...sharedSite, activeShareKeys: [] }, 'view')).toBe('hidden');
  });

  it("keeps its token's grants whatever the operation gives, and reaches only its site's organization", () => {
    const granted = withRequestGrants(shareVisitor, noRequestGrants);
    expect([...granted.shareKeys]).toEqual(['key_1']);
    expect(shownSpacePolicy.roleRules(granted, space('spc_on')).view).toBe(true);
    expect(tenantScope(visitor)).toEqual({ organizationId: { in: [ORG] } });
  });
});
