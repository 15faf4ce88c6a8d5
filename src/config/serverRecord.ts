// Where a running `npm start` listens, recorded in .quire/server.json (git-ignored)
// so that `npm run demo` prints links to it when the port is not 4000. Removed on
// a clean stop; a record whose process is gone is ignored.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const SERVER_RECORD = '.quire/server.json';

interface ServerRecord {
  url: string;
  pid: number;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function read(file: string): ServerRecord | undefined {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as Partial<ServerRecord>;
    return typeof record.url === 'string' && Number.isInteger(record.pid) ? (record as ServerRecord) : undefined;
  } catch {
    return undefined;
  }
}

/** Records this process's base URL (best effort: a read-only folder only costs the demo its guess). */
export function recordServer(url: string, file = SERVER_RECORD) {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ url, pid: process.pid }));
  } catch {
    // not recorded
  }
}

/** Removes the record if it is this process's. */
export function forgetServer(file = SERVER_RECORD) {
  if (read(file)?.pid === process.pid) rmSync(file, { force: true });
}

/** The base URL of the server recorded here, if its process is alive. */
export function runningServerUrl(file = SERVER_RECORD): string | undefined {
  const record = read(file);
  return record && alive(record.pid) ? record.url : undefined;
}
