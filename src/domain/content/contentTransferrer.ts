// Transfers a space or a collection (with everything in it) to another
// organization, at its root or into one of its collections.
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { isMember } from '../../policy/actor.js';
import { authorize, collectionPolicy, organizationPolicy } from '../../policy/index.js';
import { conflict, notFound, preconditionFailed } from '../../errors.js';
import { sortKeyAt } from './position.js';
import { collectionSubtree, propagateLevels, resolveLevel } from './levels.js';
import { moveSpacesToOrganization } from './tenancy.js';
import type { ContentItem } from './contentMover.js';

export interface TransferInput {
  organization: string;
  collection?: string | null;
}

export async function transferContent(ctx: Context, kind: 'space' | 'collection', item: ContentItem, input: TransferInput) {
  const actor = requireActor(ctx);
  const target = await ctx.prisma.organization.findUnique({ where: { id: input.organization } });
  if (!target || !isMember(actor, target.id)) throw notFound('Organization');
  const parentId = input.collection ?? null;
  if (target.id === item.organizationId && parentId === item.parentId) throw conflict(`The ${kind} already belongs to that organization`);
  authorize(organizationPolicy, actor, target, 'createContent');

  await ctx.prisma.$transaction(async (tx) => {
    let parentLevel: string | undefined;
    if (parentId) {
      const parent = await tx.collection.findUnique({ where: { id: parentId } });
      if (!parent || parent.organizationId !== target.id) throw notFound('Collection');
      authorize(collectionPolicy, actor, parent, 'create');
      parentLevel = parent.memberLevel;
    }
    const collectionIds = kind === 'collection' ? await collectionSubtree(tx, item.id) : [];
    if (kind === 'collection' && parentId && collectionIds.includes(parentId)) throw conflict('A collection cannot be transferred into itself');
    const spaceIds =
      kind === 'space'
        ? [item.id]
        : (await tx.space.findMany({ where: { parentId: { in: collectionIds } }, select: { id: true } })).map((s) => s.id);

    // Published content stays with the sites of its organization.
    const published = await tx.siteSpace.count({ where: { spaceId: { in: spaceIds } } });
    if (published > 0) throw preconditionFailed(`The ${kind} is published on a site: remove it from the site before transferring it`);

    const sortKey = await sortKeyAt(tx, target.id, parentId, item.id);
    const placement = { organizationId: target.id, parentId, sortKey, memberLevel: resolveLevel(item.defaultLevel, parentLevel) };
    if (kind === 'collection') {
      await tx.collection.updateMany({ where: { id: { in: collectionIds } }, data: { organizationId: target.id } });
      await tx.collection.update({ where: { id: item.id }, data: placement });
      await moveSpacesToOrganization(tx, spaceIds, target.id);
      await propagateLevels(tx, item.id);
    } else {
      await moveSpacesToOrganization(tx, spaceIds, target.id);
      await tx.space.update({ where: { id: item.id }, data: placement });
    }
  });
}
