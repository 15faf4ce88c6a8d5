import { builder } from '../../schema/builder.js';
import { requireActor } from '../../context.js';
import type { ContentSubject } from '../../policy/content.js';
import { mayShowRelated } from '../content/related.js';
import { can, collectionPolicy, visibleContentWhere } from '../../policy/index.js';
import { DefaultLevelEnum, defaultLevelOut } from '../shared/enums.js';
import { permissionsType } from '../shared/permissions.js';
import { urlsFor } from '../shared/urls.js';
import { scopedList } from '../shared/connections.js';
import { MoveContentInput, TransferContentInput, positionFromInput } from '../content/schema.js';
import {
  createCollection, deleteCollection, findCollection, moveCollection, transferCollection, updateCollection,
} from './service.js';

const CollectionPermissions = permissionsType('CollectionPermissions', collectionPolicy, ['view', 'admin', 'viewInviteLinks', 'create']);

const CollectionUrls = builder.simpleObject('CollectionUrls', { fields: (t) => ({ location: t.string(), app: t.string() }) });

const siblingOrder = () => [{ sortKey: 'asc' }, { id: 'asc' }];

export const CollectionRef = builder.prismaNode('Collection', {
  id: { field: 'id' },
  // Select mode: only the columns the query asks for, plus what the policy reads.
  select: { id: true, organizationId: true, memberLevel: true },
  authScopes: (collection, ctx) => can(collectionPolicy, requireActor(ctx), collection, 'view'),
  fields: (t) => ({
    title: t.exposeString('title'),
    description: t.exposeString('description', { nullable: true }),
    organizationId: t.exposeID('organizationId'),
    organization: t.relation('organization'),
    parentId: t.exposeID('parentId', { nullable: true }),
    parent: t.relation('parent', {
      nullable: true,
      description: 'The parent collection, unless there is none or the caller may not see it.',
      authScopes: (collection, _args, ctx) => mayShowRelated(ctx, collectionPolicy, (collection as { parent?: ContentSubject | null }).parent),
      unauthorizedResolver: () => null,
    }),
    defaultLevel: t.field({ type: DefaultLevelEnum, nullable: true, select: { defaultLevel: true }, resolve: (c) => defaultLevelOut(c.defaultLevel) as never }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    urls: t.field({ type: CollectionUrls, resolve: (c, _, ctx) => urlsFor.collection(ctx.urls, c.id) }),
    permissions: t.field({ type: CollectionPermissions.type, resolve: CollectionPermissions.resolve }),
    spaces: t.prismaConnection({
      type: 'Space',
      cursor: 'id',
      description: 'Spaces directly in this collection that the caller may see.',
      ...scopedList({
        model: (ctx) => ctx.prisma.space,
        where: (c: { id: string; organizationId: string }, _args, ctx) => ({
          ...visibleContentWhere(requireActor(ctx), c.organizationId),
          parentId: c.id,
          deletedAt: null,
        }),
        orderBy: siblingOrder,
      }),
    }),
    collections: t.prismaConnection({
      type: 'Collection',
      cursor: 'id',
      description: 'Collections directly in this collection that the caller may see.',
      ...scopedList({
        model: (ctx) => ctx.prisma.collection,
        where: (c: { id: string; organizationId: string }, _args, ctx) => ({ ...visibleContentWhere(requireActor(ctx), c.organizationId), parentId: c.id }),
        orderBy: siblingOrder,
      }),
    }),
  }),
});

builder.prismaObjectField('Organization', 'collections', (t) =>
  t.prismaConnection({
    type: 'Collection',
    cursor: 'id',
    description: 'Collections of the organization the caller may see: all of them, or only the top level with nested: false.',
    // Reads collections, not the organization: the policy filter checks the scope (space:read).
    skipTypeScopes: true,
    args: { nested: t.arg.boolean({ defaultValue: true }) },
    ...scopedList({
      model: (ctx) => ctx.prisma.collection,
      where: (org: { id: string }, args: { nested?: boolean | null }, ctx) => ({
        ...visibleContentWhere(requireActor(ctx), org.id),
        ...(args.nested === false ? { parentId: null } : {}),
      }),
      orderBy: () => [{ createdAt: 'asc' }, { id: 'asc' }],
    }),
  }),
);

builder.queryField('collection', (t) =>
  t.prismaField({
    type: 'Collection',
    args: { id: t.arg.id({ required: true }) },
    resolve: (query, _root, args, ctx) => findCollection(ctx, args.id, query),
  }),
);

const CreateCollectionInput = builder.inputType('CreateCollectionInput', {
  fields: (t) => ({ title: t.string(), parent: t.id({ description: 'Parent collection.' }) }),
});

const UpdateCollectionInput = builder.inputType('UpdateCollectionInput', {
  fields: (t) => ({ title: t.string(), description: t.string(), defaultLevel: t.field({ type: DefaultLevelEnum }) }),
});

builder.mutationFields((t) => ({
  createCollection: t.prismaField({
    type: 'Collection',
    args: { organizationId: t.arg.id({ required: true }), input: t.arg({ type: CreateCollectionInput, required: true }) },
    resolve: (query, _root, args, ctx) => createCollection(ctx, args.organizationId, args.input, query),
  }),
  updateCollection: t.prismaField({
    type: 'Collection',
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateCollectionInput, required: true }) },
    resolve: (query, _root, args, ctx) => updateCollection(ctx, args.id, args.input, query),
  }),
  deleteCollection: t.boolean({
    description:
      'Deletes the collection and its nested collections; their spaces are soft-deleted. True when this call deleted it; false when there was nothing to delete.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deleteCollection(ctx, args.id),
  }),
  moveCollection: t.prismaField({
    type: 'Collection',
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: MoveContentInput, required: true }) },
    resolve: (query, _root, args, ctx) =>
      moveCollection(ctx, args.id, { parent: args.input.parent, position: positionFromInput(args.input.position) }, query),
  }),
  transferCollection: t.prismaField({
    type: 'Collection',
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: TransferContentInput, required: true }) },
    resolve: (query, _root, args, ctx) => transferCollection(ctx, args.id, args.input, query),
  }),
}));
