// Spec 4.7 — translations over REST (answers validated against the public
// document) and GraphQL, and their runs on the durable job queue: a space of
// 50 pages with code blocks, links and front matter translated with them
// intact; an incremental second run that sends exactly the changed page to the
// provider; the LibreTranslate provider against a local server; statuses and
// stats; the translationChanged subscription, authorized per event.
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watch, wsClients } from '../support/subscriptions.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { addMember, createOrg, createSpace, type OrgFixture } from '../support/factories.js';
import { expectOpenApi } from '../support/openapi.js';
import { tokenWithScopes } from '../support/tokens.js';
import { insertPages, pagesOf } from '../support/content.js';
import { defaultFetchPolicy, FetchError } from '../../src/net/fetch.js';
import {
  libreTranslate,
  pseudoLocalize,
  pseudoLocalizer,
  type TranslationProvider,
  type TranslationRequest,
} from '../../src/domain/translations/providers.js';
import { translationLanguages } from '../../src/domain/translations/languages.js';
import { parseMarkdown } from '../../src/domain/content/markdown/index.js';
import { commitRevision, fetchTreesFrom, flatten, readTree, readVersions, writeVersion } from '../../src/domain/revisions/index.js';

const require = createRequire(import.meta.url);
const publicDocument = require('@gitbook/api/spec/openapi.json');

/** The provider of the app's runs: the built-in one unless a test swaps it; every call recorded. */
const calls: TranslationRequest[] = [];
let current: TranslationProvider = pseudoLocalizer;
const recording: TranslationProvider = {
  get name() {
    return current.name;
  },
  translate(request) {
    calls.push(request);
    return current.translate(request);
  },
};

let app: TestApp;
let libre: http.Server;
let libreUrl: string;
const libreRequests: any[] = [];
const clients = wsClients();
beforeAll(async () => {
  // A LibreTranslate stand-in: POST /translate {q, source, target, format, api_key}.
  libre = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const parsed = JSON.parse(body);
      libreRequests.push({ path: req.url, ...parsed });
      if (parsed.api_key !== 'secret')
        return void res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Invalid API key' }));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ translatedText: parsed.q.map((q: string) => `${parsed.target.toUpperCase()}:${q.toUpperCase()}`) }));
    });
  });
  await new Promise<void>((resolve) => libre.listen(0, '127.0.0.1', resolve));
  libreUrl = `http://127.0.0.1:${(libre.address() as AddressInfo).port}`;
  app = await startTestApp({
    worker: true,
    jobs: { translator: recording, policies: { 'translation.run': { retryLimit: 1, retryDelay: 1 } } },
  });
});
afterAll(async () => {
  await clients.closeAll();
  await app.close();
  await new Promise((resolve) => libre.close(resolve));
});

const base = (org: OrgFixture) => `/v1/orgs/${org.organizationId}/translations`;

function expectError(res: { status: number; body: any }, status: number, message?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ error: { code: status, message: expect.any(String) } });
  if (message) expect(res.body.error.message).toMatch(message);
}

async function createTranslation(org: OrgFixture, spaceId: string, body: Record<string, unknown> = {}) {
  const res = await rest(app, org.admin.token).post(base(org), { language: 'fr', source: { space: spaceId, language: 'en' }, ...body });
  expectOpenApi(res, 'post', '/orgs/{organizationId}/translations', 201);
  return res.body;
}

async function runAndWait(org: OrgFixture, id: string, runs: number) {
  const started = await rest(app, org.admin.token).post(`${base(org)}/${id}/run`);
  expect(started.status, JSON.stringify(started.body)).toBe(204);
  const until = Date.now() + 60_000;
  for (;;) {
    const res = await rest(app, org.admin.token).get(`${base(org)}/${id}`);
    if (res.body.status === 'completed' && (res.body.stats.runs === runs || res.body.lastRunError)) return res;
    if (Date.now() > until) throw new Error(`translation ${id} never completed: ${JSON.stringify(res.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Rewrites the Markdown of the page at `path` in a new active revision of the space. */
async function editPage(spaceId: string, path: string, markdown: string) {
  const space = await app.prisma.space.findUniqueOrThrow({ where: { id: spaceId } });
  await app.prisma.$transaction(async (tx) => {
    const revision = await tx.revision.findUniqueOrThrow({ where: { id: space.revisionId } });
    const roots = await readTree(fetchTreesFrom(tx), space.id, revision.tree);
    const node = flatten(roots).find((f) => f.path === path)!.node;
    const content = (await readVersions(tx, space.id, [node.version])).get(node.version)!;
    const { hash: _hash, spaceId: _s, organizationId: _o, createdAt: _c, ...own } = content as any;
    node.version = await writeVersion(tx, space, { ...own, markdown });
    const revisionId = await commitRevision(tx, space, { parents: [space.revisionId], pages: roots });
    await tx.space.update({ where: { id: space.id }, data: { revisionId } });
  });
}

const pageMarkdown = (i: number) => `---
description: page ${i}
---

# Getting started ${i}

Read the [installation guide](https://example.com/install/${i}) and run \`quire --page ${i}\` first.

\`\`\`ts
const page = ${i}; // keep me exactly: "Hello world"
console.log(page);
\`\`\`

- Install the package
- Configure the **server** for page ${i}

![A diagram](https://example.com/diagram-${i}.png)
`;

describe('translations: CRUD', () => {
  it("offers exactly the public document's languages", () => {
    expect([...translationLanguages]).toEqual(publicDocument.components.schemas.TranslationLanguage.enum);
  });

  it('creates (201, pending), gets, lists, puts instructions and deletes (204, also when already gone)', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const instructions = {
      object: 'document',
      data: { schemaVersion: 1 },
      nodes: [
        { object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Formal tone', marks: [] }] }] },
      ],
    };
    const created = await createTranslation(org, space.id, { instructions });
    expect(created).toMatchObject({
      object: 'translation',
      id: expect.stringMatching(/^trs_/),
      status: 'pending',
      language: 'fr',
      source: { space: space.id, language: 'en' },
      instructions,
      stats: { runs: 0, totalWords: 0, totalPages: 0, totalDuration: 0, latestRunDuration: 0, latestPages: 0, latestWords: 0 },
      permissions: { view: true, edit: true },
      urls: { location: `http://quire.test/v1/orgs/${org.organizationId}/translations/${created.id}` },
    });
    expect(created.result).toBeUndefined();
    const got = await rest(app, org.admin.token).get(`${base(org)}/${created.id}`);
    expectOpenApi(got, 'get', '/orgs/{organizationId}/translations/{translationId}', 200);
    const list = await rest(app, org.admin.token).get(base(org));
    expectOpenApi(list, 'get', '/orgs/{organizationId}/translations', 200);
    expect(list.body.items.map((t: any) => t.id)).toEqual([created.id]);
    const empty = { object: 'document', data: {}, nodes: [] };
    const put = await rest(app, org.admin.token).put(`${base(org)}/${created.id}`, { instructions: empty });
    expectOpenApi(put, 'put', '/orgs/{organizationId}/translations/{translationId}', 200);
    expect(put.body.instructions).toEqual(empty);
    expect((await rest(app, org.admin.token).delete(`${base(org)}/${created.id}`)).status).toBe(204);
    expect((await rest(app, org.admin.token).delete(`${base(org)}/${created.id}`)).status).toBe(204);
    expectError(await rest(app, org.admin.token).get(`${base(org)}/${created.id}`), 404);
    expectError(await rest(app, org.admin.token).post(`${base(org)}/${created.id}/run`), 404);
  });

  it('refuses bad languages, sources and instructions (400 naming the field)', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const other = await createOrg(app);
    const foreign = await createSpace(app, other);
    const admin = rest(app, org.admin.token);
    const source = { space: space.id, language: 'en' };
    expectError(await admin.post(base(org), { source }), 400, /^language: /);
    expectError(await admin.post(base(org), { language: 'klingon', source }), 400, /^language: /);
    expectError(await admin.post(base(org), { language: 'fr' }), 400, /^source: /);
    expectError(await admin.post(base(org), { language: 'fr', source: { language: 'en' } }), 400, /^source\.space: /);
    expectError(await admin.post(base(org), { language: 'fr', source: { space: space.id } }), 400, /^source\.language: /);
    expectError(await admin.post(base(org), { language: 'en', source }), 400, /^language: must differ/);
    expectError(await admin.post(base(org), { language: 'fr', source: { space: foreign.id, language: 'en' } }), 400, /^source\.space: /);
    expectError(await admin.post(base(org), { language: 'fr', source, instructions: { object: 'nope' } }), 400, /^instructions\.object: /);
    expectError(
      await admin.post(base(org), {
        language: 'fr',
        source,
        instructions: { object: 'document', data: {}, nodes: [{ type: 'paragraph' }] },
      }),
      400,
      /^instructions\.nodes\[0\]: /,
    );
    expectError(await admin.post(base(org), { language: 'fr', source, color: 'red' }), 400, /color/);
    const created = await createTranslation(org, space.id);
    expectError(await admin.put(`${base(org)}/${created.id}`, {}), 400, /^instructions: /);
    expectError(await admin.put(`${base(org)}/${created.id}`, { instructions: 'be nice' }), 400, /^instructions: /);
    expect(await app.prisma.translation.count({ where: { organizationId: org.organizationId } })).toBe(1);
  });

  it('authorizes: admins write and run, members read only (403), guests and other organizations 404, scoped tokens 403, no token 401', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const created = await createTranslation(org, space.id);
    const path = `${base(org)}/${created.id}`;
    const creator = await addMember(app, org.organizationId, 'create');
    const guest = await addMember(app, org.organizationId, 'guest');
    const seen = await rest(app, creator.token).get(path);
    expectOpenApi(seen, 'get', '/orgs/{organizationId}/translations/{translationId}', 200);
    expect(seen.body.permissions).toEqual({ view: true, edit: false });
    expectError(await rest(app, creator.token).post(base(org), { language: 'de', source: { space: space.id, language: 'en' } }), 403);
    expectError(await rest(app, creator.token).put(path, { instructions: { object: 'document', data: {}, nodes: [] } }), 403);
    expectError(await rest(app, creator.token).post(`${path}/run`), 403);
    expectError(await rest(app, creator.token).delete(path), 403);
    expectError(await rest(app, guest.token).get(path), 404);
    expectError(await rest(app, guest.token).get(base(org)), 404);
    const other = await createOrg(app);
    expectError(await rest(app, other.admin.token).get(path), 404);
    expectError(await rest(app, other.admin.token).get(base(org)), 404);
    expectError(await rest(app, other.admin.token).delete(path), 404);
    expectError(await rest(app, other.admin.token).post(`${path}/run`), 404);
    const readOnly = (await tokenWithScopes(app, org.admin.userId, ['space:read'])).token;
    expect((await rest(app, readOnly).get(path)).status).toBe(200);
    expectError(await rest(app, readOnly).post(`${path}/run`), 403);
    expectError(await rest(app, readOnly).delete(path), 403);
    const unrelated = (await tokenWithScopes(app, org.admin.userId, ['openapi:read'])).token;
    expectError(await rest(app, unrelated).get(base(org)), 403);
    expectError(await rest(app).get(base(org)), 401);
    expectError(await rest(app).post(`${path}/run`), 401);
    expect((await app.prisma.translation.findUniqueOrThrow({ where: { id: created.id } })).runs).toBe(0);
  });
});

describe('translations: runs on the job queue', () => {
  it('translates 50 pages into a new space beside the source, code, links and front matter intact; a second run after one edit sends that page only', async () => {
    current = pseudoLocalizer;
    const org = await createOrg(app);
    const space = await createSpace(app, org, { empty: true });
    await insertPages(
      app,
      space,
      Array.from({ length: 50 }, (_, i) => ({ path: `page-${i}`, title: `Page ${i}`, markdown: pageMarkdown(i) })),
    );
    const created = await createTranslation(org, space.id);
    calls.length = 0;
    const pool = () => app.quire.compute.counts();
    const [textsBefore, rebuiltBefore] = [pool().pageTextsTask ?? 0, pool().translatedPageTask ?? 0];
    const done = await runAndWait(org, created.id, 1);
    expectOpenApi(done, 'get', '/orgs/{organizationId}/translations/{translationId}', 200);
    expect(done.body.lastRunError).toBeUndefined();
    expect(calls).toHaveLength(50);
    // Each page's Markdown is read and written back on the worker threads, not on the job's event loop.
    expect([(pool().pageTextsTask ?? 0) - textsBefore, (pool().translatedPageTask ?? 0) - rebuiltBefore]).toEqual([50, 50]);
    expect(done.body.result).toEqual({ space: expect.stringMatching(/^spc_/), revision: expect.stringMatching(/^rev_/), language: 'fr' });
    expect(done.body.provider).toMatch(/pseudo-localisation/);
    const words = calls.reduce(
      (sum, c) =>
        sum +
        c.texts
          .join(' ')
          .split(/\s+/)
          .filter((w) => /[\p{L}\p{N}]/u.test(w)).length,
      0,
    );
    expect(done.body.stats).toMatchObject({ runs: 1, totalPages: 50, latestPages: 50, totalWords: words, latestWords: words });
    expect(done.body.stats.totalDuration).toBe(done.body.stats.latestRunDuration);

    const result = await app.prisma.space.findUniqueOrThrow({ where: { id: done.body.result.space } });
    expect(result).toMatchObject({ organizationId: org.organizationId, language: 'fr', revisionId: done.body.result.revision });
    const source = await pagesOf(app, (await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).revisionId);
    const translated = await pagesOf(app, result.revisionId);
    expect(translated.map((p) => p.path)).toEqual(source.map((p) => p.path));
    for (const [i, page] of translated.entries()) {
      expect(page.title).toBe(pseudoLocalize(source[i].title));
      expect(page.id).not.toBe(source[i].id);
      const tree = parseMarkdown(page.markdown);
      const sourceTree = parseMarkdown(source[i].markdown);
      const pick = (t: any, type: string, key: string) => {
        const out: unknown[] = [];
        const walk = (n: any) => {
          if (n.type === type) out.push(n[key]);
          n.children?.forEach(walk);
        };
        walk(t);
        return out;
      };
      expect(pick(tree, 'code', 'value')).toEqual(pick(sourceTree, 'code', 'value'));
      expect(pick(tree, 'code', 'lang')).toEqual(['ts']);
      expect(pick(tree, 'inlineCode', 'value')).toEqual([`quire --page ${i}`]);
      expect(pick(tree, 'link', 'url')).toEqual([`https://example.com/install/${i}`]);
      expect(pick(tree, 'image', 'url')).toEqual([`https://example.com/diagram-${i}.png`]);
      expect(pick(tree, 'yaml', 'value')).toEqual([`description: page ${i}`]);
      expect(page.markdown).toContain(pseudoLocalize('installation guide'));
      expect(page.markdown).toContain(`**${pseudoLocalize('server')}**`);
      expect(page.markdown).not.toContain('Getting started');
    }
    // The translated pages read through the API like any other.
    const read = await rest(app, org.admin.token).get(`/v1/spaces/${result.id}/content`);
    expect(read.status).toBe(200);
    expect(read.body.pages).toHaveLength(50);

    // One page changes: the next run sends it alone, and adds a revision to the same space.
    await editPage(space.id, 'page-7', '# Changed\n\nNew `code` and a [link](https://example.com/new).\n');
    calls.length = 0;
    const again = await runAndWait(org, created.id, 2);
    expect(calls).toHaveLength(1);
    expect(calls[0].texts).toEqual(['Page 7', 'Changed', 'New', 'and a', 'link']); // "." has no letter: not sent
    expect(again.body.result.space).toBe(result.id);
    expect(again.body.result.revision).not.toBe(result.revisionId);
    const wordsAgain = 2 + 1 + 1 + 2 + 1;
    expect(again.body.stats).toMatchObject({
      runs: 2,
      totalPages: 50,
      latestPages: 1,
      latestWords: wordsAgain,
      totalWords: words + wordsAgain,
    });
    const revision = await app.prisma.revision.findUniqueOrThrow({ where: { id: again.body.result.revision } });
    expect(revision.parents).toEqual([result.revisionId]);
    const after = await pagesOf(app, revision.id);
    expect(after.map((p) => p.id)).toEqual(translated.map((p) => p.id)); // page ids stay across runs
    expect(after.find((p) => p.path === 'page-7')!.markdown).toBe(
      `# ${pseudoLocalize('Changed')}\n\n${pseudoLocalize('New')} \`code\` ${pseudoLocalize('and a')} [${pseudoLocalize('link')}](https://example.com/new).\n`,
    );

    // Nothing changed: no page is sent, no revision is added.
    calls.length = 0;
    const third = await runAndWait(org, created.id, 3);
    expect(calls).toHaveLength(0);
    expect(third.body.result.revision).toBe(again.body.result.revision);
    expect(third.body.stats).toMatchObject({ runs: 3, latestPages: 0, latestWords: 0, totalWords: words + wordsAgain });
  }, 120_000);

  it('speaks the LibreTranslate API through the outbound guard (loopback allowed by the test configuration only)', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org, { empty: true });
    await insertPages(app, space, [{ path: 'intro', title: 'Welcome', markdown: 'Hello *world*, see `npm test`.\n' }]);
    const created = await createTranslation(org, space.id, { language: 'pt-br' });
    current = libreTranslate({ url: libreUrl, apiKey: 'secret', fetchPolicy: { ...defaultFetchPolicy, allow: ['127.0.0.0/8'] } });
    libreRequests.length = 0;
    try {
      const done = await runAndWait(org, created.id, 1);
      expect(done.body.provider).toBe(`LibreTranslate (${new URL(libreUrl).host})`);
      expect(libreRequests).toEqual([
        { path: '/translate', q: ['Welcome', 'Hello', 'world', ', see'], source: 'en', target: 'pb', format: 'text', api_key: 'secret' },
      ]);
      const [page] = await pagesOf(app, done.body.result.revision);
      expect(page.title).toBe('PB:WELCOME');
      expect(page.markdown).toBe('PB:HELLO *PB:WORLD*PB:, SEE `npm test`.\n');

      // A refused key is no transient failure: the run ends at once with the error recorded.
      current = libreTranslate({ url: libreUrl, apiKey: 'wrong', fetchPolicy: { ...defaultFetchPolicy, allow: ['127.0.0.0/8'] } });
      await app.prisma.translation.update({ where: { id: created.id }, data: { versionMap: {} } });
      const refused = await runAndWait(org, created.id, 2);
      expect(refused.body.lastRunError).toEqual({ code: 'HTTP_403', message: expect.stringMatching(/refused/) });
      expect(refused.body.stats.runs).toBe(1);
    } finally {
      current = pseudoLocalizer;
    }
    // Without the allow-list, the guard refuses the loopback server before connecting.
    const guarded = libreTranslate({ url: libreUrl, fetchPolicy: defaultFetchPolicy });
    const seen = libreRequests.length;
    await expect(
      guarded.translate({ texts: ['Hi'], source: 'en', target: 'fr', instructions: '', signal: new AbortController().signal }),
    ).rejects.toSatisfy((e) => e instanceof FetchError && e.code === 'DENIED');
    expect(libreRequests).toHaveLength(seen);
  }, 60_000);

  it('the pseudo-localisation never answers a text unchanged', async () => {
    const texts = ['Hello', '東京', 'x', 'Ünïcode and more'];
    const out = await pseudoLocalizer.translate({
      texts,
      source: 'en',
      target: 'fr',
      instructions: '',
      signal: new AbortController().signal,
    });
    out.forEach((t, i) => expect(t).not.toBe(texts[i]));
    expect(out[0]).toBe('⟦Ĥéļļö⟧');
  });
});

describe('translations: GraphQL and the translationChanged subscription', () => {
  const SUB =
    'subscription($o: ID!, $id: ID!) { translationChanged(organizationId: $o, id: $id) { id status stats { runs } permissions { edit } } }';

  it('follows a run pending → running → completed for a member; outsiders get NOT_FOUND', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const created = await createTranslation(org, space.id);
    const reader = await addMember(app, org.organizationId, 'read');
    const sub = watch(
      clients.open(app, reader.token),
      SUB,
      { o: org.organizationId, id: created.id },
      { app, topic: `translationChanged:${created.id}` },
    );
    await sub.subscribed;
    // The run waits in the provider until the test saw it running (events reload the row as of delivery).
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    current = { name: 'gated pseudo-localisation', translate: async (r) => (await gate, pseudoLocalizer.translate(r)) };
    const seen = (status: string) => sub.events.some((e) => e.data?.translationChanged?.status === status);
    try {
      expect((await rest(app, org.admin.token).post(`${base(org)}/${created.id}/run`)).status).toBe(204);
      const until = Date.now() + 60_000;
      while (!seen('RUNNING') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      release();
      while (!seen('COMPLETED') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    } finally {
      release();
      current = pseudoLocalizer;
    }
    const statuses: string[] = sub.events.map((e) => e.data.translationChanged.status);
    const order = ['PENDING', 'RUNNING', 'COMPLETED'];
    expect(statuses.map((st) => order.indexOf(st))).toEqual([...statuses.map((st) => order.indexOf(st))].sort());
    expect(statuses).toContain('RUNNING');
    expect(statuses.at(-1)).toBe('COMPLETED');
    expect(sub.events.at(-1).data.translationChanged).toMatchObject({ id: created.id, stats: { runs: 1 }, permissions: { edit: false } });

    const outsider = await createOrg(app);
    const denied = watch(clients.open(app, outsider.admin.token), SUB, { o: org.organizationId, id: created.id });
    const end = await denied.ended;
    expect(JSON.stringify([end, denied.events])).toMatch(/NOT_FOUND/);
    expect(denied.events.every((e) => e.data?.translationChanged == null)).toBe(true);
  }, 60_000);

  it('creates, runs and reads translations through GraphQL mutations and Organization.translations', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const made = await graphql(
      app,
      org.admin.token,
      `mutation($input: CreateTranslationInput!) { createTranslation(input: $input) { translation { id status language source { space language } } } }`,
      { input: { organizationId: org.organizationId, language: 'PT_BR', source: { space: space.id, language: 'EN' } } },
    );
    expect(made.errors).toBeUndefined();
    const { id } = made.data.createTranslation.translation;
    expect(made.data.createTranslation.translation).toMatchObject({
      status: 'PENDING',
      language: 'PT_BR',
      source: { space: space.id, language: 'EN' },
    });
    const ran = await graphql(
      app,
      org.admin.token,
      `mutation($input: RunTranslationInput!) { runTranslation(input: $input) { translation { id } } }`,
      { input: { organizationId: org.organizationId, translationId: id } },
    );
    expect(ran.errors).toBeUndefined();
    const listed = await graphql(
      app,
      org.admin.token,
      `query($id: ID!) { organization(id: $id) { translations(first: 10) { totalCount edges { node { id } } } } }`,
      { id: org.organizationId },
    );
    expect(listed.data.organization.translations).toEqual({ totalCount: 1, edges: [{ node: { id } }] });
    const reader = await addMember(app, org.organizationId, 'read');
    const refused = await graphql(
      app,
      reader.token,
      `mutation($input: DeleteTranslationInput!) { deleteTranslation(input: $input) { deleted } }`,
      { input: { organizationId: org.organizationId, translationId: id } },
    );
    expect(refused.errors![0].extensions!.code).toBe('FORBIDDEN');
  });
});
