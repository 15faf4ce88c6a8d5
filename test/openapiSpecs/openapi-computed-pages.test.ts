// Computed pages of type builtin:openapi (spec 2, Page `computed`): with
// `computed` (the default) they read as the operations of the referenced
// spec's latest processed version; with computed=false, as their definition
// without content. The spec is processed on the job queue from a local server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { addMember, createOrg, createSpace, type OrgFixture } from '../support/factories.js';
import { expectOpenApi } from '../support/openapi.js';
import { insertPages } from '../support/content.js';
import { parseMarkdown } from '../../src/domain/content/markdown/index.js';

const petstore = {
  openapi: '3.0.0',
  info: { title: 'Pets', version: '1.2', description: 'All about *pets*.' },
  paths: {
    '/pets': {
      get: {
        tags: ['pets'],
        summary: 'List pets',
        operationId: 'listPets',
        parameters: [
          { name: 'limit', in: 'query', required: false, description: 'How many | at most', schema: { type: 'integer', format: 'int32' } },
        ],
        responses: {
          '200': {
            description: 'A page of pets',
            content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } },
          },
        },
      },
      post: {
        tags: ['pets'],
        summary: 'Create a pet',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
        responses: { '201': { description: 'Created' }, '400': { description: 'Invalid pet' } },
      },
    },
    '/stores/{storeId}': {
      parameters: [{ name: 'storeId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { tags: ['stores'], summary: 'Get a store', responses: { '200': { description: 'The store' } } },
    },
  },
  components: { schemas: { Pet: { type: 'object', description: 'A pet', properties: { name: { type: 'string' } } } } },
};

let app: TestApp;
let source: http.Server;
let sourceUrl: string;
beforeAll(async () => {
  source = http.createServer((_req, res) => void res.end(JSON.stringify(petstore)));
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}/pets.json`;
  app = await startTestApp({ worker: true });
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => source.close(resolve));
});

const computedOn = (spec: string, props: object = {}) => ({
  type: 'builtin:openapi',
  props,
  dependencies: { spec: { ref: { kind: 'openapi', spec } } },
});

async function processedSpec(org: OrgFixture, slug: string) {
  const created = await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/openapi`, { slug, source: { url: sourceUrl } });
  expect(created.status).toBe(201);
  const until = Date.now() + 60_000;
  for (;;) {
    const res = await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/openapi/${slug}`);
    if (res.body.processingState === 'complete') return res.body;
    if (Date.now() > until) throw new Error(`never processed: ${JSON.stringify(res.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const headings = (markdown: string) =>
  parseMarkdown(markdown)
    .children.filter((n) => n.type === 'heading')
    .map((n) => markdown.slice(n.position!.start.offset, n.position!.end.offset));

describe('computed pages of type builtin:openapi', () => {
  it('read as the operations of the spec (computed=true, the default), as their definition without content with computed=false', async () => {
    const org = await createOrg(app);
    const spec = await processedSpec(org, 'pets');
    const space = await createSpace(app, org, { empty: true });
    const [all, one, byTag, byId] = await insertPages(app, space, [
      { path: 'api', title: 'API', computed: computedOn('pets') },
      { path: 'create-pet', title: 'Create a pet', computed: computedOn('pets', { doc: 'operation', page: '/pets', method: 'post' }) },
      { path: 'stores', title: 'Stores', computed: computedOn('pets', { doc: 'operations', page: 'stores' }) },
      { path: 'by-id', title: 'By id', computed: computedOn(spec.id, { doc: 'info' }) },
    ]);
    const page = (id: string, query = '') => rest(app, org.admin.token).get(`/v1/spaces/${space.id}/content/page/${id}${query}`);

    const res = await page(all, '?format=markdown');
    expectOpenApi(res, 'get', '/spaces/{spaceId}/content/page/{pageId}', 200);
    const { markdown } = res.body;
    expect(headings(markdown)).toEqual([
      '# Pets 1.2',
      '## `GET` `/pets`',
      '### Parameters',
      '### Responses',
      '## `POST` `/pets`',
      '### Request body',
      '### Responses',
      '## `GET` `/stores/{storeId}`',
      '### Parameters',
      '### Responses',
    ]);
    expect(markdown).toContain('All about \\*pets\\*.'); // the spec's text is text, never markup
    expect(markdown).toContain('**List pets**');
    expect(markdown).toMatch(/\| `limit` +\| query +\| integer \(int32\) +\| no +\| How many \\\| at most +\|/);
    expect(markdown).toMatch(/\| `200` +\| A page of pets +\| application\/json +\|/);
    expect(markdown).toMatch(/\| `application\/json` +\| object +\| yes +\|/);
    expect(markdown).toMatch(/\| `storeId` +\| path +\| string +\| yes +\|/);
    expect(res.body.computed).toEqual(computedOn('pets'));

    const single = await page(one, '?format=markdown');
    expect(headings(single.body.markdown)).toEqual(['## `POST` `/pets`', '### Request body', '### Responses']);
    expect(single.body.markdown).toMatch(/\| `400` +\| Invalid pet +\|/);
    expect(headings((await page(byTag, '?format=markdown')).body.markdown)).toEqual([
      '## `GET` `/stores/{storeId}`',
      '### Parameters',
      '### Responses',
    ]);
    expect((await page(byId, '?format=markdown')).body.markdown).toBe('# Pets 1.2\n\nAll about \\*pets\\*.\n');

    // As a document (the default format), and in the whole revision.
    const doc = await page(all);
    expectOpenApi(doc, 'get', '/spaces/{spaceId}/content/page/{pageId}', 200);
    expect(doc.body.document.nodes.filter((n: any) => n.type === 'heading-2')).toHaveLength(3);
    const content = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/content`);
    expectOpenApi(content, 'get', '/spaces/{spaceId}/content', 200);
    expect(content.body.pages[0].document.nodes[0]).toMatchObject({ type: 'heading-1' });

    // computed=false: the definition, no content.
    const raw = await page(all, '?format=markdown&computed=false');
    expectOpenApi(raw, 'get', '/spaces/{spaceId}/content/page/{pageId}', 200);
    expect(raw.body.markdown).toBe('');
    expect(raw.body.computed).toEqual(computedOn('pets'));
    const rawDoc = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/content?computed=false`);
    expect(rawDoc.body.pages[0].document.nodes).toEqual([]);

    // GraphQL: the same switch on Space.content.
    const q = await graphql(
      app,
      org.admin.token,
      `query($id: ID!, $p: ID!) { space(id: $id) { on: content(format: markdown) { page(id: $p) { markdown } } off: content(format: markdown, computed: false) { page(id: $p) { markdown computed } } } }`,
      { id: space.id, p: one },
    );
    expect(q.data.space.on.page.markdown).toBe(single.body.markdown);
    expect(q.data.space.off.page).toEqual({
      markdown: '',
      computed: computedOn('pets', { doc: 'operation', page: '/pets', method: 'post' }),
    });

    // A reader of the space reads the rendered page too.
    const reader = await addMember(app, org.organizationId, 'read');
    expect((await rest(app, reader.token).get(`/v1/spaces/${space.id}/content/page/${all}?format=markdown`)).body.markdown).toBe(markdown);
  }, 60_000);

  it("says when the spec is missing or not processed, and never reads another organization's spec", async () => {
    const org = await createOrg(app);
    await processedSpec(org, 'pets');
    const other = await createOrg(app);
    const foreign = await processedSpec(other, 'foreign');
    const space = await createSpace(app, org, { empty: true });
    const [missing, otherOrg, pending] = await insertPages(app, space, [
      { path: 'missing', computed: computedOn('nope') },
      { path: 'other', computed: computedOn(foreign.id) },
      { path: 'pending', computed: computedOn('later') },
    ]);
    await app.prisma.openAPISpec.create({
      data: { id: `oas_later${Date.now()}`, organizationId: org.organizationId, slug: 'later', sourceURL: sourceUrl },
    });
    const md = async (id: string) =>
      (await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/content/page/${id}?format=markdown`)).body.markdown;
    expect(await md(missing)).toBe('*OpenAPI specification "nope" not found.*\n');
    expect(await md(otherOrg)).toBe(`*OpenAPI specification "${foreign.id}" not found.*\n`);
    expect(await md(pending)).toBe('*OpenAPI specification "later" is not processed yet.*\n');
  }, 60_000);

  it('batches the specs of many computed pages: a fixed number of statements for the whole revision', async () => {
    const org = await createOrg(app);
    await processedSpec(org, 'pets');
    const count = async (pages: number) => {
      const space = await createSpace(app, org, { empty: true });
      await insertPages(
        app,
        space,
        Array.from({ length: pages }, (_, i) => ({ path: `p${i}`, computed: computedOn('pets') })),
      );
      const { statements, result } = await app.recordStatements(() => rest(app, org.admin.token).get(`/v1/spaces/${space.id}/content`));
      expect(result.status).toBe(200);
      return statements.filter((s) => /OpenAPISpec/.test(s)).length;
    };
    const few = await count(2);
    expect(few).toBe(2); // the specs, then their versions
    expect(await count(20)).toBe(few);
  }, 60_000);
});
