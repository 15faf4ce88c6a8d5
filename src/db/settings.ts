// How the service uses its database: pool size and the bounds every session
// gets, so no query (nor a transaction left open) runs unbounded. Variables and
// the reasoning behind the defaults: docs/configuration.md, "Database".
import type pg from 'pg';
import { integer, type Env } from '../config/env.js';

export interface DatabaseSettings {
  /** Connections this process may open (node-postgres `max`). */
  poolSize: number;
  /** Longest statement of a request (PostgreSQL `statement_timeout`, lock waits included); 503 past it. */
  statementTimeoutMs: number;
  /** Longest pause inside an open transaction before PostgreSQL ends the session (`idle_in_transaction_session_timeout`). */
  idleInTransactionTimeoutMs: number;
  /** Longest wait for a free connection of the pool; 503 past it. */
  acquireTimeoutMs: number;
  /** How long a connection may sit idle in the pool before it is closed (node-postgres `idleTimeoutMillis`). */
  idleTimeoutMs: number;
}

export const defaultDatabaseSettings: DatabaseSettings = {
  poolSize: 10,
  statementTimeoutMs: 5_000,
  idleInTransactionTimeoutMs: 10_000,
  acquireTimeoutMs: 10_000,
  // Minutes, not node-postgres' 10 s: a new connection costs PostgreSQL a backend start and every
  // prepared statement parsed and planned again, so a burst after a short lull waited for ten of them.
  idleTimeoutMs: 300_000,
};

/** Migrations and background jobs may run long statements (a big index, a large purge): their own bound. */
export const LONG_STATEMENT_TIMEOUT_MS = 15 * 60_000;

export function databaseSettingsFromEnv(env: Env = process.env): DatabaseSettings {
  const d = defaultDatabaseSettings;
  return {
    poolSize: integer(env, 'DATABASE_POOL_SIZE', d.poolSize),
    statementTimeoutMs: integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', d.statementTimeoutMs),
    idleInTransactionTimeoutMs: integer(env, 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', d.idleInTransactionTimeoutMs),
    acquireTimeoutMs: integer(env, 'DATABASE_POOL_TIMEOUT_MS', d.acquireTimeoutMs),
    idleTimeoutMs: integer(env, 'DATABASE_POOL_IDLE_TIMEOUT_MS', d.idleTimeoutMs),
  };
}

/** The session settings travel in the startup packet (`options`), so every connection has them before its first query. */
export function poolOptions(settings: Partial<DatabaseSettings> = {}): pg.PoolConfig {
  const s = { ...defaultDatabaseSettings, ...settings };
  return {
    max: s.poolSize,
    connectionTimeoutMillis: s.acquireTimeoutMs,
    idleTimeoutMillis: s.idleTimeoutMs,
    options: `-c statement_timeout=${s.statementTimeoutMs} -c idle_in_transaction_session_timeout=${s.idleInTransactionTimeoutMs}`,
  };
}

/** Streaming standbys for reads (src/db/readReplicas.ts): DATABASE_READ_URL, comma-separated; undefined without it. */
export function readReplicaSettingsFromEnv(env: Env = process.env) {
  const urls = (env.DATABASE_READ_URL ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  if (!urls.length) return undefined;
  return {
    urls,
    maxLagMs: integer(env, 'DATABASE_READ_MAX_LAG_MS', 5_000),
    checkIntervalMs: integer(env, 'DATABASE_READ_CHECK_INTERVAL_MS', 250, 10),
  };
}
