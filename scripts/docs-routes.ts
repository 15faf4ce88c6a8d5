// Writes the README's table of the GitBook API operations Quire serves,
// generated from the route table (through Quire's OpenAPI document) and matched
// to the public document's operation ids; `--check` fails when the README's
// table is not the one the route table gives (CI).
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { buildOpenApiDocument } from '../src/openapi/document.js';
import { routes } from '../src/rest/routes.js';
import { schema } from '../src/graphql/schema.js';

const require = createRequire(import.meta.url);
const publicDocument = require('@gitbook/api/spec/openapi.json');
const readme = new URL('../README.md', import.meta.url);
const start = '<!-- routes:start (npm run docs:routes) -->';
const end = '<!-- routes:end -->';

type Operation = { operationId: string; tags: string[]; deprecated?: boolean; 'x-graphql-operation': string };
const document = buildOpenApiDocument(schema, routes, { serverUrl: '', version: '' });
const rows = Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => {
    const theirs = publicDocument.paths[path]?.[method]?.operationId;
    return {
      tag: operation.tags[0],
      line: `| ${method.toUpperCase()} | \`${path}\` | ${theirs ? `\`${theirs}\`` : 'not in the public document (spec)'}${operation.deprecated ? ' (deprecated)' : ''} | \`${operation['x-graphql-operation']}\` |`,
    };
  }),
);
const tags = [...new Set(rows.map((r) => r.tag))];
const table = [
  start,
  '',
  `${rows.length} operations (${rows.filter((r) => !r.line.includes('not in the public')).length} of the public document's).`,
  '',
  '| Method | Path (under `/v1`) | GitBook operation | GraphQL operation |',
  '|---|---|---|---|',
  ...tags.flatMap((tag) => rows.filter((r) => r.tag === tag).map((r) => r.line)),
  '',
  end,
].join('\n');

const current = await readFile(readme, 'utf8');
const from = current.indexOf(start);
const to = current.indexOf(end);
if (from < 0 || to < from) {
  console.error(`README.md has no ${start} … ${end} block.`);
  process.exit(1);
}
const updated = current.slice(0, from) + table + current.slice(to + end.length);
if (process.argv.includes('--check')) {
  if (updated !== current) {
    console.error("README.md's table of routes is out of date: run `npm run docs:routes` and commit it.");
    process.exit(1);
  }
  console.log("README.md's table of routes is up to date.");
} else {
  await writeFile(readme, updated);
  console.log(`wrote the table of ${rows.length} routes into README.md`);
}
