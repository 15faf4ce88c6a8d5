// Process life with the embedded PostgreSQL: the documented ways of stopping
// stop everything, a taken port fails clearly, a crash leaves nothing that later
// starts quietly adopt forever, and two processes can share one data folder.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded.js';
import { postmasterPid, spawnQuire, waitForExit, waitForOutput, type Started } from '../support/processes.js';

let folder: string;
let dataDir: string;
const listening = /Quire listening on http:\/\/[^"]+:\d+/;

/** The service on the test data folder, with no DATABASE_URL (embedded PostgreSQL). */
async function startService(extraEnv: Record<string, string | undefined> = {}, command: 'service' | 'npm start' = 'service') {
  const started = spawnQuire(command, {
    DATABASE_URL: undefined,
    QUIRE_DATA_DIR: dataDir,
    PORT: String(await freePort()),
    LOG_LEVEL: 'info',
    ...extraEnv,
  });
  await waitForOutput(started, listening);
  return started;
}

async function stopWith(started: Started, signal: NodeJS.Signals) {
  started.child.kill(signal);
  return started.exited;
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'quire-life-'));
  dataDir = path.join(folder, 'pgdata');
});
afterAll(async () => {
  const pid = await postmasterPid(dataDir);
  if (pid) process.kill(pid, 'SIGINT');
  if (pid) await waitForExit(pid);
  await rm(folder, { recursive: true, force: true });
});

describe('process life (embedded PostgreSQL)', () => {
  it('logs where the data lives, the migrations, and the real bind address', async () => {
    const service = await startService();
    const out = service.output();
    expect(out).toContain(`"embeddedDataDir":"${dataDir}"`);
    expect(out).toMatch(/"server":"initialised"/);
    expect(out).toMatch(/applied \d+ migration/);
    // Loopback unless HOST says otherwise, and the log line says how to open it up.
    expect(out).toMatch(/"address":"127\.0\.0\.1","port":\d+/);
    expect(out).toContain('set HOST=0.0.0.0 to accept other machines');
    expect(await stopWith(service, 'SIGTERM')).toBe(0);
    expect(await postmasterPid(dataDir)).toBeUndefined();
  }, 60_000);

  it('stops node and PostgreSQL when `npm start` receives SIGTERM', async () => {
    const npmStart = await startService({}, 'npm start');
    const pid = await postmasterPid(dataDir);
    expect(pid).toBeDefined();
    expect(await stopWith(npmStart, 'SIGTERM')).not.toBeNull();
    expect(await waitForExit(pid!)).toBe(true);
    expect(npmStart.output()).toMatch(/"msg":"stopped"/);
  }, 60_000);

  it('stops cleanly on Ctrl-C of `npm start` (SIGINT to its process group): exit 0, no ERROR line', async () => {
    const npmStart = await startService({ HOST: '0.0.0.0' }, 'npm start');
    expect(npmStart.output()).toContain('(every interface: reachable from other machines)');
    const pid = await postmasterPid(dataDir);
    // What a terminal does on Ctrl-C: SIGINT to every process of the foreground group (npm, node, PostgreSQL).
    process.kill(-npmStart.child.pid!, 'SIGINT');
    expect(await npmStart.exited).toBe(0);
    expect(await waitForExit(pid!)).toBe(true);
    const lines = npmStart
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.map((line) => line.msg)).toContain('stopped');
    expect(lines.map((line) => line.msg)).not.toContain('second signal while shutting down: exiting now');
  }, 60_000);

  it('exits 1 naming the port when it is taken, and stops the database it started', async () => {
    const blocker = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '0.0.0.0', () => resolve((blocker.address() as { port: number }).port)),
    );
    try {
      const service = spawnQuire('service', { DATABASE_URL: undefined, QUIRE_DATA_DIR: dataDir, PORT: String(port) });
      expect(await service.exited).toBe(1);
      expect(service.output()).toContain(`port ${port} is already in use`);
      expect(await postmasterPid(dataDir)).toBeUndefined();
    } finally {
      blocker.close();
    }
  }, 60_000);

  it('takes over the PostgreSQL a crashed (kill -9) process left running, and stops it on exit', async () => {
    const crashed = await startService();
    expect(await stopWith(crashed, 'SIGKILL')).toBe('SIGKILL');
    const orphan = await postmasterPid(dataDir);
    expect(orphan).toBeDefined();
    const next = await startService();
    expect(next.output()).toMatch(/"server":"taken over"/);
    expect(await stopWith(next, 'SIGTERM')).toBe(0);
    expect(await waitForExit(orphan!)).toBe(true);
  }, 60_000);

  it('lets two processes share one data folder: the database stays up until the last one exits', async () => {
    const first = await startService();
    const second = await startService();
    expect(second.output()).toMatch(/"server":"shared"/);
    const pid = await postmasterPid(dataDir);
    const secondPort = /"address":"[^"]+","port":(\d+)/.exec(second.output())![1];
    expect(await stopWith(first, 'SIGTERM')).toBe(0);
    const ready = await fetch(`http://127.0.0.1:${secondPort}/readyz`);
    expect(ready.status).toBe(200);
    expect(await postmasterPid(dataDir)).toBe(pid);
    expect(await stopWith(second, 'SIGTERM')).toBe(0);
    expect(await waitForExit(pid!)).toBe(true);
  }, 90_000);
});

describe('configuration and CLI usage', () => {
  it('refuses PORT=abc with a message naming PORT and exit 2, no stack trace', async () => {
    const service = spawnQuire('service', { DATABASE_URL: 'postgresql://127.0.0.1:1/x', PORT: 'abc' });
    expect(await service.exited).toBe(2);
    expect(service.output()).toMatch(/PORT must be an integer/);
    expect(service.output()).not.toMatch(/\n\s+at /);
  });

  it('answers --help with the usage (exit 0) and a bad option with usage and exit 2', async () => {
    const help = spawnQuire('cli', {}, ['--help']);
    expect(await help.exited).toBe(0);
    expect(help.output()).toMatch(/^Usage:/m);
    const bad = spawnQuire('cli', {}, ['token', 'list', '--frobnicate']);
    expect(await bad.exited).toBe(2);
    expect(bad.output()).toMatch(/--frobnicate/);
    expect(bad.output()).toMatch(/Usage:/);
    expect(bad.output()).not.toMatch(/\n\s+at /);
  });

  it('exits 1 when a CLI command fails against the database (the embedded server does not turn it into 0)', async () => {
    const cli = spawnQuire('cli', { DATABASE_URL: undefined, QUIRE_DATA_DIR: dataDir }, ['token', 'list', '--user', 'nobody@nowhere.test']);
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toContain('No user "nobody@nowhere.test"');
    expect(await postmasterPid(dataDir)).toBeUndefined();
  }, 60_000);
});
