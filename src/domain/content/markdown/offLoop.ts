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

/** The references of each of `markdowns`: inline when small in all, otherwise in one task on the pool. */
export async function markdownReferencesOffLoop(compute: ComputePool, markdowns: string[]): Promise<MarkdownReference[][]> {
  const bytes = markdowns.reduce((sum, m) => sum + Buffer.byteLength(m), 0);
  if (bytes < compute.settings.inlineMarkdownBytes) return markdowns.map((m) => markdownReferences(m));
  return compute.run(toReferences, markdowns);
}
