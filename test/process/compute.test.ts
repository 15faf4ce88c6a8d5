// The worker-thread pool (src/compute): heavy work runs off the event loop,
// within a time budget, behind a bounded queue; PDF exports render there once
// per revision and selection, and /healthz answers while they render.
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTask, createComputePool } from '../../src/compute/pool.js';
import { defaultComputeSettings } from '../../src/compute/settings.js';
import { type AppError, UnavailableError } from '../../src/errors.js';
import type { spinForever, whereAmI } from '../support/computeTasks.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createOrg, createSpace, type OrgFixture } from '../support/factories.js';
import { insertPages } from '../support/content.js';
import { Prisma } from '../../src/generated/prisma/client.js';
import { graphql, request, rest } from '../support/http.js';
import { applyPatch } from 'diff';
import { markdownToDocument } from '../../src/domain/content/markdown/index.js';

const where = computeTask<typeof whereAmI>(import.meta.url, '../support/computeTasks', 'whereAmI');
const spin = computeTask<typeof spinForever>(import.meta.url, '../support/computeTasks', 'spinForever');

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
      const running = pool
        .withSignal(left.signal)
        .run(spin, undefined as never)
        .catch((e: unknown) => e);
      left.abort(new Error('client left'));
      expect(((await running) as Error).message).toBe('client left');
      expect((await pool.run(where, 'next', { timeoutMs: 60_000 })).input).toBe('next');
    } finally {
      await pool.close();
    }
  });
});

const paragraph = (i: number) =>
  `Paragraph ${i} with **bold** words and a [link](https://example.test/${i}), then more words to fill the line.`;
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
    await insertPages(app, space, [
      { path: 'one', markdown: '# One\n\nText.' },
      { path: 'two', markdown: 'Two.' },
    ]);
    const before = app.quire.compute.counts().renderPdfTask ?? 0;
    const answers = await Promise.all([1, 2, 3].map(() => rest(app, org.admin.token).get(`/v1/spaces/${space.id}/pdf`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => new URL(a.body.url).pathname)).size).toBe(1);
    expect(app.quire.compute.counts().renderPdfTask).toBe(before + 1);
    expect((await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/pdf`)).status).toBe(200);
    expect(app.quire.compute.counts().renderPdfTask).toBe(before + 1);
    const metrics = await request(app, 'GET', '/metrics');
    expect(metrics.body).toContain(`quire_compute_tasks_total{task="renderPdfTask"} ${before + 1}`);
    expect(metrics.body).toMatch(/^quire_compute_threads \d+$/m);
  });

  it('answers /healthz while a large export renders', async () => {
    const space = await createSpace(app, org, { empty: true });
    // One page per transaction: the test helper's transaction has 5 s, short on a loaded machine.
    for (const i of [1, 2, 3]) await insertPages(app, space, [{ path: `big-${i}`, markdown: bigPage }]);
    const order: string[] = [];
    const before = app.quire.compute.counts().renderPdfTask ?? 0;
    const exported = rest(app, org.admin.token)
      .get(`/v1/spaces/${space.id}/pdf`)
      .then((res) => (order.push('pdf'), res));
    // Ask for health once the render was handed to the pool (its count went up).
    await expect.poll(() => app.quire.compute.counts().renderPdfTask ?? 0, { timeout: 30_000, interval: 5 }).toBeGreaterThan(before);
    const health = await request(app, 'GET', '/healthz');
    order.push('healthz');
    expect(health.status).toBe(200);
    expect((await exported).status).toBe(200);
    expect(order).toEqual(['healthz', 'pdf']);
  });

  it('ends its threads when the server closes; later work answers 503', async () => {
    const closing = await startTestApp();
    const closingOrg = await createOrg(closing);
    const space = await createSpace(closing, closingOrg, { empty: true });
    await insertPages(closing, space, [{ path: 'one', markdown: 'One.' }]);
    expect((await rest(closing, closingOrg.admin.token).get(`/v1/spaces/${space.id}/pdf`)).status).toBe(200);
    expect(closing.quire.compute.threadCount()).toBeGreaterThan(0);
    await closing.close();
    expect(closing.quire.compute.threadCount()).toBe(0);
    await expect(closing.quire.compute.run(where, 'late')).rejects.toBeInstanceOf(UnavailableError);
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
      expect(gql.body.errors[0]).toMatchObject({
        message: expect.stringMatching(/budget/),
        extensions: { code: 'SERVICE_UNAVAILABLE', status: 503 },
      });
      expect(gql.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await tight.close();
    }
  });
});

/** `n` lines of Markdown paragraphs, tagged (as in test/unit/merge/bounds.test.ts, the bounds without the pool). */
const paragraphs = (tag: string, n: number) =>
  Array.from({ length: n }, (_, i) => `Line ${i} ${tag} lorem ipsum dolor sit amet`).join('\n\n');

describe('change request diffs and merges on the compute pool', () => {
  let app: TestApp;
  let org: OrgFixture;
  beforeAll(async () => {
    app = await startTestApp();
    org = await createOrg(app);
  });
  afterAll(async () => app.close());

  const crPath = (spaceId: string, cr?: string) => `/v1/spaces/${spaceId}/change-requests${cr ? `/${cr}` : ''}`;
  const openCR = async (spaceId: string) => (await rest(app, org.admin.token).post(crPath(spaceId), { subject: 'Edit' })).body;
  const write = (spaceId: string, cr: string, page: string, markdown: string) =>
    rest(app, org.admin.token).post(`${crPath(spaceId, cr)}/content`, {
      changes: [{ operation: 'update_page', page, document: { markdown } }],
    });

  it('diffs a page of 2,000 rewritten lines on the pool', async () => {
    const space = await createSpace(app, org, { empty: true });
    const [page] = await insertPages(app, space, [{ path: 'big', markdown: paragraphs('old', 2000) }]);
    const cr = await openCR(space.id);
    expect((await write(space.id, cr.id, page!, paragraphs('new', 2000))).status).toBe(200);
    const before = app.quire.compute.counts().unifiedDiffsTask ?? 0;
    const res = await graphql(
      app,
      org.admin.token,
      `query($s: ID!, $c: ID!) { space(id: $s) { changeRequest(id: $c) { diff { changed { unifiedDiff } } } } }`,
      { s: space.id, c: cr.id },
    );
    expect(res.errors).toBeUndefined();
    const diff = res.data.space.changeRequest.diff.changed[0].unifiedDiff as string;
    expect(applyPatch(paragraphs('old', 2000), diff)).toBe(paragraphs('new', 2000));
    expect(app.quire.compute.counts().unifiedDiffsTask).toBe(before + 1);
  });

  it('answers a conflicting merge of large pages with its conflicts, computed on the pool', async () => {
    const space = await createSpace(app, org, { empty: true });
    const [page] = await insertPages(app, space, [{ path: 'big', markdown: paragraphs('base', 2000) }]);
    const first = await openCR(space.id);
    const second = await openCR(space.id);
    await write(space.id, first.id, page!, paragraphs('mine', 2000));
    await write(space.id, second.id, page!, paragraphs('theirs', 2000));
    expect((await rest(app, org.admin.token).post(`${crPath(space.id, first.id)}/merge`)).status).toBe(200);
    const before = app.quire.compute.counts().mergeTextsTask ?? 0;
    const res = await rest(app, org.admin.token).post(`${crPath(space.id, second.id)}/merge`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain(page);
    expect(app.quire.compute.counts().mergeTextsTask).toBe(before + 1);
    const gql = await graphql(
      app,
      org.admin.token,
      `mutation($i: MergeChangeRequestInput!) { mergeChangeRequest(input: $i) { result conflicts { page reason } } }`,
      { i: { spaceId: space.id, changeRequestId: second.id } },
    );
    expect(gql.data.mergeChangeRequest).toMatchObject({
      result: 'conflicts',
      conflicts: [{ page, reason: expect.stringMatching(/too long/) }],
    });
  });
});

describe('Markdown conversions on the compute pool', () => {
  let app: TestApp;
  let org: OrgFixture;
  beforeAll(async () => {
    app = await startTestApp();
    org = await createOrg(app);
  });
  afterAll(async () => app.close());

  it('converts a page stored without its document on the pool once, whatever its size, with the same result', async () => {
    const large = paragraphs('large', 2000);
    expect(Buffer.byteLength(large)).toBeGreaterThanOrEqual(app.quire.settings.compute.inlineMarkdownBytes);
    const space = await createSpace(app, org, { empty: true });
    // Without their documents, as before documents were stored: the first read parses them (src/domain/revisions/parses.ts).
    const [big] = await insertPages(app, space, [{ path: 'big', markdown: large }]);
    const [small] = await insertPages(app, space, [{ path: 'small', markdown: '# Small\n\nText.' }]);
    await app.prisma.pageVersion.updateMany({ where: { spaceId: space.id }, data: { document: Prisma.DbNull } });
    const read = (page: string, query = '') => rest(app, org.admin.token).get(`/v1/spaces/${space.id}/content/page/${page}${query}`);
    const tasks = () => app.quire.compute.counts().parsePagesTask ?? 0;

    const before = tasks();
    const bigDoc = await read(big!);
    expect(bigDoc.status).toBe(200);
    expect(bigDoc.body.document).toEqual(markdownToDocument(large));
    expect(tasks()).toBe(before + 1);

    const smallDoc = await read(small!);
    expect(smallDoc.body.document).toEqual(markdownToDocument('# Small\n\nText.'));
    expect(tasks()).toBe(before + 2);
    // Stored now: read again, nothing is converted.
    expect((await read(big!)).body.document).toEqual(markdownToDocument(large));
    const asMarkdown = await read(big!, '?format=markdown');
    expect(asMarkdown.body.markdown).toBe(large);
    expect(tasks()).toBe(before + 2);
    expect(app.quire.compute.counts().markdownToDocumentTask ?? 0).toBe(0);
  });
});
