// The committed SQL migrations must reproduce schema.prisma exactly: we build
// one database by applying them (as `npm start` does) and another straight
// from schema.prisma (Prisma's own SQL for it), and compare their catalogs.
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrate, listMigrations } from '../../src/db/migrate.js';
import { diffScript, schemaFile } from '../../scripts/schemaEngine.js';
import { createScratchDatabase, type TestDatabase } from '../support/testDatabase.js';

const scratch: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(scratch.map((db) => db.drop()));
});

async function scratchDatabase() {
  const db = await createScratchDatabase(inject('serverUrl'), 'quire_migrations');
  scratch.push(db);
  return db;
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Everything schema.prisma decides about the `public` schema, in a comparable form. */
async function catalog(url: string) {
  const [columns, constraints, indexes, enums] = await Promise.all([
    query(
      url,
      `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default
      FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name`,
    ),
    query(
      url,
      `SELECT conrelid::regclass::text AS table, conname, pg_get_constraintdef(oid) AS def
      FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`,
    ),
    query(url, `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1, 2`),
    query(
      url,
      `SELECT t.typname, array_agg(e.enumlabel ORDER BY e.enumsortorder) AS labels
      FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid WHERE t.typnamespace = 'public'::regnamespace GROUP BY 1 ORDER BY 1`,
    ),
  ]);
  return { columns, constraints, indexes, enums };
}

describe('migrations', () => {
  it('reproduce schema.prisma exactly', async () => {
    const migrated = await scratchDatabase();
    expect(await migrate(migrated.url)).toEqual((await listMigrations()).map((m) => m.name));

    const direct = await scratchDatabase();
    // Prisma's own SQL for schema.prisma, from its schema engine (WASM build: works offline).
    const sql = await diffScript({ tag: 'empty' }, await schemaFile('prisma/schema.prisma'), direct.url);
    expect(sql).toMatch(/CREATE TABLE "Space"/);
    await query(direct.url, sql);

    const [fromMigrations, fromSchema] = await Promise.all([catalog(migrated.url), catalog(direct.url)]);
    expect(fromMigrations.columns.length).toBeGreaterThan(50);
    expect(fromMigrations).toEqual(fromSchema);
  }, 120_000);

  it('apply once, even when several processes start together', async () => {
    const db = await scratchDatabase();
    const runs = await Promise.all([migrate(db.url), migrate(db.url), migrate(db.url)]);
    expect(runs.flat()).toEqual((await listMigrations()).map((m) => m.name));
    expect(await migrate(db.url)).toEqual([]);
  });

  it('refuse to run when an applied migration was edited afterwards', async () => {
    const db = await scratchDatabase();
    await migrate(db.url);
    const [first] = await listMigrations();
    await query(db.url, `UPDATE quire_meta.migrations SET checksum = 'edited' WHERE name = '${first.name}'`);
    await expect(migrate(db.url)).rejects.toThrow(/was changed after it was applied/);
  });
});
