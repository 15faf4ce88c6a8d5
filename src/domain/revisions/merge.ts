// Three-way merge of page trees: what each side changed since their common
// base survives, at the page level (added, removed, moved, renamed, reordered,
// edited) and inside the Markdown of a page edited on both sides (line-based
// diff3, src/domain/revisions/textMerge.ts). What both sides changed
// differently is a conflict, never a silent pick.
import { computeTask, type ComputePool } from '../../compute/pool.js';
import { canonical, contentFields, type PageContent, type PageNode } from './objects.js';
import { mergeText, MAX_MERGE_LINES, type mergeTextsTask, type TextMerge, type TextTriple } from './textMerge.js';

export interface MergeConflict {
  /** Id of the page in conflict. */
  page: string;
  /** What clashed, in words. */
  reason: string;
}

type MergeOutcome = { pages: PageNode[]; conflicts: [] } | { pages: null; conflicts: MergeConflict[] };

interface Placed {
  node: PageNode;
  parentId: string | null;
}

interface ContentStore {
  load(hashes: string[]): Promise<Map<string, PageContent>>;
  save(content: PageContent): Promise<string>;
}

function index(pages: PageNode[]) {
  const byId = new Map<string, Placed>();
  const children = new Map<string | null, string[]>();
  const walk = (nodes: PageNode[], parentId: string | null) => {
    children.set(
      parentId,
      nodes.map((n) => n.id),
    );
    for (const node of nodes) {
      byId.set(node.id, { node, parentId });
      walk(node.children, node.id);
    }
  };
  walk(pages, null);
  return { byId, children };
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The three-way pick of one value: the side that changed it, or a conflict (undefined). */
function pick<T>(base: T, ours: T, theirs: T): { value: T } | undefined {
  if (same(ours, base) || same(ours, theirs)) return { value: theirs };
  if (same(theirs, base)) return { value: ours };
  return undefined;
}

/** Merges texts three-way, in order: inline, or on the compute pool (textMergerOn). */
type TextMerger = (triples: TextTriple[]) => Promise<TextMerge[]>;
const mergeInline: TextMerger = async (triples) => triples.map(mergeText);

/** Below this much Markdown in all, texts merge inline: a round trip to a thread costs more. */
const INLINE_MERGE_BYTES = 8 * 1024;
const mergeOnPool = computeTask<typeof mergeTextsTask>(import.meta.url, './textMerge', 'mergeTextsTask');

/** Text merges of more than a few KB run on the compute pool, within its time budget. */
export const textMergerOn =
  (compute: ComputePool): TextMerger =>
  async (triples) => {
    const bytes = triples.reduce((sum, t) => sum + t.base.length + t.ours.length + t.theirs.length, 0);
    return bytes < INLINE_MERGE_BYTES ? triples.map(mergeText) : compute.run(mergeOnPool, triples);
  };

function mergeContent(
  base: PageContent,
  ours: PageContent,
  theirs: PageContent,
  markdown: TextMerge,
): { content: PageContent } | { field: string; reason?: string } {
  const merged = { ...base } as Record<string, unknown>;
  for (const field of contentFields) {
    if (field === 'markdown') {
      if ('conflict' in markdown)
        return {
          field,
          ...(markdown.conflict === 'size'
            ? { reason: `markdown edited on each side, too long (over ${MAX_MERGE_LINES} lines) to merge line by line` }
            : {}),
        };
      merged.markdown = markdown.text;
      continue;
    }
    const chosen = pick(base[field], ours[field], theirs[field]);
    if (!chosen) return { field };
    merged[field] = chosen.value;
  }
  return { content: merged as unknown as PageContent };
}

/** Sibling order: the side that reordered wins; pages the other side placed go after their predecessor there. */
function orderChildren(ids: Set<string>, baseOrder: string[], oursOrder: string[], theirsOrder: string[]): string[] {
  const oursKept = oursOrder.filter((id) => ids.has(id));
  const theirsKept = theirsOrder.filter((id) => ids.has(id));
  const [primary, secondary] = same(oursOrder, baseOrder) ? [theirsKept, oursKept] : [oursKept, theirsKept];
  const out = [...primary];
  for (const [i, id] of secondary.entries()) {
    if (out.includes(id)) continue;
    const before = secondary
      .slice(0, i)
      .reverse()
      .find((p) => out.includes(p));
    out.splice(before === undefined ? 0 : out.indexOf(before) + 1, 0, id);
  }
  for (const id of ids) if (!out.includes(id)) out.push(id);
  return out;
}

/**
 * Merges `ours` and `theirs`, two descendants of `base`. On success the pages
 * of the result (new page versions saved through `store`); otherwise every conflict.
 */
export async function mergeTrees(
  base: PageNode[],
  ours: PageNode[],
  theirs: PageNode[],
  store: ContentStore,
  mergeTexts: TextMerger = mergeInline,
): Promise<MergeOutcome> {
  const B = index(base);
  const O = index(ours);
  const T = index(theirs);
  const conflicts: MergeConflict[] = [];
  const merged = new Map<string, Placed>();
  const unchanged = (a: Placed, b: Placed) => a.parentId === b.parentId && a.node.slug === b.node.slug && a.node.version === b.node.version;
  const bothEdited: { id: string; b: Placed; o: Placed; t: Placed }[] = [];

  for (const id of new Set([...O.byId.keys(), ...T.byId.keys(), ...B.byId.keys()])) {
    const b = B.byId.get(id);
    const o = O.byId.get(id);
    const t = T.byId.get(id);
    if (!b) {
      const added = o ?? t!;
      merged.set(id, added);
      continue;
    }
    if (!o && !t) continue;
    if (!o || !t) {
      const kept = (o ?? t)!;
      if (unchanged(kept, b)) continue; // removed on one side, untouched on the other
      conflicts.push({ page: id, reason: 'removed on one side and changed on the other' });
      continue;
    }
    const parent = pick(b.parentId, o.parentId, t.parentId);
    const slug = pick(b.node.slug, o.node.slug, t.node.slug);
    if (!parent) conflicts.push({ page: id, reason: 'moved to different places on each side' });
    else if (!slug) conflicts.push({ page: id, reason: 'given different slugs on each side' });
    else {
      const version = pick(b.node.version, o.node.version, t.node.version);
      // ISO strings compare in time order (not Math.max: they are strings).
      const updatedAt = [o.node.updatedAt, t.node.updatedAt].sort().at(-1)!;
      const node: PageNode = { ...o.node, slug: slug.value, version: version?.value ?? '', updatedAt, children: [] };
      merged.set(id, { node, parentId: parent.value });
      if (!version) bothEdited.push({ id, b, o, t });
    }
  }

  if (bothEdited.length > 0) {
    const contents = await store.load(bothEdited.flatMap((e) => [e.b.node.version, e.o.node.version, e.t.node.version]));
    const sides = bothEdited.map(
      (e) => [contents.get(e.b.node.version)!, contents.get(e.o.node.version)!, contents.get(e.t.node.version)!] as const,
    );
    const markdowns = await mergeTexts(sides.map(([b, o, t]) => ({ base: b.markdown, ours: o.markdown, theirs: t.markdown })));
    for (const [i, { id }] of bothEdited.entries()) {
      const [b, o, t] = sides[i]!;
      const result = mergeContent(b, o, t, markdowns[i]!);
      if ('field' in result) conflicts.push({ page: id, reason: result.reason ?? `${result.field} edited differently on each side` });
      else merged.get(id)!.node.version = await store.save(result.content);
    }
  }

  // The merged places must form a tree: parents present, no cycle, one slug per sibling.
  for (const [id, placed] of merged) {
    if (placed.parentId !== null && !merged.has(placed.parentId))
      conflicts.push({ page: id, reason: 'its parent page was removed on the other side' });
    const seen = new Set([id]);
    for (let up = placed.parentId; up !== null; up = merged.get(up)?.parentId ?? null) {
      if (seen.has(up)) {
        conflicts.push({ page: id, reason: 'the moves of both sides make a page its own ancestor' });
        break;
      }
      seen.add(up);
    }
  }
  const byParent = new Map<string | null, Set<string>>();
  for (const [id, placed] of merged) byParent.set(placed.parentId, (byParent.get(placed.parentId) ?? new Set()).add(id));
  for (const ids of byParent.values()) {
    const slugs = new Map<string, string>();
    for (const id of ids) {
      const slug = merged.get(id)!.node.slug;
      const other = slugs.get(slug);
      if (other) conflicts.push({ page: id, reason: `its slug "${slug}" is taken by page ${other} at the same place` });
      slugs.set(slug, id);
    }
  }
  if (conflicts.length > 0) return { pages: null, conflicts: dedupe(conflicts) };

  const build = (parentId: string | null): PageNode[] => {
    const ids = byParent.get(parentId);
    if (!ids) return [];
    const order = orderChildren(ids, B.children.get(parentId) ?? [], O.children.get(parentId) ?? [], T.children.get(parentId) ?? []);
    return order.map((id) => ({ ...merged.get(id)!.node, children: build(id) }));
  };
  return { pages: build(null), conflicts: [] };
}

function dedupe(conflicts: MergeConflict[]) {
  const seen = new Set<string>();
  return conflicts.filter((c) => (seen.has(c.page) ? false : (seen.add(c.page), true)));
}
