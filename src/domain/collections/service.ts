// Collection rules: creation, settings, deletion (its spaces are soft-deleted
// with it), moves and transfers (shared with spaces, ../content).
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { authorize, can, collectionPolicy, organizationPolicy } from '../../policy/index.js';
import { badRequest, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import { checkLength } from '../../validate.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { defaultLevelIn } from '../shared/enums.js';
import { collectionSubtree, propagateLevels, resolveLevel } from '../content/levels.js';
import { sortKeyAt } from '../content/position.js';
import { moveContent, type MoveInput } from '../content/contentMover.js';
import { transferContent, type TransferInput } from '../content/contentTransferrer.js';

type Query = { include?: Prisma.CollectionInclude; select?: Prisma.CollectionSelect };
const TITLE_MAX = 50;
const DESCRIPTION_MAX = 100;

export async function findCollection(ctx: Context, id: string, query: Query = {}) {
  const collection = await ctx.prisma.collection.findUnique({ ...query, where: { id } });
  return authorize(collectionPolicy, requireActor(ctx), collection, 'view');
}

export async function createCollection(ctx: Context, organizationId: string, input: { title?: string | null; parent?: string | null }, query: Query = {}) {
  const actor = requireActor(ctx);
  checkLength('title', input.title, 0, TITLE_MAX);
  const org = await ctx.prisma.organization.findUnique({ where: { id: organizationId } });
  let parentLevel: string | undefined;
  if (input.parent) {
    authorize(organizationPolicy, actor, org, 'view');
    const parent = await ctx.prisma.collection.findUnique({ where: { id: input.parent } });
    if (!parent || parent.organizationId !== organizationId) throw notFound('Collection');
    authorize(collectionPolicy, actor, parent, 'create');
    parentLevel = parent.memberLevel;
  } else {
    authorize(organizationPolicy, actor, org, 'createContent');
  }
  const id = newId('Collection');
  return ctx.prisma.$transaction(async (tx) =>
    tx.collection.create({
      ...query,
      data: {
        id,
        organizationId,
        parentId: input.parent ?? null,
        title: input.title ?? '',
        memberLevel: resolveLevel('inherit', parentLevel),
        sortKey: await sortKeyAt(tx, organizationId, input.parent ?? null, id),
      },
    }),
  );
}

export interface UpdateCollectionInput {
  title?: string | null;
  description?: string | null;
  defaultLevel?: string | null;
}

export async function updateCollection(ctx: Context, id: string, input: UpdateCollectionInput, query: Query = {}) {
  const collection = authorize(collectionPolicy, requireActor(ctx), await ctx.prisma.collection.findUnique({ where: { id } }), 'update');
  const data: Prisma.CollectionUpdateInput = {};
  if (input.title !== undefined) {
    if (input.title === null) throw badRequest('cannot be null', 'title');
    checkLength('title', input.title, 0, TITLE_MAX);
    data.title = input.title;
  }
  if (input.description !== undefined) {
    checkLength('description', input.description, 0, DESCRIPTION_MAX);
    data.description = input.description;
  }
  return ctx.prisma.$transaction(async (tx) => {
    if (input.defaultLevel !== undefined) {
      const parent = collection.parentId ? await tx.collection.findUnique({ where: { id: collection.parentId }, select: { memberLevel: true } }) : null;
      data.defaultLevel = defaultLevelIn(input.defaultLevel);
      data.memberLevel = resolveLevel(data.defaultLevel, parent?.memberLevel);
    }
    const updated = await tx.collection.update({ ...query, where: { id }, data });
    if (data.memberLevel !== undefined) await propagateLevels(tx, id);
    return updated;
  });
}

/** Deletes the collection and its nested collections; their spaces are soft-deleted (restorable). */
export async function deleteCollection(ctx: Context, id: string) {
  const actor = requireActor(ctx);
  const collection = await ctx.prisma.collection.findUnique({ where: { id } });
  if (!collection || !can(collectionPolicy, actor, collection, 'view')) return;
  authorize(collectionPolicy, actor, collection, 'delete');
  await ctx.prisma.$transaction(async (tx) => {
    const ids = await collectionSubtree(tx, id);
    await tx.space.updateMany({ where: { parentId: { in: ids }, deletedAt: null }, data: { deletedAt: ctx.clock.now() } });
    await tx.space.updateMany({ where: { parentId: { in: ids } }, data: { parentId: null, visibility: 'private' } });
    await tx.collection.deleteMany({ where: { id: { in: ids } } });
  });
}

export async function moveCollection(ctx: Context, id: string, input: MoveInput, query: Query = {}) {
  const collection = authorize(collectionPolicy, requireActor(ctx), await ctx.prisma.collection.findUnique({ where: { id } }), 'move');
  await moveContent(ctx, 'collection', collection, input);
  return ctx.prisma.collection.findUniqueOrThrow({ ...query, where: { id } });
}

export async function transferCollection(ctx: Context, id: string, input: TransferInput, query: Query = {}) {
  const collection = authorize(collectionPolicy, requireActor(ctx), await ctx.prisma.collection.findUnique({ where: { id } }), 'transfer');
  await transferContent(ctx, 'collection', collection, input);
  return ctx.prisma.collection.findUniqueOrThrow({ ...query, where: { id } });
}
