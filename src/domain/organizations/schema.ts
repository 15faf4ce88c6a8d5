import { scopedList, type ScopedList } from '../../schema/lists.js';
import { planList, planType } from '../../schema/plan/plan.js';
import { builder } from '../../schema/builder.js';
import { requireActor, type Context } from '../../context.js';
import { can, organizationPolicy } from '../../policy/index.js';
import type { OrganizationSubject } from '../../policy/organization.js';
import { RoleEnum, restEnum } from '../../schema/enums.js';
import { permissionsType } from '../../schema/permissions.js';
import { urlsFor } from '../shared/urls.js';
import { nodeConnection } from '../../schema/connections.js';
import { findOrganization, joinOrganization, organizationsForEmailDomain, updateOrganization } from './service.js';

const OrganizationPermissions = permissionsType('OrganizationPermissions', organizationPolicy, [
  'view',
  'access',
  'admin',
  'ownTeam',
  'createContent',
  'createOpenAPISpec',
  'ingestConversations',
  'viewBilling',
  'listMembers',
  'listTeams',
  'listIntegrations',
  'listInstallations',
  'installIntegration',
]);

const DefaultContentType = restEnum('DefaultContentType', ['site'] as const, 'What kind of content opens by default.', {
  site: 'A published site.',
});

const DefaultContent = builder.simpleObject('OrganizationDefaultContent', {
  description: 'The content visitors of the organization land on.',
  fields: (t) => ({
    type: t.field({ type: DefaultContentType, description: 'The kind of content.' }),
    site: t.id({ description: 'Id of the site.' }),
  }),
});

const OrganizationUrls = builder.simpleObject('OrganizationUrls', {
  description: 'Links to an organization.',
  fields: (t) => ({
    location: t.string({ description: 'The organization in the API.' }),
    app: t.string({ description: 'The organization in the app.' }),
    logo: t.string({ nullable: true, description: 'URL of its logo, if any.' }),
  }),
});

const OrganizationTrial = builder.simpleObject('OrganizationTrial', {
  description: 'Quire has no trials: every organization reports "notapplicable".',
  fields: (t) => ({ status: t.string({ description: 'Always "notapplicable".' }), count: t.int({ description: 'Always 0.' }) }),
});

/** Whether the caller may read an organization's fields (the type's scopes, and the read planner's check). */
const organizationReadable = (org: OrganizationSubject, ctx: Context) => can(organizationPolicy, requireActor(ctx), org, 'read');

export const OrganizationRef = builder.prismaNode('Organization', {
  id: { field: 'id' },
  description: 'An organization: the tenant that owns members, teams, spaces and collections.',
  // Select mode: only the columns the query asks for, plus what the policy reads. It is
  // joined into its spaces' rows as JSON, where every column costs Prisma a mapping per row
  // (all columns: nested query 10 → 13 ms CPU, bench/README.md, session 6). The title is
  // read with every row, so its field is a plain read (see Collection, session 8).
  select: { id: true, emailDomains: true, title: true },
  // `read`: the organization's fields need organization:read; fields leading elsewhere skip this check (skipTypeScopes).
  authScopes: organizationReadable,
  // Per field, not once per object: its fields leading elsewhere skip the check.
  runScopesOnType: false,
  fields: (t) => ({
    title: t.string({ description: 'Name of the organization.', resolve: (org) => org.title }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    emailDomains: t.exposeStringList('emailDomains', { description: 'Users with a verified address at these domains may join.' }),
    hostname: t.exposeString('hostname', { nullable: true, description: 'Subdomain of its published content, if set.' }),
    customHostname: t.exposeString('customHostname', { nullable: true, description: 'Custom domain of its published content, if set.' }),
    defaultRole: t.field({
      type: RoleEnum,
      nullable: true,
      description: 'Role of members who join by e-mail domain; null: guests.',
      select: { defaultRole: true },
      resolve: (org) => org.defaultRole,
    }),
    defaultContent: t.field({
      type: DefaultContent,
      nullable: true,
      select: { defaultContentSiteId: true },
      description: 'The content visitors land on, if set.',
      resolve: (org) => (org.defaultContentSiteId ? { type: 'site' as const, site: org.defaultContentSiteId } : null),
    }),
    sso: t.exposeBoolean('sso', { description: 'Whether members sign in through single sign-on.' }),
    ai: t.exposeBoolean('ai', { description: 'Whether AI features are on.' }),
    inviteLinks: t.exposeBoolean('inviteLinks', { description: 'Whether invite links may be used.' }),
    mergeRules: t.expose('mergeRules', { type: 'JSON', description: 'Default rules a change request must meet to be merged.' }),
    type: t.exposeString('type', { description: 'Kind of organization (REST `type`).' }),
    useCase: t.exposeString('useCase', { nullable: true, description: 'What the organization documents, if said.' }),
    communityType: t.exposeString('communityType', { nullable: true, description: 'Kind of community, for community organizations.' }),
    plan: t.exposeString('plan', { description: 'Billing plan.' }),
    trial: t.field({
      type: OrganizationTrial,
      description: 'Trial status (none in Quire).',
      resolve: () => ({ status: 'notapplicable', count: 0 }),
    }),
    urls: t.field({
      type: OrganizationUrls,
      description: 'Links to the organization.',
      select: { logoURL: true },
      resolve: (org, _, ctx) => ({ ...urlsFor.organization(ctx.urls, org.id), logo: org.logoURL }),
    }),
    permissions: t.field({
      type: OrganizationPermissions.type,
      description: 'What the caller may do on the organization.',
      resolve: OrganizationPermissions.resolve,
    }),
  }),
});

// The fields of an organization the read planner answers from its columns (src/schema/plan).
planType('Organization', {
  model: 'Organization',
  columns: {
    id: 'id',
    title: 'title',
    createdAt: 'createdAt',
    emailDomains: 'emailDomains',
    hostname: 'hostname',
    customHostname: 'customHostname',
    sso: 'sso',
    ai: 'ai',
    inviteLinks: 'inviteLinks',
    mergeRules: 'mergeRules',
    type: 'type',
    useCase: 'useCase',
    communityType: 'communityType',
    plan: 'plan',
  },
  // Their resolvers above answer them from these columns (and the subject's).
  computed: { defaultRole: ['defaultRole'], defaultContent: ['defaultContentSiteId'], trial: [], urls: ['logoURL'], permissions: [] },
  subject: ['id', 'emailDomains'],
  // Its fields are read under `read` (its type's scopes, per field).
  visible: (org, ctx) => organizationReadable(org as never, ctx),
});

export const OrganizationConnection = nodeConnection(OrganizationRef, 'Organization', { items: 'organizations' });

/** The caller's organizations: enabled memberships only, guests included (only its own for a token an SSO login bound to one). */
const callersOrganizations = (ctx: Context) => {
  const actor = requireActor(ctx);
  return {
    members: { some: { userId: actor.userId, disabled: false } },
    ...(actor.boundOrganizationId ? { id: actor.boundOrganizationId } : {}),
  };
};

const callersOrganizationList: ScopedList<unknown, unknown> = {
  model: (ctx) => ctx.prisma.organization,
  where: (_root, _args, ctx) => callersOrganizations(ctx),
  orderBy: () => [{ id: 'asc' }],
};
planList('Query', 'organizations', 'Organization', callersOrganizationList);

builder.queryFields((t) => ({
  organizations: t.prismaConnection(
    {
      type: 'Organization',
      cursor: 'id',
      description: "The caller's organizations (guest memberships included, disabled ones not).",
      ...scopedList(callersOrganizationList),
    },
    OrganizationConnection,
  ),
  organization: t.prismaField({
    type: 'Organization',
    description: 'An organization the caller belongs to; NOT_FOUND otherwise.',
    args: { id: t.arg.id({ required: true, description: 'Id of the organization.' }) },
    resolve: (query, _root, args, ctx) => findOrganization(ctx, args.id, query),
  }),
  organizationsForEmailDomain: t.prismaField({
    type: ['Organization'],
    description: "Organizations that allow the caller's own verified e-mail domain.",
    args: { emailDomain: t.arg.string({ required: true, description: "The domain of one of the caller's verified addresses." }) },
    resolve: (query, _root, args, ctx) => organizationsForEmailDomain(ctx, args.emailDomain, query),
  }),
}));

const DefaultContentInput = builder.inputType('OrganizationDefaultContentInput', {
  description: 'The content visitors of the organization land on.',
  fields: (t) => ({
    type: t.field({ type: DefaultContentType, required: true, description: 'The kind of content.' }),
    site: t.id({ required: true, description: 'Id of a site of the organization.' }),
  }),
});

builder.relayMutationField(
  'updateOrganization',
  {
    description: 'Arguments of updateOrganization: the fields to change (absent ones stay).',
    inputFields: (t) => ({
      organizationId: t.id({ required: true, description: 'Id of the organization.' }),
      title: t.string({ description: 'Name: 2 to 255 characters.' }),
      emailDomains: t.stringList({ description: 'Domains whose verified users may join; null: none.' }),
      hostname: t.string({ description: 'Subdomain of its published content; null removes it.' }),
      defaultRole: t.field({ type: RoleEnum, description: 'Role of members who join by e-mail domain; null: guests.' }),
      defaultContent: t.field({ type: DefaultContentInput, description: 'The content visitors land on; null removes it.' }),
      logo: t.string({ description: 'URL of its logo; null removes it.' }),
      sso: t.boolean({ description: 'Whether members sign in through single sign-on.' }),
      ai: t.boolean({ description: 'Whether AI features are on.' }),
      inviteLinks: t.boolean({ description: 'Whether invite links may be used.' }),
      mergeRules: t.field({ type: 'JSON', description: 'Default rules a change request must meet to be merged.' }),
    }),
  },
  {
    description: "Changes an organization's settings (admins).",
    resolve: async (_root, { input }, ctx) => ({
      organization: await updateOrganization(ctx, input.organizationId, input),
    }),
  },
  {
    description: 'The result of updateOrganization.',
    outputFields: (t) => ({
      organization: t.field({ type: OrganizationRef, description: 'The organization as changed.', resolve: (p) => p.organization }),
    }),
  },
);

builder.relayMutationField(
  'joinOrganization',
  {
    description: 'Arguments of joinOrganization.',
    inputFields: (t) => ({ organizationId: t.id({ required: true, description: 'Id of the organization to join.' }) }),
  },
  {
    description: "Joins an organization that allows the caller's verified e-mail domain.",
    resolve: async (_root, { input }, ctx) => {
      await joinOrganization(ctx, input.organizationId);
      return { organization: await findOrganization(ctx, input.organizationId) };
    },
  },
  {
    description: 'The result of joinOrganization.',
    outputFields: (t) => ({
      organization: t.field({ type: OrganizationRef, description: 'The organization joined.', resolve: (p) => p.organization }),
    }),
  },
);
