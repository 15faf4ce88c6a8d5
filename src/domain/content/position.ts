// Order of spaces and collections among their siblings (same parent), kept as
// a float `sortKey`: inserting between two siblings takes the midpoint, and
// when two siblings get too close (after ~30 halvings) the whole list is
// renumbered (one statement per model).
import type { Tx } from '../../db/tx.js';
import { badRequest } from '../../errors.js';

export type ContentKind = 'space' | 'collection';
export type ContentPointer = { type: 'space'; space: string } | { type: 'collection'; collection: string };
export interface ContentPosition {
  before?: ContentPointer | null;
  after?: ContentPointer | null;
}

interface Sibling {
  kind: ContentKind;
  id: string;
  sortKey: number;
}

/**
 * Relative gap under which two neighbours get renumbered: well above the ~1e-15
 * precision of doubles, which the database round trip does not fully keep.
 */
const MIN_GAP = 1e-9;

const bySortKey = (a: Sibling, b: Sibling) => a.sortKey - b.sortKey || a.id.localeCompare(b.id);

/** Live spaces and collections under `parentId`, in order, without the item itself. */
async function siblings(tx: Tx, organizationId: string, parentId: string | null, excludeId: string): Promise<Sibling[]> {
  const where = { organizationId, parentId, id: { not: excludeId } };
  const select = { id: true, sortKey: true } as const;
  const [spaces, collections] = await Promise.all([
    tx.space.findMany({ where: { ...where, deletedAt: null }, select }),
    tx.collection.findMany({ where, select }),
  ]);
  return [
    ...spaces.map((s) => ({ kind: 'space' as const, ...s })),
    ...collections.map((c) => ({ kind: 'collection' as const, ...c })),
  ].sort(bySortKey);
}

const pointerId = (p: ContentPointer) => (p.type === 'space' ? p.space : p.collection);
const points = (p: ContentPointer, s: Sibling) => p.type === s.kind && pointerId(p) === s.id;

/** Gives the siblings the keys 1, 2, 3… in their current order. */
async function renumber(tx: Tx, list: Sibling[]) {
  list.forEach((s, i) => (s.sortKey = i + 1));
  for (const kind of ['space', 'collection'] as const) {
    const items = list.filter((s) => s.kind === kind);
    if (items.length === 0) continue;
    const ids = items.map((s) => s.id);
    const keys = items.map((s) => s.sortKey);
    if (kind === 'space') {
      await tx.$executeRaw`UPDATE "Space" s SET "sortKey" = v.k FROM unnest(${ids}::text[], ${keys}::float8[]) AS v(id, k) WHERE s.id = v.id`;
    } else {
      await tx.$executeRaw`UPDATE "Collection" c SET "sortKey" = v.k FROM unnest(${ids}::text[], ${keys}::float8[]) AS v(id, k) WHERE c.id = v.id`;
    }
  }
}

function anchorOf(position: ContentPosition | null | undefined) {
  if (position?.before && position?.after) throw badRequest('give either before or after, not both', 'position');
  return position?.before ?? position?.after ?? null;
}

/**
 * The sort key that places an item at `position` among the siblings under
 * `parentId` (at the end without a position). A pointer to anything that is
 * not a sibling there is an invalid position (400).
 */
export async function sortKeyAt(
  tx: Tx,
  organizationId: string,
  parentId: string | null,
  itemId: string,
  position?: ContentPosition | null,
) {
  const anchor = anchorOf(position);
  const list = await siblings(tx, organizationId, parentId, itemId);
  if (!anchor) return (list.at(-1)?.sortKey ?? 0) + 1;
  const index = list.findIndex((s) => points(anchor, s));
  if (index < 0) throw badRequest(`the ${anchor.type} ${pointerId(anchor)} is not an item of the target parent`, 'position');
  const between = () =>
    position?.before ? [list[index - 1]?.sortKey, list[index].sortKey] : [list[index].sortKey, list[index + 1]?.sortKey];
  let [lo, hi] = between();
  if (lo === undefined) return hi! - 1;
  if (hi === undefined) return lo + 1;
  if (hi - lo <= MIN_GAP * Math.max(1, Math.abs(lo), Math.abs(hi))) {
    // Too little room left between the two neighbours: space everyone out first.
    await renumber(tx, list);
    [lo, hi] = between();
  }
  return (lo! + hi!) / 2;
}

/** Whether a live sibling holds the item's sort key (one placed while the item was deleted). */
export async function isSortKeyTaken(tx: Tx, organizationId: string, parentId: string | null, item: { id: string; sortKey: number }) {
  return (await siblings(tx, organizationId, parentId, item.id)).some((s) => s.sortKey === item.sortKey);
}

/** Whether placing the item at `position` (the end, without one) would leave the order unchanged. */
export async function isAlreadyAt(
  tx: Tx,
  organizationId: string,
  parentId: string | null,
  item: Sibling,
  position?: ContentPosition | null,
) {
  const anchor = anchorOf(position);
  const list = [...(await siblings(tx, organizationId, parentId, item.id)), item].sort(bySortKey);
  const i = list.findIndex((s) => s.id === item.id);
  if (!anchor) return i === list.length - 1;
  if (position?.before) return list[i + 1] !== undefined && points(anchor, list[i + 1]);
  return list[i - 1] !== undefined && points(anchor, list[i - 1]);
}
