// SAML single sign-on (spec 4.6): an organization's SAML providers, their
// login info, and marking a member as an SSO member (4.13).
import { builder, type InputFieldBuilder } from '../../schema/builder.js';
import type { SamlProvider } from '../../generated/prisma/client.js';
import { RoleEnum, restEnum } from '../../schema/enums.js';
import { oldestFirst, scopedList, type ScopedList } from '../../schema/lists.js';
import { planList, planType } from '../../schema/plan/plan.js';
import { nodeConnection } from '../../schema/connections.js';
import { deletion, deletionFields } from '../../schema/payloads.js';
import { MemberRef } from '../members/schema.js';
import { preloadRelatedTeams } from '../teams/loaders.js';
import {
  createSamlProvider,
  deleteSamlProvider,
  findSamlProvider,
  samlProviderListWhere,
  samlProviderStatus,
  serviceProviderUrls,
  ssoLogins,
  updateSamlProvider,
} from './service.js';
import { setSsoMember } from './members.js';

const SamlProviderStatusEnum = restEnum('SamlProviderStatus', ['active', 'pending'] as const, 'Whether a SAML provider can be used.', {
  active: 'Its entity id, certificate and sign-on URL are set: members can log in through it.',
  pending: 'Not fully configured yet.',
});

const SamlServiceProvider = builder.simpleObject('SamlServiceProvider', {
  description: 'What Quire is to the identity provider (generated per provider, absolute URLs).',
  fields: (t) => ({
    acsURL: t.string({
      description: 'Assertion Consumer Service URL: where the identity provider posts its SAML Response (HTTP-POST binding).',
    }),
    startURL: t.string({ description: 'Where a login through this provider starts (redirects to the identity provider).' }),
    entityID: t.string({ description: "Quire's entity id (audience) for this provider; its service-provider metadata is served there." }),
  }),
});

const SamlProviderUrls = builder.simpleObject('SamlProviderUrls', {
  description: 'Links to the SAML provider.',
  fields: (t) => ({ location: t.string({ description: 'The SAML provider in the API.' }) }),
});

export const SamlProviderRef = builder.prismaObject('SamlProvider', {
  description: 'A SAML identity provider of an organization: its members may log in through it.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the provider.' }),
    label: t.exposeString('label', { description: 'Label shown on the login page (1 to 30 characters).' }),
    ssoURL: t.exposeString('ssoURL', { nullable: true, description: "The identity provider's single sign-on URL; null until set." }),
    entityID: t.exposeString('entityID', { nullable: true, description: "The identity provider's entity id (issuer); null until set." }),
    certificate: t.exposeString('certificate', {
      nullable: true,
      description: 'PEM X.509 certificate the identity provider signs with; null until set.',
    }),
    defaultTeam: t.relation('defaultTeam', { nullable: true, description: 'Team that users who join through this provider are put in.' }),
    defaultRole: t.field({
      type: RoleEnum,
      nullable: true,
      description: 'Role of users who join through this provider; null: guests.',
      resolve: (p) => p.defaultRole,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    status: t.field({
      type: SamlProviderStatusEnum,
      description: 'Active once the entity id, certificate and sign-on URL are set; pending before.',
      select: { entityID: true, certificate: true, ssoURL: true },
      resolve: (p) => samlProviderStatus(p),
    }),
    service: t.field({
      type: SamlServiceProvider,
      description: 'What Quire is to the identity provider.',
      resolve: (p, _args, ctx) => serviceProviderUrls(ctx.urls, p.id),
    }),
    urls: t.field({
      type: SamlProviderUrls,
      description: 'Links to the provider.',
      select: { organizationId: true },
      resolve: (p, _args, ctx) => ({ location: `${ctx.urls.api}/orgs/${p.organizationId}/saml/${p.id}` }),
    }),
  }),
});

const SamlProviderConnection = nodeConnection(SamlProviderRef, 'SamlProvider', { items: 'SAML providers' });

// The fields of a provider the read planner answers from its columns and joins (src/schema/plan).
planType('SamlProvider', {
  model: 'SamlProvider',
  columns: {
    id: 'id',
    label: 'label',
    ssoURL: 'ssoURL',
    entityID: 'entityID',
    certificate: 'certificate',
    defaultRole: 'defaultRole',
    createdAt: 'createdAt',
  },
  relations: { defaultTeam: { type: 'Team' } },
  // Their resolvers above answer them from these columns (and the subject's).
  computed: { status: ['entityID', 'certificate', 'ssoURL'], service: ['id'], urls: ['id'] },
  subject: ['organizationId'],
  // The type checks nothing of its own: its list is the organization's admins' (samlProviderListWhere).
  visible: () => true,
});

const organizationSamlProviders: ScopedList<{ id: string }, unknown> = {
  model: (ctx) => ctx.prisma.samlProvider,
  where: (org, _args, ctx) => samlProviderListWhere(ctx, org),
  orderBy: oldestFirst,
  preload: preloadRelatedTeams('defaultTeam', 'defaultTeamId'),
};
planList('Organization', 'samlProviders', 'SamlProvider', organizationSamlProviders, { preloadReads: ['defaultTeamId'] });

builder.prismaObjectField('Organization', 'samlProviders', (t) =>
  t.prismaConnection(
    {
      type: 'SamlProvider',
      cursor: 'id',
      description: "The organization's SAML providers (admins), oldest first.",
      // Reads providers, not the organization: their policy checks the scope.
      skipTypeScopes: true,
      ...scopedList(organizationSamlProviders),
    },
    SamlProviderConnection,
  ),
);

builder.prismaObjectField('Organization', 'samlProvider', (t) =>
  t.prismaField({
    type: 'SamlProvider',
    description: 'One SAML provider, by id (admins); NOT_FOUND when absent.',
    args: { id: t.arg.id({ required: true, description: 'Id of the provider.' }) },
    skipTypeScopes: true,
    resolve: (query, org, args, ctx) => findSamlProvider(ctx, org.id, args.id, query),
  }),
);

const SsoProviderLogin = builder.simpleObject('SsoProviderLogin', {
  description: 'How to log in through one identity provider of an organization.',
  fields: (t) => ({
    id: t.id({ description: 'Id of the provider.' }),
    label: t.string({ description: 'Label of the provider.' }),
    startURL: t.string({ description: 'Where the login starts.' }),
  }),
});

const SsoLogins = builder.simpleObject('SsoLogins', {
  description: "An organization's single sign-on login info.",
  fields: (t) => ({
    organizationId: t.id({ description: 'Id of the organization.' }),
    items: t.field({ type: [SsoProviderLogin], description: 'Its active identity providers, oldest first.' }),
  }),
});

builder.queryField('organizationSso', (t) =>
  t.field({
    type: SsoLogins,
    description: "Login info of an organization's active SAML providers (anyone who can see the organization).",
    args: { organizationId: t.arg.id({ required: true, description: 'Id of the organization.' }) },
    resolve: async (_root, args, ctx) => ({ organizationId: args.organizationId, items: await ssoLogins(ctx, args.organizationId) }),
  }),
);

const providerFields = (t: InputFieldBuilder) => ({
  label: t.string({ description: 'Label: 1 to 30 characters (required on create).' }),
  entityID: t.string({ description: "The identity provider's entity id (at most 1024 characters)." }),
  certificate: t.string({ description: "The identity provider's PEM X.509 signing certificate (at most 10000 characters)." }),
  ssoURL: t.string({ description: "The identity provider's single sign-on URL (absolute http(s) URL, at most 2048 characters)." }),
  defaultTeam: t.id({ description: 'A team of the organization that users who join through the provider are put in; null: none.' }),
  defaultRole: t.field({
    type: RoleEnum,
    description: 'Role of users who join through the provider; null: guests (create: read when absent).',
  }),
});
const providerKey = (t: InputFieldBuilder) => ({
  organizationId: t.id({ required: true, description: 'Id of the organization.' }),
  samlProviderId: t.id({ required: true, description: 'Id of the provider.' }),
});
const providerPayload = (description: string) => ({
  description,
  outputFields: (t: any) => ({
    // eslint-disable-line @typescript-eslint/no-explicit-any
    samlProvider: t.field({
      type: SamlProviderRef,
      description: 'The provider.',
      resolve: (p: { samlProvider: SamlProvider }) => p.samlProvider,
    }),
  }),
});

builder.relayMutationField(
  'createSamlProvider',
  {
    description: 'Arguments of createSamlProvider.',
    inputFields: (t) => ({ organizationId: t.id({ required: true, description: 'Id of the organization.' }), ...providerFields(t) }),
  },
  {
    description: 'Adds a SAML provider to an organization (admins).',
    resolve: async (_root, { input }, ctx) => ({ samlProvider: await createSamlProvider(ctx, input.organizationId, input) }),
  },
  providerPayload('The result of createSamlProvider.'),
);

builder.relayMutationField(
  'updateSamlProvider',
  { description: 'Arguments of updateSamlProvider.', inputFields: (t) => ({ ...providerKey(t), ...providerFields(t) }) },
  {
    description: 'Changes a SAML provider (admins); absent fields keep their value.',
    resolve: async (_root, { input }, ctx) => ({
      samlProvider: await updateSamlProvider(ctx, input.organizationId, input.samlProviderId, input),
    }),
  },
  providerPayload('The result of updateSamlProvider.'),
);

builder.relayMutationField(
  'deleteSamlProvider',
  { description: 'Arguments of deleteSamlProvider.', inputFields: (t) => providerKey(t) },
  {
    description: 'Deletes a SAML provider (admins). Idempotent.',
    resolve: async (_root, { input }, ctx) =>
      deletion(await deleteSamlProvider(ctx, input.organizationId, input.samlProviderId), input.samlProviderId),
  },
  { description: 'The result of deleteSamlProvider.', outputFields: (t) => deletionFields(t, 'deleted', 'SamlProvider') },
);

builder.relayMutationField(
  'setSsoMember',
  {
    description: 'Arguments of setSsoMember.',
    inputFields: (t) => ({
      organizationId: t.id({ required: true, description: 'Id of the organization.' }),
      userId: t.id({ required: true, description: "The member's user id." }),
    }),
  },
  {
    description: 'Marks a member of the organization as an SSO member (admins): they may then hold API tokens where SSO is enforced.',
    resolve: async (_root, { input }, ctx) => ({ member: await setSsoMember(ctx, input.organizationId, input.userId) }),
  },
  {
    description: 'The result of setSsoMember.',
    outputFields: (t) => ({ member: t.field({ type: MemberRef, description: 'The member as changed.', resolve: (p) => p.member }) }),
  },
);
