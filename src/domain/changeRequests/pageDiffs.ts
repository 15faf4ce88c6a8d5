// Unified diffs of page Markdown, runnable on the compute pool (src/compute).
// Myers' diff costs (lines × edits): past MAX_DIFF_EDITS changed lines a page's
// diff is one whole-block hunk (every old line removed, every new line added),
// which costs a line each, instead of seconds of search for a minimal one.
import { createTwoFilesPatch, formatPatch, type StructuredPatchHunk } from 'diff';

export const MAX_DIFF_EDITS = 1000;

export interface DiffPair {
  oldName: string;
  newName: string;
  before: string;
  after: string;
}

/** The lines of `text` as a hunk's lines with `sign`, and Git's marker when the text does not end with a newline. */
function hunkLines(text: string, sign: '-' | '+'): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  const endsWithNewline = lines.at(-1) === '';
  if (endsWithNewline) lines.pop();
  const out = lines.map((line) => `${sign}${line}`);
  if (!endsWithNewline) out.push('\\ No newline at end of file');
  return out;
}

/** One hunk replacing all of `before` with all of `after`. */
export function wholeBlockPatch({ oldName, newName, before, after }: DiffPair): string {
  const removed = hunkLines(before, '-');
  const added = hunkLines(after, '+');
  const count = (lines: string[]) => lines.filter((l) => !l.startsWith('\\')).length;
  const oldLines = count(removed);
  const newLines = count(added);
  const hunk: StructuredPatchHunk = {
    oldStart: oldLines ? 1 : 0,
    oldLines,
    newStart: newLines ? 1 : 0,
    newLines,
    lines: [...removed, ...added],
  };
  return formatPatch({ oldFileName: oldName, newFileName: newName, oldHeader: undefined, newHeader: undefined, hunks: [hunk] });
}

export function unifiedDiff(pair: DiffPair): string {
  if (pair.before === pair.after) return '';
  return (
    createTwoFilesPatch(pair.oldName, pair.newName, pair.before, pair.after, undefined, undefined, { maxEditLength: MAX_DIFF_EDITS }) ??
    wholeBlockPatch(pair)
  );
}

/** Pool task: the diffs of several pages in one round trip. */
export const unifiedDiffsTask = (pairs: DiffPair[]) => pairs.map(unifiedDiff);
