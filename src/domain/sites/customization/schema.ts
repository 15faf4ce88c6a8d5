// Site customization in the graph: Site.customization and
// Site.siteSpaceCustomization (the effective settings, as JSON of the public
// document's SiteCustomizationSettings), and the mutations that change them.
import { builder, type ObjectFieldBuilder } from '../../../schema/builder.js';
import { requireActor } from '../../../context.js';
import { authorize, sitePolicy } from '../../../policy/index.js';
import { deletion, deletionFields } from '../../../schema/payloads.js';
import { siteIdFields } from '../schema.js';
import {
  deleteSiteSpaceCustomization,
  overrideSiteSpaceCustomization,
  siteCustomization,
  siteSpaceCustomization,
  updateSiteCustomization,
} from './service.js';

builder.prismaObjectFields('Site', (t) => ({
  customization: t.field({
    type: 'JSON',
    description:
      "The site's customization settings (SiteCustomizationSettings of the public API): the defaults until set, then what was set with `updatedAt`.",
    resolve: (site, _args, ctx) => siteCustomization(ctx, authorize(sitePolicy, requireActor(ctx), site, 'viewCustomization').id),
  }),
  siteSpaceCustomization: t.field({
    type: 'JSON',
    description:
      "A site space's effective settings: its overrides over the site's, with `hasOverrides` (NOT_FOUND for a site space not of this site).",
    args: { siteSpaceId: t.arg.id({ required: true, description: 'Id of the site space.' }) },
    resolve: (site, args, ctx) =>
      siteSpaceCustomization(ctx, authorize(sitePolicy, requireActor(ctx), site, 'viewCustomization').id, args.siteSpaceId),
  }),
}));

const customizationOutput = (description: string) => ({
  description,
  outputFields: (t: ObjectFieldBuilder<{ customization: unknown }>) => ({
    customization: t.field({ type: 'JSON', description: 'The effective settings.', resolve: (p) => p.customization }),
  }),
});

builder.relayMutationField(
  'updateSiteCustomization',
  {
    description: 'Arguments of updateSiteCustomization.',
    inputFields: (t) => ({
      ...siteIdFields(t),
      settings: t.field({
        type: 'JSON',
        required: true,
        description: 'Every setting (SiteCustomizationSettingsInput of the public API; at most 64,000 characters of JSON).',
      }),
    }),
  },
  {
    description: "Replaces a site's customization settings (site admins).",
    resolve: async (_root, { input }, ctx) => ({ customization: await updateSiteCustomization(ctx, input) }),
  },
  customizationOutput('The result of updateSiteCustomization.'),
);

builder.relayMutationField(
  'overrideSiteSpaceCustomization',
  {
    description: 'Arguments of overrideSiteSpaceCustomization.',
    inputFields: (t) => ({
      ...siteIdFields(t),
      siteSpaceId: t.id({ required: true, description: 'Id of the site space.' }),
      overrides: t.field({
        type: 'JSON',
        required: true,
        description: 'The settings to override (absent ones stay, null resets one to the site’s).',
      }),
    }),
  },
  {
    description: "Overrides some of a site's settings for one site space (site admins).",
    resolve: async (_root, { input }, ctx) => ({ customization: await overrideSiteSpaceCustomization(ctx, input) }),
  },
  customizationOutput('The result of overrideSiteSpaceCustomization.'),
);

builder.relayMutationField(
  'deleteSiteSpaceCustomization',
  {
    description: 'Arguments of deleteSiteSpaceCustomization.',
    inputFields: (t) => ({ ...siteIdFields(t), siteSpaceId: t.id({ required: true, description: 'Id of the site space.' }) }),
  },
  {
    description: "Removes a site space's overrides: it then has its site's settings (site admins). Idempotent.",
    resolve: async (_root, { input }, ctx) => deletion(await deleteSiteSpaceCustomization(ctx, input), input.siteSpaceId),
  },
  {
    description: 'The result of deleteSiteSpaceCustomization.',
    outputFields: (t) => deletionFields(t, 'deleted', 'SiteSpaceCustomization'),
  },
);
