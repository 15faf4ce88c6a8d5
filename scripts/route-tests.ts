// Writes docs/route-tests.md: for every /v1 route of the route table, the test
// files that call it (a path written in a test as a template string, parameters
// as `${…}`), so the tests of a route are found by its path, not by grep.
// `--check` fails when the file is stale.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { routes } from '../src/rest/routes.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const output = join(root, 'docs/route-tests.md');

async function testFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory()
        ? e.name === 'fixtures'
          ? []
          : testFiles(join(dir, e.name))
        : e.name.endsWith('.test.ts')
          ? [join(dir, e.name)]
          : [],
    ),
  );
  return nested.flat().sort();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const param = String.raw`(?:\$\{[^}]+\}|[\w.~-]+)`;
/**
 * A route path as a test writes it: whole (`/v1/spaces/${id}/…`), or after a variable holding its
 * beginning (`${base}/comments`) when the rest names at least one literal segment. The path ends
 * where the string does or at a query string: a longer path is another route.
 */
function pattern(path: string): RegExp {
  const segments = path.split('/').filter(Boolean);
  const written = segments.map((segment) => (segment.startsWith(':') ? param : escapeRegExp(segment)));
  const tails = segments
    .map((_, k) => k)
    .filter((k) => k > 0 && segments.slice(k).some((segment) => !segment.startsWith(':')))
    .map((k) => String.raw`\$\{[^}]+\}/${written.slice(k).join('/')}`);
  return new RegExp(String.raw`(?:/${written.join('/')}|${tails.join('|') || '(?!)'})(?=[\`'"?])`);
}

const files = await testFiles(join(root, 'test'));
const sources = await Promise.all(files.map(async (f) => ({ file: relative(root, f), text: await readFile(f, 'utf8') })));
const rows = routes.map(([method, path]) => {
  const re = pattern(path);
  const callers = sources.filter((s) => re.test(s.text)).map((s) => s.file);
  return { method, path, callers };
});
const untested = rows.filter((r) => r.callers.length === 0);
const text = [
  '# Which tests call each REST route',
  '',
  'Generated from the route table (`src/rest/routes.ts`) and the test files by `npm run docs:routes`; `npm run check`',
  "fails when it is stale. A test file counts when it writes the route's path (parameters as template expressions or literals).",
  'Sweeps that walk the route table itself (the fuzzer, the OpenAPI document checks) are not listed.',
  '',
  `${rows.length} routes, ${rows.length - untested.length} called by name from a test file.`,
  '',
  '| Method | Path (under `/v1`) | Tests |',
  '|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.method} | \`${r.path}\` | ${r.callers.map((c) => `[${c.replace(/^test\//, '').replace(/\.test\.ts$/, '')}](../${c})`).join(', ') || '—'} |`,
  ),
  '',
].join('\n');

if (process.argv.includes('--check')) {
  const current = await readFile(output, 'utf8').catch(() => '');
  if (current !== text) {
    console.error('docs/route-tests.md is out of date: run `npm run docs:routes` and commit it.');
    process.exit(1);
  }
  console.log(`docs/route-tests.md is up to date (${untested.length} route(s) called by no test by name).`);
} else {
  await writeFile(output, text);
  console.log(`wrote docs/route-tests.md: ${rows.length} routes, ${untested.length} called by no test by name`);
}
