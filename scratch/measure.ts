import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createComputePool, computeTask } from '../src/compute/pool.js';
import { defaultComputeSettings } from '../src/compute/settings.js';
import { renderPdfTask } from '../src/domain/content/markdown/tasks.js';
import { unifiedDiffsTask } from '../src/domain/changeRequests/pageDiffs.js';
import { mergeTextsTask } from '../src/domain/revisions/textMerge.js';
import { createTwoFilesPatch } from 'diff';

const para = (i: number) => `Paragraph ${i} with **bold** words and a [link](https://example.test/${i}), then more words to fill the line.`;
const page = Array.from({ length: 180 }, (_, i) => para(i)).join('\n\n');
const lines = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `Line ${i} ${tag} lorem ipsum dolor sit amet`).join('\n\n');
const pool = createComputePool({ ...defaultComputeSettings(), taskTimeoutMs: 600_000, pdfTimeoutMs: 600_000 });
const pdfIn = { pages: Array.from({ length: 10 }, (_, i) => ({ title: `P${i}`, markdown: page })), title: 'x' };
const pairs = [{ oldName: 'a', newName: 'b', before: lines('old', 2000), after: lines('new', 2000) }];

async function measure(label: string, fn: () => Promise<unknown>) {
  let last = Date.now();
  let maxGap = 0;
  const timer = setInterval(() => { const now = Date.now(); maxGap = Math.max(maxGap, now - last); last = now; }, 5);
  const t = Date.now();
  await fn();
  const total = Date.now() - t;
  await new Promise((r) => setTimeout(r, 30));
  clearInterval(timer);
  console.log(`${label}: ${total} ms total, longest event-loop stall ${maxGap} ms`);
}
await pool.run(computeTask<typeof unifiedDiffsTask>(import.meta.url, '../src/domain/changeRequests/pageDiffs', 'unifiedDiffsTask'), []); // warm a thread
await measure('PDF 10x20KB inline', () => renderPdfTask(pdfIn));
await measure('PDF 10x20KB pool  ', () => pool.run(computeTask<typeof renderPdfTask>(import.meta.url, '../src/domain/content/markdown/tasks', 'renderPdfTask'), pdfIn));
await measure('diff 2000 lines unbounded inline', async () => createTwoFilesPatch('a', 'b', pairs[0]!.before, pairs[0]!.after));
await measure('diff 2000 lines bounded pool    ', () => pool.run(computeTask<typeof unifiedDiffsTask>(import.meta.url, '../src/domain/changeRequests/pageDiffs', 'unifiedDiffsTask'), pairs));
await measure('merge 2000 lines bounded pool   ', () => pool.run(computeTask<typeof mergeTextsTask>(import.meta.url, '../src/domain/revisions/textMerge', 'mergeTextsTask'), [{ base: lines('b', 2000), ours: lines('o', 2000), theirs: lines('t', 2000) }]));
await measure('merge 1000 lines pool           ', () => pool.run(computeTask<typeof mergeTextsTask>(import.meta.url, '../src/domain/revisions/textMerge', 'mergeTextsTask'), [{ base: lines('b', 1000).split('\n\n').join('\n'), ours: lines('o', 1000).split('\n\n').join('\n'), theirs: lines('t', 1000).split('\n\n').join('\n') }]));
await pool.close();
