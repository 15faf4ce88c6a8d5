// How long heavy work stalls the event loop, run inline (as before the compute
// pool) and on the pool (src/compute): the longest gap between 5 ms timer ticks
// while it runs is the time every other request (and /healthz) would wait.
//   npx tsx bench/compute-stalls.ts
import { diff3Merge } from 'node-diff3';
import { createTwoFilesPatch } from 'diff';
import { computeTask, createComputePool } from '../src/compute/pool.js';
import { defaultComputeSettings } from '../src/compute/settings.js';
import { renderPdfTask } from '../src/domain/content/markdown/tasks.js';
import type { unifiedDiffsTask } from '../src/domain/changeRequests/pageDiffs.js';
import type { mergeTextsTask } from '../src/domain/revisions/textMerge.js';

const paragraph = (i: number) =>
  `Paragraph ${i} with **bold** words and a [link](https://example.test/${i}), then more words to fill the line.`;
const page = Array.from({ length: 180 }, (_, i) => paragraph(i)).join('\n\n'); // about 20 KB
const lines = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `Line ${i} ${tag} lorem ipsum dolor sit amet`).join('\n\n');

const pool = createComputePool({ ...defaultComputeSettings(), taskTimeoutMs: 600_000, pdfTimeoutMs: 600_000 });
const pdf = computeTask<typeof renderPdfTask>(import.meta.url, '../src/domain/content/markdown/tasks', 'renderPdfTask');
const diffs = computeTask<typeof unifiedDiffsTask>(import.meta.url, '../src/domain/changeRequests/pageDiffs', 'unifiedDiffsTask');
const merges = computeTask<typeof mergeTextsTask>(import.meta.url, '../src/domain/revisions/textMerge', 'mergeTextsTask');

async function measure(label: string, work: () => Promise<unknown>) {
  let last = Date.now();
  let longest = 0;
  const ticks = setInterval(() => {
    const now = Date.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  const started = Date.now();
  await work();
  const took = Date.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 30)); // one more tick: a stall ending the work is counted
  clearInterval(ticks);
  console.log(`${label.padEnd(44)} ${String(took).padStart(6)} ms, longest stall ${String(longest).padStart(6)} ms`);
}

const pdfInput = { pages: Array.from({ length: 10 }, (_, i) => ({ title: `Page ${i}`, markdown: page })), title: 'Export' };
const rewrite = { oldName: 'a/p.md', newName: 'b/p.md', before: lines('old', 2000), after: lines('new', 2000) };
const merge = (n: number) => ({ base: lines('base', n), ours: lines('ours', n), theirs: lines('theirs', n) });

await pool.run(diffs, []); // start a thread first: its start-up is not the work's
await measure('PDF, 10 pages of 20 KB, inline', () => renderPdfTask(pdfInput));
await measure('PDF, 10 pages of 20 KB, pool', () => pool.run(pdf, pdfInput));
await measure('diff, 2,000 rewritten lines, inline (before)', async () => createTwoFilesPatch('a', 'b', rewrite.before, rewrite.after));
await measure('diff, 2,000 rewritten lines, pool (bounded)', () => pool.run(diffs, [rewrite]));
const m = merge(1000);
await measure('merge, 1,000 lines both sides, inline diff3', async () =>
  diff3Merge(m.ours.split('\n'), m.base.split('\n'), m.theirs.split('\n')),
);
await measure('merge, 2,000 lines both sides, pool (bounded)', () => pool.run(merges, [merge(2000)]));
await pool.close();
