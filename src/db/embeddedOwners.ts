// Which Quire processes use an embedded PostgreSQL data folder. Each process that
// opens the folder's server leaves a file named by its pid in `<dataDir>.owners/`;
// the last live owner to leave stops the server. So two processes (`npm start`
// and the CLI, or two services) can share one folder, and a server whose owners
// all died (`kill -9`) is recognised as orphaned and taken over by the next start.
// A lock folder (`<dataDir>.lock`) serialises these decisions between processes.
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const staleLockMs = 60_000;

/** Whether `pid` runs (a zombie, dead but not yet reaped by its parent, does not). */
export function isAlive(pid: number) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    // /proc/<pid>/stat: "pid (name) state …"
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

const ownersDir = (dataDir: string) => `${dataDir}.owners`;

/** Runs `fn` while holding the data folder's lock (a lock left by a dead process expires). */
export async function withDataDirLock<T>(dataDir: string, fn: () => Promise<T>): Promise<T> {
  const lock = `${dataDir}.lock`;
  await mkdir(path.dirname(lock), { recursive: true });
  for (let waited = 0; ; waited += 100) {
    try {
      await mkdir(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const age = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > staleLockMs) await rm(lock, { recursive: true, force: true });
      else if (waited > 2 * staleLockMs) throw new Error(`The embedded database folder ${dataDir} stays locked by ${lock}`);
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** Live owners other than this process (files of dead ones are removed). */
export async function otherLiveOwners(dataDir: string): Promise<number[]> {
  const names = await readdir(ownersDir(dataDir)).catch(() => [] as string[]);
  const live: number[] = [];
  for (const name of names) {
    const pid = Number(name);
    if (pid === process.pid) continue;
    if (isAlive(pid)) live.push(pid);
    else await rm(path.join(ownersDir(dataDir), name), { force: true });
  }
  return live;
}

export async function registerOwner(dataDir: string) {
  await mkdir(ownersDir(dataDir), { recursive: true });
  await writeFile(path.join(ownersDir(dataDir), String(process.pid)), `${new Date().toISOString()}\n`);
}

export async function unregisterOwner(dataDir: string) {
  await rm(path.join(ownersDir(dataDir), String(process.pid)), { force: true });
}
