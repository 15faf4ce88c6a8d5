// The layer rules of docs/architecture.md, as `npm run lint:layers` checks them
// (.dependency-cruiser.cjs): the real tree passes, and a tree that breaks a rule
// (a domain file importing the HTTP door, a base module importing the domain,
// a cycle between two folders, an area reaching past the content store's
// facade) fails with the rule's name.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
// The script's own arguments (`depcruise src --config .dependency-cruiser.cjs …`), so the test runs what `npm run check` runs.
const script: string = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts['lint:layers'];
const [command, ...args] = script.split(/\s+/);

interface Cruise {
  code: number;
  rules: string[];
  output: string;
}

/** Runs the layer check (the script's command line) in `cwd`: its exit code and the names of the rules broken. */
function cruise(cwd: string): Promise<Cruise> {
  return new Promise((done) => {
    execFile(process.execPath, [depcruise, ...args], { cwd }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      // One line per violation: `error <rule>: <from> → <to>`.
      const rules = [...stdout.matchAll(/^\s*error ([\w-]+):/gm)].map((match) => match[1]);
      done({ code, rules, output: stdout + stderr });
    });
  });
}

const fixtures: string[] = [];
afterAll(() => fixtures.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A scratch project with the real rules and the given files under src/. */
function project(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'quire-layers-'));
  fixtures.push(dir);
  cpSync(join(root, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true }, include: ['src'] }),
  );
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const lawful = {
  'src/errors.ts': 'export class AppError extends Error {}\n',
  'src/http/respond.ts':
    "import { AppError } from '../errors.js';\nexport const sendJson = (body: unknown) => (body instanceof AppError ? 500 : 200);\n",
  'src/domain/things/service.ts': "import { AppError } from '../../errors.js';\nexport const thing = () => new AppError('no thing');\n",
  'src/app.ts':
    "import { sendJson } from './http/respond.js';\nimport { thing } from './domain/things/service.js';\nexport const answer = () => sendJson(thing());\n",
};

describe('layer rules (npm run lint:layers)', () => {
  it('are checked by npm run check', () => {
    expect(command).toBe('depcruise');
    expect(args).toContain('--config');
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.check).toContain('npm run --silent lint:layers');
  });

  it('pass on the real tree', async () => {
    const result = await cruise(root);
    expect(result.rules, result.output).toEqual([]);
    expect(result.code, result.output).toBe(0);
  }, 60_000);

  it("pass on a small lawful tree (so the failures below are the rules' own)", async () => {
    const result = await cruise(project(lawful));
    expect(result.rules, result.output).toEqual([]);
    expect(result.code, result.output).toBe(0);
  }, 60_000);

  it('fail when a domain file imports the HTTP door', async () => {
    const result = await cruise(
      project({
        ...lawful,
        'src/domain/things/endpoint.ts': "import { sendJson } from '../../http/respond.js';\nexport const serve = () => sendJson({});\n",
      }),
    );
    expect(result.rules, result.output).toContain('domain-imports-a-door');
    expect(result.code, result.output).not.toBe(0);
  }, 60_000);

  it('fail when a domain file imports a door only for a type', async () => {
    const result = await cruise(
      project({
        ...lawful,
        'src/http/services.ts': 'export interface Services { name: string }\n',
        'src/domain/things/job.ts':
          "import type { Services } from '../../http/services.js';\nexport const run = (s: Services) => s.name;\n",
      }),
    );
    expect(result.rules, result.output).toContain('domain-imports-a-door');
    expect(result.code, result.output).not.toBe(0);
  }, 60_000);

  it('fail when a base module imports the domain', async () => {
    const result = await cruise(
      project({
        ...lawful,
        'src/db/settings.ts': "import { thing } from '../domain/things/service.js';\nexport const settings = () => thing();\n",
      }),
    );
    expect(result.rules, result.output).toContain('base-imports-an-upper-layer');
    expect(result.code, result.output).not.toBe(0);
  }, 60_000);

  const store = {
    ...lawful,
    'src/domain/revisions/objects.ts': 'export interface PageNode { id: string }\nexport const emptyTree = (): PageNode[] => [];\n',
    'src/domain/revisions/index.ts': "export { emptyTree, type PageNode } from './objects.js';\n",
    'src/domain/revisions/schema.ts': "import { emptyTree } from './objects.js';\nexport const pages = () => emptyTree();\n",
  };

  it('pass when another area reaches the content store through its facade (or its schema)', async () => {
    const result = await cruise(
      project({
        ...store,
        'src/domain/things/pages.ts':
          "import { emptyTree } from '../revisions/index.js';\nimport { pages } from '../revisions/schema.js';\nexport const both = () => [emptyTree(), pages()];\n",
      }),
    );
    expect(result.rules, result.output).toEqual([]);
    expect(result.code, result.output).toBe(0);
  }, 60_000);

  it('fail when another area imports revisions/objects.ts directly, past the facade', async () => {
    const result = await cruise(
      project({
        ...store,
        'src/domain/things/pages.ts':
          "import { emptyTree, type PageNode } from '../revisions/objects.js';\nexport const none = (): PageNode[] => emptyTree();\n",
      }),
    );
    expect(result.rules, result.output).toEqual(['revisions-behind-its-facade']);
    expect(result.code, result.output).not.toBe(0);
  }, 60_000);

  it('fail on a cycle between two folders of one layer', async () => {
    const result = await cruise(
      project({
        ...lawful,
        'src/config/settings.ts':
          "import type { Logger } from '../logging/logger.js';\nexport const level = (l?: Logger) => l?.level ?? 'info';\n",
        'src/logging/logger.ts':
          "import { level } from '../config/settings.js';\nexport interface Logger { level: string }\nexport const logger = (): Logger => ({ level: level() });\n",
      }),
    );
    expect(result.rules, result.output).toContain('no-cycle-between-folders');
    expect(result.code, result.output).not.toBe(0);
  }, 60_000);

  it('fail on folders in a loop even when no module is (http → graphql, graphql → http)', async () => {
    const result = await cruise(
      project({
        ...lawful,
        'src/graphql/limits.ts': 'export const maxDepth = 10;\n',
        'src/graphql/plugin.ts': "import { sendJson } from '../http/respond.js';\nexport const reject = () => sendJson({});\n",
        'src/http/config.ts': "import { maxDepth } from '../graphql/limits.js';\nexport const settings = { maxDepth };\n",
      }),
    );
    expect(result.rules, result.output).toEqual(['no-cycle-between-layers-or-folders', 'no-cycle-between-layers-or-folders']);
    expect(result.code, result.output).not.toBe(0);
  }, 60_000);
});
