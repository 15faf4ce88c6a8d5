// Bounded diffs and three-way merges of page text (src/domain/changeRequests/pageDiffs.ts,
// src/domain/revisions/textMerge.ts): a rewrite past the edit bound is one hunk, a
// both-sides edit past the line bound a conflict of the page. On the compute pool: test/process/compute.test.ts.
import { describe, expect, it } from 'vitest';
import { applyPatch } from 'diff';
import { unifiedDiff, MAX_DIFF_EDITS } from '../../../src/domain/changeRequests/pageDiffs.js';
import { mergeText, MAX_MERGE_LINES } from '../../../src/domain/revisions/textMerge.js';

/** `n` lines of Markdown paragraphs (blank lines between: the shape that made diff3 explode), tagged. */
const paragraphs = (tag: string, n: number) =>
  Array.from({ length: n }, (_, i) => `Line ${i} ${tag} lorem ipsum dolor sit amet`).join('\n\n');

describe('bounded diffs and merges', () => {
  it('diffs a rewrite past the edit bound as one whole-block hunk that still applies', () => {
    const before = paragraphs('old', MAX_DIFF_EDITS);
    const after = `${paragraphs('new', MAX_DIFF_EDITS)}\n`;
    const patch = unifiedDiff({ oldName: 'a/p.md', newName: 'b/p.md', before, after });
    expect(patch.match(/^@@ /gm)).toHaveLength(1);
    expect(applyPatch(before, patch)).toBe(after);
    // Small edits keep their minimal hunks.
    const small = unifiedDiff({ oldName: 'a/p.md', newName: 'b/p.md', before, after: before.replace('Line 5 old', 'Line 5 edited') });
    expect(small.split('\n').filter((l) => /^[-+][^-+]/.test(l))).toEqual([
      '-Line 5 old lorem ipsum dolor sit amet',
      '+Line 5 edited lorem ipsum dolor sit amet',
    ]);
  });

  it('merges small texts line by line, and calls a both-sides edit past the line bound a conflict of the page', () => {
    expect(mergeText({ base: 'a\nb\nc', ours: 'A\nb\nc', theirs: 'a\nb\nC' })).toEqual({ text: 'A\nb\nC' });
    expect(mergeText({ base: 'a', ours: 'x', theirs: 'y' })).toEqual({ conflict: 'lines' });
    const base = paragraphs('base', MAX_MERGE_LINES);
    expect(mergeText({ base, ours: paragraphs('ours', MAX_MERGE_LINES), theirs: paragraphs('theirs', MAX_MERGE_LINES) })).toEqual({
      conflict: 'size',
    });
    // One side alone changed: its text, however long.
    expect(mergeText({ base, ours: base, theirs: paragraphs('theirs', MAX_MERGE_LINES) })).toEqual({
      text: paragraphs('theirs', MAX_MERGE_LINES),
    });
  });
});
