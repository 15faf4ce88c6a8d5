// Merges and writes under the service's limits (issue #26): a large change
// request merges within the transaction bounds (search and link indexing follow
// through the outbox, not inside the merge), racing writers of one space never
// answer 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedTestApp, type TestApp } from '../support/app.js';
import { rest } from '../support/http.js';
import { race, restCall } from '../support/concurrency.js';
import { pagesOf } from '../support/content.js';
import { createOrg, createSpace, type OrgFixture } from '../support/factories.js';
import { insertPages } from '../support/content.js';
import { commitRevision, newPageNode, emptyContent } from '../../src/domain/revisions/index.js';
import { sqlStateOf } from '../../src/errors.js';
import { MERGE_PREPARE_TRIES } from '../../src/domain/changeRequests/merging.js';
import type { ComputePool } from '../../src/compute/pool.js';

let app: TestApp;
let org: OrgFixture;
// A database of its own: its worker's jobs (the outbox consumer, the catch-ups) meet only this file's spaces.
beforeAll(async () => {
  app = await startIsolatedTestApp({ worker: true });
  org = await createOrg(app);
});
afterAll(() => app.close());

const crPath = (spaceId: string, cr?: string) => `/v1/spaces/${spaceId}/change-requests${cr ? `/${cr}` : ''}`;
const bigMarkdown = (i: number, bytes: number) =>
  Array.from({ length: Math.ceil(bytes / 60) }, (_, n) =>
    n % 10 === 0 ? `## Heading ${i}-${n}` : `Paragraph ${n} of page ${i} with [a link](other-${n}) text.`,
  )
    .join('\n\n')
    .slice(0, bytes);

/**
 * A change request holding `count` new pages of `bytes` of Markdown, written straight into the
 * database (the API's own writes take 50 changes at most per call: this is the setup, not the test).
 */
async function crWithPages(count: number, bytes: number) {
  const space = await createSpace(app, org, { empty: true });
  const cr = (await rest(app, org.admin.token).post(crPath(space.id), { subject: 'Big' })).body;
  await app.prisma.$transaction(
    async (tx) => {
      const row = await tx.space.findUniqueOrThrow({ where: { id: space.id } });
      const pages = [];
      for (let i = 0; i < count; i++)
        pages.push(await newPageNode(tx, row, { ...emptyContent(`Page ${i}`), markdown: bigMarkdown(i, bytes) }, `page-${i}`, new Date()));
      const revisionId = await commitRevision(tx, row, { parents: [cr.revision], changeRequestId: cr.id, pages });
      await tx.changeRequest.update({ where: { id: cr.id }, data: { revisionId } });
    },
    { timeout: 300_000, maxWait: 60_000 },
  );
  return { space, cr };
}

/** Polls `check` until it holds (the job runs on the app's worker). */
async function eventually(check: () => Promise<boolean>, what: string, ms = 90_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('large merges', () => {
  it('merges a change request of 100 pages of 20 KB; the search index and reference keys follow through the outbox job', async () => {
    const { space, cr } = await crWithPages(100, 20_000);
    const { result: res, statements } = await app.recordStatements(() =>
      rest(app, org.admin.token).post(`${crPath(space.id, cr.id)}/merge`),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toBe('merge');
    // Nothing parsed for search in the merge's transaction: one outbox row instead.
    expect(statements.filter((sql) => sql.includes('"SearchSection"'))).toEqual([]);
    expect(statements.filter((sql) => sql.includes('INSERT INTO "public"."MainLineOutbox"'))).toHaveLength(1);
    // The job parses every page (about 0.4 s each, more on a loaded machine): a generous bound, a hang guard only.
    await eventually(
      async () => (await app.prisma.mainLineOutbox.count({ where: { spaceId: space.id } })) === 0,
      'the outbox row consumed',
      240_000,
    );
    expect((await app.prisma.searchIndexState.findUniqueOrThrow({ where: { spaceId: space.id } })).revisionId).toBe(res.body.revision);
    expect(await app.prisma.searchPage.count({ where: { spaceId: space.id } })).toBe(100);
    const found = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/search?query=${encodeURIComponent('"Heading 99-0"')}`);
    expect(found.body.items.map((i: any) => i.title)).toEqual(['Page 99']);
  }, 300_000);

  it('leaves the reference keys of the versions a three-way merge writes to the job', async () => {
    const space = await createSpace(app, org, { empty: true });
    const [guide] = await insertPages(app, space, [{ path: 'guide', title: 'Guide', markdown: 'Intro.' }]);
    // Both sides edit the same page (title on one, Markdown on the other): the merge writes a new version.
    const [titles, text] = [
      (await rest(app, org.admin.token).post(crPath(space.id), { subject: 'Title' })).body,
      (await rest(app, org.admin.token).post(crPath(space.id), { subject: 'Text' })).body,
    ];
    const edit = (cr: string, change: object) =>
      rest(app, org.admin.token).post(`${crPath(space.id, cr)}/content`, {
        changes: [{ operation: 'update_page', page: guide, ...change }],
      });
    expect((await edit(titles.id, { title: 'The guide' })).status).toBe(200);
    expect((await edit(text.id, { document: { markdown: 'See [install](install).' } })).status).toBe(200);
    expect((await rest(app, org.admin.token).post(`${crPath(space.id, titles.id)}/merge`)).body.result).toBe('merge');
    const merged = await rest(app, org.admin.token).post(`${crPath(space.id, text.id)}/merge`);
    expect(merged.body.result).toBe('merge');
    const written = await app.prisma.pageVersion.findFirstOrThrow({
      where: { spaceId: space.id, title: 'The guide', markdown: 'See [install](install).' },
    });
    await eventually(
      async () => (await app.prisma.mainLineOutbox.count({ where: { spaceId: space.id } })) === 0,
      'the outbox rows consumed',
    );
    expect(
      await app.prisma.pageVersion.findUniqueOrThrow({ where: { spaceId_hash: { spaceId: space.id, hash: written.hash } } }),
    ).toMatchObject({ referencesIndexed: true, referenceKeys: ['page:install'] });
  });
});

describe('racing writers of one change request', () => {
  it('a merge racing content writes, an update from main and a status change: every answer 200 or 409, the database consistent', async () => {
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) {
      const space = await createSpace(app, org, { empty: true });
      await insertPages(app, space, [{ path: 'a', markdown: 'A' }]);
      const [cr, other] = [
        (await rest(app, org.admin.token).post(crPath(space.id), { subject: 'Raced' })).body,
        (await rest(app, org.admin.token).post(crPath(space.id), { subject: 'Moves main' })).body,
      ];
      // Main moves past the change request's base: the update from main has work to do, and the merge is three-way.
      expect(
        (
          await rest(app, org.admin.token).post(`${crPath(space.id, other.id)}/content`, {
            changes: [{ operation: 'insert_page', title: 'Main side' }],
          })
        ).status,
      ).toBe(200);
      expect((await rest(app, org.admin.token).post(`${crPath(space.id, other.id)}/merge`)).status).toBe(200);
      const path = crPath(space.id, cr.id);
      const answers = await race(app, [
        restCall(org.admin.token, 'POST', `${path}/merge`),
        restCall(org.admin.token, 'POST', `${path}/content`, { changes: [{ operation: 'insert_page', title: `Written ${round}` }] }),
        restCall(org.admin.token, 'POST', `${path}/update`),
        restCall(org.admin.token, 'PATCH', path, { subject: `Renamed ${round}` }),
        restCall(org.admin.token, 'POST', `${path}/content`, { changes: [{ operation: 'insert_page', title: `Also ${round}` }] }),
      ]);
      statuses.push(...answers.map((a) => a.status));
      for (const a of answers) expect([200, 409], JSON.stringify(a.body)).toContain(a.status);
      expect(answers[0].status).toBe(200);
      // The merge landed: the space's main is its result, and every write answered 200 came before it (it is in main).
      const merged = await app.prisma.changeRequest.findUniqueOrThrow({ where: { id: cr.id } });
      const row = await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } });
      expect(merged.status).toBe('merged');
      expect(row.revisionId).toBe(merged.revisionMergedId);
      const titles = (await pagesOf(app, row.revisionId)).map((p) => p.title);
      expect(titles).toEqual(expect.arrayContaining(['a', 'Main side']));
      if (answers[1].status === 200) expect(titles).toContain(`Written ${round}`);
      if (answers[4].status === 200) expect(titles).toContain(`Also ${round}`);
      expect(row.draftChangeRequestsCount + row.openChangeRequestsCount).toBe(0);
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });
});

describe('merges computed before the lock', () => {
  /** Calls `hook` before each text-merge task the app's compute pool runs (every path to the pool: plain, with a signal, detached). */
  function onTextMerge(compute: ComputePool, hook: () => Promise<void>) {
    const wrap = (pool: ComputePool): ComputePool => {
      const { run, withSignal, detached } = pool;
      return Object.assign(pool, {
        run: (async (task, input, options) => {
          if (task.name === 'mergeTextsTask') await hook();
          return run(task, input, options);
        }) as ComputePool['run'],
        withSignal: (signal: AbortSignal) => wrap(withSignal(signal)),
        detached: () => wrap(detached()),
      });
    };
    const saved = { run: compute.run, withSignal: compute.withSignal, detached: compute.detached };
    wrap(compute);
    return () => Object.assign(compute, saved);
  }

  /** Whether another transaction finds the space row locked right now (NOWAIT: never waits). */
  async function spaceLocked(spaceId: string) {
    try {
      await app.prisma.$transaction((tx) => tx.$queryRaw`SELECT 1 FROM "Space" WHERE id = ${spaceId} FOR NO KEY UPDATE NOWAIT`);
      return false;
    } catch (err) {
      if (sqlStateOf(err) === '55P03') return true;
      throw err;
    }
  }

  it('runs the text merges with no lock on the space; a merge that lands meanwhile makes it compute again onto the new main', async () => {
    const space = await createSpace(app, org, { empty: true });
    const lines = (page: number, tag: string) => Array.from({ length: 120 }, (_, n) => `Line ${n} of page ${page} ${tag}`).join('\n\n');
    const ids = await insertPages(app, space, [
      ...Array.from({ length: 5 }, (_, i) => ({ path: `p${i}`, markdown: lines(i, 'as written') })),
      { path: 'q', markdown: 'Q.' },
    ]);
    const admin = rest(app, org.admin.token);
    const create = async (subject: string) => (await admin.post(crPath(space.id), { subject })).body;
    const edit = async (cr: string, changes: object[]) =>
      expect((await admin.post(`${crPath(space.id, cr)}/content`, { changes })).status).toBe(200);
    // `big` edits the top of every page, `main` their bottom and lands first: merging `big` is three-way, each page edited on both sides.
    const [big, main] = [await create('Top of every page'), await create('Bottom of every page')];
    const markdownWith = (i: number, first: string, last: string) =>
      lines(i, 'as written').replace(`Line 0 of page ${i} as written`, first).replace(`Line 119 of page ${i} as written`, last);
    await edit(
      big.id,
      ids.slice(0, 5).map((page, i) => ({
        operation: 'update_page',
        page,
        document: { markdown: markdownWith(i, `Top ${i} edited`, `Line 119 of page ${i} as written`) },
      })),
    );
    await edit(
      main.id,
      ids.slice(0, 5).map((page, i) => ({
        operation: 'update_page',
        page,
        document: { markdown: markdownWith(i, `Line 0 of page ${i} as written`, `Bottom ${i} edited`) },
      })),
    );
    expect((await admin.post(`${crPath(space.id, main.id)}/merge`)).status).toBe(200);
    // `small`, based on main as it is now, lands while `big`'s texts are being merged.
    const small = await create('Another page');
    await edit(small.id, [{ operation: 'update_page', page: ids[5], document: { markdown: 'Q, edited meanwhile.' } }]);

    const lockedDuringTextMerges: boolean[] = [];
    let smallMerge: number | undefined;
    const restore = onTextMerge(app.quire.compute, async () => {
      const locked = await spaceLocked(space.id);
      lockedDuringTextMerges.push(locked);
      // Only when nothing holds the space: under the old design the merge would wait on its own lock.
      if (!locked && smallMerge === undefined) smallMerge = (await admin.post(`${crPath(space.id, small.id)}/merge`)).status;
    });
    try {
      const res = await admin.post(`${crPath(space.id, big.id)}/merge`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.result).toBe('merge');
    } finally {
      restore();
    }
    // The text merges ran while another transaction could lock the space, and the merge that landed during the first made it compute again.
    expect(lockedDuringTextMerges).toEqual([false, false]);
    expect(smallMerge).toBe(200);
    const row = await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } });
    const merged = await app.prisma.changeRequest.findUniqueOrThrow({ where: { id: big.id } });
    expect(row.revisionId).toBe(merged.revisionMergedId);
    const pages = await pagesOf(app, row.revisionId);
    const byTitle = new Map(pages.map((p) => [p.title, p.markdown]));
    for (let i = 0; i < 5; i++) expect(byTitle.get(`p${i}`)).toBe(markdownWith(i, `Top ${i} edited`, `Bottom ${i} edited`));
    expect(byTitle.get('q')).toBe('Q, edited meanwhile.');
    const revision = await app.prisma.revision.findUniqueOrThrow({ where: { id: row.revisionId } });
    expect(revision.parents).toEqual([
      (await app.prisma.changeRequest.findUniqueOrThrow({ where: { id: small.id } })).revisionMergedId,
      merged.revisionId,
    ]);
  });

  it('answers 409 when main moves under every try, and merges nothing', async () => {
    const space = await createSpace(app, org, { empty: true });
    const lines = (tag: string) => Array.from({ length: 400 }, (_, n) => `Line ${n} ${tag}`).join('\n\n');
    const [page, other] = await insertPages(app, space, [
      { path: 'p', markdown: lines('as written') },
      { path: 'o', markdown: 'O.' },
    ]);
    const admin = rest(app, org.admin.token);
    const create = async (subject: string) => (await admin.post(crPath(space.id), { subject })).body;
    const edit = async (cr: string, changes: object[]) =>
      expect((await admin.post(`${crPath(space.id, cr)}/content`, { changes })).status).toBe(200);
    const [big, first] = [await create('Top'), await create('Bottom')];
    await edit(big.id, [
      { operation: 'update_page', page, document: { markdown: lines('as written').replace('Line 0 as written', 'Top edited') } },
    ]);
    await edit(first.id, [
      { operation: 'update_page', page, document: { markdown: lines('as written').replace('Line 399 as written', 'Bottom edited') } },
    ]);
    expect((await admin.post(`${crPath(space.id, first.id)}/merge`)).status).toBe(200);
    // During each of the merge's computations another change request lands on main.
    let n = 0;
    const restore = onTextMerge(app.quire.compute, async () => {
      const mover = await create(`Mover ${n}`);
      await edit(mover.id, [{ operation: 'update_page', page: other, document: { markdown: `O ${n++}.` } }]);
      expect((await admin.post(`${crPath(space.id, mover.id)}/merge`)).status).toBe(200);
    });
    try {
      const res = await admin.post(`${crPath(space.id, big.id)}/merge`);
      expect(res.status, JSON.stringify(res.body)).toBe(409);
    } finally {
      restore();
    }
    expect(n).toBe(MERGE_PREPARE_TRIES);
    expect((await app.prisma.changeRequest.findUniqueOrThrow({ where: { id: big.id } })).status).not.toBe('merged');
  });
});

describe('racing merges computed before the lock', () => {
  it('the same three-way merge asked 4 times beside 3 other merges: each change request merged once, the others 409, nothing 5xx', async () => {
    const space = await createSpace(app, org, { empty: true });
    const lines = (page: number) => Array.from({ length: 150 }, (_, n) => `Line ${n} of page ${page}`).join('\n\n');
    const ids = await insertPages(
      app,
      space,
      Array.from({ length: 7 }, (_, i) => ({ path: `p${i}`, markdown: lines(i) })),
    );
    const admin = rest(app, org.admin.token);
    const create = async (subject: string) => (await admin.post(crPath(space.id), { subject })).body;
    const edit = async (cr: string, changes: object[]) =>
      expect((await admin.post(`${crPath(space.id, cr)}/content`, { changes })).status).toBe(200);
    const top = (i: number) => lines(i).replace(`Line 0 of page ${i}`, `Top ${i}`);
    const bottom = (i: number) => lines(i).replace(`Line 149 of page ${i}`, `Bottom ${i}`);
    // `big` edits the top of pages 0-3, main their bottom: its merge is three-way, on the pool.
    const [big, main] = [await create('Top'), await create('Bottom')];
    await edit(
      big.id,
      ids.slice(0, 4).map((page, i) => ({ operation: 'update_page', page, document: { markdown: top(i) } })),
    );
    await edit(
      main.id,
      ids.slice(0, 4).map((page, i) => ({ operation: 'update_page', page, document: { markdown: bottom(i) } })),
    );
    expect((await admin.post(`${crPath(space.id, main.id)}/merge`)).status).toBe(200);
    // Three more, each editing a page of its own (4, 5, 6).
    const others = [];
    for (let i = 4; i < 7; i++) {
      const cr = await create(`Page ${i}`);
      await edit(cr.id, [{ operation: 'update_page', page: ids[i], document: { markdown: `Page ${i} edited` } }]);
      others.push(cr);
    }
    const answers = await race(app, [
      ...Array.from({ length: 4 }, () => restCall(org.admin.token, 'POST', `${crPath(space.id, big.id)}/merge`)),
      ...others.map((cr) => restCall(org.admin.token, 'POST', `${crPath(space.id, cr.id)}/merge`)),
    ]);
    for (const a of answers) expect([200, 409], JSON.stringify(a.body)).toContain(a.status);
    expect(answers.slice(0, 4).filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.slice(4).map((a) => a.status)).toEqual([200, 200, 200]);
    const row = await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } });
    const byTitle = new Map((await pagesOf(app, row.revisionId)).map((p) => [p.title, p.markdown]));
    for (let i = 0; i < 4; i++)
      expect(byTitle.get(`p${i}`)).toBe(
        lines(i).replace(`Line 0 of page ${i}`, `Top ${i}`).replace(`Line 149 of page ${i}`, `Bottom ${i}`),
      );
    for (let i = 4; i < 7; i++) expect(byTitle.get(`p${i}`)).toBe(`Page ${i} edited`);
    // One merge revision per change request on the main line.
    expect(await app.prisma.revision.count({ where: { spaceId: space.id, type: 'merge' } })).toBe(5);
  });
});

describe('content writes of large pages', () => {
  it('parses the new pages before taking the space lock (the lock is held only to store them and move the change request)', async () => {
    const space = await createSpace(app, org, { empty: true });
    const cr = (await rest(app, org.admin.token).post(crPath(space.id), { subject: 'Large pages' })).body;
    const markdown = bigMarkdown(7, 100_000);
    // Another writer holds the space row (step 1 of the lock order) while the write comes in.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = app.prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1 FROM "Space" WHERE id = ${space.id} FOR NO KEY UPDATE`;
        locked();
        await held;
      },
      { timeout: 60_000 },
    );
    await lockTaken;
    const parsedBefore = app.quire.compute.counts().parsePagesTask ?? 0;
    const write = rest(app, org.admin.token).post(`${crPath(space.id, cr.id)}/content`, {
      changes: [{ operation: 'insert_page', title: 'Large', document: { markdown } }],
    });
    try {
      // The page is parsed (on the pool: it is large) while the space is still locked by the other writer.
      await eventually(async () => (app.quire.compute.counts().parsePagesTask ?? 0) > parsedBefore, 'the parse before the lock', 30_000);
    } finally {
      release();
      await holder;
    }
    const res = await write;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await app.prisma.changeRequest.findUniqueOrThrow({ where: { id: cr.id } });
    expect((await pagesOf(app, row.revisionId)).map((p) => [p.title, p.markdown])).toEqual([['Large', markdown]]);
    // Stored with its parse: nothing was parsed again under the lock.
    expect(app.quire.compute.counts().parsePagesTask).toBe(parsedBefore + 1);
    const stored = await app.prisma.pageVersion.findFirstOrThrow({ where: { spaceId: space.id, title: 'Large' } });
    expect([stored.referencesIndexed, stored.document !== null]).toEqual([true, true]);
  });
});
