// Content templates in GraphQL: the catalogue (`spaceTemplates`) and
// `applySpaceTemplate` (REST POST /spaces/{spaceId}/content/template).
import { builder } from '../../schema/builder.js';
import { templates, type SpaceTemplateDefinition, type TemplateSlot } from './catalogue.js';
import { applyTemplate } from './service.js';

const TemplateSlotType = builder.objectRef<TemplateSlot>('SpaceTemplateContentRef').implement({
  description: 'A named reference a template takes in `params.contentRefs`.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Its name, the key in `contentRefs`.' }),
    kind: t.exposeString('kind', { description: 'What it references ("file").' }),
    required: t.exposeBoolean('required', { description: 'Whether the template needs it.' }),
    description: t.exposeString('description', { description: 'What it is used for.' }),
  }),
});

const SpaceTemplateType = builder.objectRef<SpaceTemplateDefinition>('SpaceTemplate').implement({
  description: 'A built-in content template: the pages it creates in a space.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Stable id, given to applySpaceTemplate.' }),
    title: t.exposeString('title', { description: 'Title.' }),
    subtitle: t.exposeString('subtitle', { description: 'What it holds.' }),
    emoji: t.exposeString('emoji', { description: 'Emoji (its code points in hex).' }),
    features: t.exposeStringList('features', { description: 'What the template shows off.' }),
    contentRefs: t.field({ type: [TemplateSlotType], description: 'The references it takes.', resolve: (tpl) => tpl.contentRefs }),
    pageTitles: t.stringList({
      description: 'Titles of the pages it creates at the root.',
      resolve: (tpl) => tpl.pages.map((p) => p.title),
    }),
  }),
});

builder.queryField('spaceTemplates', (t) =>
  t.field({
    type: [SpaceTemplateType],
    description: 'The built-in content templates.',
    authScopes: { authenticated: true },
    resolve: () => [...templates],
  }),
);

builder.relayMutationField(
  'applySpaceTemplate',
  {
    description: 'Arguments of applySpaceTemplate.',
    inputFields: (t) => ({
      spaceId: t.id({ required: true, description: 'Id of the space.' }),
      id: t.string({ required: true, description: 'Id of the template (spaceTemplates).' }),
      params: t.field({ type: 'JSON', description: '`{contentRefs: {<name>: {kind: "file", file}}}`: the references the template takes.' }),
      changeRequestId: t.id({ description: 'Apply to this change request rather than to the main content.' }),
    }),
  },
  {
    description: "Adds a template's pages at the end of the space's content (a new revision), or of a change request's.",
    resolve: async (_root, { input }, ctx) => ({
      revision: await applyTemplate(ctx, input.spaceId, {
        id: input.id,
        params: input.params,
        changeRequestId: input.changeRequestId == null ? null : String(input.changeRequestId),
      }),
    }),
  },
  {
    description: 'The result of applySpaceTemplate.',
    outputFields: (t) => ({
      revision: t.id({ description: 'The new revision.', resolve: (p) => p.revision }),
      applied: t.boolean({ description: 'Always true: the template was applied (REST answers 201 without a body).', resolve: () => true }),
    }),
  },
);
