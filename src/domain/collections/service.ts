// Collection rules: creation, settings, deletion (its spaces are soft-deleted
// with it), moves and transfers (shared with spaces, ../content). As for
// spaces, input is checked before authorization.
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { authorize, can, collectionPolicy, tenantScope, type Actor } from '../../policy/index.js';
import { badRequest } from '../../errors.js';
import { newId } from '../../ids.js';
import { checkLength } from '../../validate.js';
import type { Prisma } from '../../generated/prisma/client.js';
import type { Tx } from '../../db/tx.js';
import { defaultLevelIn } from '../../schema/enums.js';
import { collectionSubtree, propagateLevels, resolveLevel } from '../content/levels.js';
import { sortKeyAt } from '../content/position.js';
import { levelForNewContentIn } from '../content/placement.js';
import { moveContent, type MoveInput } from '../content/contentMover.js';
import { transferContent, type TransferInput } from '../content/contentTransferrer.js';
import { loadLocked, lockContentTrees } from '../content/treeLock.js';

type Query = { include?: Prisma.CollectionInclude; select?: Prisma.CollectionSelect };
type Db = Pick<Tx, 'collection'>;
const TITLE_MAX = 50;
const DESCRIPTION_MAX = 100;

/** The filter of the collection `id` among those of the caller's organizations. */
const collectionWhere = (actor: Actor, id: string) => ({ id, ...tenantScope(actor) });
export const collectionLookupWhere = (ctx: Context, id: string) => collectionWhere(requireActor(ctx), id);

const loadCollection = (db: Db, actor: Actor, id: string, query: Query = {}) =>
  db.collection.findFirst({ ...query, where: collectionWhere(actor, id) });

export async function findCollection(ctx: Context, id: string, query: Query = {}) {
  const collection = await loadCollection(ctx.prisma, requireActor(ctx), id, query);
  return authorize(collectionPolicy, requireActor(ctx), collection, 'view');
}

export async function createCollection(
  ctx: Context,
  organizationId: string,
  input: { title?: string | null; parent?: string | null },
  query: Query = {},
) {
  const actor = requireActor(ctx);
  if (input.title === null) throw badRequest('cannot be null', 'title');
  checkLength('title', input.title, 0, TITLE_MAX);
  const parentId = input.parent ?? null;
  const id = newId('Collection');
  return ctx.prisma.$transaction(async (tx) => {
    await lockContentTrees(tx, [organizationId]); // the parent and the siblings' keys stay as read
    const parentLevel = await levelForNewContentIn(tx, actor, organizationId, parentId);
    return tx.collection.create({
      ...query,
      data: {
        id,
        organizationId,
        parentId,
        title: input.title ?? '',
        memberLevel: resolveLevel('inherit', parentLevel),
        sortKey: await sortKeyAt(tx, organizationId, parentId, id),
      },
    });
  });
}

export interface UpdateCollectionInput {
  title?: string | null;
  description?: string | null;
  defaultLevel?: string | null;
}

export async function updateCollection(ctx: Context, id: string, input: UpdateCollectionInput, query: Query = {}) {
  const actor = requireActor(ctx);
  const data: Prisma.CollectionUncheckedUpdateInput = {};
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
    const load = (db: Db) => loadCollection(db, actor, id);
    // A level change reads the parent's level and rewrites the subtree's: the tree must hold still.
    const collection = authorize(
      collectionPolicy,
      actor,
      await (input.defaultLevel !== undefined ? loadLocked(tx, load) : load(tx)),
      'update',
    );
    if (input.defaultLevel !== undefined) {
      // null: members get no access by default ("guest"); everything below follows.
      const parent = collection.parentId
        ? await tx.collection.findUnique({ where: { id: collection.parentId }, select: { memberLevel: true } })
        : null;
      data.defaultLevel = defaultLevelIn(input.defaultLevel);
      data.memberLevel = resolveLevel(data.defaultLevel, parent?.memberLevel);
    }
    const updated = await tx.collection.update({ ...query, where: { id }, data });
    if (data.memberLevel !== undefined) await propagateLevels(tx, id);
    return updated;
  });
}

/**
 * Deletes the collection and its nested collections. Their spaces are
 * soft-deleted (restorable for 7 days, at the root of the organization then,
 * the collections being gone). Idempotent: answers whether this call deleted
 * something (false when absent or hidden from the caller).
 */
export async function deleteCollection(ctx: Context, id: string): Promise<boolean> {
  const actor = requireActor(ctx);
  return ctx.prisma.$transaction(async (tx) => {
    // Locked: a concurrent delete finds nothing left (204), a concurrent move into it waits.
    const collection = await loadLocked(tx, (db) => loadCollection(db, actor, id));
    if (!collection || !can(collectionPolicy, actor, collection, 'view')) return false;
    authorize(collectionPolicy, actor, collection, 'delete');
    const ids = await collectionSubtree(tx, id);
    const inside = { parentId: { in: ids } };
    await tx.space.updateMany({ where: { ...inside, deletedAt: null }, data: { deletedAt: ctx.clock.now() } });
    // Out of the collections, the spaces resolve their level at the root and lose "in-collection".
    await tx.space.updateMany({ where: { ...inside, visibility: 'in-collection' }, data: { visibility: 'private' } });
    await tx.$executeRaw`
      UPDATE "Space" SET "parentId" = NULL, "memberLevel" = "defaultLevel"
      WHERE "parentId" = ANY(${ids})`;
    await tx.collection.deleteMany({ where: { id: { in: ids } } });
    return true;
  });
}

export async function moveCollection(ctx: Context, id: string, input: MoveInput, query: Query = {}) {
  const actor = requireActor(ctx);
  await moveContent(
    ctx,
    'collection',
    async (tx) => authorize(collectionPolicy, actor, await loadCollection(tx, actor, id), 'move'),
    input,
  );
  return ctx.prisma.collection.findUniqueOrThrow({ ...query, where: { id } });
}

export async function transferCollection(ctx: Context, id: string, input: TransferInput, query: Query = {}) {
  const actor = requireActor(ctx);
  await transferContent(
    ctx,
    'collection',
    async (tx) => authorize(collectionPolicy, actor, await loadCollection(tx, actor, id), 'transfer'),
    input,
  );
  return ctx.prisma.collection.findUniqueOrThrow({ ...query, where: { id } });
}
