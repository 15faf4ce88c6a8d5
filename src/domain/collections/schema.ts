import { builder, type InputFieldBuilder, type ObjectFieldBuilder } from '../../schema/builder.js';
import type { Collection } from '../../generated/prisma/client.js';
import { requireActor, type Context } from '../../context.js';
import type { ContentSubject } from '../../policy/content.js';
import { mayShowRelated } from '../content/related.js';
import { can, collectionPolicy, visibleContentWhere } from '../../policy/index.js';
import { DefaultLevelEnum, defaultLevelOut } from '../../schema/enums.js';
import { permissionsType } from '../../schema/permissions.js';
import { urlsFor } from '../shared/urls.js';
import { scopedList, type ScopedList } from '../../schema/lists.js';
import { planList, planLookup, planType } from '../../schema/plan/plan.js';
import { moveInputFields, moved, newOrganizationField, newParentField, positionFromInput, transferInputFields } from '../content/schema.js';
import { nodeConnection } from '../../schema/connections.js';
import { deletion, deletionFields } from '../../schema/payloads.js';
import { SpaceConnection } from '../spaces/schema.js';
import {
  collectionLookupWhere,
  createCollection,
  deleteCollection,
  findCollection,
  moveCollection,
  transferCollection,
  updateCollection,
} from './service.js';

const CollectionPermissions = permissionsType('CollectionPermissions', collectionPolicy, ['view', 'admin', 'viewInviteLinks', 'create']);

const CollectionUrls = builder.simpleObject('CollectionUrls', {
  description: 'Links to a collection.',
  fields: (t) => ({
    location: t.string({ description: 'The collection in the API.' }),
    app: t.string({ description: 'The collection in the app.' }),
  }),
});

const siblingOrder = () => [{ sortKey: 'asc' }, { id: 'asc' }];

/** Whether a collection may appear in an answer (the type's scopes, and the read planner's check). */
const collectionShown = (collection: ContentSubject, ctx: Context) => can(collectionPolicy, requireActor(ctx), collection, 'view');
/** Whether a collection's parent is shown, or reads as null. */
const parentShown = (parent: ContentSubject | null | undefined, ctx: Context) => mayShowRelated(ctx, collectionPolicy, parent);

const spacesInCollection: ScopedList<{ id: string; organizationId: string }, unknown> = {
  model: (ctx) => ctx.prisma.space,
  where: (c, _args, ctx) => ({ ...visibleContentWhere(requireActor(ctx), c.organizationId), parentId: c.id, deletedAt: null }),
  orderBy: siblingOrder,
};

export const CollectionRef = builder.prismaNode('Collection', {
  id: { field: 'id' },
  description: 'A collection: a folder of spaces and collections in an organization.',
  // Select mode: only the columns the query asks for, plus what the policy reads. It is
  // joined into its spaces' rows as JSON, where every column costs Prisma a mapping per row
  // (all columns: nested query 10 → 13 ms CPU, bench/README.md, session 6). The title is
  // read with every row, so its field is a plain read: an exposed field in select mode looks
  // up its row's mapping each time (session 8).
  select: { id: true, organizationId: true, memberLevel: true, title: true },
  authScopes: collectionShown,
  fields: (t) => ({
    title: t.string({ description: 'Title; may be empty.', resolve: (c) => c.title }),
    description: t.exposeString('description', { nullable: true, description: 'Description, if any.' }),
    organizationId: t.exposeID('organizationId', { description: 'Id of the owning organization.' }),
    organization: t.relation('organization', { description: 'The owning organization.' }),
    parentId: t.exposeID('parentId', { nullable: true, description: 'Id of the parent collection; null at the root.' }),
    parent: t.relation('parent', {
      nullable: true,
      description: 'The parent collection, unless there is none or the caller may not see it.',
      authScopes: (collection, _args, ctx) => parentShown((collection as { parent?: ContentSubject | null }).parent, ctx),
      unauthorizedResolver: () => null,
    }),
    defaultLevel: t.field({
      type: DefaultLevelEnum,
      nullable: true,
      select: { defaultLevel: true },
      description: 'Default level of organization members; null: no access by default.',
      resolve: (c) => defaultLevelOut(c.defaultLevel) as never,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the collection was created.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
    urls: t.field({
      type: CollectionUrls,
      description: 'Links to the collection.',
      resolve: (c, _, ctx) => urlsFor.collection(ctx.urls, c.id),
    }),
    permissions: t.field({
      type: CollectionPermissions.type,
      description: 'What the caller may do on the collection.',
      resolve: CollectionPermissions.resolve,
    }),
    spaces: t.prismaConnection(
      {
        type: 'Space',
        cursor: 'id',
        description: 'Spaces directly in this collection that the caller may see.',
        ...scopedList(spacesInCollection),
      },
      SpaceConnection,
    ),
  }),
});

const CollectionConnection = nodeConnection(CollectionRef, 'Collection', { items: 'collections' });

// The fields of a collection the read planner answers from its columns and joins (src/schema/plan).
planType('Collection', {
  model: 'Collection',
  columns: {
    id: 'id',
    title: 'title',
    description: 'description',
    organizationId: 'organizationId',
    parentId: 'parentId',
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
  },
  relations: {
    organization: { type: 'Organization' },
    parent: { type: 'Collection', shown: (parent, ctx) => parentShown(parent as never, ctx) },
  },
  // Their resolvers above answer them from these columns (and the subject's).
  computed: { defaultLevel: ['defaultLevel'], urls: [], permissions: [] },
  subject: ['id', 'organizationId', 'memberLevel'],
  visible: (collection, ctx) => collectionShown(collection as never, ctx),
});

const collectionsInCollection: ScopedList<{ id: string; organizationId: string }, unknown> = {
  model: (ctx) => ctx.prisma.collection,
  where: (c, _args, ctx) => ({ ...visibleContentWhere(requireActor(ctx), c.organizationId), parentId: c.id }),
  orderBy: siblingOrder,
};

const organizationCollections: ScopedList<{ id: string }, { nested?: boolean | null }> = {
  model: (ctx) => ctx.prisma.collection,
  where: (org, args, ctx) => ({
    ...visibleContentWhere(requireActor(ctx), org.id),
    ...(args.nested === false ? { parentId: null } : {}),
  }),
  orderBy: () => [{ createdAt: 'asc' }, { id: 'asc' }],
};

planList('Collection', 'spaces', 'Space', spacesInCollection);
planList('Collection', 'collections', 'Collection', collectionsInCollection);
planList('Organization', 'collections', 'Collection', organizationCollections);

builder.prismaObjectField('Collection', 'collections', (t) =>
  t.prismaConnection(
    {
      type: 'Collection',
      cursor: 'id',
      description: 'Collections directly in this collection that the caller may see.',
      ...scopedList(collectionsInCollection),
    },
    CollectionConnection,
  ),
);

builder.prismaObjectField('Organization', 'collections', (t) =>
  t.prismaConnection(
    {
      type: 'Collection',
      cursor: 'id',
      description: 'Collections of the organization the caller may see: all of them, or only the top level with nested: false.',
      // Reads collections, not the organization: the policy filter checks the scope (space:read).
      skipTypeScopes: true,
      args: { nested: t.arg.boolean({ defaultValue: true, description: 'false: only the collections at the root of the organization.' }) },
      ...scopedList(organizationCollections),
    },
    CollectionConnection,
  ),
);

builder.queryField('collection', (t) =>
  t.prismaField({
    type: 'Collection',
    description: 'A collection the caller may see; NOT_FOUND otherwise.',
    args: { id: t.arg.id({ required: true, description: 'Id of the collection.' }) },
    resolve: (query, _root, args, ctx) => findCollection(ctx, args.id, query),
  }),
);
// findCollection's test is the view rule, which is the type's own check (collectionShown).
planLookup('Query', 'collection', 'Collection', {
  where: (_root, args: { id: string }, ctx) => collectionLookupWhere(ctx, args.id),
});

const collectionId = (t: InputFieldBuilder) => t.id({ required: true, description: 'Id of the collection.' });

/** A payload's `collection` field. */
const collectionField = <P extends { collection: Collection }>(t: ObjectFieldBuilder<P>, description: string) =>
  t.field({ type: CollectionRef, description, resolve: (payload) => payload.collection });

builder.relayMutationField(
  'createCollection',
  {
    description: 'Arguments of createCollection.',
    inputFields: (t) => ({
      organizationId: t.id({ required: true, description: 'Organization the collection belongs to.' }),
      title: t.string({ description: 'Title; may be empty.' }),
      parent: t.id({ description: 'Parent collection; the root of the organization when omitted.' }),
    }),
  },
  {
    description: 'Creates a collection in an organization (or in one of its collections).',
    resolve: async (_root, { input }, ctx) => ({
      collection: await createCollection(ctx, input.organizationId, input),
    }),
  },
  { description: 'The result of createCollection.', outputFields: (t) => ({ collection: collectionField(t, 'The new collection.') }) },
);

builder.relayMutationField(
  'updateCollection',
  {
    description: 'Arguments of updateCollection: the fields to change (absent ones stay).',
    inputFields: (t) => ({
      collectionId: collectionId(t),
      title: t.string({ description: 'Title; may be empty, not null.' }),
      description: t.string({ description: 'Description; null removes it.' }),
      defaultLevel: t.field({ type: DefaultLevelEnum, description: 'null: members get no access by default.' }),
    }),
  },
  {
    description: "Changes a collection's settings.",
    resolve: async (_root, { input }, ctx) => ({
      collection: await updateCollection(ctx, input.collectionId, input),
    }),
  },
  {
    description: 'The result of updateCollection.',
    outputFields: (t) => ({ collection: collectionField(t, 'The collection as changed.') }),
  },
);

builder.relayMutationField(
  'deleteCollection',
  { description: 'Arguments of deleteCollection.', inputFields: (t) => ({ collectionId: collectionId(t) }) },
  {
    description: 'Deletes the collection and its nested collections; their spaces are soft-deleted. Idempotent.',
    resolve: async (_root, { input }, ctx) => deletion(await deleteCollection(ctx, input.collectionId), input.collectionId),
  },
  { description: 'The result of deleteCollection.', outputFields: (t) => deletionFields(t, 'deleted', 'Collection') },
);

builder.relayMutationField(
  'moveCollection',
  { description: 'Arguments of moveCollection.', inputFields: (t) => ({ collectionId: collectionId(t), ...moveInputFields(t) }) },
  {
    description: 'Moves a collection (with everything in it) to another place in its organization.',
    resolve: async (_root, { input }, ctx) =>
      moved(
        'collection',
        await moveCollection(ctx, input.collectionId, { parent: input.parent, position: positionFromInput(input.position) }),
      ),
  },
  {
    description: 'The result of moveCollection: the moved collection and its new parent.',
    outputFields: (t) => ({ collection: collectionField(t, 'The moved collection.'), parent: newParentField(t) }),
  },
);

builder.relayMutationField(
  'transferCollection',
  { description: 'Arguments of transferCollection.', inputFields: (t) => ({ collectionId: collectionId(t), ...transferInputFields(t) }) },
  {
    description: 'Moves a collection (with everything in it) to another organization.',
    resolve: async (_root, { input }, ctx) => moved('collection', await transferCollection(ctx, input.collectionId, input)),
  },
  {
    description: 'The result of transferCollection: the moved collection, its new organization and parent.',
    outputFields: (t) => ({
      collection: collectionField(t, 'The moved collection.'),
      organization: newOrganizationField(t),
      parent: newParentField(t),
    }),
  },
);
