// Compiles src/ to dist/ (one JavaScript file per TypeScript file, same folders)
// for `npm start` and `npm run worker`. Running compiled files instead of
// compiling on load (tsx) saves about 75 MB of resident memory per process and
// the start-up compile; types are checked by `npm run check`, not here. Files
// are overwritten in place (a running process keeps its loaded modules).
// dist/compute/worker.js is the compute pool's thread entry (src/compute/pool.ts;
// from sources, threads start at src/compute/tsxWorker.mjs instead).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const sources = readdirSync('src', { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
  .map((entry) => join(entry.parentPath, entry.name));

// Generated files (src/generated: Prisma's client, the REST operations) get no map: a stack
// frame in them is read as it is, and their maps would cost each process 1 MB of heap.
const generated = (file: string) => file.startsWith(join('src', 'generated'));
const options = {
  outdir: 'dist',
  outbase: 'src',
  platform: 'node',
  format: 'esm',
  target: 'node22',
  // Stack traces need only the mappings; the sources' text would sit in every
  // process's heap (3.5 MB of 5) once the maps are loaded (src/processStart.ts).
  sourcesContent: false,
  logLevel: 'warning',
} as const;
await Promise.all([
  build({ ...options, entryPoints: sources.filter((file) => !generated(file)), sourcemap: 'linked' }),
  build({ ...options, entryPoints: sources.filter(generated) }),
]);
