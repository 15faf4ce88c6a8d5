// Writes the next SQL migration: the difference between schema.prisma as last
// committed (what the committed migrations produce) and the working copy.
//   npm run migration:diff -- <name>
// Prisma's CLI cannot diff here (it needs a native schema engine it would
// download); the WASM build of the same engine can (schemaEngine.ts).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { diffScript, schemaFile } from './schemaEngine.js';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run migration:diff -- <snake_case_name>');
  process.exit(2);
}
const schema = 'prisma/schema.prisma';
const previous = await schemaFile(schema, execFileSync('git', ['show', `HEAD:${schema}`], { encoding: 'utf8' }));
const sql = await diffScript(previous, await schemaFile(schema));
if (!sql.trim() || /^-- This is an empty migration/.test(sql.trim())) {
  console.log('schema.prisma has no change since HEAD: no migration written.');
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const dir = path.join('prisma', 'migrations', `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, 'migration.sql'), sql);
console.log(`wrote ${dir}/migration.sql`);
