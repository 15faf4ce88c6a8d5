// The code a pool thread runs: the task names a module and one of its exported
// functions, which gets the task's input. Modules are loaded once per thread.
import { mapOwnSourceFiles } from '../sourceMaps.js';

// The main thread's source-map setting is its own (src/sourceMaps.ts): a task's error is mapped here.
mapOwnSourceFiles();

export interface TaskMessage {
  module: string;
  name: string;
  input: unknown;
}

export default async function runTask({ module, name, input }: TaskMessage): Promise<unknown> {
  const loaded = (await import(module)) as Record<string, unknown>;
  const fn = loaded[name];
  if (typeof fn !== 'function') throw new Error(`compute task ${name} is not a function of ${module}`);
  return fn(input);
}
