// POST /spaces/{spaceId}/content/template (4.16; 201 without a body, as the public
// document answers, where the spec says 204): a built-in template's pages
// added to the space's content as a new main-line revision (or to a change
// request's line with `changeRequestId`), `params.contentRefs` checked against
// the template's slots and written as file references; GraphQL spaceTemplates.
import { describe, expect, it } from 'vitest';
import { useTestApp, useTestOrg } from '../support/app.js';
import { graphql, request, rest } from '../support/http.js';
import { addMember, createOrg, createSpace } from '../support/factories.js';
import { expectSchema } from '../support/openapi.js';
import { insertPages, pagesOf } from '../support/content.js';
import { tokenWithScopes } from '../support/tokens.js';
import { uploadOk } from '../support/files.js';
import { race, restCall, times } from '../support/concurrency.js';

const app = useTestApp();
const org = useTestOrg(app);

const activeRevision = async (spaceId: string) => (await app.prisma.space.findUniqueOrThrow({ where: { id: spaceId } })).revisionId;
const apply = (token: string, spaceId: string, body: unknown) => rest(app, token).post(`/v1/spaces/${spaceId}/content/template`, body);

describe('spaceTemplates', () => {
  it('lists the catalogue with stable ids, the slots each takes and the public template members', async () => {
    const res = await graphql(
      app,
      org.admin.token,
      '{ spaceTemplates { id title subtitle emoji features pageTitles contentRefs { name kind required } } }',
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.spaceTemplates.map((t: any) => t.id)).toEqual(['getting-started', 'api-reference', 'changelog']);
    expect(res.data.spaceTemplates[1]).toMatchObject({
      title: 'API reference',
      contentRefs: [{ name: 'spec', kind: 'file', required: true }],
      pageTitles: ['API reference'],
    });
    expect((await graphql(app, undefined, '{ spaceTemplates { id } }')).errors?.[0]).toBeDefined();
  });
});

describe('POST /spaces/{spaceId}/content/template', () => {
  it('adds the pages as a new revision of the main line (201), with file references filled in', async () => {
    const space = await createSpace(app, org, { empty: true });
    await insertPages(app, space, [{ path: 'welcome', markdown: 'Already here.' }]);
    const logo = (await uploadOk(app, org.admin.token, { spaceId: space.id, data: 'logo', fileName: 'logo.txt', type: 'text/plain' })).file
      .id;
    const before = await activeRevision(space.id);
    const res = await apply(org.admin.token, space.id, {
      id: 'getting-started',
      params: { contentRefs: { logo: { kind: 'file', file: logo } } },
    });
    expect(res.status).toBe(201);
    expect(res.body).toBeUndefined();
    const after = await app.prisma.revision.findUniqueOrThrow({ where: { id: await activeRevision(space.id) } });
    expect(after.parents).toEqual([before]);
    expect(after.changeRequestId).toBeNull();
    const pages = await pagesOf(app, after.id);
    // The existing "welcome" keeps its slug: the template's gets the next free one.
    expect(pages.map((p) => p.path)).toEqual(['welcome', 'welcome-2', 'quickstart', 'installation']);
    expect(pages[1]).toMatchObject({ title: 'Welcome', emoji: '1f44b' });
    expect(pages[1]!.markdown).toContain(`![Logo](files/${logo})`);
    // The file reference is a real one: the file's backlinks list the page.
    const backlinks = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/content/files/${logo}/backlinks`);
    expect(backlinks.body.items.map((i: any) => i.page)).toEqual([pages[1]!.id]);
  });

  it('nests pages, and drops the line of an optional reference left out', async () => {
    const space = await createSpace(app, org, { empty: true });
    const spec = (
      await uploadOk(app, org.admin.token, { spaceId: space.id, data: '{}', fileName: 'openapi.json', type: 'application/json' })
    ).file.id;
    expect(
      (await apply(org.admin.token, space.id, { id: 'api-reference', params: { contentRefs: { spec: { kind: 'file', file: spec } } } }))
        .status,
    ).toBe(201);
    expect((await apply(org.admin.token, space.id, { id: 'getting-started' })).status).toBe(201);
    const pages = await pagesOf(app, await activeRevision(space.id));
    expect(pages.map((p) => p.path)).toEqual([
      'api-reference',
      'api-reference/authentication',
      'api-reference/errors',
      'api-reference/endpoints',
      'welcome',
      'quickstart',
      'installation',
    ]);
    expect(pages.find((p) => p.path === 'welcome')!.markdown).not.toMatch(/Logo|\{\{/);
    // Links between the template's pages resolve.
    const links = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/links`);
    expect(links.body.stats.broken.total).toBe(0);
  });

  it('applies to a change request given `changeRequestId`, leaving the main content alone', async () => {
    const space = await createSpace(app, org, { empty: true });
    const cr = await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Changelog' });
    const main = await activeRevision(space.id);
    expect((await apply(org.admin.token, space.id, { id: 'changelog', changeRequestId: cr.body.id })).status).toBe(201);
    expect(await activeRevision(space.id)).toBe(main);
    const crPages = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/change-requests/${cr.body.id}/content/pages`);
    expect(crPages.body.pages.map((p: any) => p.title)).toEqual(['Changelog']);
  });

  it('refuses unknown templates, references and malformed params (400), without a new revision', async () => {
    const space = await createSpace(app, org, { empty: true });
    const main = await activeRevision(space.id);
    const cases: [unknown, RegExp][] = [
      [{ id: 'nope' }, /id/],
      [{}, /id/],
      [{ id: 'api-reference' }, /params\.contentRefs\.spec.*required/],
      [{ id: 'changelog', params: { contentRefs: { logo: { kind: 'file', file: 'fil_x' } } } }, /params\.contentRefs\.logo/],
      [{ id: 'getting-started', params: { contentRefs: { logo: { kind: 'page', page: 'pag_x' } } } }, /logo\.kind/],
      [{ id: 'getting-started', params: { contentRefs: { logo: { kind: 'file', file: '../etc' } } } }, /logo\.file/],
      [
        { id: 'getting-started', params: { contentRefs: { logo: { kind: 'file', file: 'fil_neveruploaded' } } } },
        /logo\.file: is not a file of this content/,
      ],
      [{ id: 'getting-started', params: { contentRefs: [] } }, /contentRefs/],
      [{ id: 'changelog', extra: 1 }, /extra/],
    ];
    for (const [body, message] of cases) {
      const res = await apply(org.admin.token, space.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectSchema(res.body, 'Error');
      expect(res.body.error.message, JSON.stringify(body)).toMatch(message);
    }
    expect(await activeRevision(space.id)).toBe(main);
  });

  it('editors of the space only: readers 403; guests, other organizations 404; scopes 403; no token 401', async () => {
    const space = await createSpace(app, org, { empty: true });
    const body = { id: 'changelog' };
    // An editor writes into a change request; the main content takes what could merge one (as merges do).
    const editor = await addMember(app, org.organizationId, 'edit');
    const cr = (await rest(app, editor.token).post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Template' })).body;
    expect((await apply(editor.token, space.id, { ...body, changeRequestId: cr.id })).status).toBe(201);
    const main = await activeRevision(space.id);
    expect((await apply(editor.token, space.id, body)).status).toBe(403);
    expect(await activeRevision(space.id)).toBe(main);
    expect((await apply((await addMember(app, org.organizationId, 'review')).token, space.id, body)).status).toBe(201);
    expect((await apply((await addMember(app, org.organizationId, 'read')).token, space.id, body)).status).toBe(403);
    for (const token of [(await addMember(app, org.organizationId, 'guest')).token, (await createOrg(app)).admin.token]) {
      const res = await apply(token, space.id, body);
      expect(res.status).toBe(404);
      expectSchema(res.body, 'Error');
    }
    expect((await apply(org.admin.token, 'spc_unknown', body)).status).toBe(404);
    expect((await apply((await tokenWithScopes(app, org.admin.userId, ['space:read'])).token, space.id, body)).status).toBe(403);
    expect((await request(app, 'POST', `/v1/spaces/${space.id}/content/template`, { body })).status).toBe(401);
  });

  it('follows the merge rules: a space whose rules name a reviewer takes templates into change requests only', async () => {
    const space = await createSpace(app, org, { empty: true });
    const reviewer = await addMember(app, org.organizationId, 'review');
    const rules = { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: [reviewer.userId] }] };
    expect((await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}`, { mergeRules: rules })).status).toBe(200);
    const main = await activeRevision(space.id);
    const refused = await apply(org.admin.token, space.id, { id: 'changelog' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/merge rules require reviews/);
    expect(await activeRevision(space.id)).toBe(main);
    const cr = (await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Template' })).body;
    expect((await apply(org.admin.token, space.id, { id: 'changelog', changeRequestId: cr.id })).status).toBe(201);
    // The merge of that change request still needs the reviewer.
    expect((await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests/${cr.id}/merge`)).status).toBe(403);
  });

  it('concurrent applications each build on the previous one: none is lost', async () => {
    const space = await createSpace(app, org, { empty: true });
    const results = await race(
      app,
      times(6, restCall(org.admin.token, 'POST', `/v1/spaces/${space.id}/content/template`, { id: 'changelog' })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    const pages = await pagesOf(app, await activeRevision(space.id));
    expect(pages.map((p) => p.slug).sort()).toEqual([
      'changelog',
      'changelog-2',
      'changelog-3',
      'changelog-4',
      'changelog-5',
      'changelog-6',
    ]);
  });
});
