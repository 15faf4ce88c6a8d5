// Graceful shutdown of the real process (`src/main.ts`): on SIGTERM it stops
// accepting connections, closes graphql-ws subscriptions with 1001, lets the
// request in flight finish, closes the database and exits 0. The request in
// flight is made slow by its client: the headers, then half the body, and the
// rest only after the signal.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { spawnTracked } from '../support/processes.js';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { createMigratedDatabase, type TestDatabase } from '../support/testDatabase.js';
import { createPrisma } from '../../src/db/client.js';
import { bootstrapOrganization } from '../../src/domain/organizations/provisioning.js';

/**
 * The servers these tests start keep no state outside their database: with the machine's
 * REDIS_URL they would share its rate-limit counters (per address: 127.0.0.1) with every other
 * process using that Redis, and be refused when a benchmark had spent them.
 */
const ownState = { REDIS_URL: undefined };

const root = fileURLToPath(new URL('../..', import.meta.url));
let db: TestDatabase;
let admin: { organizationId: string; userId: string; token: string };
beforeAll(async () => {
  db = await createMigratedDatabase(inject('serverUrl'));
  const { prisma } = createPrisma(db.url, { poolSize: 1 });
  admin = await bootstrapOrganization(prisma, { title: 'Shutdown', email: 'admin@shutdown.test' });
  await prisma.$disconnect();
});
afterAll(() => db?.drop());

/** The JSON log lines of a process, and a way to wait for one. */
function logsOf(child: ChildProcess) {
  const lines: Record<string, any>[] = [];
  const waiters: { test: (l: Record<string, any>) => boolean; resolve: (l: Record<string, any>) => void }[] = [];
  let buffered = '';
  child.stdout!.on('data', (chunk) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    for (const part of parts) {
      let line: Record<string, any>;
      try {
        line = JSON.parse(part);
      } catch {
        continue;
      }
      lines.push(line);
      for (const w of waiters.filter((w) => w.test(line))) w.resolve(line);
    }
  });
  return {
    lines,
    waitFor(test: (l: Record<string, any>) => boolean, what: string, ms = 60_000) {
      const seen = lines.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise<Record<string, any>>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no log line: ${what}`)), ms);
        waiters.push({ test, resolve: (l) => (clearTimeout(timer), resolve(l)) });
      });
    },
  };
}

const connectOutcome = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve('connected')));
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
  });

it('drains on SIGTERM: the request in flight completes, subscriptions close with 1001, new connections are refused, exit 0', {
  timeout: 90_000,
}, async () => {
  const child = spawnTracked(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...ownState, DATABASE_URL: db.url, PORT: '0', LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '20000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    const logs = logsOf(child);
    const port: number = (await logs.waitFor((l) => String(l.msg).startsWith('Quire listening'), 'listening')).port;
    const base = `http://127.0.0.1:${port}`;
    const auth = { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' };

    // A live subscription over graphql-ws.
    const created = await fetch(`${base}/v1/orgs/${admin.organizationId}/spaces`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ title: 'Watched' }),
    });
    expect(created.status).toBe(201);
    const space = (await created.json()) as { id: string };
    const socket = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws');
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    const messages: any[] = [];
    const acked = new Promise<void>((resolve) =>
      socket.on('message', (data) => {
        const message = JSON.parse(String(data));
        messages.push(message);
        if (message.type === 'connection_ack') resolve();
      }),
    );
    socket.once('open', () =>
      socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${admin.token}` } })),
    );
    await acked;
    socket.send(
      JSON.stringify({ id: '1', type: 'subscribe', payload: { query: `subscription { spaceChanged(id: "${space.id}") { id title } }` } }),
    );
    // A slow client: headers and half the body now, the rest after SIGTERM.
    const body = JSON.stringify({ query: 'query InFlight { viewer { id email } }' });
    const slow = net.connect(port, '127.0.0.1');
    let answer = '';
    slow.on('data', (d) => (answer += d.toString()));
    const slowClosed = new Promise<void>((resolve) => slow.once('close', () => resolve()));
    await new Promise<void>((resolve) => slow.once('connect', () => resolve()));
    slow.write(
      `POST /graphql HTTP/1.1\r\nHost: quire\r\nAuthorization: Bearer ${admin.token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    slow.write(body.slice(0, 10));
    // The server holds it: two requests in flight while /metrics answers.
    let inFlight = '';
    for (let i = 0; i < 100 && inFlight !== '2'; i++) {
      const metrics = await (await fetch(`${base}/metrics`)).text();
      inFlight = /^quire_http_requests_in_flight (\d+)$/m.exec(metrics)?.[1] ?? '';
      if (inFlight !== '2') await new Promise((r) => setTimeout(r, 50));
    }
    expect(inFlight).toBe('2');

    // The subscription was accepted (a refused one gets an `error` message at once).
    expect(messages.filter((m) => m.id === '1')).toEqual([]);

    child.kill('SIGTERM');
    await logs.waitFor((l) => l.msg === 'shutting down: draining requests', 'shutting down');
    expect(await closed).toBe(1001);
    let outcome = '';
    for (let i = 0; i < 100 && outcome !== 'ECONNREFUSED'; i++) {
      outcome = await connectOutcome(port);
      if (outcome !== 'ECONNREFUSED') await new Promise((r) => setTimeout(r, 50));
    }
    expect(outcome).toBe('ECONNREFUSED');
    expect(answer).toBe('');

    slow.write(body.slice(10)); // not end(): a client that half-closes gives up its pending request
    await slowClosed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      data: { viewer: { id: admin.userId, email: 'admin@shutdown.test' } },
    });

    expect(await exited).toBe(0);
    expect(logs.lines.some((l) => l.msg === 'stopped')).toBe(true);
    const access = logs.lines.find((l) => l.msg === 'request' && l.operation === 'graphql:InFlight');
    expect(access).toMatchObject({ status: 200, method: 'POST', path: '/graphql', requestId: expect.any(String), userId: admin.userId });
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await exited;
  }
});

it('ends server-sent-event subscriptions when closing, so the drain does not wait for them', async () => {
  const { startTestApp } = await import('../support/app.js');
  const { createOrg, createSpace } = await import('../support/factories.js');
  const app = await startTestApp();
  const org = await createOrg(app);
  const space = await createSpace(app, org);
  const res = await fetch(`${app.baseUrl}/graphql`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${org.admin.token}`, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify({ query: `subscription { spaceChanged(id: "${space.id}") { id } }` }),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  const ended = (async () => {
    try {
      while (!(await reader.read()).done);
      return 'ended';
    } catch {
      return 'cut';
    }
  })();
  // Every request finished within the deadline: the stream did not hold the drain.
  expect(await app.close(20_000)).toBe(true);
  expect(['ended', 'cut']).toContain(await ended);
});

it('exits on SIGTERM when its database has gone away, and at once on a second signal', { timeout: 90_000 }, async () => {
  const gone = await createMigratedDatabase(inject('serverUrl'));
  const start = (databaseUrl: string) => {
    const child = spawnTracked(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: root,
      env: { ...process.env, ...ownState, DATABASE_URL: databaseUrl, PORT: '0', LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '60000' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    return { child, logs: logsOf(child), exited: new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))) };
  };
  try {
    const first = start(gone.url);
    await first.logs.waitFor((l) => String(l.msg).startsWith('Quire listening'), 'listening');
    await gone.drop(); // terminates its connections: the pool and the job queue lose the server
    first.child.kill('SIGTERM');
    expect(await first.exited).not.toBeNull();
    expect(first.logs.lines.some((l) => l.msg === 'stopped' || l.msg === 'shutdown failed')).toBe(true);
  } finally {
    await gone.drop().catch(() => {});
  }

  // A drain held by a request whose body never finishes: the second SIGTERM does not wait for it.
  const held = await createMigratedDatabase(inject('serverUrl'));
  try {
    const second = start(held.url);
    const port: number = (await second.logs.waitFor((l) => String(l.msg).startsWith('Quire listening'), 'listening')).port;
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    // Anonymous: this database has no token; a GraphQL body is still read (for `__typename` and introspection).
    socket.write('POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query":');
    // The server holds it (two requests in flight while /metrics answers) before the first signal.
    let inFlight = '';
    for (let i = 0; i < 200 && inFlight !== '2'; i++) {
      const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      inFlight = /^quire_http_requests_in_flight (\d+)$/m.exec(metrics)?.[1] ?? '';
      if (inFlight !== '2') await new Promise((r) => setTimeout(r, 50));
    }
    expect(inFlight).toBe('2');
    second.child.kill('SIGTERM');
    await second.logs.waitFor((l) => l.msg === 'shutting down: draining requests', 'draining');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(1);
    socket.destroy();
  } finally {
    await held.drop();
  }
});
