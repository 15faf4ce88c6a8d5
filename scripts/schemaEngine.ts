// Prisma's schema engine as WebAssembly (npm `@prisma/schema-engine-wasm`, the
// build of the Prisma release in use), driven over `@prisma/adapter-pg`. Prisma
// 7's CLI only runs a native schema engine it downloads first; this machine has
// no network beyond npm, so diffs run here instead (migration-diff.ts and the
// migrations test): the same engine code, the same SQL.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import * as bindings from '@prisma/schema-engine-wasm/schema_engine_bg';

let loaded: Promise<void> | undefined;

/** Node cannot import a .wasm module directly: instantiate it with its JS glue. */
function loadWasm() {
  loaded ??= (async () => {
    const dir = path.dirname(createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm'));
    const bytes = await readFile(path.join(dir, 'schema_engine_bg.wasm'));
    const { instance } = await WebAssembly.instantiate(bytes, {
      './schema_engine_bg.js': bindings as unknown as WebAssembly.ModuleImports,
    });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
  })();
  return loaded;
}

export type SchemaSource = { tag: 'empty' } | { tag: 'schemaDatamodel'; files: { path: string; content: string }[] };

/**
 * The SQL script that takes a database from `from` to `to` (empty when they
 * agree). `databaseUrl` is only used if the engine needs a connection.
 */
export async function diffScript(
  from: SchemaSource,
  to: SchemaSource,
  databaseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
) {
  await loadWasm();
  // Connections the engine opens are closed afterwards (else their pool keeps the process alive).
  const opened: { dispose(): Promise<void> }[] = [];
  const factory = new PrismaPg({ connectionString: databaseUrl });
  const tracked = Object.assign(Object.create(factory), {
    connect: async () => {
      const adapter = await factory.connect();
      opened.push(adapter);
      return adapter;
    },
    connectToShadowDb: async () => {
      const adapter = await factory.connectToShadowDb();
      opened.push(adapter);
      return adapter;
    },
  }) as typeof factory;
  const engine = await bindings.SchemaEngine.new({ datamodels: undefined }, () => {}, bindMigrationAwareSqlAdapterFactory(tracked));
  try {
    const result = await engine.diff({ from, to, script: true, exitCode: null, filters: { externalTables: [], externalEnums: [] } });
    return result.stdout ?? '';
  } finally {
    engine.free();
    await Promise.all(opened.map((adapter) => adapter.dispose()));
  }
}

/** A schema file as the engine takes it. */
export const schemaFile = async (file: string, content?: string): Promise<SchemaSource> => ({
  tag: 'schemaDatamodel',
  files: [{ path: path.resolve(file), content: content ?? (await readFile(file, 'utf8')) }],
});
