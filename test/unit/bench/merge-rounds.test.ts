// The benchmark's rounds taken in turns (bench/load.ts, mergeRounds): a server's
// rounds add up to one measure of the level, their latencies the median round's.
import { describe, expect, it } from 'vitest';
import { mergeRounds, type LoadResult } from '../../../bench/load.js';

const round = (requestsPerSecond: number, p99: number, cpu: number | null, rss: number | null): LoadResult => ({
  connections: 64,
  durationSeconds: 2,
  requestsPerSecond,
  latencyMs: { p50: p99 / 2, p90: p99 - 1, p99, max: p99 * 2 },
  startBurst: { answers: 64, maxMs: p99 * 3, p99WithBurstMs: p99 + 5 },
  non2xx: 0,
  errors: 0,
  peakRssMB: rss,
  cpuMsPerRequest: cpu,
  dbCpuMsPerRequest: cpu === null ? null : cpu / 2,
  statementsPerRequest: 2,
});

describe('mergeRounds', () => {
  it('adds up requests and time, weights CPU by the requests of each round, takes the median round latency, the slowest opening burst and the highest RSS', () => {
    const merged = mergeRounds([round(1000, 40, 1, 200), round(3000, 400, 0.5, 250), round(2000, 60, 0.8, null)]);
    expect(merged.durationSeconds).toBe(6);
    expect(merged.requestsPerSecond).toBe(2000);
    expect(merged.latencyMs).toEqual({ p50: 30, p90: 59, p99: 60, max: 800 });
    expect(merged.startBurst).toEqual({ answers: 192, maxMs: 1200, p99WithBurstMs: 65 });
    // (2,000 × 1 + 6,000 × 0.5 + 4,000 × 0.8) / 12,000 requests
    expect(merged.cpuMsPerRequest).toBeCloseTo(8200 / 12000);
    expect(merged.dbCpuMsPerRequest).toBeCloseTo(4100 / 12000);
    expect(merged.statementsPerRequest).toBe(2);
    expect(merged.peakRssMB).toBe(250);
  });

  it('answers null CPU when a round could not read it, and one round as it is', () => {
    expect(mergeRounds([round(1000, 40, 1, 200), round(1000, 40, null, 200)]).cpuMsPerRequest).toBeNull();
    const only = round(1000, 40, 1, 200);
    expect(mergeRounds([only])).toBe(only);
  });

  it('counts the failures of every round', () => {
    const failed = { ...round(1000, 40, 1, 200), non2xx: 3, errors: 1 };
    expect(mergeRounds([failed, round(1000, 40, 1, 200), failed])).toMatchObject({ non2xx: 6, errors: 2 });
  });
});
