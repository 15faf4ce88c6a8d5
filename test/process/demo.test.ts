// `npm run demo` (src/demo.ts): seeds one demo organization however often it
// runs, and the curl lines it prints answer 200 from a running server.
import { readRevisionPages } from '../../src/domain/revisions/index.js';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';

const run = promisify(execFile);
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function demo(...args: string[]) {
  const env = { ...process.env, DATABASE_URL: inject('databaseUrl'), PUBLIC_URL: app.baseUrl };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/demo.ts', ...args], { env, timeout: 120_000 });
  return stdout;
}

describe('npm run demo', () => {
  it('seeds one demo organization however often it runs, and prints curl lines that answer 200', async () => {
    const first = JSON.parse(await demo('--json'));
    const second = JSON.parse(await demo('--json'));
    expect(second.organizationId).toBe(first.organizationId);
    expect(await app.prisma.organization.count({ where: { title: 'Acme Corp (demo)' } })).toBe(1);
    const org = first.organizationId as string;
    // Members of every role (and a guest), nested collections, spaces with pages, a published site, a team.
    const roles = (await app.prisma.member.findMany({ where: { organizationId: org }, select: { role: true } })).map((m) => m.role);
    expect(new Set(roles)).toEqual(new Set(['admin', 'create', 'review', 'edit', 'comment', 'read', null]));
    expect(await app.prisma.collection.count({ where: { organizationId: org, parent: { isNot: null } } })).toBe(1);
    expect(await app.prisma.space.count({ where: { organizationId: org } })).toBe(5);
    const spaces = await app.prisma.space.findMany({ where: { organizationId: org }, select: { revisionId: true } });
    const pages = await Promise.all(spaces.map((space) => readRevisionPages(app.prisma, space.revisionId)));
    expect(pages.flat()).toHaveLength(10);
    expect(await app.prisma.site.count({ where: { organizationId: org, published: true } })).toBe(1);
    expect(await app.prisma.team.count({ where: { organizationId: org } })).toBe(1);

    // A new run replaces the demo token: the first no longer works.
    expect((await fetch(`${app.baseUrl}/v1/orgs`, { headers: { Authorization: `Bearer ${first.token}` } })).status).toBe(401);
    expect(second.curl).toHaveLength(3);
    for (const line of second.curl as string[]) {
      expect(line).toContain(app.baseUrl);
      const { stdout } = await run('sh', ['-c', `${line} -o /dev/null -w '%{http_code}'`]);
      expect(stdout, line).toBe('200');
    }
    expect(second.graphiql).toMatch(new RegExp(`^${app.baseUrl}/graphql\\?query=`));
  }, 240_000);

  it('links to the port the running `npm start` listens on, without PORT or PUBLIC_URL', async () => {
    // A folder of its own, whose .quire/server.json names this test's server (and a live pid: this process).
    const folder = await mkdtemp(path.join(tmpdir(), 'quire-demo-'));
    try {
      await mkdir(path.join(folder, '.quire'));
      await writeFile(path.join(folder, '.quire/server.json'), JSON.stringify({ url: app.baseUrl, pid: process.pid }));
      const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: inject('databaseUrl') };
      delete env.PORT;
      delete env.PUBLIC_URL;
      const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
      const { stdout } = await run(process.execPath, ['--import', tsx, path.resolve('src/demo.ts'), '--json'], {
        env,
        cwd: folder,
        timeout: 120_000,
      });
      const printed = JSON.parse(stdout);
      expect(printed.graphiql).toMatch(new RegExp(`^${app.baseUrl}/graphql\\?query=`));
      for (const line of printed.curl as string[]) expect(line).toContain(app.baseUrl);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 240_000);

  it('explains itself with --help', async () => {
    expect(await demo('--help')).toMatch(/^Usage: npm run demo/);
  }, 60_000);
});
