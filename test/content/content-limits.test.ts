// Bounds on what users write (issue #26): Markdown page and comment bodies
// (length, nesting of block quotes and lists, delimiters per block) and
// rich-text documents (depth, node count) answer 400 naming the limit, before
// any parse. bench/markdown-limits.ts measures the parse time they bound.
import { describe, expect, it } from 'vitest';
import { useTestApp, useTestOrg } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { createSpace } from '../support/factories.js';
import { insertPages } from '../support/content.js';
import { defaultContentLimits } from '../../src/limits/content.js';

const app = useTestApp({ content: { maxDocumentDepth: 8, maxDocumentNodes: 50 } });
const org = useTestOrg(app);

function expectBadRequest(res: { status: number; body: any }, message: RegExp) {
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(400);
  expect(res.body).toEqual({ error: { code: 400, message: expect.any(String) } });
  expect(res.body.error.message).toMatch(message);
}

// What needs no server (markdownShape, rendering, settings) is in test/unit/limits/content.test.ts.
const nestedList = (depth: number) => Array.from({ length: depth }, (_, i) => `${'  '.repeat(i)}- item`).join('\n');
const nestedQuote = (depth: number) => `${'> '.repeat(depth)}quoted`;

describe('Markdown limits', () => {
  const crPath = (spaceId: string, cr: string) => `/v1/spaces/${spaceId}/change-requests/${cr}/content`;
  async function changeRequest() {
    const space = await createSpace(app, org, { empty: true });
    const [page] = await insertPages(app, space, [{ path: 'a', markdown: 'A' }]);
    const cr = await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Edit' });
    expect(cr.status).toBe(201);
    return { space, page: page!, cr: cr.body.id as string };
  }
  const writeBody = (spaceId: string, cr: string, page: string, markdown: string) =>
    rest(app, org.admin.token).post(crPath(spaceId, cr), { changes: [{ operation: 'update_page', page, document: { markdown } }] });

  it('rejects page bodies past the nesting, delimiter and length limits with 400 naming the limit', async () => {
    const { space, page, cr } = await changeRequest();
    expectBadRequest(await writeBody(space.id, cr, page, `${'- '.repeat(8000)}a`), /changes\[0\]\.document\.markdown: .*nesting limit/);
    expectBadRequest(await writeBody(space.id, cr, page, '* '.repeat(8000)), /changes\[0\]\.document\.markdown: .*delimiter limit/);
    expectBadRequest(await writeBody(space.id, cr, page, nestedList(40)), /nesting limit/);
    expectBadRequest(await writeBody(space.id, cr, page, nestedQuote(1500)), /nesting limit/);
    expectBadRequest(await writeBody(space.id, cr, page, '*a'.repeat(4000)), /delimiter limit/);
    expectBadRequest(await writeBody(space.id, cr, page, '['.repeat(50_000) + ']'.repeat(50_000)), /delimiter limit/);
    expectBadRequest(
      await writeBody(space.id, cr, page, 'x'.repeat(defaultContentLimits.maxPageChars + 1)),
      new RegExp(`at most ${defaultContentLimits.maxPageChars} characters`),
    );
    expectBadRequest(await writeBody(space.id, cr, page, Array(4000).fill('> q').join('\n\n')), /block quote limit/);
  });

  it('accepts bodies within the limits, however many blocks they hold', async () => {
    const { space, page, cr } = await changeRequest();
    const withinBlock = '*a'.repeat(defaultContentLimits.maxMarkdownDelimiters / 2);
    const markdown = [
      nestedList(defaultContentLimits.maxMarkdownNesting),
      nestedQuote(defaultContentLimits.maxMarkdownNesting),
      ...Array(20).fill(withinBlock),
    ].join('\n\n');
    const res = await writeBody(space.id, cr, page, markdown);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  });

  it('answers BAD_USER_INPUT over GraphQL', async () => {
    const { space, page, cr } = await changeRequest();
    const res = await graphql(
      app,
      org.admin.token,
      `mutation($input: UpdateChangeRequestContentInput!) { updateChangeRequestContent(input: $input) { changeRequest { id } } }`,
      {
        input: {
          spaceId: space.id,
          changeRequestId: cr,
          changes: [{ operation: 'update_page', page, document: { markdown: '> '.repeat(100) } }],
        },
      },
    );
    expect(res.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/nesting limit/),
      extensions: { code: 'BAD_USER_INPUT', status: 400 },
    });
  });

  it('rejects comment bodies past the limits (8 KB of link brackets)', async () => {
    const space = await createSpace(app, org);
    const comments = `/v1/spaces/${space.id}/comments`;
    expectBadRequest(
      await rest(app, org.admin.token).post(comments, { body: { markdown: '[]('.repeat(2700) } }),
      /body\.markdown: .*delimiter limit/,
    );
    expectBadRequest(
      await rest(app, org.admin.token).post(comments, { body: { markdown: nestedQuote(33) } }),
      /body\.markdown: .*nesting limit/,
    );
    expectBadRequest(
      await rest(app, org.admin.token).post(comments, { body: { markdown: 'x'.repeat(100_001) } }),
      /body\.markdown: must be at most 100000/,
    );
    expect((await rest(app, org.admin.token).post(comments, { body: { markdown: '*fine* [link](https://example.com)' } })).status).toBe(
      200,
    );
  });
});

describe('rich-text document limits', () => {
  const deep = (levels: number): unknown => {
    let node: Record<string, unknown> = { object: 'block', type: 'paragraph', nodes: [] };
    for (let i = 0; i < levels; i++) node = { object: 'block', type: 'blockquote', nodes: [node] };
    return { object: 'document', data: {}, nodes: [node] };
  };
  const wide = (count: number) => ({
    object: 'document',
    data: {},
    nodes: Array.from({ length: count }, () => ({ object: 'block', type: 'paragraph', data: {}, nodes: [] })),
  });

  it('rejects a change request description past the depth or node limit', async () => {
    const space = await createSpace(app, org, { empty: true });
    const cr = (await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Edit' })).body;
    const patch = (description: unknown) =>
      rest(app, org.admin.token).patch(`/v1/spaces/${space.id}/change-requests/${cr.id}`, { description });
    expectBadRequest(await patch(deep(4)), /^description: nests more than 8 levels deep \(the document depth limit\)/);
    expectBadRequest(await patch(wide(30)), /^description: holds more than 50 objects and arrays \(the document node limit\)/);
    expect((await patch(deep(1))).status).toBe(200);
  });

  it('rejects deep agent instructions over GraphQL with BAD_USER_INPUT', async () => {
    const res = await graphql(
      app,
      org.admin.token,
      `mutation($input: SetAgentInstructionsInput!) { setAgentInstructions(input: $input) { clientMutationId } }`,
      {
        input: { organizationId: org.organizationId, instructions: deep(4) },
      },
    );
    expect(res.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/document depth limit/),
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});

describe('page slugs', () => {
  it('rejects a slug past 100 characters; a slug made from a long title stays within them', async () => {
    const space = await createSpace(app, org, { empty: true });
    const cr = (await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Slugs' })).body;
    const insert = (page: Record<string, unknown>) =>
      rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content`, {
        changes: [{ operation: 'insert_page', ...page }],
      });
    expectBadRequest(
      await insert({ title: 'Long', slug: 'a'.repeat(200_000) }),
      /^changes\[0\]\.slug: must be at most 100 characters long/,
    );
    expectBadRequest(await insert({ title: 'Long', slug: 'a'.repeat(101) }), /^changes\[0\]\.slug: must be at most 100/);
    expect((await insert({ title: 'Fits', slug: 'b'.repeat(100) })).status).toBe(200);
    expect((await insert({ title: 'word '.repeat(50) })).status).toBe(200);
    const pages = (await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/pages`)).body.pages;
    expect(pages.map((p: any) => p.slug.length).sort()).toEqual([100, 89]);
  });
});

describe('dangerous URLs', () => {
  // Rendering alone: test/unit/limits/content.test.ts.
  it('are neutralised in documents written over REST', async () => {
    const space = await createSpace(app, org, { empty: true });
    const cr = (await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Links' })).body;
    const link = (url: string) => ({ object: 'inline', type: 'link', data: { ref: { kind: 'url', url } }, nodes: [] });
    const description = {
      object: 'document',
      data: {},
      nodes: [{ object: 'block', type: 'paragraph', nodes: [link(' JavaScript:alert(1)'), link('https://example.com')] }],
    };
    const res = await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}/change-requests/${cr.id}`, { description });
    expect(res.status).toBe(200);
    const urls = res.body.description.nodes[0].nodes.map((n: any) => n.data.ref.url);
    expect(urls).toEqual(['about:blank', 'https://example.com']);
  });
});
