// The order of a site's structure. Siblings: the site spaces of one scope (a
// section, or the root); the sections and section groups of one parent group
// (or the root). Each item has a `sortKey`; a move renumbers its siblings 1…n
// (a site's sibling lists are short), and the caller holds the site's lock.
import type { Tx } from '../../../db/tx.js';
import { badRequest, notFound } from '../../../errors.js';

export type ItemType = 'site-space' | 'site-section' | 'site-section-group';

/**
 * A site's list of one kind of item in the order of its structure: by the position of what holds each
 * (`holder`: a site space's section, a section's group, a group's parent), then its own position.
 */
export const inStructureOrder = (holder: string) => () => [{ [holder]: { sortKey: 'asc' } }, { sortKey: 'asc' }, { id: 'asc' }];
export interface ItemRef {
  type: ItemType;
  id: string;
}
export interface Position {
  before?: ItemRef | null;
  after?: ItemRef | null;
}

interface Placed extends ItemRef {
  sortKey: number;
  /** The sibling list: the section of a site space, the group of a section or group (null: the root). */
  parent: string | null;
}

const byKey = (a: Placed, b: Placed) => a.sortKey - b.sortKey || a.id.localeCompare(b.id);
const nouns: Record<ItemType, string> = {
  'site-space': 'Site space',
  'site-section': 'Site section',
  'site-section-group': 'Site section group',
};

/** The item with its place, or 404 when the site has no such item. */
export async function placed(tx: Tx, siteId: string, item: ItemRef): Promise<Placed> {
  const where = { id: item.id, siteId };
  const row =
    item.type === 'site-space'
      ? await tx.siteSpace
          .findFirst({ where, select: { sortKey: true, sectionId: true } })
          .then((r) => r && { sortKey: r.sortKey, parent: r.sectionId })
      : item.type === 'site-section'
        ? await tx.siteSection
            .findFirst({ where, select: { sortKey: true, sectionGroupId: true } })
            .then((r) => r && { sortKey: r.sortKey, parent: r.sectionGroupId })
        : await tx.siteSectionGroup
            .findFirst({ where, select: { sortKey: true, parentId: true } })
            .then((r) => r && { sortKey: r.sortKey, parent: r.parentId });
  if (!row) throw notFound(nouns[item.type]);
  return { ...item, ...row };
}

/** The siblings of an item of `type` under `parent`, in order. */
async function siblings(tx: Tx, siteId: string, type: ItemType, parent: string | null): Promise<Placed[]> {
  const select = { id: true, sortKey: true } as const;
  if (type === 'site-space') {
    const rows = await tx.siteSpace.findMany({ where: { siteId, sectionId: parent }, select });
    return rows.map((r) => ({ type, parent, ...r })).sort(byKey);
  }
  const [sections, groups] = await Promise.all([
    tx.siteSection.findMany({ where: { siteId, sectionGroupId: parent }, select }),
    tx.siteSectionGroup.findMany({ where: { siteId, parentId: parent }, select }),
  ]);
  return [
    ...sections.map((r) => ({ type: 'site-section' as const, parent, ...r })),
    ...groups.map((r) => ({ type: 'site-section-group' as const, parent, ...r })),
  ].sort(byKey);
}

/** The key after the last sibling under `parent` (appending). */
export async function endKey(tx: Tx, siteId: string, type: ItemType, parent: string | null) {
  const list = await siblings(tx, siteId, type, parent);
  return (list.at(-1)?.sortKey ?? 0) + 1;
}

const same = (a: ItemRef, b: ItemRef) => a.type === b.type && a.id === b.id;

/**
 * Moves the item before or after a sibling (at the end without a position) and
 * renumbers the siblings. A reference that is not a sibling is a 400.
 */
export async function moveItem(tx: Tx, siteId: string, item: ItemRef, position: Position | null | undefined) {
  const self = await placed(tx, siteId, item);
  const others = (await siblings(tx, siteId, item.type === 'site-space' ? 'site-space' : 'site-section', self.parent)).filter(
    (s) => !same(s, self),
  );
  const { before, after } = position ?? {};
  if (before && after) throw badRequest('give before or after, not both', 'position');
  const ref = before ?? after;
  let index = others.length;
  if (ref) {
    const at = others.findIndex((s) => same(s, ref));
    if (at < 0)
      throw badRequest(`must name a sibling of the moved ${nouns[item.type].toLowerCase()}`, before ? 'position.before' : 'position.after');
    index = before ? at : at + 1;
  }
  const ordered = [...others.slice(0, index), self, ...others.slice(index)];
  await renumber(tx, ordered);
}

async function renumber(tx: Tx, list: Placed[]) {
  for (const type of ['site-space', 'site-section', 'site-section-group'] as const) {
    const items = list.map((s, i) => ({ ...s, sortKey: i + 1 })).filter((s) => s.type === type);
    if (!items.length) continue;
    const ids = items.map((s) => s.id);
    const keys = items.map((s) => s.sortKey);
    if (type === 'site-space')
      await tx.$executeRaw`UPDATE "SiteSpace" t SET "sortKey" = v.k FROM unnest(${ids}::text[], ${keys}::float8[]) AS v(id, k) WHERE t.id = v.id`;
    else if (type === 'site-section')
      await tx.$executeRaw`UPDATE "SiteSection" t SET "sortKey" = v.k FROM unnest(${ids}::text[], ${keys}::float8[]) AS v(id, k) WHERE t.id = v.id`;
    else
      await tx.$executeRaw`UPDATE "SiteSectionGroup" t SET "sortKey" = v.k FROM unnest(${ids}::text[], ${keys}::float8[]) AS v(id, k) WHERE t.id = v.id`;
  }
}
