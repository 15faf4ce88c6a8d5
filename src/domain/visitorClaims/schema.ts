// `pingOrganization` (REST POST /orgs/{organizationId}/ping).
import { builder } from '../../schema/builder.js';
import { pingOrganization } from './service.js';

const OrganizationPing = builder.simpleObject('OrganizationPing', {
  description: 'What a ping answers.',
  fields: (t) => ({
    lastSeenAt: t.field({ type: 'DateTime', description: "The member's last activity, as now recorded." }),
    docsVisitorClaims: t.string({
      nullable: true,
      description:
        "A signed JWT of the member's visitor claims, for sites with visitor-auth visibility; null when no signing key is configured.",
    }),
  }),
});

builder.relayMutationField(
  'pingOrganization',
  {
    description: 'Arguments of pingOrganization.',
    inputFields: (t) => ({ organizationId: t.id({ required: true, description: 'Id of the organization.' }) }),
  },
  {
    description: "Records the caller's activity in the organization (members) and answers their signed visitor claims.",
    resolve: async (_root, { input }, ctx) => ({ ping: await pingOrganization(ctx, input.organizationId) }),
  },
  {
    description: 'The result of pingOrganization.',
    outputFields: (t) => ({ ping: t.field({ type: OrganizationPing, description: 'The ping.', resolve: (p) => p.ping }) }),
  },
);
