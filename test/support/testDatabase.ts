// Each test run gets a database of its own: a fresh one on the server named by
// DATABASE_URL (CI: the machine's PostgreSQL), or an embedded PostgreSQL in a
// temporary folder on a bare machine. Migrations are applied to it first.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/db/embedded.js';
import { migrate } from '../../src/db/migrate.js';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Creates an empty database next to `serverUrl`'s; returns its URL and a way to drop it. */
export async function createScratchDatabase(serverUrl: string, prefix = 'quire_test'): Promise<TestDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  return {
    url: withDatabase(serverUrl, name),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function openTestServer(): Promise<{ serverUrl: string; stop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (url) return { serverUrl: url, stop: async () => {} };
  const dir = await mkdtemp(path.join(tmpdir(), 'quire-pg-'));
  const embedded = await startEmbeddedPostgres(path.join(dir, 'data'), { persistent: false });
  return {
    serverUrl: embedded.url,
    async stop() {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function createMigratedDatabase(serverUrl: string) {
  const db = await createScratchDatabase(serverUrl);
  await migrate(db.url);
  return db;
}

/** Inserts a row, filling the table's other required columns (no default) with placeholder values of their type. */
export async function insertRow(client: pg.Client, table: string, values: Record<string, unknown>) {
  const { rows } = await client.query<{ column_name: string; data_type: string }>(
    `SELECT column_name, data_type FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = $1 AND is_nullable = 'NO' AND column_default IS NULL`,
    [table],
  );
  const row: Record<string, unknown> = { ...values };
  for (const { column_name: column, data_type: type } of rows) {
    if (column in row) continue;
    row[column] = type.startsWith('timestamp')
      ? new Date('2026-11-01T00:00:00Z')
      : type === 'boolean'
        ? false
        : /int|double|numeric/.test(type)
          ? 0
          : type === 'jsonb'
            ? '{}'
            : type === 'ARRAY'
              ? '{}'
              : `${column}-placeholder`;
  }
  const columns = Object.keys(row);
  await client.query(
    `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
    Object.values(row),
  );
}
