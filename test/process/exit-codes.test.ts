// A red run must mean red: vitest, with the suite's own global setup, exits
// non-zero when a test fails, a file fails to load or a hook throws, on the
// machine's PostgreSQL (DATABASE_URL) and on the embedded one alike. (The
// embedded server's library once turned every such exit code into 0.)
import { describe, expect, it } from 'vitest';
import { spawnTracked } from '../support/processes.js';

const vitestBin = 'node_modules/vitest/vitest.mjs';

/** Runs one fixture of test/fixtures/exit-codes; answers its exit code and output. */
function runFixture(fixture: string, env: Record<string, string | undefined>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawnTracked(process.execPath, [vitestBin, 'run', '--config', 'test/fixtures/exit-codes/vitest.config.ts'], {
      env: { ...process.env, ...env, FIXTURE: fixture },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const databaseModes = [
  // A bare machine: no DATABASE_URL, the global setup starts an embedded PostgreSQL.
  { mode: 'embedded PostgreSQL', env: { DATABASE_URL: undefined, TEST_DATABASE_URL: undefined } },
  ...(serverUrl ? [{ mode: 'DATABASE_URL', env: { DATABASE_URL: serverUrl } }] : []),
];

describe.each(databaseModes)('vitest exit codes on $mode', ({ env }) => {
  it.each(['failing-assertion', 'failing-import', 'failing-hook'])(
    'exits non-zero for %s',
    async (fixture) => {
      const { code, output } = await runFixture(fixture, env);
      expect(output).toMatch(/failed/i);
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
    },
    60_000,
  );

  it("exits 0 when every test passes (so the failures above are the fixtures' own)", async () => {
    const { code, output } = await runFixture('passing', env);
    expect(output).toMatch(/1 passed/);
    expect(code).toBe(0);
  }, 60_000);
});
