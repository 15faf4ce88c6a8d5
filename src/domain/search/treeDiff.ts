// What changed between two page trees of a space, for the search index: only
// the subtrees whose hash differs (or whose place changed) are read, so an
// edit of one page of a 10,000-page space reads the trees on its path.
import type { TreeEntry, TreeFetcher } from '../revisions/index.js';

/** A page where a tree holds it: its content version, path and ancestors (ids, top-level first). */
export interface PagePlace {
  id: string;
  version: string;
  path: string;
  ancestors: string[];
}

export interface TreeChanges {
  /** Pages that are new, or whose content version changed: (re)index them. */
  indexed: PagePlace[];
  /** Same content, another path or other ancestors. */
  moved: PagePlace[];
  /** Pages gone from the tree. */
  removed: string[];
}

interface Context {
  path: string;
  ancestors: string[];
}

interface Pair {
  old: string | null;
  new: string | null;
  oldAt: Context;
  newAt: Context;
}

const sameContext = (a: Context, b: Context) =>
  a.path === b.path && a.ancestors.length === b.ancestors.length && a.ancestors.every((id, i) => b.ancestors[i] === id);
const childContext = (at: Context, entry: TreeEntry): Context => ({
  path: at.path ? `${at.path}/${entry.slug}` : entry.slug,
  ancestors: [...at.ancestors, entry.id],
});
const place = (at: Context, entry: TreeEntry): PagePlace => ({
  id: entry.id,
  version: entry.version,
  path: childContext(at, entry).path,
  ancestors: at.ancestors,
});

/**
 * The changes from tree `oldRoot` to tree `newRoot` (root PageTree hashes; null
 * for no page), one statement per level of depth. Subtrees are paired by the
 * page that holds them; an equal pair in an unchanged place is skipped whole.
 */
export async function diffTrees(fetch: TreeFetcher, spaceId: string, oldRoot: string | null, newRoot: string | null): Promise<TreeChanges> {
  const before = new Map<string, PagePlace>();
  const after = new Map<string, PagePlace>();
  const top: Context = { path: '', ancestors: [] };
  let level: Pair[] = [{ old: oldRoot, new: newRoot, oldAt: top, newAt: top }];
  while (level.length > 0) {
    const wanted = level.filter((p) => p.old !== p.new || !sameContext(p.oldAt, p.newAt));
    const hashes = [...new Set(wanted.flatMap((p) => [p.old, p.new]).filter((h): h is string => h !== null))];
    const trees = hashes.length > 0 ? await fetch(spaceId, hashes) : new Map<string, TreeEntry[]>();
    const next: Pair[] = [];
    for (const pair of wanted) {
      const olds = pair.old ? (trees.get(pair.old) ?? []) : [];
      const news = pair.new ? (trees.get(pair.new) ?? []) : [];
      const oldById = new Map(olds.map((e) => [e.id, e]));
      const newIds = new Set(news.map((e) => e.id));
      for (const e of olds) before.set(e.id, place(pair.oldAt, e));
      for (const e of news) {
        after.set(e.id, place(pair.newAt, e));
        const o = oldById.get(e.id);
        next.push({ old: o?.tree ?? null, new: e.tree, oldAt: o ? childContext(pair.oldAt, o) : top, newAt: childContext(pair.newAt, e) });
      }
      // Subtrees that left this node: their pages are removed or moved elsewhere (seen there).
      for (const o of olds) if (!newIds.has(o.id)) next.push({ old: o.tree, new: null, oldAt: childContext(pair.oldAt, o), newAt: top });
    }
    level = next.filter((p) => p.old !== null || p.new !== null);
  }
  const changes: TreeChanges = { indexed: [], moved: [], removed: [] };
  for (const [id, now] of after) {
    const was = before.get(id);
    if (!was || was.version !== now.version) changes.indexed.push(now);
    else if (!sameContext(was, now)) changes.moved.push(now);
  }
  for (const id of before.keys()) if (!after.has(id)) changes.removed.push(id);
  return changes;
}
