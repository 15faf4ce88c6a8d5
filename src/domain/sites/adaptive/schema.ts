// Adaptive content in the graph: Site.adaptiveSchema, Site.adaptiveTemplateConditions
// and updateSiteAdaptiveSchema.
import { builder } from '../../../schema/builder.js';
import { requireActor } from '../../../context.js';
import { authorize, sitePolicy } from '../../../policy/index.js';
import { siteIdFields } from '../schema.js';
import { adaptiveSchemaOf, setAdaptiveSchema, templateConditions, type SiteAdaptiveSchemaView } from './service.js';

const SiteAdaptiveSchema = builder.objectRef<SiteAdaptiveSchemaView>('SiteAdaptiveSchema').implement({
  description: "The JSON schema (draft-07) of the claims a site's visitors carry.",
  fields: (t) => ({
    jsonSchema: t.field({
      type: 'JSON',
      description: 'The schema: an object whose `unsigned` object and other properties are booleans with a description.',
      resolve: (s) => s.jsonSchema,
    }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it was last set (the creation of the site until then).' }),
  }),
});

const TemplateCondition = builder.simpleObject('SiteAdaptiveTemplateCondition', {
  description: 'A condition suggested by the adaptive schema.',
  fields: (t) => ({
    description: t.string({ description: 'What the condition tests (the description of its claim).' }),
    condition: t.string({ description: 'The expression.' }),
  }),
});

const TemplateConditions = builder.simpleObject('SiteAdaptiveTemplateConditions', {
  description: 'The conditions suggested by the adaptive schema of a site.',
  fields: (t) => ({ items: t.field({ type: [TemplateCondition], description: 'One per claim: unsigned claims after the others.' }) }),
});

builder.prismaObjectFields('Site', (t) => ({
  adaptiveSchema: t.field({
    type: SiteAdaptiveSchema,
    description: 'The adaptive schema of the site (an empty one until set).',
    resolve: (site, _args, ctx) => adaptiveSchemaOf(authorize(sitePolicy, requireActor(ctx), site, 'viewAdaptiveSchema')),
  }),
  adaptiveTemplateConditions: t.field({
    type: TemplateConditions,
    description: 'Conditions derived from the adaptive schema, one per claim.',
    resolve: (site, _args, ctx) => ({
      items: templateConditions(adaptiveSchemaOf(authorize(sitePolicy, requireActor(ctx), site, 'viewAdaptiveSchema')).jsonSchema),
    }),
  }),
}));

builder.relayMutationField(
  'updateSiteAdaptiveSchema',
  {
    description: 'Arguments of updateSiteAdaptiveSchema.',
    inputFields: (t) => ({
      ...siteIdFields(t),
      jsonSchema: t.field({
        type: 'JSON',
        required: true,
        description: 'The new schema: draft-07, of the documented form (else BAD_USER_INPUT saying why).',
      }),
    }),
  },
  {
    description: 'Replaces the adaptive schema of a site (site admins).',
    resolve: async (_root, { input }, ctx) => ({ adaptiveSchema: await setAdaptiveSchema(ctx, input) }),
  },
  {
    description: 'The result of updateSiteAdaptiveSchema.',
    outputFields: (t) => ({
      adaptiveSchema: t.field({ type: SiteAdaptiveSchema, description: 'The schema as set.', resolve: (p) => p.adaptiveSchema }),
    }),
  },
);
