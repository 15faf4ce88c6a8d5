// Where comments point: pages of a space's content. The one place that asks
// the content model whether a page exists, so it can follow that model when
// it changes (revisions of their own for change requests, page ids kept
// across revisions).
import type { PrismaClient } from '../../generated/prisma/client.js';
import { fetchTreesFrom, flatten, readTree } from '../revisions/index.js';
import type { Tx } from '../../db/tx.js';

export interface PageRef {
  spaceId: string;
  pageId: string;
}

export const pageKey = (ref: PageRef) => `${ref.spaceId}/${ref.pageId}`;
/** The page a `pageKey` names (ids hold no `/`). */
export const pageOfKey = (key: string): PageRef => {
  const [spaceId, pageId] = key.split('/') as [string, string];
  return { spaceId, pageId };
};

/**
 * Which of the given pages are in the active revision of their space today:
 * the `pageKey`s of those present. One statement for the spaces' revisions,
 * then their page trees level by level (src/domain/revisions/objects.ts).
 */
export async function pagesPresent(db: PrismaClient | Tx, refs: readonly PageRef[]): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const spaceIds = [...new Set(refs.map((r) => r.spaceId))];
  const spaces = await db.$queryRaw<{ id: string; tree: string | null }[]>`
    SELECT s.id, r.tree FROM "Space" s JOIN "Revision" r ON r.id = s."revisionId" WHERE s.id = ANY(${spaceIds}::text[])`;
  const present = new Set<string>();
  await Promise.all(
    spaces.map(async (space) => {
      const tree = await readTree(fetchTreesFrom(db), space.id, space.tree);
      for (const { node } of flatten(tree)) present.add(pageKey({ spaceId: space.id, pageId: node.id }));
    }),
  );
  return new Set(refs.map(pageKey).filter((key) => present.has(key)));
}
