// Markdown conversions of large inputs on the compute pool (src/compute): a
// page of hundreds of KB takes the event loop for long; small ones convert
// inline, where they cost less than the round trip to a thread.
import type { ComputePool } from '../../../compute/pool.js';
import { computeTask } from '../../../compute/pool.js';
import { markdownToDocument, type RichTextDocument } from './document.js';
import { markdownReferences, type MarkdownReference } from './references.js';
import type { markdownReferencesTask, markdownToDocumentTask } from './tasks.js';

const toDocument = computeTask<typeof markdownToDocumentTask>(import.meta.url, './tasks', 'markdownToDocumentTask');
const toReferences = computeTask<typeof markdownReferencesTask>(import.meta.url, './tasks', 'markdownReferencesTask');

/** The rich-text document of `markdown`: on the pool from `compute.settings.inlineMarkdownBytes` up. */
export async function markdownToDocumentOffLoop(compute: ComputePool, markdown: string): Promise<RichTextDocument> {
  if (Buffer.byteLength(markdown) < compute.settings.inlineMarkdownBytes) return markdownToDocument(markdown);
  return compute.run(toDocument, markdown);
}

/** Most Markdown one references task takes: larger sets go in several tasks, one after the other, each within the budget. */
const REFERENCES_TASK_BYTES = 1024 * 1024;

/** The references of each of `markdowns`: inline when small in all, otherwise on the pool in tasks of up to 1 MB. */
export async function markdownReferencesOffLoop(compute: ComputePool, markdowns: string[]): Promise<MarkdownReference[][]> {
  const sizes = markdowns.map((m) => Buffer.byteLength(m));
  if (sizes.reduce((sum, n) => sum + n, 0) < compute.settings.inlineMarkdownBytes) return markdowns.map((m) => markdownReferences(m));
  const out: MarkdownReference[][] = [];
  let start = 0;
  while (start < markdowns.length) {
    let end = start;
    for (let bytes = 0; end < markdowns.length && (end === start || bytes + sizes[end]! <= REFERENCES_TASK_BYTES); end++)
      bytes += sizes[end]!;
    out.push(...(await compute.run(toReferences, markdowns.slice(start, end))));
    start = end;
  }
  return out;
}
