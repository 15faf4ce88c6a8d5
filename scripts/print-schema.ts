// Prints the code-first schema to schema.graphql; `--check` fails on drift (CI).
import { readFile, writeFile } from 'node:fs/promises';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { schema } from '../src/graphql/schema.js';

const file = new URL('../schema.graphql', import.meta.url);
const printed = `${printSchema(lexicographicSortSchema(schema))}\n`;
if (process.argv.includes('--check')) {
  const committed = await readFile(file, 'utf8').catch(() => '');
  if (committed !== printed) {
    console.error('schema.graphql is out of date: run `npm run schema:print` and commit it.');
    process.exit(1);
  }
  console.log('schema.graphql is up to date.');
} else {
  await writeFile(file, printed);
  console.log('wrote schema.graphql');
}
