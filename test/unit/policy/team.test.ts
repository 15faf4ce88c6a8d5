import { describe, expect, it } from 'vitest';
import {
  teamCreationPolicy,
  teamMemberPolicy,
  teamPolicy,
  teamsManagedByWhere,
  visibleTeamMembersWhere,
  type TeamSubject,
} from '../../../src/policy/team.js';
import { ME, ORG, OTHER_ORG, SOMEONE, actor, outcome, type ActorOptions, type Outcome, type Who } from './fixtures.js';

const team = (callerRole: TeamSubject['callerRole'] = null): TeamSubject => ({ organizationId: ORG, callerRole });

describe('teamPolicy', () => {
  it.each<[Who, ActorOptions, TeamSubject, keyof ReturnType<typeof teamPolicy.roleRules>, Outcome]>([
    ['read', {}, team(), 'view', 'allowed'],
    ['read', {}, team(), 'manageMembers', 'refused'],
    ['read', {}, team('member'), 'manageMembers', 'refused'],
    ['read', {}, team('owner'), 'manageMembers', 'allowed'],
    ['read', {}, team('owner'), 'delete', 'refused'],
    ['admin', {}, team(), 'delete', 'allowed'],
    ['admin', {}, team(), 'update', 'allowed'],
    // Guests see only the teams they are in.
    ['guest', {}, team(), 'view', 'hidden'],
    ['guest', {}, team('member'), 'view', 'allowed'],
    ['guest', {}, team('owner'), 'manageMembers', 'allowed'],
    // Another organization: nothing, whatever its role there says.
    ['stranger', {}, team('owner'), 'view', 'hidden'],
    ['admin', { scopes: ['organization:members:read'] }, team(), 'update', 'scope'],
    ['admin', { scopes: ['organization:read'] }, team(), 'view', 'scope'],
  ])('%s %j on %j: %s → %s', (who, options, subject, action, expected) => {
    expect(outcome(teamPolicy, actor(who, options), subject, action)).toBe(expected);
  });

  it.each<[Who, ActorOptions, Outcome]>([
    ['admin', {}, 'allowed'],
    ['create', {}, 'refused'],
    ['guest', {}, 'refused'],
    ['stranger', {}, 'hidden'],
    ['admin', { scopes: ['organization:members:read'] }, 'scope'],
  ])('teamCreationPolicy: %s %j → %s', (who, options, expected) => {
    expect(outcome(teamCreationPolicy, actor(who, options), { id: ORG }, 'create')).toBe(expected);
  });

  it.each<[Who, string, Outcome]>([
    ['read', SOMEONE, 'allowed'],
    ['guest', ME, 'allowed'],
    ['guest', SOMEONE, 'hidden'],
    ['stranger', SOMEONE, 'hidden'],
  ])('teamMemberPolicy: %s sees %s → %s', (who, userId, expected) => {
    expect(outcome(teamMemberPolicy, actor(who), { organizationId: ORG, userId }, 'view')).toBe(expected);
  });

  it('filters team members and managed teams in SQL terms', () => {
    expect(visibleTeamMembersWhere(actor('guest'))).toEqual({ OR: [{ userId: ME }, { organizationId: { in: [] } }] });
    expect(visibleTeamMembersWhere(actor('stranger'))).toEqual({ OR: [{ userId: ME }, { organizationId: { in: [OTHER_ORG] } }] });
    expect(teamsManagedByWhere(ME)).toEqual({
      OR: [
        { organization: { members: { some: { userId: ME, role: 'admin', disabled: false } } } },
        { members: { some: { userId: ME, role: 'owner' } } },
      ],
    });
  });
});
