// The benchmark's latencies (bench/load.ts, latencyRecorder): percentiles of the
// answers sent once every connection had answered once; the opening burst apart.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { latencyRecorder } from '../../../bench/load.js';

/** A recorder on a clock the test moves, and a way to answer on a connection at a time. */
function recorded() {
  let clock = 0;
  const recorder = latencyRecorder(() => clock);
  const connection = () => {
    const client = new EventEmitter();
    recorder.watch(client);
    return (at: number, ms: number) => ((clock = at), client.emit('response', 200, 100, ms));
  };
  return { recorder, connection };
}

describe('latencyRecorder', () => {
  it('leaves out the requests sent before the last connection had its first answer', () => {
    const { recorder, connection } = recorded();
    const a = connection();
    const b = connection();
    a(10, 10); // the burst: sent at 0
    a(30, 20); // sent at 10, before b's first answer
    b(100, 100); // the burst's slowest: the run is steady from 100
    for (let at = 110; at <= 300; at += 10) a(at, 5), b(at, 8); // sent at 105 and 102 on
    const { steady, start } = recorder.summary();
    expect(start).toEqual({ answers: 3, maxMs: 100 });
    expect(steady).toEqual({ p50: 8, p90: 8, p99: 8, max: 8 });
  });

  it('takes the percentiles of the steady answers by rank', () => {
    const { recorder, connection } = recorded();
    const a = connection();
    a(1, 1);
    for (let i = 1; i <= 100; i++) a(1000 + i * 200, i); // latencies 1…100, each sent after the first answer
    expect(recorder.summary().steady).toEqual({ p50: 51, p90: 91, p99: 100, max: 100 });
  });

  it('answers every latency when no answer came after the burst', () => {
    const { recorder, connection } = recorded();
    const a = connection();
    const b = connection();
    a(50, 50);
    b(80, 80);
    expect(recorder.summary()).toEqual({ steady: { p50: 80, p90: 80, p99: 80, max: 80 }, start: { answers: 2, maxMs: 80 } });
  });
});
