// `npm start` against a database that is not there: a clear reason, exit 1,
// and no secret from DATABASE_URL in the logs.
import { spawnTracked } from '../support/processes.js';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded.js';

function start(env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawnTracked(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      // No REDIS_URL: its shared counters (per address) are not this test's (hardening-shutdown.test.ts).
      env: { ...process.env, REDIS_URL: undefined, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('start-up', () => {
  it('retries an unreachable database, then exits 1 naming it without its password', async () => {
    const port = await freePort(); // nothing listens there
    const { code, output } = await start({
      DATABASE_URL: `postgresql://quire:s3cret@127.0.0.1:${port}/quire`,
      DATABASE_CONNECT_ATTEMPTS: '2',
      PORT: String(await freePort()),
    });
    expect(code).toBe(1);
    expect(output).toContain(`Cannot open the database at 127.0.0.1:${port}/quire`);
    expect(output).toMatch(/ECONNREFUSED/);
    expect(output).not.toContain('s3cret');
  });

  it('refuses invalid configuration with exit code 2', async () => {
    const { code, output } = await start({
      DATABASE_URL: 'postgresql://127.0.0.1:1/x',
      RATE_LIMIT_PER_TOKEN: 'many',
      PORT: String(await freePort()),
    });
    expect(code).toBe(2);
    expect(output).toMatch(/RATE_LIMIT_PER_TOKEN/);
  });

  it('refuses a heap growth that is not a whole number of per cent with exit code 2', async () => {
    const { code, output } = await start({
      DATABASE_URL: 'postgresql://127.0.0.1:1/x',
      HEAP_GROWTH_PERCENT: '1.5x',
      PORT: String(await freePort()),
    });
    expect(code).toBe(2);
    expect(output).toMatch(/HEAP_GROWTH_PERCENT must be an integer of at least 0/);
  });
});
