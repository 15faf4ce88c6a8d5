// The paths of a revision's pages, structure only (no page content is read):
// what redirects resolve a page to, and what an automatic redirect compares.
import type { Tx } from '../../../db/tx.js';
import { fetchTreesFrom, flatten, readTree } from '../../revisions/index.js';

export type PagePaths = Map<string, string>;

/** Page id → path (`parent/child`) in the revision; empty when there is none. */
export async function pagePathsOf(db: Tx, revisionId: string | null | undefined): Promise<PagePaths> {
  if (!revisionId) return new Map();
  const revision = await db.revision.findUnique({ where: { id: revisionId }, select: { spaceId: true, tree: true } });
  if (!revision) return new Map();
  const pages = flatten(await readTree(fetchTreesFrom(db), revision.spaceId, revision.tree));
  return new Map(pages.map((p) => [p.node.id, p.path]));
}

/** The page paths of spaces' current revisions, each read once per call. */
export function currentPagePaths(db: Tx) {
  const bySpace = new Map<string, Promise<PagePaths>>();
  return (spaceId: string) => {
    let paths = bySpace.get(spaceId);
    if (!paths) {
      paths = db.space
        .findUnique({ where: { id: spaceId }, select: { revisionId: true } })
        .then((space) => pagePathsOf(db, space?.revisionId));
      bySpace.set(spaceId, paths);
    }
    return paths;
  };
}
