// How much CPU-heavy work (PDFs, diffs, merges, large Markdown) one process
// runs off its event loop at once, how much may wait, and how long one task may take.
import { availableParallelism } from 'node:os';

export interface ComputeSettings {
  /** Worker threads: one core stays free for the event loop (answers, /healthz). */
  maxThreads: number;
  /** Tasks that may wait for a thread; past it, 503 with Retry-After. */
  maxQueue: number;
  /** Longest a task may take, waiting included: then its thread is stopped and the request answers 503. */
  taskTimeoutMs: number;
  /** The same for a PDF render (about a second per 20 KB page, stored once per revision): long exports must be able to finish. */
  pdfTimeoutMs: number;
  /** Markdown of at least this many bytes converts in the pool; smaller converts inline (the round trip costs more). */
  inlineMarkdownBytes: number;
}

export const defaultComputeSettings = (): ComputeSettings => ({
  maxThreads: Math.max(1, availableParallelism() - 1),
  maxQueue: 32,
  taskTimeoutMs: 30_000,
  pdfTimeoutMs: 180_000,
  inlineMarkdownBytes: 16 * 1024,
});
