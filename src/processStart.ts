// What must hold before the application's modules load. The entry points (src/main.ts,
// src/jobs/main.ts) call it, then load the rest with a dynamic import: a static one would
// be read and compiled before any module ran.
// - The heap's growth: V8 fixes the old generation's next limit at each full collection,
//   and one made while the modules load would keep V8's own factor (up to 4×) until the
//   next, which under load may not come for minutes (bench/README.md, "Round three").
// - Source maps for Quire's own files, not the packages': `--enable-source-maps` also keeps
//   every package's map, its sources' text included (Prisma's client alone: 1 MB), about
//   5.5 MB of each process's heap for stack frames nobody reads in a package's bundle.
import * as nodeModule from 'node:module';
import { heapGrowthFromEnv, setHeapGrowth } from './heapGrowth.js';

export function prepareProcess() {
  try {
    setHeapGrowth(heapGrowthFromEnv(process.env));
  } catch {
    // a bad value is named by the entry point's configuration, which exits 2
  }
  mapOwnSourceFiles();
}

/** Source maps for Quire's files loaded from now on, in this thread (a pool's thread sets its own). */
export function mapOwnSourceFiles() {
  // Node 22.14 and later; before, every file's map (as --enable-source-maps).
  if (typeof nodeModule.setSourceMapsSupport === 'function')
    nodeModule.setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
  else process.setSourceMapsEnabled(true);
}
