// The worker-thread pool (src/compute): heavy work runs off the event loop,
// within a time budget, behind a bounded queue; PDF exports render there once
// per revision and selection, and /healthz answers while they render.
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTask, createComputePool } from '../src/compute/pool.js';
import { defaultComputeSettings } from '../src/compute/settings.js';
import { AppError, UnavailableError } from '../src/errors.js';
import type { spinForever, whereAmI } from './support/computeTasks.js';
import { startTestApp, type TestApp } from './support/app.js';
import { createOrg, createSpace, type OrgFixture } from './support/factories.js';
import { insertPages } from './support/content.js';
import { request, rest } from './support/http.js';

const where = computeTask<typeof whereAmI>(import.meta.url, './support/computeTasks', 'whereAmI');
const spin = computeTask<typeof spinForever>(import.meta.url, './support/computeTasks', 'spinForever');

describe('the compute pool', () => {
  it('runs a task on another thread and counts it', async () => {
    const pool = createComputePool({ ...defaultComputeSettings(), maxThreads: 1 });
    try {
      const answer = await pool.run(where, 'hello');
      expect(answer.input).toBe('hello');
      expect(answer.threadId).not.toBe(threadId);
      expect(pool.counts()).toEqual({ whereAmI: 1 });
    } finally {
      await pool.close();
    }
  });

  it('stops a task past its budget with a 503 that says so, and keeps serving', async () => {
    const pool = createComputePool({ ...defaultComputeSettings(), maxThreads: 1, taskTimeoutMs: 300 });
    try {
      const err = await pool.run(spin, undefined as never).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UnavailableError);
      expect((err as UnavailableError).status).toBe(503);
      expect((err as UnavailableError).message).toMatch(/longer than its budget of 300 ms/);
      expect((err as UnavailableError).retryAfterSeconds).toBeGreaterThan(0);
      // A new thread replaces the stopped one (its start is not this test's budget).
      expect((await pool.run(where, 'after', { timeoutMs: 60_000 })).input).toBe('after');
    } finally {
      await pool.close();
    }
  });

  it('answers 503 at once when every thread is busy and the queue is full', async () => {
    const pool = createComputePool({ ...defaultComputeSettings(), maxThreads: 1, maxQueue: 1, taskTimeoutMs: 60_000 });
    const running = pool.run(spin, undefined as never).catch((e: unknown) => e);
    const waiting = pool.run(where, 'queued').catch((e: unknown) => e);
    try {
      const refused = await pool.run(where, 'refused').catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(UnavailableError);
      expect((refused as AppError).message).toMatch(/busy/);
    } finally {
      await pool.close();
    }
    // Shutdown ends the stuck thread: its callers get an answer, not a hang.
    expect(await running).toBeInstanceOf(Error);
    expect(await waiting).toBeInstanceOf(Error);
  });

  it('stops a task when its caller leaves', async () => {
    const pool = createComputePool({ ...defaultComputeSettings(), maxThreads: 1, taskTimeoutMs: 60_000 });
    try {
      const left = new AbortController();
      const running = pool.withSignal(left.signal).run(spin, undefined as never).catch((e: unknown) => e);
      left.abort(new Error('client left'));
      expect(((await running) as Error).message).toBe('client left');
      expect((await pool.run(where, 'next', { timeoutMs: 60_000 })).input).toBe('next');
    } finally {
      await pool.close();
    }
  });
});

const paragraph = (i: number) => `Paragraph ${i} with **bold** words and a [link](https://example.test/${i}), then more words to fill the line.`;
/** About 20 KB of Markdown: about a second of pdfkit's layout. */
const bigPage = Array.from({ length: 180 }, (_, i) => paragraph(i)).join('\n\n');

describe('PDF exports on the compute pool', () => {
  let app: TestApp;
  let org: OrgFixture;
  beforeAll(async () => {
    app = await startTestApp();
    org = await createOrg(app);
  });
  afterAll(async () => app.close());

  it('renders identical concurrent exports once, on the pool, and serves the stored PDF afterwards', async () => {
    const space = await createSpace(app, org, { empty: true });
    await insertPages(app, space, [{ path: 'one', markdown: '# One\n\nText.' }, { path: 'two', markdown: 'Two.' }]);
    const before = app.quire.compute.counts().renderPdfTask ?? 0;
    const answers = await Promise.all([1, 2, 3].map(() => rest(app, org.admin.token).get(`/v1/spaces/${space.id}/pdf`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => new URL(a.body.url).pathname)).size).toBe(1);
    expect(app.quire.compute.counts().renderPdfTask).toBe(before + 1);
    expect((await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/pdf`)).status).toBe(200);
    expect(app.quire.compute.counts().renderPdfTask).toBe(before + 1);
  });

  it('answers /healthz while a large export renders', async () => {
    const space = await createSpace(app, org, { empty: true });
    await insertPages(app, space, [1, 2, 3].map((i) => ({ path: `big-${i}`, markdown: bigPage })));
    const order: string[] = [];
    const before = app.quire.compute.counts().renderPdfTask ?? 0;
    const exported = rest(app, org.admin.token).get(`/v1/spaces/${space.id}/pdf`).then((res) => (order.push('pdf'), res));
    // Ask for health once the render was handed to the pool (its count went up).
    await expect.poll(() => app.quire.compute.counts().renderPdfTask ?? 0, { timeout: 30_000, interval: 5 }).toBeGreaterThan(before);
    const health = await request(app, 'GET', '/healthz');
    order.push('healthz');
    expect(health.status).toBe(200);
    expect((await exported).status).toBe(200);
    expect(order).toEqual(['healthz', 'pdf']);
  });

  it('answers 503 with Retry-After and a clear message when a render outlasts its budget', async () => {
    const tight = await startTestApp({ compute: { pdfTimeoutMs: 1 } });
    try {
      const tightOrg = await createOrg(tight);
      const space = await createSpace(tight, tightOrg, { empty: true });
      await insertPages(tight, space, [{ path: 'big', markdown: bigPage }]);
      const res = await rest(tight, tightOrg.admin.token).get(`/v1/spaces/${space.id}/pdf`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(res.body.error).toEqual({ code: 503, message: expect.stringMatching(/longer than its budget of 1 ms/) });
      const gql = await request(tight, 'POST', '/graphql', {
        token: tightOrg.admin.token,
        body: { query: 'query($id: ID!) { space(id: $id) { pdf { url } } }', variables: { id: space.id } },
      });
      expect(gql.body.errors[0]).toMatchObject({ message: expect.stringMatching(/budget/), extensions: { code: 'SERVICE_UNAVAILABLE', status: 503 } });
      expect(gql.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await tight.close();
    }
  });
});
