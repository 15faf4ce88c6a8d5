// Source maps for Quire's own files, not the packages': `--enable-source-maps` also keeps
// every package's map, its sources' text included (Prisma's client alone: 1 MB), about
// 5.5 MB of each process's heap for stack frames nobody reads in a package's bundle.
import * as nodeModule from 'node:module';

/** Maps the stack frames of Quire's files loaded from now on, in this thread (a pool's thread sets its own). */
export function mapOwnSourceFiles() {
  // Node 22.14 and later; before, every file's map (as --enable-source-maps).
  if (typeof nodeModule.setSourceMapsSupport === 'function')
    nodeModule.setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
  else process.setSourceMapsEnabled(true);
}
