// The durable job queue against real processes: a translation run whose
// worker is killed (SIGKILL, no goodbye) while its provider call hangs is not
// lost — the killed worker's liveness lock is gone with its connection, so a
// live worker's sweep fails the active job long before its 30-minute expiry,
// pg-boss retries it, and the new worker completes it. And
// the OpenAPI spec processing-state subscription reports each state change,
// authorized per event.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { watch, wsClients } from '../support/subscriptions.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { rest } from '../support/http.js';
import { addMember, createOrg, createSpace } from '../support/factories.js';
import { insertPages } from '../support/content.js';
import { spawnQuire, waitForOutput, type Started } from '../support/processes.js';
import { defaultFetchPolicy } from '../../src/net/fetch.js';
import { libreTranslate } from '../../src/domain/translations/providers.js';

const schema = `jobs_restart_${randomBytes(4).toString('hex')}`;
// The run keeps its 30-minute expiry: only the orphan sweep can bring it back within the test.
const policies = { 'translation.run': { retryDelay: 1, retryLimit: 3 } };
const loopbackOnly = { ...defaultFetchPolicy, allow: ['127.0.0.0/8'] };

// A LibreTranslate stand-in that holds requests while `holding`, answers at once otherwise.
let holding = true;
const held: http.ServerResponse[] = [];
let requests = 0;
const provider = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    requests += 1;
    if (holding) return void held.push(res);
    const { q } = JSON.parse(body);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ translatedText: q.map((t: string) => `«${t}»`) }));
  });
});
// A spec source for the subscription test: holds its answers while `holdingSpec`.
let holdingSpec = false;
const heldSpec: (() => void)[] = [];
const specSource = http.createServer((_req, res) => {
  const answer = () => void res.end(JSON.stringify({ openapi: '3.0.0', info: { title: 'T', version: '1' }, paths: {} }));
  if (holdingSpec) heldSpec.push(answer);
  else answer();
});

let providerUrl: string;
let specUrl: string;
let sender: TestApp;
let worker: TestApp | undefined;
let firstWorker: Started | undefined;
const clients = wsClients();
beforeAll(async () => {
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => specSource.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  specUrl = `http://127.0.0.1:${(specSource.address() as AddressInfo).port}/spec.json`;
  // The API process: queues jobs, runs none.
  sender = await startTestApp({ jobs: { schema, policies } });
});
afterAll(async () => {
  await clients.closeAll();
  firstWorker?.child.kill('SIGKILL');
  held.forEach((res) => res.destroy());
  await worker?.close();
  await sender.close();
  await new Promise((resolve) => provider.close(resolve));
  await new Promise((resolve) => specSource.close(resolve));
});

const jobRows = () =>
  sender.prisma.$queryRawUnsafe<{ state: string; retry_count: number }[]>(
    `SELECT state::text, retry_count FROM "${schema}".job WHERE name = 'translation.run'`,
  );

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the job queue across a worker crash', () => {
  it('completes a translation run whose worker was killed mid-run, on a new worker, well before the job expires', async () => {
    const org = await createOrg(sender);
    const space = await createSpace(sender, org, { empty: true });
    await insertPages(sender, space, [
      { path: 'a', title: 'Alpha', markdown: 'One page.\n' },
      { path: 'b', title: 'Beta', markdown: 'Another page.\n' },
    ]);
    const created = await rest(sender, org.admin.token).post(`/v1/orgs/${org.organizationId}/translations`, {
      language: 'de',
      source: { space: space.id, language: 'en' },
    });
    expect(created.status).toBe(201);
    const path = `/v1/orgs/${org.organizationId}/translations/${created.body.id}`;

    // `npm run worker` as its own process, translating through the held provider.
    firstWorker = spawnQuire('worker', {
      DATABASE_URL: inject('databaseUrl'),
      QUIRE_JOBS_SCHEMA: schema,
      TRANSLATION_PROVIDER_URL: providerUrl,
      OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
      OUTBOUND_TIMEOUT_MS: '60000',
      REDIS_URL: undefined,
      LOG_LEVEL: 'info',
    });
    await waitForOutput(firstWorker, /job worker started/);
    expect((await rest(sender, org.admin.token).post(`${path}/run`)).status).toBe(204);
    await until('the first worker to call the provider', async () => held.length > 0);
    expect((await rest(sender, org.admin.token).get(path)).body.status).toBe('running');
    expect(await jobRows()).toEqual([{ state: 'active', retry_count: 0 }]);

    // Killed while the job is active: nothing tells the queue.
    firstWorker.child.kill('SIGKILL');
    expect(await firstWorker.exited).toBe('SIGKILL');
    held.splice(0).forEach((res) => res.destroy());
    holding = false;
    expect(await jobRows()).toEqual([{ state: 'active', retry_count: 0 }]);

    // A new worker: its sweep fails the job no live worker holds, the queue retries it, the run completes.
    worker = await startTestApp({
      worker: true,
      jobs: { schema, policies, orphanSweepSeconds: 1, translator: libreTranslate({ url: providerUrl, fetchPolicy: loopbackOnly }) },
    });
    const done = await until('the run to complete', async () => {
      const res = await rest(sender, org.admin.token).get(path);
      return res.body.status === 'completed' && res.body;
    });
    expect(done.lastRunError).toBeUndefined();
    expect(done.stats).toMatchObject({ runs: 1, latestPages: 2, totalPages: 2 });
    // The handler's transaction marks the run completed; pg-boss completes the job row after the handler returns.
    const jobs = await until('the queue to complete the job', async () => {
      const rows = await jobRows();
      return rows.every((row) => row.state !== 'active') && rows;
    });
    expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
    expect(requests).toBe(3); // one held by the killed worker, then both pages
    const pages = await sender.prisma.translation.findUniqueOrThrow({ where: { id: created.body.id } });
    const result = await sender.prisma.space.findUniqueOrThrow({ where: { id: pages.resultSpaceId! } });
    expect(await sender.prisma.space.count({ where: { organizationId: org.organizationId, language: 'de' } })).toBe(1); // the retry filled the same result space
    expect(result.revisionId).toBe(pages.resultRevisionId);
  }, 120_000);
});

describe('openAPISpecChanged', () => {
  const SUB =
    'subscription($o: ID!, $s: String!) { openAPISpecChanged(organizationId: $o, slug: $s) { slug processingState lastVersion permissions { edit } } }';

  it('reports the processing state as it moves (pending, progress, complete) to members, per event; outsiders get NOT_FOUND', async () => {
    const app = worker!;
    const org = await createOrg(app);
    const base = `/v1/orgs/${org.organizationId}/openapi`;
    expect((await rest(app, org.admin.token).put(`${base}/live`, { source: { url: specUrl } })).status).toBe(201);
    const first = await until('the first processing', async () => {
      const spec = (await rest(app, org.admin.token).get(`${base}/live`)).body;
      return spec.processingState === 'complete' && spec;
    });
    const reader = await addMember(app, org.organizationId, 'read');
    const sub = watch(
      clients.open(app, reader.token),
      SUB,
      { o: org.organizationId, s: 'live' },
      { app, topic: `openAPISpecChanged:${first.id}` },
    );
    await sub.subscribed;
    holdingSpec = true; // the job stays in progress until the source answers
    expect((await rest(app, org.admin.token).put(`${base}/live`, { source: { url: `${specUrl}?v=2` } })).status).toBe(200);
    await until(
      'the progress event',
      async () => sub.events.some((e) => e.data?.openAPISpecChanged?.processingState === 'PROGRESS'),
      30_000,
    );
    holdingSpec = false;
    heldSpec.splice(0).forEach((answer) => answer());
    await until(
      'the complete event',
      async () => sub.events.some((e) => e.data?.openAPISpecChanged?.processingState === 'COMPLETE'),
      30_000,
    );
    // An event names the spec; its state is read when the event is delivered. A worker quick to start the
    // job makes the first event (the update's) read PROGRESS already: the states move forward either way.
    const states = sub.events.map((e) => e.data.openAPISpecChanged.processingState);
    expect(states).toHaveLength(3);
    expect([
      ['PENDING', 'PROGRESS', 'COMPLETE'],
      ['PROGRESS', 'PROGRESS', 'COMPLETE'],
    ]).toContainEqual(states);
    expect(sub.events.at(-1).data.openAPISpecChanged).toMatchObject({
      slug: 'live',
      lastVersion: expect.stringMatching(/^oav_/),
      permissions: { edit: false },
    });

    // Per event: a member removed meanwhile is cut off at the next event.
    expect((await rest(app, org.admin.token).delete(`/v1/orgs/${org.organizationId}/members/${reader.userId}`)).status).toBeLessThan(300);
    await rest(app, org.admin.token).patch(`${base}/live`, { visibility: 'public' });
    expect(await sub.ended).toMatchObject({ code: 4403 });
    expect(sub.events).toHaveLength(3);

    const outsider = await createOrg(app);
    const denied = watch(clients.open(app, outsider.admin.token), SUB, { o: org.organizationId, s: 'live' });
    await denied.ended;
    expect(JSON.stringify(denied.events)).toMatch(/NOT_FOUND/);
    expect(denied.events.every((e) => e.data?.openAPISpecChanged == null)).toBe(true);
  }, 60_000);
});
