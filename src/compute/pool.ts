// A pool of worker threads (piscina) for CPU-heavy work, so that one PDF, diff
// or merge never freezes the event loop every tenant shares. Each task has a
// time budget (waiting included): past it, its thread is stopped and the caller
// gets a 503 with Retry-After; a full queue answers the same at once.
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { UnavailableError } from '../errors.js';
import type { ComputeSettings } from './settings.js';
import type { TaskMessage } from './worker.js';

type TaskFn = (input: never) => unknown;

/** A function the pool's threads can run: an export of a module of its own (pure, no database). */
export interface ComputeTask<F extends TaskFn> {
  module: string;
  name: string;
  /** Phantom: the function's type, for run()'s input and answer. */
  readonly fn?: F;
}

/**
 * The task `name` exported by the module at `relative` (no extension) from
 * `callerUrl` (the caller's import.meta.url): `.ts` under tsx, `.js` in dist/.
 */
export function computeTask<F extends TaskFn>(callerUrl: string, relative: string, name: string): ComputeTask<F> {
  return { module: new URL(`${relative}${extname(new URL(callerUrl).pathname)}`, callerUrl).href, name };
}

export interface ComputePool {
  readonly settings: ComputeSettings;
  /** Runs `task` on a thread; `timeoutMs` replaces the settings' budget for work known to take longer. */
  run<F extends TaskFn>(task: ComputeTask<F>, input: Parameters<F>[0], options?: { timeoutMs?: number }): Promise<Awaited<ReturnType<F>>>;
  /** The same pool; its tasks also stop when `signal` aborts (the client left). */
  withSignal(signal: AbortSignal): ComputePool;
  /** The same pool without any caller's signal: for work several callers share. */
  detached(): ComputePool;
  /** Tasks handed to the threads so far, by task name. */
  counts(): Record<string, number>;
  /** Threads alive now (they start with work and end after a minute idle, or on close). */
  threadCount(): number;
  /** Stops the threads (tasks in flight fail); later runs fail at once. */
  close(): Promise<void>;
}

const busy = () => new UnavailableError('The server is busy with heavy work: retry after the time in the Retry-After header', 1);
const overBudget = (ms: number) =>
  new UnavailableError(
    `The computation took longer than its budget of ${ms} ms and was stopped: retry later, or ask for less (fewer pages, a smaller page)`,
    5,
  );

/** Where a thread starts: the compiled worker, or tsx's bootstrap when running from sources. */
function workerFile() {
  const fromSources = import.meta.url.endsWith('.ts');
  return fileURLToPath(new URL(fromSources ? './tsxWorker.mjs' : './worker.js', import.meta.url));
}

export function createComputePool(settings: ComputeSettings): ComputePool {
  const piscina = new Piscina<TaskMessage, unknown>({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: settings.maxThreads,
    // Idle threads end after a while: each holds tens of MB once it loaded pdfkit.
    idleTimeout: 60_000,
  });
  const counts: Record<string, number> = {};
  let closed = false;
  // The queue bound is counted here: piscina's own maxQueue lets tasks through while threads start.
  let admitted = 0;

  async function run(task: ComputeTask<TaskFn>, input: unknown, timeoutMs: number, callerSignal?: AbortSignal) {
    if (closed || admitted >= settings.maxThreads + settings.maxQueue) throw busy();
    admitted++;
    const budget = AbortSignal.timeout(timeoutMs);
    const signal = callerSignal ? AbortSignal.any([budget, callerSignal]) : budget;
    counts[task.name] = (counts[task.name] ?? 0) + 1;
    try {
      return await piscina.run({ module: task.module, name: task.name, input }, { signal });
    } catch (err) {
      if (budget.aborted) throw overBudget(timeoutMs);
      if (callerSignal?.aborted) throw callerSignal.reason ?? err;
      if (closed) throw busy();
      throw err;
    } finally {
      admitted--;
    }
  }

  const bound = (signal?: AbortSignal): ComputePool => ({
    settings,
    run: (task, input, options) => run(task as ComputeTask<TaskFn>, input, options?.timeoutMs ?? settings.taskTimeoutMs, signal) as never,
    withSignal: (next) => bound(signal ? AbortSignal.any([signal, next]) : next),
    detached: () => bound(),
    counts: () => ({ ...counts }),
    threadCount: () => piscina.threads.length,
    async close() {
      closed = true;
      await piscina.destroy();
    },
  });
  return bound();
}
