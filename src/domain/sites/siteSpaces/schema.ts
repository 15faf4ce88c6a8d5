// Site spaces (4.4) in the graph: the node, the site's list of them, and their
// mutations.
import { completeValue } from '@pothos/core';
import { builder, type ObjectFieldBuilder } from '../../../schema/builder.js';
import type { SiteSpace } from '../../../generated/prisma/client.js';
import type { Context } from '../../../context.js';
import { itemsOfSite, mayOnSite, mayShowPublishedSpace } from '../access.js';
import { scopedList, type ScopedList } from '../../../schema/lists.js';
import { planList, planRelation, planType } from '../../../schema/plan/plan.js';
import { nodeConnection } from '../../../schema/connections.js';
import { deletion, deletionFields } from '../../../schema/payloads.js';
import { siteRows, type SiteRow } from '../loaders.js';
import { sitePublishedBase } from '../addresses.js';
import { presentShareKey, sharedUrl } from '../shareLinks/shareKeys.js';
import { siteIdFields } from '../schema.js';
import { liveSiteSpace } from '../structure/scopes.js';
import { inStructureOrder } from '../structure/order.js';
import { addSiteSpace, deleteSiteSpace, updateSiteSpace } from './service.js';

// The site row, at once after its first load in the request (each site space asks).
export const siteRowOf = (ctx: Context, siteId: string) => siteRows(ctx).load(siteId) as SiteRow | Promise<SiteRow>;

export const PublishedUrls = builder.simpleObject('SitePublishedUrls', {
  description: 'Where readers find an item of a site.',
  fields: (t) => ({ published: t.string({ nullable: true, description: 'Its published address; null while the site is unpublished.' }) }),
});

/** Whether the caller gets the space a site space publishes (its `space` field's check, planned or not). */
const showsSpace = (siteSpace: SiteSpace, ctx: Context) => mayShowPublishedSpace(ctx, siteSpace);

export const SiteSpaceRef = builder.prismaNode('SiteSpace', {
  id: { field: 'id' },
  description: 'A space published on a site, at its root or in a section (a variant of the section).',
  authScopes: (siteSpace, ctx) => mayOnSite(ctx, siteSpace.siteId, 'view'),
  fields: (t) => ({
    path: t.exposeString('path', { description: 'Path of the site space under its section (or the site), 1 to 100 characters.' }),
    siteId: t.exposeID('siteId', { description: 'Id of the site.' }),
    sectionId: t.exposeID('sectionId', { nullable: true, description: 'Id of its section; null at the root of the site.' }),
    condition: t.exposeString('condition', { nullable: true, description: 'Expression deciding whether a visitor sees it; null: always.' }),
    space: t.relation('space', {
      description:
        "The published space: whoever may see the site sees the spaces it publishes (the space's permissions say what they may do with it); a token needs space:read.",
      // The site's rule, not the space's: a reader of a share-link site, or a member kept out of the space, still gets it.
      authScopes: (siteSpace, _args, ctx) => showsSpace(siteSpace, ctx),
    }),
    title: t.string({
      description: 'Title of the published space.',
      select: { space: { select: { title: true } } },
      resolve: (siteSpace) => siteSpace.space.title,
    }),
    default: t.boolean({
      description: 'Whether it is the default site space of its section (or of the root of the site).',
      select: { section: { select: { defaultSiteSpaceId: true } } },
      resolve: (siteSpace, _args, ctx) =>
        siteSpace.section
          ? siteSpace.section.defaultSiteSpaceId === siteSpace.id
          : completeValue(siteRowOf(ctx, siteSpace.siteId), (row) => row.defaultSiteSpaceId === siteSpace.id),
    }),
    draft: t.boolean({ description: 'Whether it is a draft: Quire publishes no drafts, so false.', resolve: () => false }),
    urls: t.field({
      type: PublishedUrls,
      description: 'Where readers find it.',
      select: { section: { select: { path: true } } },
      resolve: (siteSpace, _args, ctx) =>
        completeValue(siteRowOf(ctx, siteSpace.siteId), (row) => {
          const section = siteSpace.section ? `/${siteSpace.section.path}` : '';
          const url = row.published ? `${sitePublishedBase(ctx.urls, row)}${section}/${siteSpace.path}` : null;
          return completeValue(sharedUrl(ctx, row, url), (published) => ({ published }));
        }),
    }),
  }),
});

// The published structure asks it of every site space: their spaces are read together, in one statement.
planRelation('SiteSpace', 'space', 'Space', { model: 'SiteSpace', shown: showsSpace });

// A section's site spaces are read with their spaces, in one statement for every section (sections/schema.ts).
planType('SiteSpace', {
  model: 'SiteSpace',
  columns: { id: 'id', path: 'path', siteId: 'siteId', sectionId: 'sectionId', condition: 'condition' },
  relations: { space: { type: 'Space', shown: (_space, ctx, siteSpace) => showsSpace(siteSpace as never, ctx) } },
  // Their resolvers above answer them from the subject: its space's title, its section's default and path, the site's row.
  computed: { title: [], default: [], draft: [], urls: [] },
  subject: ['id', 'siteId', 'spaceId', 'sectionId', 'path'],
  subjectRelations: { space: ['title'], section: ['defaultSiteSpaceId', 'path'] },
  visible: (siteSpace, ctx) => mayOnSite(ctx, siteSpace.siteId as string, 'view'),
});

export const SiteSpaceConnection = nodeConnection(SiteSpaceRef, 'SiteSpace', { items: 'site spaces' });

/** Site spaces that are the default of their scope (the root of their site, or their section). */
const isDefaultSiteSpace = { OR: [{ sectionId: null, defaultOfSites: { some: {} } }, { defaultOf: { some: {} } }] };

const siteSpacesOfSite: ScopedList<{ id: string }, { default?: boolean | null; shareKey?: string | null }> = {
  model: (ctx) => ctx.prisma.siteSpace,
  where: async (s, args, ctx) => {
    presentShareKey(ctx, s.id, args.shareKey);
    const byDefault = args.default === true ? isDefaultSiteSpace : args.default === false ? { NOT: isDefaultSiteSpace } : {};
    return { ...(await itemsOfSite(ctx, s.id)), ...liveSiteSpace, ...byDefault };
  },
  orderBy: inStructureOrder('section'),
};
planList('Site', 'siteSpaces', 'SiteSpace', siteSpacesOfSite);

builder.prismaObjectField('Site', 'siteSpaces', (t) =>
  t.prismaConnection(
    {
      type: 'SiteSpace',
      cursor: 'id',
      description: 'Site spaces of the site (of live spaces) in their order: by section (in the order of the sections), then by position.',
      args: {
        default: t.arg.boolean({ description: 'true: only default site spaces; false: only the others; omitted: all.' }),
        shareKey: t.arg.string({ description: "Key of an active share link: the published URLs of a share-link site's items carry it." }),
      },
      ...scopedList(siteSpacesOfSite),
    },
    SiteSpaceConnection,
  ),
);

const siteSpaceField = <P extends { siteSpace: SiteSpace }>(t: ObjectFieldBuilder<P>, description: string) =>
  t.field({ type: SiteSpaceRef, description, resolve: (payload) => payload.siteSpace });

builder.relayMutationField(
  'addSiteSpace',
  {
    description: 'Arguments of addSiteSpace.',
    inputFields: (t) => ({
      ...siteIdFields(t),
      spaceId: t.id({ required: true, description: 'The space to publish.' }),
      sectionId: t.id({ description: 'Section to add it to; omitted: the default section, or the root of a site without sections.' }),
    }),
  },
  {
    description: 'Publishes a space on a site (at the end of its section or of the root); the first of a scope becomes its default.',
    resolve: async (_root, { input }, ctx) => ({ siteSpace: await addSiteSpace(ctx, input) }),
  },
  { description: 'The result of addSiteSpace.', outputFields: (t) => ({ siteSpace: siteSpaceField(t, 'The new site space.') }) },
);

builder.relayMutationField(
  'updateSiteSpace',
  {
    description: 'Arguments of updateSiteSpace: the fields to change (absent ones stay).',
    inputFields: (t) => ({
      ...siteIdFields(t),
      siteSpaceId: t.id({ required: true, description: 'Id of the site space.' }),
      path: t.string({ description: 'Path, 1 to 100 characters, unique in its section (or the root).' }),
      condition: t.string({ description: 'Expression deciding whether a visitor sees it, at most 1024 characters; null removes it.' }),
      spaceId: t.id({ description: 'The space it publishes instead.' }),
    }),
  },
  {
    description: 'Changes a site space.',
    resolve: async (_root, { input }, ctx) => ({ siteSpace: await updateSiteSpace(ctx, input) }),
  },
  { description: 'The result of updateSiteSpace.', outputFields: (t) => ({ siteSpace: siteSpaceField(t, 'The site space as changed.') }) },
);

builder.relayMutationField(
  'deleteSiteSpace',
  {
    description: 'Arguments of deleteSiteSpace.',
    inputFields: (t) => ({ ...siteIdFields(t), siteSpaceId: t.id({ required: true, description: 'Id of the site space.' }) }),
  },
  {
    description: 'Removes a space from a site (the space stays); the next one of its scope becomes the default if it was. Idempotent.',
    resolve: async (_root, { input }, ctx) => deletion(await deleteSiteSpace(ctx, input), input.siteSpaceId),
  },
  { description: 'The result of deleteSiteSpace.', outputFields: (t) => deletionFields(t, 'deleted', 'SiteSpace') },
);
