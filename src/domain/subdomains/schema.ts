// Subdomain lookups (REST GET /subdomains/{subdomain}).
import { builder } from '../../schema/builder.js';
import { restEnum } from '../../schema/enums.js';
import { findSubdomain, type Subdomain } from './service.js';

const SubdomainTargetType = restEnum('SubdomainTargetType', ['organization'] as const, 'What a subdomain points to.', {
  organization: 'An organization: its published content is served there.',
});

const SubdomainTarget = builder.objectRef<{ organizationId: string }>('SubdomainTarget').implement({
  description: 'What a subdomain points to.',
  fields: (t) => ({
    type: t.field({ type: SubdomainTargetType, description: 'The kind of target.', resolve: () => 'organization' as const }),
    organization: t.exposeID('organizationId', { description: 'Id of the organization.' }),
  }),
});

const SubdomainRef = builder.objectRef<Subdomain>('Subdomain').implement({
  description: 'A platform subdomain (`acme` in acme.<platform host>) and the organization that holds it.',
  fields: (t) => ({
    subdomain: t.exposeString('subdomain', { description: 'The subdomain: 3 to 32 lowercase letters, digits and dashes.' }),
    target: t.field({
      type: SubdomainTarget,
      description: 'What the subdomain points to.',
      resolve: (s) => ({ organizationId: s.organizationId }),
    }),
    isActive: t.exposeBoolean('isActive', { description: 'Whether published content is served there.' }),
  }),
});

builder.queryField('subdomain', (t) =>
  t.field({
    type: SubdomainRef,
    description: 'The organization that holds a platform subdomain; NOT_FOUND when none does.',
    args: { subdomain: t.arg.string({ required: true, description: 'The subdomain, e.g. "acme".' }) },
    resolve: (_root, args, ctx) => findSubdomain(ctx, args.subdomain),
  }),
);
