// The pool's thread entry when Quire runs from TypeScript sources (tsx, vitest):
// threads do not inherit the parent's loader, so register tsx before the worker.
// The compiled build (dist/) starts dist/compute/worker.js directly.
import { register } from 'tsx/esm/api';

register();
const { default: runTask } = await import('./worker.ts');
export default runTask;
