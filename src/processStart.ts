// What must hold before the application's modules load. The entry points (src/main.ts,
// src/jobs/main.ts) call it, then load the rest with a dynamic import: a static one would
// be read and compiled before any module ran.
// - The heap's growth: V8 fixes the old generation's next limit at each full collection,
//   and one made while the modules load would keep V8's own factor (up to 4×) until the
//   next, which under load may not come for minutes (bench/README.md, "Round three").
// - Source maps for Quire's own files only (src/sourceMaps.ts).
import { heapGrowthFromEnv, setHeapGrowth } from './heapGrowth.js';
import { mapOwnSourceFiles } from './sourceMaps.js';

export function prepareProcess() {
  try {
    setHeapGrowth(heapGrowthFromEnv(process.env));
  } catch {
    // a bad value is named by the entry point's configuration, which exits 2
  }
  mapOwnSourceFiles();
}
