// How far V8 lets the heap grow past what survived its last full collection
// before it collects again. Left to itself V8 picks up to 4× for a server's heap:
// Quire keeps about 130 MB live, and under load its garbage then piled up to
// 400–550 MB resident before each collection. 1.5× keeps the peak near 200–250 MB
// at 64 connections; the CPU it costs was within the noise (bench/README.md, "Session 7").
// V8 adds the young generation's capacity to the limit (16 MB: --max-semi-space-size),
// so the old generation is collected at 1.5× what survived plus 16 MB.
// Unlike --max-old-space-size it is no ceiling: a process with more live data
// grows with it instead of crashing.
import { setFlagsFromString } from 'node:v8';
import { integer, type Env } from './config/env.js';

/** `HEAP_GROWTH_PERCENT` (default 50; 0 leaves V8's own growth). Throws on a bad value, naming it. */
export function heapGrowthFromEnv(env: Env): number {
  return integer(env, 'HEAP_GROWTH_PERCENT', 50, 0);
}

/** Applies the growth to this process (read by V8 at each full collection, so it holds from the next). */
export function setHeapGrowth(percent: number) {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
