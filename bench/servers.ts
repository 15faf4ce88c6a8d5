// The processes under test and their database: a fresh database per run (on
// the server named by DATABASE_URL, the local default, or an embedded
// PostgreSQL), and Quire and the baseline each in a process of its own, with
// the statement counter preloaded and an IPC channel to read it.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '../src/db/embedded.js';
import { redisClient } from '../src/net/redis.js';
import { createScratchDatabase } from '../test/support/testDatabase.js';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * The Redis the benchmarked servers use: REDIS_URL's server, in a database of their own
 * (BENCH_REDIS_DB, 15) for their state (the rate-limit counters the load spends, the fair-share
 * lanes, the callers' last writes), emptied before a run and after it. In the machine's own
 * database they left 127.0.0.1's counters spent for the rest of the hour, and every other Quire
 * on the machine with the same REDIS_URL (a test's server, `npm start`) was refused with 429.
 */
export function benchRedisUrl(): string | undefined {
  if (!process.env.REDIS_URL) return undefined;
  const url = new URL(process.env.REDIS_URL);
  url.pathname = `/${process.env.BENCH_REDIS_DB ?? '15'}`;
  return url.toString();
}

/** The environment that points a server at the benchmark's Redis database. */
const redisEnv = () => {
  const url = benchRedisUrl();
  return url ? { REDIS_URL: url } : {};
};

/** Empties the benchmark's Redis database (above), when there is one. */
export async function emptyBenchRedis() {
  const url = benchRedisUrl();
  if (!url) return;
  const redis = redisClient(url, { maxRetriesPerRequest: 1 });
  try {
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}

/** Linux's USER_HZ: 100 on every common configuration. */
const CLOCK_TICKS = 100;
const LOCAL_DEFAULT = 'postgresql://postgres@127.0.0.1:5432/postgres';

async function reachable(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export interface BenchDatabase {
  url: string;
  /** Where it lives, for the report. */
  server: string;
  drop(): Promise<void>;
}

/** A new, empty database: on DATABASE_URL's server, else the local default, else an embedded PostgreSQL. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const configured = process.env.DATABASE_URL;
  if (configured && !(await reachable(configured))) throw new Error(`DATABASE_URL is set but unreachable: ${configured}`);
  if (configured || (await reachable(LOCAL_DEFAULT))) {
    const serverUrl = configured ?? LOCAL_DEFAULT;
    const db = await createScratchDatabase(serverUrl, 'quire_bench');
    return { url: db.url, server: new URL(serverUrl).host, drop: db.drop };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'quire-bench-pg-'));
  const embedded = await startEmbeddedPostgres(path.join(dir, 'data'), { persistent: false });
  const db = await createScratchDatabase(embedded.url, 'quire_bench');
  return {
    url: db.url,
    server: 'embedded PostgreSQL',
    async drop() {
      await db.drop();
      await embedded.stop();
    },
  };
}

/** CPU seconds a process has used so far (user + system), from /proc/<pid>/stat; null where unknown. */
export async function processCpuSeconds(pid: number): Promise<number | null> {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat (after the parenthesised command name): utime, stime in clock ticks.
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/**
 * PostgreSQL CPU spent for the bench database: the CPU of its backend processes
 * (read from /proc, so only when PostgreSQL runs on this machine). Other
 * databases on the same server (other work) are not counted.
 */
export function databaseCpu(url: string) {
  const client = new pg.Client({ connectionString: url });
  // The database may be dropped (WITH FORCE) while this idle client is open, on the way out of a
  // failed run: without a listener its termination would crash the run and hide the first error.
  client.on('error', () => {});
  const ready = client.connect();
  return {
    /** Backend pid → CPU seconds so far, for every backend of this database but the sampler's own. */
    async sample(): Promise<Map<number, number> | null> {
      await ready;
      const { rows } = await client.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      const entries = await Promise.all(rows.map(async ({ pid }) => [pid, await processCpuSeconds(pid)] as const));
      if (entries.some(([, cpu]) => cpu == null)) return null;
      return new Map(entries as [number, number][]);
    },
    /** CPU seconds between two samples (backends that started meanwhile count in full). */
    between(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
      if (!before || !after) return null;
      let total = 0;
      for (const [pid, cpu] of after) total += cpu - (before.get(pid) ?? 0);
      return total;
    },
    close: () => client.end(),
  };
}

export type DatabaseCpu = ReturnType<typeof databaseCpu>;

export interface ServerProcess {
  name: string;
  pid: number;
  baseUrl: string;
  /** Statements sent to PostgreSQL so far (bench/statement-counter.mjs). */
  statements(): Promise<number>;
  /** Resident set size now, in bytes (Linux /proc), or null where unknown. */
  rss(): Promise<number | null>;
  /** CPU time the process has used so far (user + system, all threads), in seconds, or null where unknown. */
  cpuSeconds(): Promise<number | null>;
  stop(): Promise<void>;
}

/** Another Node binary and folder to run a server from (PostGraphile: Node 22, bench/postgraphile). */
export interface Launch {
  execPath: string;
  cwd: string;
}

/** How `npm start` runs Quire: its Node flags and its compiled entry. */
export interface QuireCommand {
  nodeFlags: string[];
  entry: string;
}

/** Quire's command, read from package.json's `start` script (`… && exec node <flags> dist/main.js`). */
export function quireStartCommand(): QuireCommand {
  const start: string = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).scripts.start;
  const m = /\bexec node ((?:--\S+ )*)(\S+\.js)$/.exec(start);
  if (!m) throw new Error(`package.json's start script is not "… exec node <flags> <entry>.js": ${start}`);
  return { nodeFlags: m[1].trim().split(' ').filter(Boolean), entry: m[2] };
}

/** Compiles Quire (`npm run build`) and answers how `npm start` runs it, from dist/. */
export function buildQuire(): QuireCommand {
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  return quireStartCommand();
}

/** Starts Quire as `npm start` does, with `extraFlags` (a profile, `BENCH_QUIRE_NODE_FLAGS`) after its own. */
export function startQuire(name: string, quire: QuireCommand, env: Record<string, string>, extraFlags: string[] = []) {
  return startServer(name, quire.entry, env, [...quire.nodeFlags, ...extraFlags]);
}

/**
 * Starts `node --import tsx --import statement-counter <entry>` (a compiled `.js`
 * entry, or with `launch` that binary in that folder: no tsx) and waits until it answers /healthz.
 */
export async function startServer(
  name: string,
  entry: string,
  env: Record<string, string>,
  nodeFlags: string[] = [],
  launch?: Launch,
): Promise<ServerProcess> {
  const port = await freePort();
  const counter = path.join(repoRoot, 'bench/statement-counter.mjs');
  const child: ChildProcess = spawn(
    launch?.execPath ?? process.execPath,
    [...nodeFlags, ...(launch || !entry.endsWith('.ts') ? [] : ['--import', 'tsx']), '--import', counter, entry],
    {
      cwd: launch?.cwd ?? repoRoot,
      env: { ...process.env, ...redisEnv(), ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    if (process.env.BENCH_SERVER_OUTPUT === '1') process.stderr.write(chunk); // to debug a server
    output.push(chunk.toString());
    if (output.length > 50) output.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`${name} exited during start:\n${output.join('')}`);
    if (Date.now() > deadline) throw new Error(`${name} did not start within 60 s:\n${output.join('')}`);
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }

  // One question at a time on the IPC channel.
  let queue = Promise.resolve(0);
  const ask = () =>
    new Promise<number>((resolve, reject) => {
      const onMessage = (m: { statements?: number }) => {
        if (typeof m?.statements !== 'number') return;
        child.off('message', onMessage);
        resolve(m.statements);
      };
      child.on('message', onMessage);
      if (!child.send('statements?')) reject(new Error(`${name}: IPC channel closed`));
    });

  return {
    name,
    pid: child.pid!,
    baseUrl,
    statements: () => (queue = queue.then(ask, ask)),
    async rss() {
      try {
        const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
        const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
        return kb ? Number(kb) * 1024 : null;
      } catch {
        return null;
      }
    },
    cpuSeconds: () => processCpuSeconds(child.pid!),
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(timer);
    },
  };
}
