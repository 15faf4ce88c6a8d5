// Quire as its own process (`npm start`, the service entry or the CLI), for the
// tests of process life: exit codes, signals, the embedded database's owners.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll } from 'vitest';
import { isAlive } from '../../src/db/embeddedOwners.js';

// Every process a test file starts is stopped when the file ends, pass or fail: SIGTERM to its
// process group (npm, node and an embedded PostgreSQL alike), SIGKILL for what is left after a
// grace period, and SIGKILL at once if the test process itself exits first.
const children = new Set<ChildProcess>();
const signalGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
};

/** Spawns a process in a group of its own that is stopped when the test file ends. */
export function spawnTracked(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export async function stopChildren(graceMs = 15_000): Promise<void> {
  await Promise.all(
    [...children].map(async (child) => {
      const exited = new Promise<boolean>((resolve) =>
        child.exitCode !== null || child.signalCode !== null ? resolve(true) : child.once('exit', () => resolve(true)),
      );
      signalGroup(child, 'SIGTERM');
      const timer = new Promise<boolean>((resolve) => setTimeout(resolve, graceMs, false).unref());
      if (!(await Promise.race([exited, timer]))) signalGroup(child, 'SIGKILL');
      // The group may outlive its leader (a database the leader started): end it too.
      signalGroup(child, 'SIGKILL');
    }),
  );
}
afterAll(() => stopChildren());
process.once('exit', () => children.forEach((child) => signalGroup(child, 'SIGKILL')));

export interface Started {
  child: ChildProcess;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string | null>;
}

/** Spawns `command` with `env` added to this process's environment (an `undefined` value removes a variable). */
export function spawnQuire(
  command: 'service' | 'npm start' | 'cli' | 'worker',
  env: Record<string, string | undefined>,
  args: string[] = [],
): Started {
  const entry = { cli: 'src/cli.ts', worker: 'src/jobs/main.ts', service: 'src/main.ts' } as const;
  const [file, argv] =
    command === 'npm start' ? ['npm', ['start', '--silent']] : [process.execPath, ['--import', 'tsx', entry[command], ...args]];
  const fullEnv = { ...process.env, ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete fullEnv[name];
  const child = spawnTracked(file as string, argv as string[], { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | string | null>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  return { child, output: () => output, exited };
}

/** Waits until the process prints `pattern`, or fails with its output when it exits first. */
export async function waitForOutput(started: Started, pattern: RegExp, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void started.exited.then(() => (exited = true));
  while (!pattern.test(started.output())) {
    if (exited || Date.now() > deadline) throw new Error(`did not print ${pattern}${exited ? ' (it exited)' : ''}:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The pid of the PostgreSQL server running on `dataDir`, if any is alive. */
export async function postmasterPid(dataDir: string): Promise<number | undefined> {
  const text = await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  const pid = Number(text?.split('\n')[0]);
  return pid > 0 && isAlive(pid) ? pid : undefined;
}

/** Waits until `pid` is gone (true) or `timeoutMs` passes (false). */
export async function waitForExit(pid: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}
