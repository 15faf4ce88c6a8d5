// Tasks for the compute pool's own tests (test/process/compute.test.ts), run on its threads.
import { threadId } from 'node:worker_threads';

/** The thread it ran on and its input back. */
export const whereAmI = (input: string) => ({ threadId, input });

/** Never ends on its own: only the pool's time budget (or shutdown) stops it. */
export function spinForever(): never {
  for (;;) {
    // busy: the thread's event loop never turns
  }
}
