// Writes the next SQL migration: the difference between schema.prisma as last
// committed (what the committed migrations produce) and the working copy.
//   npm run migration:diff -- <name>
// Prisma's own `migrate dev` cannot run here (no native schema engine); the
// WASM engine can still diff two datamodels.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run migration:diff -- <snake_case_name>');
  process.exit(2);
}
const previous = path.join(mkdtempSync(path.join(tmpdir(), 'quire-schema-')), 'schema.prisma');
writeFileSync(previous, execFileSync('git', ['show', 'HEAD:prisma/schema.prisma']));
const out = path.join(path.dirname(previous), 'migration.sql');
execFileSync('npx', ['prisma', 'migrate', 'diff', '--from-schema-datamodel', previous, '--to-schema-datamodel', 'prisma/schema.prisma', '--script', '--output', out], {
  stdio: 'inherit',
});
const sql = readFileSync(out, 'utf8');
if (!sql.trim() || /^-- This is an empty migration/.test(sql.trim())) {
  console.log('schema.prisma has no change since HEAD: no migration written.');
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const dir = path.join('prisma', 'migrations', `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, 'migration.sql'), sql);
console.log(`wrote ${dir}/migration.sql`);
