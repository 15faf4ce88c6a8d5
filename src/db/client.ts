// The Prisma client over node-postgres (driver adapter, no native engine).
// `onStatement` observes every SQL statement the pool sends (Prisma's, BEGIN
// and COMMIT included, and the raw ones of raw.ts): tests pin query counts with
// it and benchmarks count statements per request. Observing at the driver costs
// nothing while no one listens, unlike Prisma's query events.
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';
import { registerRawRunner } from './raw.js';
import { poolOptions, type DatabaseSettings } from './settings.js';
import { honourRequestSignals } from './requestSignal.js';
import { releaseDeadSessions } from './deadSessions.js';
import { statementNames } from './statementNames.js';
import { forwardNotifications, type ChannelHandlers } from './notifications.js';
import { SpanKind, startSpan, tracingOn } from '../tracing/tracing.js';

export type { PrismaClient };
export type StatementListener = (sql: string) => void;

/** The pool's connections now (/metrics). */
export interface PoolStats {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
  /** The pool's size. */
  max: number;
}
/** Told how long each wait for a connection took (seconds), and whether it failed (timed out). */
export type AcquireListener = (seconds: number, failed: boolean) => void;

type Query = pg.ClientBase['query'];

/**
 * A channel every connection of the pool LISTENs on: PostgreSQL delivers a session's own
 * notifications before its commit's reply, so the process hears what its writes changed before
 * they return (src/db/notifications.ts hears the other processes' changes).
 */
export interface PoolChannel {
  channel: string;
  onMessage: ChannelHandlers['onMessage'];
}

export function createPrisma(url: string, settings: Partial<DatabaseSettings> = {}, ownChanges?: PoolChannel) {
  const listeners = new Set<StatementListener>();
  const pool = new pg.Pool({ connectionString: url, ...poolOptions(settings) });
  honourRequestSignals(pool);
  releaseDeadSessions(pool);
  const acquireListeners = timeAcquires(pool);
  // Every statement of a connection goes through its `query`, whoever asked for it.
  pool.on('connect', (client) => {
    const query: Query = client.query.bind(client);
    const run = (config: string | { text: string }, rest: unknown[]) => {
      if (listeners.size) {
        const sql = typeof config === 'string' ? config : config.text;
        for (const l of listeners) l(sql);
      }
      if (tracingOn()) return tracedStatement(query, config, rest);
      return (query as (...args: unknown[]) => unknown)(config, ...rest);
    };
    // A connection runs one statement at a time: its first ones wait for LISTEN's answer.
    let listening = ownChanges && listenOn(client, query, ownChanges).then(() => void (listening = undefined));
    client.query = ((config: string | { text: string }, ...rest: unknown[]) =>
      listening ? listening.then(() => run(config, rest)) : run(config, rest)) as Query;
  });
  const nameOf = statementNames();
  const adapter = new PrismaPg(pool, {
    disposeExternalPool: true,
    statementNameGenerator: (query) => nameOf(query.sql, query.args.length) as string,
  });
  // 'minimal': no call site in Prisma's error messages. Otherwise (unless NODE_ENV is
  // production, which `npm start` does not set) Prisma captures a stack trace on every
  // query to print one. Quire logs its own errors with their stacks.
  const prisma = new PrismaClient({ adapter, errorFormat: 'minimal' });
  registerRawRunner(prisma, {
    query: async (text, values) => (await pool.query({ name: nameOf(text, values.length), text, values })).rows,
  });
  return {
    prisma,
    onStatement(listener: StatementListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    poolStats: (): PoolStats => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max }),
    onAcquire(listener: AcquireListener) {
      acquireListeners.add(listener);
      return () => acquireListeners.delete(listener);
    },
  };
}

/**
 * Before anything else the connection runs (the pool hands it out after 'connect'). A connection that
 * cannot listen is closed (what it would write would go unheard until another listener told of it).
 */
async function listenOn(client: pg.PoolClient, query: Query, { channel, onMessage }: PoolChannel) {
  const listen = forwardNotifications(client, channel, onMessage);
  await (query(listen) as Promise<unknown>).catch(() => client.end().catch(() => {}));
}

/** Times every wait for a connection (`pool.query` takes one through `connect` too). */
function timeAcquires(pool: pg.Pool) {
  const listeners = new Set<AcquireListener>();
  const connect = pool.connect.bind(pool) as (callback: (err: Error | undefined, ...rest: unknown[]) => void) => void;
  const tell = (started: number, failed: boolean) => {
    const seconds = (performance.now() - started) / 1000;
    for (const l of listeners) l(seconds, failed);
  };
  pool.connect = ((callback?: (err: Error | undefined, ...rest: unknown[]) => void) => {
    const started = performance.now();
    if (callback) return connect((err, ...rest) => (tell(started, !!err), callback(err, ...rest)));
    return new Promise((resolve, reject) =>
      connect((err, client) => {
        tell(started, !!err);
        if (err) reject(err);
        else resolve(client as pg.PoolClient);
      }),
    );
  }) as typeof pool.connect;
  return listeners;
}

/** Longest SQL text a span carries. */
const MAX_TRACED_SQL = 2048;

/** One statement in a span (tracing on): ended when its callback runs or its promise settles. */
function tracedStatement(query: Query, config: string | { text: string }, rest: unknown[]) {
  const sql = typeof config === 'string' ? config : config.text;
  const operation = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SQL';
  const span = startSpan(operation, SpanKind.CLIENT, {
    'db.system.name': 'postgresql',
    'db.operation.name': operation,
    'db.query.text': sql.length > MAX_TRACED_SQL ? `${sql.slice(0, MAX_TRACED_SQL)}…` : sql,
  })!;
  const last = rest.length - 1;
  if (typeof rest[last] === 'function') {
    const callback = rest[last] as (err: unknown, ...results: unknown[]) => void;
    rest[last] = (err: unknown, ...results: unknown[]) => (span.end(err), callback(err, ...results));
    return (query as (...args: unknown[]) => unknown)(config, ...rest);
  }
  const result = (query as (...args: unknown[]) => unknown)(config, ...rest);
  if (result && typeof (result as Promise<unknown>).then === 'function')
    (result as Promise<unknown>).then(
      () => span.end(),
      (err) => span.end(err),
    );
  else span.end();
  return result;
}
