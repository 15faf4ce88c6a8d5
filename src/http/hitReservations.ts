// Rate-limit hits counted in Redis ahead of use, so that most requests count
// theirs without a round trip. When a counter has no hits reserved here, the
// request's own hit goes to Redis together with a chunk of the counter's
// headroom as this process last saw it (an eighth of it, at most 1,000); the
// next requests of the counter use that chunk locally.
//
// A process's count is Redis's total less the hits it holds unused, so with
// one replica every count is exact. With several, no counter ever admits more
// than its limit (every admitted hit was counted in Redis first); a caller can
// be refused early by hits other replicas hold unused, at most an eighth of
// the headroom each saw. Near the limit the chunks shrink to one hit: each
// request counts in Redis again.
import type { HitWant } from './redisCounters.js';

interface Reserved {
  /** The highest total Redis answered for the counter. */
  total: number;
  /** Hits counted in Redis and not used yet here. */
  left: number;
}

export interface HitPlan {
  /** Each counter's count with this request's hit, where it was counted here; undefined where Redis must count it. */
  counts: (number | undefined)[];
  /** How many hits to count in Redis for each counter that has none reserved (this request's and the reserve's). */
  chunks: number[];
}

export function hitReservations({ share = 8, maxChunk = 1000, maxCounters = 100_000 } = {}) {
  let window = Number.NaN;
  let reserved = new Map<string, Reserved>();
  /** The counters of the window starting at `windowStart`; older windows' reserves are forgotten. */
  const current = (windowStart: number) => {
    if (windowStart > window || Number.isNaN(window)) {
      window = windowStart;
      reserved = new Map();
    }
    return windowStart === window ? reserved : undefined;
  };
  return {
    /** Uses a reserved hit of each counter that has one; says how many to count in Redis for the others. */
    plan(counters: readonly HitWant[], windowStart: number): HitPlan {
      const known = current(windowStart);
      const counts: (number | undefined)[] = [];
      const chunks: number[] = [];
      for (const [key, limit] of counters) {
        const entry = known?.get(key);
        if (entry && entry.left > 0) {
          entry.left -= 1;
          counts.push(entry.total - entry.left);
          chunks.push(0);
          continue;
        }
        const room = known !== undefined && (entry !== undefined || known.size < maxCounters);
        const headroom = limit - (entry?.total ?? 0);
        counts.push(undefined);
        chunks.push(room ? Math.min(maxChunk, Math.max(1, Math.floor(headroom / share))) : 1);
      }
      return { counts, chunks };
    },
    /**
     * Redis counted `chunk` hits of `key`, its total now `total`: keeps the
     * chunk's unused hits and answers this request's count, its hit's place
     * in Redis's order.
     */
    settle(key: string, windowStart: number, chunk: number, total: number): number {
      const known = current(windowStart);
      const entry = known?.get(key) ?? (known && (chunk > 1 || known.size < maxCounters) ? { total: 0, left: 0 } : undefined);
      if (entry) {
        // (Its total also sizes the next chunk: near the limit, one hit.)
        entry.total = Math.max(entry.total, total);
        entry.left += chunk - 1;
        known!.set(key, entry);
      }
      return total - chunk + 1;
    },
  };
}

export type HitReservations = ReturnType<typeof hitReservations>;
