// Two Quire processes behind a real load balancer (Debian's HAProxy, a
// generated configuration on loopback, health checks on /readyz), sharing one
// database and one Redis, as docs/deploy.md describes: a rate limit of N is N
// across them; a subscriber of one hears a write made through the other; a
// rolling restart under steady load answers every request; and a replica
// killed with SIGKILL loses no write it answered 2xx.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { issueToken } from '../../src/domain/auth/tokens.js';
import { bootstrapOrganization } from '../../src/domain/organizations/provisioning.js';
import { createPrisma } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { spawnQuire, spawnTracked, type Started } from '../support/processes.js';
import { createScratchDatabase, type TestDatabase } from '../support/testDatabase.js';

const haproxy = spawnSync('haproxy', ['-v'], { encoding: 'utf8' }).status === 0;
const redisUrl = process.env.REDIS_URL;
if (!haproxy) console.warn('replicas-haproxy: haproxy is not installed (apt-get install haproxy): skipped');
if (!redisUrl) console.warn('replicas-haproxy: REDIS_URL is unset: skipped');

const PER_TOKEN = 25;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const haproxyConfig = (lbPort: number, statsPort: number, replicaPorts: number[]) => `
global
  maxconn 1024
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  # A request refused or left unanswered by a replica on its way out goes to the other.
  retries 3
  option redispatch
  retry-on conn-failure empty-response response-timeout
  option httpchk GET /readyz
  http-check expect status 200
  timeout check 2s
  default-server inter 250ms fall 2 rise 2
frontend api
  bind 127.0.0.1:${lbPort}
  default_backend quire
frontend stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
backend quire
  balance roundrobin
${replicaPorts.map((port, i) => `  server r${i} 127.0.0.1:${port} check`).join('\n')}
`;

let db: TestDatabase;
let dir: string;
let lb: string;
let stats: string;
const ports: number[] = [];
const replicas: Started[] = [];
let prisma: ReturnType<typeof createPrisma>['prisma'];
let org: { organizationId: string; userId: string; token: string };
/** Tokens for the load, each under its own rate-limit budget. */
const loadTokens: string[] = [];

const env = (port: number) => ({
  DATABASE_URL: db.url,
  REDIS_URL: redisUrl,
  PORT: String(port),
  QUIRE_WORKER: 'off',
  LOG_LEVEL: 'warn',
  FILES_URL_SECRET: 'replicas-test-files-secret-0123456789',
  SITE_TOKEN_SECRETS: 'replicas-test-site-token-secret-0123456789',
  RATE_LIMIT_PER_TOKEN: String(PER_TOKEN),
  // Well past HAProxy's health-check interval times its fall count (250 ms × 2), for a loaded machine.
  SHUTDOWN_DELAY_MS: '3000',
});

async function startReplica(i: number) {
  const started = spawnQuire('service', env(ports[i]));
  let exited = false;
  void started.exited.then(() => (exited = true));
  for (let tries = 0; ; tries++) {
    const ready = await fetch(`http://127.0.0.1:${ports[i]}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (exited || tries > 1800) throw new Error(`replica ${i} did not become ready:\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  replicas[i] = started;
}

/** Waits until HAProxy reports every replica's state as `wanted` (its stats page, polled). */
async function balancerSees(wanted: Record<string, 'UP' | 'DOWN'>) {
  let last = '';
  for (let i = 0; i < 600; i++) {
    const csv = await fetch(`${stats};csv`).then(
      (r) => r.text(),
      () => '# svname,status\n', // HAProxy is still starting
    );
    const [header, ...rows] = csv.trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const states = Object.fromEntries(
      rows.map((row) => row.split(',')).map((cells) => [cells[columns.indexOf('svname')], cells[columns.indexOf('status')]]),
    );
    last = JSON.stringify(states);
    if (Object.entries(wanted).every(([server, state]) => states[server]?.startsWith(state))) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`HAProxy never saw ${JSON.stringify(wanted)}: ${last}`);
}

const call = (method: string, route: string, token: string, body?: unknown) =>
  fetch(`${lb}/v1${route}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

/** Steady load through the balancer until `stop()`: reads and writes, each with the next load token. */
function steadyLoad(workers: number, request: (token: string, n: number) => Promise<Response>) {
  const outcomes: { status: number | string; n: number; body?: unknown }[] = [];
  let running = true;
  let n = 0;
  const worker = async () => {
    while (running) {
      const i = n++;
      const outcome = await request(loadTokens[i % loadTokens.length], i).then(
        async (res) => ({ status: res.status, n: i, body: await res.json().catch(() => undefined) }),
        (err: Error) => ({ status: `${err.name}: ${(err.cause as Error | undefined)?.message ?? err.message}`, n: i }),
      );
      outcomes.push(outcome);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const done = Promise.all(Array.from({ length: workers }, worker));
  return {
    outcomes,
    async stop() {
      running = false;
      await done;
      return outcomes;
    },
  };
}

describe.skipIf(!haproxy || !redisUrl)('two replicas behind HAProxy', () => {
  beforeAll(async () => {
    db = await createScratchDatabase(inject('serverUrl'), 'quire_replicas');
    await migrate(db.url);
    ({ prisma } = createPrisma(db.url));
    org = await bootstrapOrganization(prisma, { title: 'Replicas', email: 'admin@replicas.test' });
    for (let i = 0; i < 300; i++) loadTokens.push((await issueToken(prisma, org.userId, { label: `load ${i}`, scopes: [] })).secret);
    ports.push(await freePort(), await freePort());
    const [lbPort, statsPort] = [await freePort(), await freePort()];
    lb = `http://127.0.0.1:${lbPort}`;
    stats = `http://127.0.0.1:${statsPort}/stats`;
    await Promise.all([startReplica(0), startReplica(1)]);
    dir = await mkdtemp(path.join(tmpdir(), 'quire-haproxy-'));
    await writeFile(path.join(dir, 'haproxy.cfg'), haproxyConfig(lbPort, statsPort, ports));
    spawnTracked('haproxy', ['-db', '-f', path.join(dir, 'haproxy.cfg')], { stdio: 'ignore' });
    await balancerSees({ r0: 'UP', r1: 'UP' });
  }, 180_000);

  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(`holds a rate limit of ${PER_TOKEN} per token across both replicas`, async () => {
    const { secret } = await issueToken(prisma, org.userId, { label: 'limited', scopes: [] });
    const statuses: number[] = [];
    // One at a time, so round robin alternates: each replica sees about half.
    for (let i = 0; i < PER_TOKEN + 10; i++) statuses.push((await call('GET', `/orgs/${org.organizationId}`, secret)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PER_TOKEN);
    expect(statuses.slice(PER_TOKEN).every((s) => s === 429)).toBe(true);
  });

  it('lets a subscriber of one replica hear a write made through the other', async () => {
    const space = (await (await call('POST', `/orgs/${org.organizationId}/spaces`, loadTokens[0], { title: 'Heard' })).json()) as {
      id: string;
    };
    const controller = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${ports[0]}/graphql`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${loadTokens[1]}`, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify({ query: 'subscription($id: ID!) { spaceChanged(id: $id) { title } }', variables: { id: space.id } }),
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let heard = '';
    const listening = (async () => {
      while (!heard.includes('Written through the other replica')) {
        const { done, value } = await reader.read();
        if (done) return;
        heard += new TextDecoder().decode(value);
      }
    })();
    // Until the subscription is registered, a write may go unheard: write again until heard (bounded).
    for (let i = 0; i < 100 && !heard.includes('Written through the other replica'); i++) {
      const res = await fetch(`http://127.0.0.1:${ports[1]}/v1/spaces/${space.id}`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${loadTokens[2]}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: `Written through the other replica` }),
      });
      expect(res.status).toBe(200);
      await Promise.race([listening, new Promise((r) => setTimeout(r, 100))]);
    }
    controller.abort();
    expect(heard).toContain('Written through the other replica');
  });

  it('answers every request during a rolling restart (SIGTERM one replica, start it again, then the other)', async () => {
    const space = (await (await call('POST', `/orgs/${org.organizationId}/spaces`, loadTokens[0], { title: 'Rolling' })).json()) as {
      id: string;
    };
    const load = steadyLoad(4, (token, n) =>
      n % 2 ? call('GET', `/orgs/${org.organizationId}`, token) : call('PATCH', `/spaces/${space.id}`, token, { title: `Rolling ${n}` }),
    );
    for (const i of [0, 1]) {
      const before = load.outcomes.length;
      replicas[i].child.kill('SIGTERM');
      expect(await replicas[i].exited).toBe(0);
      await startReplica(i);
      await balancerSees({ r0: 'UP', r1: 'UP' });
      // Requests went on while the replica was away.
      expect(load.outcomes.length).toBeGreaterThan(before);
    }
    const outcomes = await load.stop();
    const failed = outcomes.filter((o) => o.status !== 200);
    expect(failed, JSON.stringify(failed.slice(0, 5))).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(50);
  }, 180_000);

  it('loses no write answered 2xx when a replica is killed with SIGKILL', async () => {
    const load = steadyLoad(4, (token, n) => call('POST', `/orgs/${org.organizationId}/spaces`, token, { title: `Kill ${n}` }));
    while (load.outcomes.filter((o) => o.status === 201).length < 20) await new Promise((r) => setTimeout(r, 20));
    replicas[0].child.kill('SIGKILL');
    await replicas[0].exited;
    await balancerSees({ r0: 'DOWN', r1: 'UP' });
    const afterKill = load.outcomes.length;
    while (load.outcomes.length < afterKill + 20) await new Promise((r) => setTimeout(r, 20));
    const outcomes = await load.stop();

    const answered = outcomes.filter((o) => o.status === 201).map((o) => (o.body as { id: string }).id);
    const stored = await prisma.space.findMany({ where: { id: { in: answered } }, select: { id: true } });
    expect(stored.map((s) => s.id).sort()).toEqual([...answered].sort());
    // After the kill, the survivor answered everything.
    expect(outcomes.slice(afterKill).filter((o) => o.status !== 201)).toEqual([]);
    await startReplica(0);
  }, 180_000);
});
