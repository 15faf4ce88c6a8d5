// Line-based three-way merge (diff3) of page Markdown, runnable on the compute
// pool (src/compute). node-diff3's longest common subsequence grows much faster
// than the text (2,000 lines with blank lines between: 22 s), so texts edited
// on both sides past MAX_MERGE_LINES lines are a conflict of the whole page,
// never a silent pick: the caller's merge reports it and changes nothing.
import { diff3Merge } from 'node-diff3';

export const MAX_MERGE_LINES = 1000;

export interface TextTriple {
  base: string;
  ours: string;
  theirs: string;
}

/** The merged text, or why there is none: lines changed differently on both sides, or too many lines to compare. */
export type TextMerge = { text: string } | { conflict: 'lines' | 'size' };

export function mergeText({ base, ours, theirs }: TextTriple): TextMerge {
  if (ours === base || ours === theirs) return { text: theirs };
  if (theirs === base) return { text: ours };
  const [b, o, t] = [base, ours, theirs].map((text) => text.split('\n')) as [string[], string[], string[]];
  if (Math.max(b.length, o.length, t.length) > MAX_MERGE_LINES) return { conflict: 'size' };
  const out: string[] = [];
  for (const region of diff3Merge(o, b, t, { excludeFalseConflicts: true })) {
    if (region.conflict) return { conflict: 'lines' };
    out.push(...(region.ok ?? []));
  }
  return { text: out.join('\n') };
}

/** Pool task: the merges of several pages in one round trip. */
export const mergeTextsTask = (triples: TextTriple[]) => triples.map(mergeText);
