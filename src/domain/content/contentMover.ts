// Moves a space or a collection to another parent collection (or the root of
// its organization) and/or another position among its siblings.
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { authorize, collectionPolicy, organizationPolicy } from '../../policy/index.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { isAlreadyAt, sortKeyAt, type ContentPosition } from './position.js';
import { collectionSubtree, propagateLevels, resolveLevel } from './levels.js';

export interface ContentItem {
  id: string;
  organizationId: string;
  parentId: string | null;
  sortKey: number;
  defaultLevel: string;
}

export interface MoveInput {
  parent?: string | null;
  position?: ContentPosition | null;
}

export async function moveContent(ctx: Context, kind: 'space' | 'collection', item: ContentItem, input: MoveInput) {
  const actor = requireActor(ctx);
  if (input.parent === undefined && input.position == null) throw badRequest('give a parent, a position or both');
  const parentId = input.parent === undefined ? item.parentId : input.parent;

  await ctx.prisma.$transaction(async (tx) => {
    let parentLevel: string | undefined;
    if (parentId) {
      const parent = await tx.collection.findUnique({ where: { id: parentId } });
      if (!parent || parent.organizationId !== item.organizationId) throw notFound('Collection');
      authorize(collectionPolicy, actor, parent, 'create');
      if (kind === 'collection' && (await collectionSubtree(tx, item.id)).includes(parentId)) {
        throw badRequest('a collection cannot be moved into itself or one of its collections', 'parent');
      }
      parentLevel = parent.memberLevel;
    } else {
      const org = await tx.organization.findUnique({ where: { id: item.organizationId } });
      authorize(organizationPolicy, actor, org, 'createContent');
    }
    const sortKey = await sortKeyAt(tx, item.organizationId, parentId, item.id, input.position);
    if (parentId === item.parentId && (await isAlreadyAt(tx, item.organizationId, parentId, item, input.position))) {
      throw conflict(`The ${kind} is already at that place`);
    }
    const data = { parentId, sortKey, memberLevel: resolveLevel(item.defaultLevel, parentLevel) };
    if (kind === 'space') await tx.space.update({ where: { id: item.id }, data });
    else {
      await tx.collection.update({ where: { id: item.id }, data });
      await propagateLevels(tx, item.id);
    }
  });
}
