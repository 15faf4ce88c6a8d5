import { describe, expect, it } from 'vitest';
import { visibleCommentersWhere } from '../../../src/policy/filters.js';
import { ME, ORG, OTHER_ORG, actor, type Who } from './fixtures.js';

// Which commenters of a thread the caller sees (a thread's `commenters`): the same
// rule as memberPolicy's `view`, as a filter on the organization's members.
describe('visibleCommentersWhere', () => {
  it.each<[Who, object]>([
    ['admin', {}],
    ['read', {}],
    ['comment', {}],
    // A guest sees only themself among the commenters.
    ['guest', { userId: ME }],
  ])('%s of the organization → %j', (who, expected) => {
    expect(visibleCommentersWhere(actor(who), ORG)).toEqual(expected);
  });

  it('confines a caller with no role in that organization to themself', () => {
    expect(visibleCommentersWhere(actor('stranger'), ORG)).toEqual({ userId: ME });
    expect(visibleCommentersWhere(actor('stranger'), OTHER_ORG)).toEqual({});
  });

  it('names the caller, whoever they are', () => {
    expect(visibleCommentersWhere(actor('guest', { userId: 'usr_guest' }), ORG)).toEqual({ userId: 'usr_guest' });
  });
});
