// `quire/client` as a package consumer gets it: compiled JavaScript and type
// declarations (npm run build:client, package.json exports), imported from plain
// node with no TypeScript loader, and type-checked by tsc from a project of its own.
import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeOfStatus } from '../../src/client/index.js';
import { codes } from '../../src/errors.js';
import { useTestApp, useTestOrg } from '../support/app.js';

const run = promisify(execFile);
const app = useTestApp();
const org = useTestOrg(app);
const root = path.resolve('.');
let consumer: string;

beforeAll(async () => {
  await run('npm', ['run', '--silent', 'build:client'], { cwd: root, timeout: 180_000 });
  // A project of its own that depends on this package (node_modules/quire → this repository).
  consumer = await mkdtemp(path.join(tmpdir(), 'quire-consumer-'));
  await mkdir(path.join(consumer, 'node_modules'));
  await symlink(root, path.join(consumer, 'node_modules', 'quire'), 'dir');
  await writeFile(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
}, 200_000);
afterAll(() => (consumer ? rm(consumer, { recursive: true, force: true }) : undefined));

describe('quire/client, compiled', () => {
  it('runs from plain node: typed operations, and REST refusals with their code', async () => {
    const script = `
      import { createQuireClient, ListTeamsDocument, QuireError } from 'quire/client';
      const client = createQuireClient({ baseUrl: process.env.BASE, token: process.env.TOKEN });
      const teams = await client.request(ListTeamsDocument, { organizationId: process.env.ORG });
      const refused = await client.rest('GET', '/orgs/' + process.env.ORG + '/teams/team_unknown').catch((e) => e);
      console.log(JSON.stringify({ total: teams.organization.teams.totalCount, error: refused instanceof QuireError, status: refused.status, code: refused.code }));
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: consumer,
      env: { PATH: process.env.PATH, BASE: app.baseUrl, TOKEN: org.admin.token, ORG: org.organizationId },
      timeout: 60_000,
    });
    expect(JSON.parse(stdout)).toEqual({ total: 0, error: true, status: 404, code: 'NOT_FOUND' });
  });

  it('type-checks a consumer against its declarations (and refuses a wrong variable)', async () => {
    await writeFile(
      path.join(consumer, 'index.ts'),
      `import { createQuireClient, ListTeamsDocument, type QuireClient } from 'quire/client';
const client: QuireClient = createQuireClient({ baseUrl: 'http://localhost:4000' });
export async function titles(organizationId: string): Promise<string[]> {
  const teams = await client.request(ListTeamsDocument, { organizationId });
  return teams.organization.teams.edges.map((edge) => edge.node.title);
}
// @ts-expect-error: organizationId is required
export const wrong = () => client.request(ListTeamsDocument, { first: 1 });
`,
    );
    await writeFile(
      path.join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, noEmit: true, types: [] },
        files: ['index.ts'],
      }),
    );
    const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = await run(process.execPath, [tsc, '-p', consumer], { cwd: consumer, timeout: 120_000 }).catch(
      (e: { stdout: string }) => e,
    );
    expect(result.stdout).toBe('');
  }, 120_000);

  it('names each refusal as the server does', () => {
    for (const [status, code] of Object.entries(codes)) expect(errorCodeOfStatus[Number(status)]).toBe(code);
  });
});
