// The small organization-level policies: agent instructions, conversations,
// OpenAPI specs, SAML providers, subdomains, translations.
import { describe, expect, it } from 'vitest';
import { agentInstructionsPolicy } from '../../../src/policy/agentInstructions.js';
import { conversationsPolicy } from '../../../src/policy/conversation.js';
import { openAPISpecPolicy } from '../../../src/policy/openapiSpec.js';
import { providerMayVouch, samlProviderPolicy } from '../../../src/policy/samlProvider.js';
import { subdomainPolicy } from '../../../src/policy/subdomain.js';
import { translationPolicy } from '../../../src/policy/translation.js';
import type { Policy } from '../../../src/policy/policy.js';
import { ORG, OTHER_ORG, actor, outcome, type ActorOptions, type Outcome, type Who } from './fixtures.js';

const subject = { organizationId: ORG };

type Row = [Who, ActorOptions, string, Outcome];
const table = (name: string, policy: Policy<{ organizationId: string }, string>, rows: Row[]) =>
  describe(name, () => {
    it.each<Row>(rows)('%s %j: %s → %s', (who, options, action, expected) => {
      expect(outcome(policy, actor(who, options), subject, action)).toBe(expected);
    });
  });

table('agentInstructionsPolicy', agentInstructionsPolicy, [
  ['read', {}, 'read', 'allowed'],
  ['read', {}, 'update', 'refused'],
  ['admin', {}, 'update', 'allowed'],
  ['guest', {}, 'read', 'refused'],
  ['stranger', {}, 'read', 'hidden'],
  ['admin', { scopes: ['organization:read'] }, 'update', 'scope'],
  ['read', { scopes: ['space:read'] }, 'read', 'scope'],
]);

table('conversationsPolicy', conversationsPolicy, [
  ['read', {}, 'view', 'allowed'],
  ['read', {}, 'ingest', 'refused'],
  ['admin', {}, 'ingest', 'allowed'],
  ['guest', {}, 'view', 'hidden'],
  ['stranger', {}, 'view', 'hidden'],
  ['admin', { scopes: ['organization:read'] }, 'ingest', 'scope'],
]);

table('openAPISpecPolicy', openAPISpecPolicy, [
  ['read', {}, 'view', 'allowed'],
  ['review', {}, 'edit', 'refused'],
  ['create', {}, 'edit', 'allowed'],
  ['guest', {}, 'view', 'hidden'],
  ['stranger', {}, 'view', 'hidden'],
  ['create', { scopes: ['openapi:read'] }, 'edit', 'scope'],
  ['create', { scopes: ['openapi:write'] }, 'view', 'allowed'],
]);

table('samlProviderPolicy', samlProviderPolicy, [
  ['admin', {}, 'read', 'allowed'],
  ['admin', {}, 'setSsoMember', 'allowed'],
  ['create', {}, 'read', 'refused'],
  ['guest', {}, 'update', 'refused'],
  ['stranger', {}, 'read', 'hidden'],
  ['admin', { scopes: ['organization:read'] }, 'delete', 'scope'],
  ['admin', { scopes: ['organization:write'] }, 'setSsoMember', 'scope'],
]);

table('subdomainPolicy', subdomainPolicy, [
  ['read', {}, 'view', 'allowed'],
  // Public by nature: any caller may look one up, with organization:read.
  ['stranger', {}, 'view', 'allowed'],
  ['stranger', { scopes: ['space:read'] }, 'view', 'scope'],
]);

table('translationPolicy', translationPolicy, [
  ['read', {}, 'view', 'allowed'],
  ['create', {}, 'edit', 'refused'],
  ['admin', {}, 'edit', 'allowed'],
  ['guest', {}, 'view', 'hidden'],
  ['stranger', {}, 'view', 'hidden'],
  ['admin', { scopes: ['space:read'] }, 'edit', 'scope'],
]);

describe('providerMayVouch', () => {
  it.each<[string, { provisionedByOrganizationId: string | null }, boolean, boolean]>([
    ['a verified domain', { provisionedByOrganizationId: null }, true, true],
    ['a user its sign-on created', { provisionedByOrganizationId: ORG }, false, true],
    ["another organization's user", { provisionedByOrganizationId: OTHER_ORG }, false, false],
    ['an address of an unverified domain', { provisionedByOrganizationId: null }, false, false],
  ])('%s → %s', (_name, user, verified, expected) => {
    expect(providerMayVouch(ORG, user, verified)).toBe(expected);
  });
});
