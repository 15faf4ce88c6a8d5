// Transfers a space or a collection (with everything in it) to another
// organization, at its root or into one of its collections, or to another
// collection of its own organization. Outcomes (spec section 7): an unknown
// target → 404, a transfer that would change nothing → 409, content that
// cannot be moved → 412 (today: a space published on a site of its organization).
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { isMember } from '../../policy/actor.js';
import { badRequest, conflict, notFound, preconditionFailed } from '../../errors.js';
import { sortKeyAt, type ContentKind } from './position.js';
import { collectionSubtree, propagateLevels, resolveLevel } from './levels.js';
import { dropAccessGrants, moveSpacesToOrganization } from './tenancy.js';
import { levelForNewContentIn, visibilityUnder } from './placement.js';
import type { LoadItem } from './contentMover.js';
import { loadLocked } from './treeLock.js';

export interface TransferInput {
  organization: string;
  /** A collection of the target organization; its root when absent or null. */
  collection?: string | null;
}

export async function transferContent(ctx: Context, kind: ContentKind, loadItem: LoadItem, input: TransferInput) {
  const actor = requireActor(ctx);
  const parentId = input.collection ?? null;

  await ctx.prisma.$transaction(async (tx) => {
    const loaded = await loadItem(tx);
    // An organization the caller does not belong to reads as absent.
    const target = await tx.organization.findUnique({ where: { id: input.organization }, select: { id: true } });
    if (!target || !isMember(actor, target.id)) throw notFound('Organization');
    // Both trees locked (source and target): the checks below stay true until commit.
    const item = await loadLocked(tx, loadItem, { others: [target.id], loaded });
    const sameOrganization = target.id === item.organizationId;
    if (sameOrganization && parentId === item.parentId) throw conflict(`The ${kind} is already in that organization and collection`);
    const parentLevel = await levelForNewContentIn(tx, actor, target.id, parentId);

    const collectionIds = kind === 'collection' ? await collectionSubtree(tx, item.id) : [];
    if (parentId && collectionIds.includes(parentId))
      throw badRequest('a collection cannot be transferred into itself or one of its collections', 'collection');
    const spaceIds =
      kind === 'space'
        ? [item.id]
        : (await tx.space.findMany({ where: { parentId: { in: collectionIds } }, select: { id: true } })).map((s) => s.id);

    if (!sameOrganization) {
      // Published content stays with the sites of its organization.
      const published = await tx.siteSpace.count({ where: { spaceId: { in: spaceIds } } });
      if (published > 0) throw preconditionFailed(`The ${kind} is published on a site: remove it from the site before transferring it`);
      await dropAccessGrants(tx, [...collectionIds, ...spaceIds]);
    }

    const sortKey = await sortKeyAt(tx, target.id, parentId, item.id);
    const placement = { organizationId: target.id, parentId, sortKey, memberLevel: resolveLevel(item.defaultLevel, parentLevel) };
    if (kind === 'collection') {
      if (!sameOrganization) {
        await tx.collection.updateMany({ where: { id: { in: collectionIds } }, data: { organizationId: target.id } });
        await moveSpacesToOrganization(tx, spaceIds, target.id);
      }
      await tx.collection.update({ where: { id: item.id }, data: placement });
      await propagateLevels(tx, item.id);
    } else {
      if (!sameOrganization) await moveSpacesToOrganization(tx, spaceIds, target.id);
      await tx.space.update({
        where: { id: item.id },
        data: { ...placement, visibility: visibilityUnder(item.visibility ?? 'private', parentId) },
      });
    }
  });
}
