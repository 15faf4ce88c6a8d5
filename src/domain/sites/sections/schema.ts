// Sections (4.3), section groups (4.2) and the order of a site's structure in
// the graph: their nodes, the site's lists, their mutations, and
// sortSiteStructure next to the deprecated moves it replaces.
import { completeValue } from '@pothos/core';
import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder, type InputFieldBuilder } from '../../../schema/builder.js';
import type { Context } from '../../../context.js';
import { itemsOfSite, mayOnSite } from '../access.js';
import { scopedList, type ScopedList } from '../../../schema/lists.js';
import { planChildren, planList, planType, planUnionChildren } from '../../../schema/plan/plan.js';
import { nodeConnection } from '../../../schema/connections.js';
import { deletion, deletionFields } from '../../../schema/payloads.js';
import { restEnum } from '../../../schema/enums.js';
import { siteRows, type SiteRow } from '../loaders.js';
import { sitePublishedBase } from '../addresses.js';
import { presentShareKey, sharedUrl } from '../shareLinks/shareKeys.js';
import { liveSiteSpace } from '../structure/scopes.js';
import { SiteRef, siteIdFields } from '../schema.js';
import { findPublishedSite, type PublishedSite } from '../publishedStructure.js';
import { publishedCustomizations } from '../customization/service.js';
import { SiteSpaceRef } from '../siteSpaces/schema.js';
import { inStructureOrder, type ItemRef, type ItemType, type Position } from '../structure/order.js';
import {
  addSection,
  addSectionGroup,
  addSectionToGroup,
  deleteSection,
  deleteSectionGroup,
  moveSiteItem,
  removeSectionFromGroup,
  updateSection,
  updateSectionGroup,
} from './service.js';

// The site row, at once after its first load in the request (each section asks).
const site = (ctx: Context, siteId: string) => siteRows(ctx).load(siteId) as SiteRow | Promise<SiteRow>;
const maySee = (ctx: Context, siteId: string) => mayOnSite(ctx, siteId, 'view');

const inOrder = { orderBy: [{ sortKey: 'asc' as const }, { id: 'asc' as const }] };
const siteSpacesQuery = { ...inOrder, where: liveSiteSpace };

const SectionUrls = builder.simpleObject('SiteSectionUrls', {
  description: 'Where readers find a section.',
  fields: (t) => ({ published: t.string({ nullable: true, description: 'Its published address; null while the site is unpublished.' }) }),
});

export const SiteSectionRef = builder.prismaNode('SiteSection', {
  id: { field: 'id' },
  description: 'A section of a site: its site spaces are the variants of the section.',
  authScopes: (section, ctx) => maySee(ctx, section.siteId),
  fields: (t) => ({
    title: t.exposeString('title', { description: 'Title, 2 to 128 characters.' }),
    description: t.exposeString('description', { nullable: true, description: 'Description, at most 256 characters.' }),
    path: t.exposeString('path', { description: 'Path of the section on the site, 1 to 100 characters.' }),
    condition: t.exposeString('condition', { nullable: true, description: 'Expression deciding whether a visitor sees it; null: always.' }),
    icon: t.exposeString('icon', { nullable: true, description: 'Icon name, if any.' }),
    siteId: t.exposeID('siteId', { description: 'Id of the site.' }),
    sectionGroupId: t.exposeID('sectionGroupId', { nullable: true, description: 'Id of its section group; null at the root of the site.' }),
    default: t.boolean({
      description: 'Whether it is the default section of the site.',
      resolve: (section, _args, ctx) => completeValue(site(ctx, section.siteId), (row) => row.defaultSiteSectionId === section.id),
    }),
    draft: t.boolean({ description: 'Whether it is a draft: Quire publishes no drafts, so false.', resolve: () => false }),
    siteSpaces: t.relation('siteSpaces', { description: 'Its site spaces (of live spaces), in order.', query: siteSpacesQuery }),
    urls: t.field({
      type: SectionUrls,
      description: 'Where readers find it.',
      resolve: (section, _args, ctx) =>
        completeValue(site(ctx, section.siteId), (row) =>
          completeValue(sharedUrl(ctx, row, row.published ? `${sitePublishedBase(ctx.urls, row)}/${section.path}` : null), (published) => ({
            published,
          })),
        ),
    }),
  }),
});

export const SiteSectionGroupRef = builder.prismaNode('SiteSectionGroup', {
  id: { field: 'id' },
  description: 'A group of sections (and of nested groups) on a site.',
  authScopes: (group, ctx) => maySee(ctx, group.siteId),
  fields: (t) => ({
    title: t.exposeString('title', { description: 'Title, 1 to 100 characters.' }),
    icon: t.exposeString('icon', { nullable: true, description: 'Icon name, if any.' }),
    siteId: t.exposeID('siteId', { description: 'Id of the site.' }),
    parentId: t.exposeID('parentId', { nullable: true, description: 'Id of the parent group; null at the root of the site.' }),
    draft: t.boolean({ description: 'Whether it is a draft: Quire publishes no drafts, so false.', resolve: () => false }),
    sections: t.relation('sections', {
      description: 'Its sections, in order.',
      query: inOrder,
      deprecationReason: 'Use children: sections and nested groups in one order.',
    }),
  }),
});

/** An item nested in a group, or at the root of a site with sections. */
export const SiteStructureChild = builder.unionType('SiteStructureChild', {
  description: 'A section or a section group.',
  types: [SiteSectionRef, SiteSectionGroupRef],
  resolveType: (item) => ('sectionGroupId' in item ? SiteSectionRef : SiteSectionGroupRef),
});

const byKey = (a: { sortKey: number; id: string }, b: { sortKey: number; id: string }) => a.sortKey - b.sortKey || a.id.localeCompare(b.id);

builder.prismaObjectField('SiteSectionGroup', 'children', (t) =>
  t.field({
    type: [SiteStructureChild],
    description: 'Its sections and nested groups, in order.',
    select: { sections: true, children: true },
    resolve: (group) => [...group.sections, ...group.children].sort(byKey) as never,
  }),
);

/** The root of a site's structure: its sections and groups outside any group, in order. */
builder.prismaObjectField('Site', 'structure', (t) =>
  t.field({
    type: [SiteStructureChild],
    description: 'Sections and section groups at the root of the site, in order (nested groups under their `children`).',
    select: { sections: { where: { sectionGroupId: null } }, sectionGroups: { where: { parentId: null } } },
    resolve: (s) => [...s.sections, ...s.sectionGroups].sort(byKey) as never,
  }),
);

// The published structure and a site's sections ask it of every section: their site spaces (and
// the spaces of those) are read together, in one statement.
planChildren('SiteSection', 'siteSpaces', 'SiteSpace', { model: 'SiteSection', query: siteSpacesQuery });
// A page of section groups reads their sections the same way, and their children (sections and nested
// groups, each relation a statement, merged as the field sorts them) at every level asked.
planChildren('SiteSectionGroup', 'sections', 'SiteSection', { model: 'SiteSectionGroup', query: inOrder });
planUnionChildren('SiteSectionGroup', 'children', {
  model: 'SiteSectionGroup',
  members: { sections: { node: 'SiteSection', query: inOrder }, children: { node: 'SiteSectionGroup', query: inOrder } },
  merge: { reads: ['sortKey', 'id'], compare: byKey },
});
// And so is the root of a site's structure.
planUnionChildren('Site', 'structure', {
  model: 'Site',
  members: {
    sections: { node: 'SiteSection', query: { ...inOrder, where: { sectionGroupId: null } } },
    sectionGroups: { node: 'SiteSectionGroup', query: { ...inOrder, where: { parentId: null } } },
  },
  merge: { reads: ['sortKey', 'id'], compare: byKey },
});

planType('SiteSectionGroup', {
  model: 'SiteSectionGroup',
  columns: { id: 'id', title: 'title', icon: 'icon', siteId: 'siteId', parentId: 'parentId' },
  computed: { draft: [] },
  subject: ['id', 'siteId'],
  visible: (group, ctx) => maySee(ctx, group.siteId as string),
});

// The fields of a section the read planner answers from its columns (src/schema/plan): the site's row,
// which its check and computed fields read, is loaded by the list's filter (itemsOfSite).
planType('SiteSection', {
  model: 'SiteSection',
  columns: {
    id: 'id',
    title: 'title',
    description: 'description',
    path: 'path',
    condition: 'condition',
    icon: 'icon',
    siteId: 'siteId',
    sectionGroupId: 'sectionGroupId',
  },
  computed: { default: [], draft: [], urls: ['path'] },
  subject: ['id', 'siteId'],
  visible: (section, ctx) => maySee(ctx, section.siteId as string),
});

const SiteSectionConnection = nodeConnection(SiteSectionRef, 'SiteSection', { items: 'sections' });

const sectionsOfSite: ScopedList<{ id: string }, { shareKey?: string | null }> = {
  model: (ctx) => ctx.prisma.siteSection,
  where: (s, args, ctx) => {
    presentShareKey(ctx, s.id, args.shareKey);
    return itemsOfSite(ctx, s.id);
  },
  orderBy: inStructureOrder('sectionGroup'),
};
// Planned with each section's site spaces (and their spaces): one statement for the page, one for their site spaces.
planList('Site', 'sections', 'SiteSection', sectionsOfSite);
const SiteSectionGroupConnection = nodeConnection(SiteSectionGroupRef, 'SiteSectionGroup', { items: 'section groups' });

builder.prismaObjectField('Site', 'sections', (t) =>
  t.prismaConnection(
    {
      type: 'SiteSection',
      cursor: 'id',
      description: 'Sections of the site: those in groups by the position of their group, each in its position; then those at the root.',
      args: {
        shareKey: t.arg.string({ description: "Key of an active share link: the published URLs of a share-link site's items carry it." }),
      },
      ...scopedList(sectionsOfSite),
    },
    SiteSectionConnection,
  ),
);

const sectionGroupsOfSite: ScopedList<{ id: string }, unknown> = {
  model: (ctx) => ctx.prisma.siteSectionGroup,
  where: (s, _args, ctx) => itemsOfSite(ctx, s.id),
  orderBy: inStructureOrder('parent'),
};
planList('Site', 'sectionGroups', 'SiteSectionGroup', sectionGroupsOfSite);

builder.prismaObjectField('Site', 'sectionGroups', (t) =>
  t.prismaConnection(
    {
      type: 'SiteSectionGroup',
      cursor: 'id',
      description: 'Section groups of the site: nested ones by the position of their parent, each in its position; then those at the root.',
      ...scopedList(sectionGroupsOfSite),
    },
    SiteSectionGroupConnection,
  ),
);

// Mutations.

const sectionIdField = (t: InputFieldBuilder) => t.id({ required: true, description: 'Id of the section.' });
const groupIdField = (t: InputFieldBuilder) => t.id({ required: true, description: 'Id of the section group.' });

/** `<name>Payload { siteSection }` or `{ siteSectionGroup }`. */
function resultFields(kind: 'siteSection' | 'siteSectionGroup', description: string) {
  const type = kind === 'siteSection' ? SiteSectionRef : SiteSectionGroupRef;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the payload field builder of either payload
  return (t: any) => ({ [kind]: t.field({ type, description, resolve: (p: Record<string, unknown>) => p[kind] }) });
}

builder.relayMutationField(
  'addSiteSection',
  {
    description: 'Arguments of addSiteSection.',
    inputFields: (t) => ({
      ...siteIdFields(t),
      spaceId: t.id({ required: true, description: 'Space published as the first site space (variant) of the section.' }),
      title: t.string({ description: "Title, 2 to 128 characters; the space's title when omitted or null." }),
      icon: t.string({ description: 'Icon name, at most 50 characters; null for none.' }),
    }),
  },
  {
    description: 'Adds a section at the end of the root of the site; the first section becomes the default.',
    resolve: async (_root, { input }, ctx) => ({ siteSection: await addSection(ctx, input) }),
  },
  { description: 'The result of addSiteSection.', outputFields: resultFields('siteSection', 'The new section.') },
);

builder.relayMutationField(
  'updateSiteSection',
  {
    description: 'Arguments of updateSiteSection: the fields to change (absent ones stay).',
    inputFields: (t) => ({
      ...siteIdFields(t),
      siteSectionId: sectionIdField(t),
      title: t.string({ description: 'Title, 2 to 128 characters.' }),
      path: t.string({ description: 'Path, 1 to 100 characters, unique in the site.' }),
      defaultSiteSpace: t.id({ description: 'Site space of the section to make its default.' }),
      condition: t.string({ description: 'Expression deciding whether a visitor sees it, at most 1024 characters; null removes it.' }),
      icon: t.string({ description: 'Icon name, at most 50 characters; null removes it.' }),
      description: t.string({ description: 'Description, at most 256 characters; null removes it.' }),
    }),
  },
  { description: 'Changes a section.', resolve: async (_root, { input }, ctx) => ({ siteSection: await updateSection(ctx, input) }) },
  { description: 'The result of updateSiteSection.', outputFields: resultFields('siteSection', 'The section as changed.') },
);

builder.relayMutationField(
  'deleteSiteSection',
  { description: 'Arguments of deleteSiteSection.', inputFields: (t) => ({ ...siteIdFields(t), siteSectionId: sectionIdField(t) }) },
  {
    description: 'Deletes a section and its site spaces (the spaces stay); the first section becomes the default if it was. Idempotent.',
    resolve: async (_root, { input }, ctx) => deletion(await deleteSection(ctx, input), input.siteSectionId),
  },
  { description: 'The result of deleteSiteSection.', outputFields: (t) => deletionFields(t, 'deleted', 'SiteSection') },
);

builder.relayMutationField(
  'addSiteSectionGroup',
  {
    description: 'Arguments of addSiteSectionGroup.',
    inputFields: (t) => ({
      ...siteIdFields(t),
      title: t.string({ required: true, description: 'Title, 1 to 100 characters.' }),
      icon: t.string({ description: 'Icon name, at most 50 characters; null for none.' }),
      sections: t.idList({ description: 'Sections to move into the group, in this order.' }),
      parent: t.id({ description: 'Group to nest it in (at most 3 levels); the root of the site when omitted.' }),
    }),
  },
  {
    description: 'Adds a section group at the end of its parent (or of the root of the site).',
    resolve: async (_root, { input }, ctx) => ({ siteSectionGroup: await addSectionGroup(ctx, input) }),
  },
  { description: 'The result of addSiteSectionGroup.', outputFields: resultFields('siteSectionGroup', 'The new group.') },
);

builder.relayMutationField(
  'updateSiteSectionGroup',
  {
    description: 'Arguments of updateSiteSectionGroup: the fields to change (absent ones stay).',
    inputFields: (t) => ({
      ...siteIdFields(t),
      siteSectionGroupId: groupIdField(t),
      title: t.string({ description: 'Title, 1 to 100 characters.' }),
      icon: t.string({ description: 'Icon name, at most 50 characters; null removes it.' }),
    }),
  },
  {
    description: 'Changes a section group.',
    resolve: async (_root, { input }, ctx) => ({ siteSectionGroup: await updateSectionGroup(ctx, input) }),
  },
  { description: 'The result of updateSiteSectionGroup.', outputFields: resultFields('siteSectionGroup', 'The group as changed.') },
);

builder.relayMutationField(
  'deleteSiteSectionGroup',
  {
    description: 'Arguments of deleteSiteSectionGroup.',
    inputFields: (t) => ({ ...siteIdFields(t), siteSectionGroupId: groupIdField(t) }),
  },
  {
    description: 'Deletes a section group; its sections and nested groups move up to its parent. Idempotent.',
    resolve: async (_root, { input }, ctx) => deletion(await deleteSectionGroup(ctx, input), input.siteSectionGroupId),
  },
  { description: 'The result of deleteSiteSectionGroup.', outputFields: (t) => deletionFields(t, 'deleted', 'SiteSectionGroup') },
);

builder.relayMutationField(
  'addSectionToGroup',
  {
    description: 'Arguments of addSectionToGroup.',
    inputFields: (t) => ({
      ...siteIdFields(t),
      siteSectionGroupId: groupIdField(t),
      sectionId: t.id({ required: true, description: 'The section to move into the group.' }),
    }),
  },
  {
    description: 'Moves a section into a group, at its end (nothing changes when it is already there).',
    resolve: async (_root, { input }, ctx) => ({ siteSectionGroup: await addSectionToGroup(ctx, input) }),
  },
  { description: 'The result of addSectionToGroup.', outputFields: resultFields('siteSectionGroup', 'The group.') },
);

builder.relayMutationField(
  'removeSectionFromGroup',
  {
    description: 'Arguments of removeSectionFromGroup.',
    inputFields: (t) => ({ ...siteIdFields(t), siteSectionGroupId: groupIdField(t), siteSectionId: sectionIdField(t) }),
  },
  {
    description: "Takes a section out of a group, to the end of the group's parent (or the root). Idempotent.",
    resolve: async (_root, { input }, ctx) => deletion(await removeSectionFromGroup(ctx, input), input.siteSectionId),
  },
  { description: 'The result of removeSectionFromGroup.', outputFields: (t) => deletionFields(t, 'removed', 'SiteSection') },
);

// Order: sortSiteStructure, and the deprecated moves.

const ItemTypeEnum = restEnum(
  'SiteStructureItemType',
  ['site-space', 'site-section', 'site-section-group'] as const,
  'A kind of item of a site structure.',
  {
    'site-space': 'A site space.',
    'site-section': 'A section.',
    'site-section-group': 'A section group.',
  },
);

const ItemPointerInput = builder.inputType('SiteStructureItemPointerInput', {
  description: 'An item of a site structure.',
  fields: (t) => ({
    type: t.field({ type: ItemTypeEnum, required: true, description: 'Its kind.' }),
    id: t.id({ required: true, description: 'Its id.' }),
  }),
});

const ItemPositionInput = builder.inputType('SiteStructureItemPositionInput', {
  description: 'A place among the siblings of the moved item: before or after one of them.',
  fields: (t) => ({
    before: t.field({ type: ItemPointerInput, description: 'The sibling to move before.' }),
    after: t.field({ type: ItemPointerInput, description: 'The sibling to move after.' }),
  }),
});

export const SiteStructureItem = builder.unionType('SiteStructureItem', {
  description: 'An item of a site structure: a site space, a section or a section group.',
  types: [SiteSpaceRef, SiteSectionRef, SiteSectionGroupRef],
  resolveType: (item) => ('spaceId' in item ? SiteSpaceRef : 'sectionGroupId' in item ? SiteSectionRef : SiteSectionGroupRef),
});

async function loadItem(ctx: Context, item: ItemRef) {
  if (item.type === 'site-space') return ctx.prisma.siteSpace.findUniqueOrThrow({ where: { id: item.id } });
  if (item.type === 'site-section') return ctx.prisma.siteSection.findUniqueOrThrow({ where: { id: item.id } });
  return ctx.prisma.siteSectionGroup.findUniqueOrThrow({ where: { id: item.id } });
}

const pointer = (p: { type: ItemType; id: string } | null | undefined): ItemRef | null => (p ? { type: p.type, id: p.id } : null);

builder.relayMutationField(
  'sortSiteStructure',
  {
    description: 'Arguments of sortSiteStructure.',
    inputFields: (t) => ({
      ...siteIdFields(t),
      item: t.field({ type: ItemPointerInput, required: true, description: 'The item to move.' }),
      position: t.field({ type: ItemPositionInput, description: 'Where among its siblings; at the end when omitted.' }),
    }),
  },
  {
    description: 'Moves an item of the site structure among its siblings (site spaces of its scope; sections and groups of its parent).',
    resolve: async (_root, { input }, ctx) => {
      const position: Position | null = input.position
        ? { before: pointer(input.position.before), after: pointer(input.position.after) }
        : null;
      return { item: await loadItem(ctx, await moveSiteItem(ctx, input, pointer(input.item)!, position)) };
    },
  },
  {
    description: 'The result of sortSiteStructure.',
    outputFields: (t) => ({ item: t.field({ type: SiteStructureItem, description: 'The moved item.', resolve: (p) => p.item as never }) }),
  },
);

/** The deprecated moves: `position` names siblings of one kind in the public API's shape ({type, siteSection} / {type, siteSpace}). */
function deprecatedMove(kind: 'site-section' | 'site-space') {
  const key = kind === 'site-section' ? 'siteSection' : 'siteSpace';
  const Name = kind === 'site-section' ? 'SiteSection' : 'SiteSpace';
  const PointerType = restEnum(`${Name}PointerType`, [kind] as const, `The kind of a ${kind.replace('-', ' ')} pointer.`, {
    [kind]: `A ${kind.replace('-', ' ')}.`,
  } as Record<typeof kind, string>);
  const PointerInput = builder.inputType(`${Name}PointerInput`, {
    description: `A ${kind.replace('-', ' ')} of the site.`,
    fields: (t) => ({
      type: t.field({ type: PointerType, required: true, description: 'Always the one kind.' }),
      [key]: t.id({ required: true, description: `Id of the ${kind.replace('-', ' ')}.` }),
    }),
  });
  const PositionInput = builder.inputType(`${Name}MovePositionInput`, {
    description: `A place among the siblings of the moved ${kind.replace('-', ' ')}.`,
    fields: (t) => ({
      before: t.field({ type: PointerInput, description: 'The sibling to move before.' }),
      after: t.field({ type: PointerInput, description: 'The sibling to move after.' }),
    }),
  });
  const ref = (p: Record<string, string> | null | undefined): ItemRef | null => (p ? { type: kind, id: p[key] } : null);
  builder.relayMutationField(
    `move${Name}`,
    {
      description: `Arguments of move${Name}.`,
      inputFields: (t) => ({
        ...siteIdFields(t),
        [`${key}Id`]: t.id({ required: true, description: `Id of the ${kind.replace('-', ' ')} to move.` }),
        position: t.field({ type: PositionInput, description: 'Where among its siblings; at the end when omitted.' }),
      }),
    },
    {
      description: `Moves a ${kind.replace('-', ' ')} among its siblings.`,
      deprecationReason: 'Use sortSiteStructure (PATCH /orgs/{organizationId}/sites/{siteId}/structure/sort).',
      resolve: async (_root, { input }, ctx) => {
        const args = input as unknown as {
          siteId: string;
          organizationId?: string | null;
          position?: Record<string, Record<string, string> | null> | null;
        } & Record<string, string>;
        const position = args.position ? { before: ref(args.position.before), after: ref(args.position.after) } : null;
        return { [key]: await loadItem(ctx, await moveSiteItem(ctx, args, { type: kind, id: args[`${key}Id`] }, position)) };
      },
    },
    {
      description: `The result of move${Name}.`,
      outputFields: (t) => ({
        [key]: t.field({
          type: kind === 'site-section' ? SiteSectionRef : SiteSpaceRef,
          description: `The moved ${kind.replace('-', ' ')}.`,
          resolve: (p: Record<string, unknown>) => p[key] as never,
        }),
      }),
    },
  );
}
deprecatedMove('site-section');
deprecatedMove('site-space');

// A group's siblings are sections and groups: its pointers name either ({type, id}, as in the public API).
const GroupSiblingTypeEnum = restEnum(
  'SiteSectionGroupSiblingType',
  ['site-section', 'site-section-group'] as const,
  'A kind of sibling of a section group.',
  {
    'site-section': 'A section.',
    'site-section-group': 'A section group.',
  },
);

const GroupSiblingInput = builder.inputType('SiteSectionGroupPointerInput', {
  description: 'A section or section group of the site (a sibling of the moved group).',
  fields: (t) => ({
    type: t.field({ type: GroupSiblingTypeEnum, required: true, description: 'Its kind.' }),
    id: t.id({ required: true, description: 'Its id.' }),
  }),
});

const GroupPositionInput = builder.inputType('SiteSectionGroupMovePositionInput', {
  description: 'A place among the siblings of the moved section group.',
  fields: (t) => ({
    before: t.field({ type: GroupSiblingInput, description: 'The sibling to move before.' }),
    after: t.field({ type: GroupSiblingInput, description: 'The sibling to move after.' }),
  }),
});

builder.relayMutationField(
  'moveSiteSectionGroup',
  {
    description: 'Arguments of moveSiteSectionGroup.',
    inputFields: (t) => ({
      ...siteIdFields(t),
      siteSectionGroupId: groupIdField(t),
      position: t.field({ type: GroupPositionInput, description: 'Where among its siblings; at the end when omitted.' }),
    }),
  },
  {
    description: 'Moves a section group among its siblings (the sections and groups of its parent).',
    deprecationReason: 'Use sortSiteStructure (PATCH /orgs/{organizationId}/sites/{siteId}/structure/sort).',
    resolve: async (_root, { input }, ctx) => {
      const position: Position | null = input.position
        ? { before: pointer(input.position.before), after: pointer(input.position.after) }
        : null;
      return {
        siteSectionGroup: await loadItem(
          ctx,
          await moveSiteItem(ctx, input, { type: 'site-section-group', id: input.siteSectionGroupId }, position),
        ),
      };
    },
  },
  {
    description: 'The result of moveSiteSectionGroup.',
    outputFields: (t) => ({
      siteSectionGroup: t.field({
        type: SiteSectionGroupRef,
        description: 'The moved section group.',
        resolve: (p) => p.siteSectionGroup as never,
      }),
    }),
  },
);

// The published structure.

const StructureTypeEnum = restEnum(
  'PublishedSiteStructureType',
  ['sections', 'siteSpaces'] as const,
  'What the published structure of a site lists.',
  {
    sections: 'Its sections and section groups (a site with sections).',
    siteSpaces: 'Its site spaces (a site without sections).',
  },
);

const PublishedStructure = builder.objectRef<PublishedSite['structure']>('PublishedSiteStructure').implement({
  description: 'The items readers see at the root of a published site, in order.',
  fields: (t) => ({
    type: t.field({ type: StructureTypeEnum, description: 'What the items are.', resolve: (s) => s.type }),
    structure: t.field({
      type: [SiteStructureItem],
      description: 'The items, in order (groups hold theirs under `children`).',
      resolve: (s) => s.structure as never,
    }),
  }),
});

const PublishedContentSite = builder.objectRef<PublishedSite>('PublishedContentSite').implement({
  description: 'A published site as its readers get it.',
  fields: (t) => ({
    site: t.field({ type: SiteRef, description: 'The site.', resolve: (p) => p.site }),
    structure: t.field({ type: PublishedStructure, description: 'Its published structure.', resolve: (p) => p.structure }),
    customizations: t.field({
      type: 'JSON',
      description:
        "Its effective customization settings: `site`, and `siteSpaces` keyed by site-space id (each the site's with its overrides).",
      resolve: (p, _args, ctx) => publishedCustomizations(ctx, p.site.id),
    }),
    scripts: t.field({
      type: ['JSON'],
      description: 'Scripts of integrations to load on the site: Quire has no integrations, so none.',
      // The public document's SiteIntegrationScript come from integrations installed on the site;
      // Quire installs none, so the list is always empty (the member is required).
      resolve: () => [],
    }),
  }),
});

builder.queryField('publishedSite', (t) =>
  t.field({
    type: PublishedContentSite,
    description:
      "The published profile of a site (structure, customizations): to its readers once published (a share-link site only with the key of an active share link), and to the organization's members while unpublished (a preview); NOT_FOUND otherwise.",
    args: {
      id: t.arg.id({ required: true, description: 'Id of the site.' }),
      organizationId: t.arg.id({ description: 'When given, the site must belong to this organization.' }),
      shareKey: t.arg.string({ description: 'Key of an active share link (share-link sites).' }),
    },
    resolve: (_root, args, ctx, info) =>
      findPublishedSite(ctx, { siteId: args.id, organizationId: args.organizationId, shareKey: args.shareKey }, async (typeName) =>
        queryFromInfo({ context: ctx, info, typeName, path: ['structure', 'structure'], awaitSelections: true }),
      ),
  }),
);
