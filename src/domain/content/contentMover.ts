// Moves a space or a collection to another parent collection (or the root of
// its organization) and/or another position among its siblings. Outcomes
// (spec section 7): an invalid position → 400, an unknown parent → 404, a move
// that would change nothing → 409.
import type { Context } from '../../context.js';
import type { Tx } from '../../db/tx.js';
import { requireActor } from '../../context.js';
import { badRequest, conflict } from '../../errors.js';
import { isAlreadyAt, sortKeyAt, type ContentKind, type ContentPosition } from './position.js';
import { collectionSubtree, propagateLevels, resolveLevel } from './levels.js';
import { levelForNewContentIn, visibilityUnder } from './placement.js';
import { loadLocked } from './treeLock.js';

export interface ContentItem {
  id: string;
  organizationId: string;
  parentId: string | null;
  sortKey: number;
  defaultLevel: string;
}

export type ContentRow = ContentItem & { visibility?: string };
/** Loads the item to move or transfer in the operation's transaction, authorized (404/403 otherwise). */
export type LoadItem = (tx: Tx) => Promise<ContentRow>;

export interface MoveInput {
  /** Absent: stay in the current parent; null: the root of the organization. */
  parent?: string | null;
  position?: ContentPosition | null;
}

export async function moveContent(ctx: Context, kind: ContentKind, loadItem: LoadItem, input: MoveInput) {
  const actor = requireActor(ctx);
  if (input.parent === undefined && input.position == null) throw badRequest('give a parent, a position or both');

  await ctx.prisma.$transaction(async (tx) => {
    // Locked first: the cycle check and the siblings' keys below stay true until commit.
    const item = await loadLocked(tx, loadItem);
    const parentId = input.parent === undefined ? item.parentId : input.parent;
    const parentLevel = await levelForNewContentIn(tx, actor, item.organizationId, parentId);
    if (kind === 'collection' && parentId && (await collectionSubtree(tx, item.id)).includes(parentId)) {
      throw badRequest('a collection cannot be moved into itself or one of its collections', 'parent');
    }
    if (parentId === item.parentId && (await isAlreadyAt(tx, item.organizationId, parentId, { kind, ...item }, input.position))) {
      throw conflict(`The ${kind} is already at that place`);
    }
    const sortKey = await sortKeyAt(tx, item.organizationId, parentId, item.id, input.position);
    const data = { parentId, sortKey, memberLevel: resolveLevel(item.defaultLevel, parentLevel) };
    if (kind === 'space') {
      await tx.space.update({
        where: { id: item.id },
        data: { ...data, visibility: visibilityUnder(item.visibility ?? 'private', parentId) },
      });
    } else {
      await tx.collection.update({ where: { id: item.id }, data });
      await propagateLevels(tx, item.id);
    }
  });
}
