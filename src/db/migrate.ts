// Applies the committed SQL migrations (prisma/migrations/*/migration.sql) in
// order, each in its own transaction, recorded in `quire_meta.migrations`. A
// PostgreSQL advisory lock makes concurrent starts (several replicas) safe.
import { readdir, readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { LONG_STATEMENT_TIMEOUT_MS } from './settings.js';

export const migrationsDir = fileURLToPath(new URL('../../prisma/migrations', import.meta.url));
const LOCK_KEY = 7_420_113; // any constant shared by every Quire process

export async function listMigrations() {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(migrationsDir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

/** Applies pending migrations (those before `options.before` only, when given: tests of data migrations); returns the names it applied. */
export async function migrate(databaseUrl: string, options: { before?: string } = {}): Promise<string[]> {
  // Longer than a request's bound (a migration may rebuild a big table), but never unbounded.
  const client = new pg.Client({ connectionString: databaseUrl, options: `-c statement_timeout=${LONG_STATEMENT_TIMEOUT_MS}` });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    // The ledger lives outside the `public` schema that schema.prisma describes.
    await client.query(`CREATE SCHEMA IF NOT EXISTS quire_meta;
      CREATE TABLE IF NOT EXISTS quire_meta.migrations (
        name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query<{ name: string; checksum: string }>('SELECT name, checksum FROM quire_meta.migrations');
    const applied = new Map(rows.map((r) => [r.name, r.checksum]));
    const done: string[] = [];
    for (const m of await listMigrations()) {
      if (options.before !== undefined && m.name >= options.before) break;
      const seen = applied.get(m.name);
      if (seen) {
        if (seen !== m.checksum) throw new Error(`migration ${m.name} was changed after it was applied`);
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query('INSERT INTO quire_meta.migrations (name, checksum) VALUES ($1, $2)', [m.name, m.checksum]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${m.name} failed: ${(err as Error).message}`);
      }
      done.push(m.name);
    }
    return done;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
