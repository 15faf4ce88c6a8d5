// Loaded into Quire by BENCH_PROFILE=alloc (`node --import`): V8's sampling heap
// profiler, garbage included (what a --heap-prof profile leaves out), one profile
// per 5 s window under BENCH_ALLOC_PROFILE_DIR, named <pid>-<window>. What a
// request allocates decides how often the young generation is collected and
// how much of it survives; summarise with bench/alloc-summary.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const dir = process.env.BENCH_ALLOC_PROFILE_DIR;
if (dir) {
  mkdirSync(dir, { recursive: true });
  const session = new Session();
  session.connect();
  const start = () =>
    session.post('HeapProfiler.startSampling', {
      samplingInterval: 16384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  session.post('HeapProfiler.enable');
  start();
  let window = 0;
  setInterval(() => {
    session.post('HeapProfiler.stopSampling', (err, result) => {
      if (!err) writeFileSync(`${dir}/${process.pid}-${String(window++).padStart(3, '0')}.heapprofile`, JSON.stringify(result.profile));
      start();
    });
  }, 5000).unref();
}
