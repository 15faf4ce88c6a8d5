import { builder } from '../../schema/builder.js';
import { requireActor, type Context } from '../../context.js';
import { can, organizationPolicy } from '../../policy/index.js';
import { RoleEnum, restEnum } from '../shared/enums.js';
import { permissionsType } from '../shared/permissions.js';
import { urlsFor } from '../shared/urls.js';
import { findOrganization, joinOrganization, organizationsForEmailDomain, updateOrganization } from './service.js';

const OrganizationPermissions = permissionsType('OrganizationPermissions', organizationPolicy, [
  'view', 'access', 'admin', 'ownTeam', 'createContent', 'createOpenAPISpec', 'ingestConversations', 'viewBilling',
  'listMembers', 'listTeams', 'listIntegrations', 'listInstallations', 'installIntegration',
]);

const DefaultContentType = restEnum('DefaultContentType', ['site'] as const);

const DefaultContent = builder.simpleObject('OrganizationDefaultContent', {
  fields: (t) => ({ type: t.field({ type: DefaultContentType }), site: t.id() }),
});

const OrganizationUrls = builder.simpleObject('OrganizationUrls', {
  fields: (t) => ({ location: t.string(), app: t.string(), logo: t.string({ nullable: true }) }),
});

const OrganizationTrial = builder.simpleObject('OrganizationTrial', {
  description: 'Quire has no trials: every organization reports "notapplicable".',
  fields: (t) => ({ status: t.string(), count: t.int() }),
});

export const OrganizationRef = builder.prismaNode('Organization', {
  id: { field: 'id' },
  // Select mode: only the columns the query asks for, plus what the policy reads.
  select: { id: true, emailDomains: true },
  // `read`: the organization's fields need organization:read; fields leading elsewhere skip this check (skipTypeScopes).
  authScopes: (org, ctx) => can(organizationPolicy, requireActor(ctx), org, 'read'),
  fields: (t) => ({
    title: t.exposeString('title'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    emailDomains: t.exposeStringList('emailDomains'),
    hostname: t.exposeString('hostname', { nullable: true }),
    customHostname: t.exposeString('customHostname', { nullable: true }),
    defaultRole: t.field({ type: RoleEnum, nullable: true, select: { defaultRole: true }, resolve: (org) => org.defaultRole }),
    defaultContent: t.field({
      type: DefaultContent,
      nullable: true,
      select: { defaultContentSiteId: true },
      resolve: (org) => (org.defaultContentSiteId ? { type: 'site' as const, site: org.defaultContentSiteId } : null),
    }),
    sso: t.exposeBoolean('sso'),
    ai: t.exposeBoolean('ai'),
    inviteLinks: t.exposeBoolean('inviteLinks'),
    mergeRules: t.expose('mergeRules', { type: 'JSON' }),
    type: t.exposeString('type'),
    useCase: t.exposeString('useCase', { nullable: true }),
    communityType: t.exposeString('communityType', { nullable: true }),
    plan: t.exposeString('plan'),
    trial: t.field({ type: OrganizationTrial, resolve: () => ({ status: 'notapplicable', count: 0 }) }),
    urls: t.field({
      type: OrganizationUrls,
      select: { logoURL: true },
      resolve: (org, _, ctx) => ({ ...urlsFor.organization(ctx.urls, org.id), logo: org.logoURL }),
    }),
    permissions: t.field({ type: OrganizationPermissions.type, resolve: OrganizationPermissions.resolve }),
  }),
});

/** The caller's organizations: enabled memberships only, guests included. */
const callersOrganizations = (ctx: Context) => ({ members: { some: { userId: requireActor(ctx).userId, disabled: false } } });

builder.queryFields((t) => ({
  organizations: t.prismaConnection({
    type: 'Organization',
    cursor: 'id',
    description: "The caller's organizations (guest memberships included, disabled ones not).",
    totalCount: (_root, _args, ctx) => ctx.prisma.organization.count({ where: callersOrganizations(ctx) }),
    resolve: (query, _root, _args, ctx) =>
      ctx.prisma.organization.findMany({ ...query, where: callersOrganizations(ctx), orderBy: { id: 'asc' } }),
  }),
  organization: t.prismaField({
    type: 'Organization',
    args: { id: t.arg.id({ required: true }) },
    resolve: (query, _root, args, ctx) => findOrganization(ctx, args.id, query),
  }),
  organizationsForEmailDomain: t.prismaField({
    type: ['Organization'],
    description: "Organizations that allow the caller's own verified e-mail domain.",
    args: { emailDomain: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) => organizationsForEmailDomain(ctx, args.emailDomain, query),
  }),
}));

const DefaultContentInput = builder.inputType('OrganizationDefaultContentInput', {
  fields: (t) => ({ type: t.field({ type: DefaultContentType, required: true }), site: t.id({ required: true }) }),
});

const UpdateOrganizationInput = builder.inputType('UpdateOrganizationInput', {
  fields: (t) => ({
    title: t.string(),
    emailDomains: t.stringList(),
    hostname: t.string(),
    defaultRole: t.field({ type: RoleEnum }),
    defaultContent: t.field({ type: DefaultContentInput }),
    logo: t.string(),
    sso: t.boolean(),
    ai: t.boolean(),
    inviteLinks: t.boolean(),
    mergeRules: t.field({ type: 'JSON' }),
  }),
});

builder.mutationFields((t) => ({
  updateOrganization: t.prismaField({
    type: 'Organization',
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateOrganizationInput, required: true }) },
    resolve: (query, _root, args, ctx) => updateOrganization(ctx, args.id, args.input, query),
  }),
  joinOrganization: t.prismaField({
    type: 'Organization',
    description: "Joins an organization that allows the caller's verified e-mail domain.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      await joinOrganization(ctx, args.id);
      return findOrganization(ctx, args.id, query);
    },
  }),
}));
