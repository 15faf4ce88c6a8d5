// Order of spaces and collections among their siblings (same parent), kept as
// a float `sortKey`: inserting between two siblings takes the midpoint.
import type { Prisma } from '../../generated/prisma/client.js';
import { badRequest } from '../../errors.js';

type Tx = Prisma.TransactionClient;

export type ContentPointer = { type: 'space'; space: string } | { type: 'collection'; collection: string };
export interface ContentPosition {
  before?: ContentPointer | null;
  after?: ContentPointer | null;
}

interface Sibling {
  id: string;
  sortKey: number;
}

async function siblings(tx: Tx, organizationId: string, parentId: string | null, excludeId: string): Promise<Sibling[]> {
  const where = { organizationId, parentId, id: { not: excludeId } };
  const [spaces, collections] = await Promise.all([
    tx.space.findMany({ where: { ...where, deletedAt: null }, select: { id: true, sortKey: true } }),
    tx.collection.findMany({ where, select: { id: true, sortKey: true } }),
  ]);
  return [...spaces, ...collections].sort((a, b) => a.sortKey - b.sortKey || a.id.localeCompare(b.id));
}

const pointerId = (p: ContentPointer) => (p.type === 'space' ? p.space : p.collection);

/**
 * The sort key that places an item at `position` among the siblings under
 * `parentId` (at the end without a position). A pointer to anything that is
 * not a sibling there is an invalid position (400).
 */
export async function sortKeyAt(tx: Tx, organizationId: string, parentId: string | null, itemId: string, position?: ContentPosition | null) {
  const list = await siblings(tx, organizationId, parentId, itemId);
  const anchor = position?.before ?? position?.after;
  if (!anchor) return (list.at(-1)?.sortKey ?? 0) + 1;
  if (position?.before && position?.after) throw badRequest('give either before or after, not both', 'position');
  const index = list.findIndex((s) => s.id === pointerId(anchor));
  if (index < 0) throw badRequest(`the ${anchor.type} ${pointerId(anchor)} is not an item of the target parent`, 'position');
  const [lo, hi] = position?.before ? [list[index - 1]?.sortKey, list[index].sortKey] : [list[index].sortKey, list[index + 1]?.sortKey];
  if (lo === undefined) return hi! - 1;
  if (hi === undefined) return lo + 1;
  return (lo + hi) / 2;
}

/** Whether placing the item at `position` would leave the order unchanged. */
export async function isAlreadyAt(tx: Tx, organizationId: string, parentId: string | null, item: Sibling, position?: ContentPosition | null) {
  if (!position?.before && !position?.after) return true;
  const list = [...(await siblings(tx, organizationId, parentId, item.id)), item].sort((a, b) => a.sortKey - b.sortKey || a.id.localeCompare(b.id));
  const i = list.findIndex((s) => s.id === item.id);
  if (position.before) return list[i + 1]?.id === pointerId(position.before);
  return list[i - 1]?.id === pointerId(position.after!);
}
