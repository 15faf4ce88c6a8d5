// Files of revisions (spec 4.15, 4.16): GraphQL multipart uploads into change
// requests and the main content, file reads (REST and GraphQL, batched), file
// sets carried through update and merge, and PDF exports parsed back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, useTestApp, useTestOrg } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { addMember, createOrg, createSpace } from '../support/factories.js';
import { expectOpenApi } from '../support/openapi.js';
import { race } from '../support/concurrency.js';
import { insertPages } from '../support/content.js';
import { tokenWithScopes } from '../support/tokens.js';
import { download, pdfSheets, tinyPng, upload, uploadCall, uploadOk } from '../support/files.js';

const app = useTestApp();
const org = useTestOrg(app);

const crPath = (spaceId: string, cr?: string) => `/v1/spaces/${spaceId}/change-requests${cr ? `/${cr}` : ''}`;
const errorOf = (res: { body: any }) => res.body.errors?.[0]?.extensions?.code as string | undefined;
const ids = (items: { id: string }[]) => items.map((f) => f.id).sort();
const mainRevision = async (spaceId: string) => (await app.prisma.space.findUniqueOrThrow({ where: { id: spaceId } })).revisionId;

async function spaceWithCR(pages = [{ path: 'intro', markdown: '# Intro\n\nHello' }]) {
  const space = await createSpace(app, org, { empty: true });
  const pageIds = await insertPages(app, space, pages);
  const cr = (await rest(app, org.admin.token).post(crPath(space.id), { subject: 'Files' })).body;
  return { space, cr, pageIds };
}

const text = (data: string, fileName: string, extra: Record<string, unknown> = {}) => ({ data, fileName, type: 'text/plain', ...extra });

describe('uploads into a change request', () => {
  it('stores the file (type and dimensions sniffed), lists it, serves its bytes, and leaves the main content alone', async () => {
    const { space, cr } = await spaceWithCR();
    const image = await uploadOk(app, org.admin.token, {
      spaceId: space.id,
      changeRequestId: cr.id,
      data: tinyPng(),
      fileName: 'dot.png',
      type: 'application/octet-stream',
    });
    expect(image.file).toMatchObject({
      name: 'dot.png',
      contentType: 'image/png',
      size: tinyPng().length,
      dimensions: { width: 3, height: 2 },
    });
    const notes = await uploadOk(app, org.admin.token, {
      spaceId: space.id,
      changeRequestId: '1',
      ...text('hello', 'notes.txt', { name: 'Notes.md', type: 'text/markdown; charset=utf-8' }),
    });
    expect(notes.file).toMatchObject({ name: 'Notes.md', contentType: 'text/markdown', size: 5, dimensions: null });

    const list = await rest(app, org.admin.token).get(`${crPath(space.id, cr.id)}/content/files`);
    expectOpenApi(list, 'get', '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files', 200);
    expect(list.body).toMatchObject({
      count: 2,
      items: [{ id: image.file.id, name: 'dot.png', dimensions: { width: 3, height: 2 } }, { id: notes.file.id }],
    });
    expect(list.body.items[1]).not.toHaveProperty('dimensions');
    const paged = await rest(app, org.admin.token).get(`${crPath(space.id, cr.id)}/content/files?limit=1`);
    expect(paged.body.items.map((f: any) => f.id)).toEqual([image.file.id]);
    const next = await rest(app, org.admin.token).get(`${crPath(space.id, cr.id)}/content/files?limit=1&page=${paged.body.next.page}`);
    expect(next.body.items.map((f: any) => f.id)).toEqual([notes.file.id]);

    const one = await rest(app, org.admin.token).get(`${crPath(space.id, cr.id)}/content/files/${notes.file.id}`);
    expectOpenApi(one, 'get', '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}', 200);
    expect(one.body.git).toMatchObject({ path: '.gitbook/assets/Notes.md' });
    const bare = await rest(app, org.admin.token).get(`${crPath(space.id, cr.id)}/content/files/${notes.file.id}?metadata=false`);
    expect(bare.body).not.toHaveProperty('git');
    const bytes = await download(app, one.body.downloadURL);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('text/markdown');
    expect(await bytes.text()).toBe('hello');
    expect((await download(app, image.file.downloadURL)).status).toBe(200);

    // The main content has no file until the change request merges.
    const mainFiles = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/content/files`);
    expectOpenApi(mainFiles, 'get', '/spaces/{spaceId}/content/files', 200);
    expect(mainFiles.body.items).toEqual([]);
    expect((await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/content/files/${notes.file.id}`)).status).toBe(404);
    const revision = await rest(app, org.admin.token).get(`${crPath(space.id, cr.id)}/content`);
    expectOpenApi(revision, 'get', '/spaces/{spaceId}/change-requests/{changeRequestId}/content', 200);
    expect(ids(revision.body.files)).toEqual(ids([image.file, notes.file]));
  });

  it('signs download links for five minutes, and a link stops serving once its space is deleted', async () => {
    const { space, cr } = await spaceWithCR();
    const { file } = await uploadOk(app, org.admin.token, { spaceId: space.id, changeRequestId: cr.id, ...text('secret', 's.txt') });
    const expires = Number(new URL(file.downloadURL).searchParams.get('expires'));
    expect(expires - Math.floor(app.clock.now().getTime() / 1000)).toBe(300);
    expect((await download(app, file.downloadURL)).status).toBe(200);
    expect((await rest(app, org.admin.token).delete(`/v1/spaces/${space.id}`)).status).toBe(205);
    const after = await download(app, file.downloadURL);
    expect(after.status).toBe(404);
  });

  it('each upload is a new revision; removing a file is one too, and earlier revisions keep it', async () => {
    const { space, cr } = await spaceWithCR();
    const first = await uploadOk(app, org.admin.token, { spaceId: space.id, changeRequestId: cr.id, ...text('a', 'a.txt') });
    const removed = await graphql(
      app,
      org.admin.token,
      `mutation($input: RemoveFileInput!) { removeFile(input: $input) { revision changeRequest { revision } } }`,
      {
        input: { spaceId: space.id, changeRequestId: cr.id, fileId: first.file.id },
      },
    );
    expect(removed.errors).toBeUndefined();
    const { revision, changeRequest } = removed.data.removeFile;
    expect(changeRequest.revision).toBe(revision);
    expect((await app.prisma.revision.findUniqueOrThrow({ where: { id: revision } })).parents).toEqual([first.revision]);
    expect((await rest(app, org.admin.token).get(`${crPath(space.id, cr.id)}/content/files`)).body.items).toEqual([]);

    const old = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/revisions/${first.revision}/files`);
    expectOpenApi(old, 'get', '/spaces/{spaceId}/revisions/{revisionId}/files', 200);
    expect(old.body.items.map((f: any) => f.id)).toEqual([first.file.id]);
    const oldOne = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/revisions/${first.revision}/files/${first.file.id}`);
    expectOpenApi(oldOne, 'get', '/spaces/{spaceId}/revisions/{revisionId}/files/{fileId}', 200);
    expect((await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/revisions/${revision}/files/${first.file.id}`)).status).toBe(404);
    const otherSpace = await createSpace(app, org);
    expect((await rest(app, org.admin.token).get(`/v1/spaces/${otherSpace.id}/revisions/${first.revision}/files`)).status).toBe(404);

    const again = await graphql(app, org.admin.token, `mutation($input: RemoveFileInput!) { removeFile(input: $input) { revision } }`, {
      input: { spaceId: space.id, changeRequestId: cr.id, fileId: first.file.id },
    });
    expect(errorOf({ body: again })).toBe('NOT_FOUND');
  });

  it('page edits keep the files without writing a file set, and a file write keeps the pages without writing a tree', async () => {
    const { space, cr } = await spaceWithCR();
    const up = await uploadOk(app, org.admin.token, { spaceId: space.id, changeRequestId: cr.id, ...text('a', 'a.txt') });
    const before = {
      sets: await app.prisma.fileSet.count({ where: { spaceId: space.id } }),
      trees: await app.prisma.pageTree.count({ where: { spaceId: space.id } }),
    };
    const edit = await rest(app, org.admin.token).post(`${crPath(space.id, cr.id)}/content`, {
      changes: [{ operation: 'insert_page', title: 'More' }],
    });
    expect(edit.status).toBe(200);
    const after = await app.prisma.revision.findUniqueOrThrow({ where: { id: edit.body.revision } });
    expect(after.fileSet).toBe((await app.prisma.revision.findUniqueOrThrow({ where: { id: up.revision } })).fileSet);
    expect(await app.prisma.fileSet.count({ where: { spaceId: space.id } })).toBe(before.sets);
    await uploadOk(app, org.admin.token, { spaceId: space.id, changeRequestId: cr.id, ...text('b', 'b.txt') });
    expect(await app.prisma.pageTree.count({ where: { spaceId: space.id } })).toBe(before.trees + 1); // the page insert's tree only
    expect(await app.prisma.fileSet.count({ where: { spaceId: space.id } })).toBe(before.sets + 1);
  });

  it('two uploads racing into one change request both survive', async () => {
    const { space, cr } = await spaceWithCR();
    const answers = await race(app, [
      await uploadCall(org.admin.token, { spaceId: space.id, changeRequestId: cr.id, ...text('one', 'one.txt') }),
      await uploadCall(org.admin.token, { spaceId: space.id, changeRequestId: cr.id, ...text('two', 'two.txt') }),
    ]);
    expect(answers.map((a) => a.body.errors)).toEqual([undefined, undefined]);
    const uploaded = answers.map((a) => a.body.data.uploadFile);
    const list = await rest(app, org.admin.token).get(`${crPath(space.id, cr.id)}/content/files`);
    expect(ids(list.body.items)).toEqual(ids(uploaded.map((u: any) => u.file)));
    // One revision after the other: the later one's parent is the earlier one.
    const revisions = await app.prisma.revision.findMany({ where: { id: { in: uploaded.map((u: any) => u.revision) } } });
    expect(revisions.some((r) => r.parents.includes(revisions.find((o) => o.id !== r.id)!.id))).toBe(true);
  });
});

describe('upload validation and authorization', () => {
  it('refuses empty files, bad names, non-file values and unknown change requests', async () => {
    const { space, cr } = await spaceWithCR();
    const empty = await upload(app, org.admin.token, { spaceId: space.id, changeRequestId: cr.id, ...text('', 'e.txt') });
    expect(errorOf(empty)).toBe('BAD_USER_INPUT');
    expect(empty.body.errors[0].message).toMatch(/file: is empty/);
    const slash = await upload(app, org.admin.token, {
      spaceId: space.id,
      changeRequestId: cr.id,
      ...text('x', 'x.txt', { name: 'a/b.txt' }),
    });
    expect(errorOf(slash)).toBe('BAD_USER_INPUT');
    expect(slash.body.errors[0].message).toMatch(/^name:/);
    const notAFile = await graphql(app, org.admin.token, `mutation($input: UploadFileInput!) { uploadFile(input: $input) { revision } }`, {
      input: { spaceId: space.id, changeRequestId: cr.id, file: 'not a file' },
    });
    expect(errorOf({ body: notAFile })).toBe('BAD_USER_INPUT');
    const unknown = await upload(app, org.admin.token, { spaceId: space.id, changeRequestId: 'chr_nope', ...text('x', 'x.txt') });
    expect(errorOf(unknown)).toBe('NOT_FOUND');
  });

  it('lets editors upload into change requests, not readers; hides other organizations; needs a token and space:write', async () => {
    const { space, cr } = await spaceWithCR();
    const into = { spaceId: space.id, changeRequestId: cr.id, ...text('x', 'x.txt') };
    const editor = await addMember(app, org.organizationId, 'edit');
    expect((await upload(app, editor.token, into)).body.errors).toBeUndefined();
    const reader = await addMember(app, org.organizationId, 'read');
    expect(errorOf(await upload(app, reader.token, into))).toBe('FORBIDDEN');
    expect((await rest(app, reader.token).get(`${crPath(space.id, cr.id)}/content/files`)).status).toBe(200);
    const stranger = await createOrg(app);
    expect(errorOf(await upload(app, stranger.admin.token, into))).toBe('NOT_FOUND');
    expect((await rest(app, stranger.admin.token).get(`${crPath(space.id, cr.id)}/content/files`)).status).toBe(404);
    expect((await rest(app, stranger.admin.token).get(`/v1/spaces/${space.id}/content/files`)).status).toBe(404);
    const readOnly = (await tokenWithScopes(app, org.admin.userId, ['space:read'])).token;
    expect(errorOf(await upload(app, readOnly, into))).toBe('FORBIDDEN');
    expect((await rest(app, readOnly).get(`${crPath(space.id, cr.id)}/content/files`)).status).toBe(200);
    expect(errorOf(await upload(app, undefined, into))).toBe('UNAUTHENTICATED');
    expect((await rest(app).get(`/v1/spaces/${space.id}/content/files`)).status).toBe(401);
    expect((await rest(app, org.admin.token).get(`${crPath(space.id, cr.id)}/content/files`)).body.count).toBe(1);
  });

  it('writes the main content directly only for those who may merge, in live spaces without required reviewers', async () => {
    const space = await createSpace(app, org);
    const main = { spaceId: space.id, ...text('m', 'main.txt') };
    const editor = await addMember(app, org.organizationId, 'edit');
    expect(errorOf(await upload(app, editor.token, main))).toBe('FORBIDDEN');
    const reviewer = await addMember(app, org.organizationId, 'review');
    const before = await mainRevision(space.id);
    const ok = await uploadOk(app, reviewer.token, main);
    expect(await mainRevision(space.id)).toBe(ok.revision);
    expect((await app.prisma.revision.findUniqueOrThrow({ where: { id: ok.revision } })).parents).toEqual([before]);
    const files = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/content/files/${ok.file.id}`);
    expectOpenApi(files, 'get', '/spaces/{spaceId}/content/files/{fileId}', 200);

    const mergeScopeless = (await tokenWithScopes(app, org.admin.userId, ['space:write'])).token;
    expect(errorOf(await upload(app, mergeScopeless, main))).toBe('FORBIDDEN');
    await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}`, {
      mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: [reviewer.userId] }] },
    });
    const ruled = await upload(app, org.admin.token, main);
    expect(errorOf(ruled)).toBe('FORBIDDEN');
    expect(ruled.body.errors[0].message).toMatch(/merge rules/);
    await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}`, { mergeRules: { type: 'none' } });
    await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}`, { editMode: 'locked' });
    expect(errorOf(await upload(app, org.admin.token, main))).toBe('FORBIDDEN');
  });
});

describe('too large uploads', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({ http: { maxUploadBytes: 1000 } });
  });
  afterAll(() => small.close());

  it('answer 413 and store nothing', async () => {
    const owner = await createOrg(small);
    const space = await createSpace(small, owner);
    const big = await upload(small, owner.admin.token, { spaceId: space.id, ...text('x'.repeat(1001), 'big.txt') });
    expect(errorOf(big)).toBe('PAYLOAD_TOO_LARGE');
    expect(await small.prisma.file.count({ where: { spaceId: space.id } })).toBe(0);
    expect(
      (await upload(small, owner.admin.token, { spaceId: space.id, ...text('x'.repeat(1000), 'fits.txt') })).body.errors,
    ).toBeUndefined();
  });
});

describe('update and merge carry files three-way', () => {
  it("brings main's additions in, keeps the change request's removals and additions, and merges them all", async () => {
    const space = await createSpace(app, org);
    const kept = await uploadOk(app, org.admin.token, { spaceId: space.id, ...text('k', 'kept.txt') });
    const dropped = await uploadOk(app, org.admin.token, { spaceId: space.id, ...text('d', 'dropped.txt') });
    const cr = (await rest(app, org.admin.token).post(crPath(space.id), { subject: 'Files' })).body;
    const added = await uploadOk(app, org.admin.token, { spaceId: space.id, changeRequestId: cr.id, ...text('a', 'added.txt') });
    await graphql(app, org.admin.token, `mutation($input: RemoveFileInput!) { removeFile(input: $input) { revision } }`, {
      input: { spaceId: space.id, changeRequestId: cr.id, fileId: dropped.file.id },
    });
    const fromMain = await uploadOk(app, org.admin.token, { spaceId: space.id, ...text('m', 'main.txt') });

    const update = await rest(app, org.admin.token).post(`${crPath(space.id, cr.id)}/update`);
    expect(update.body).toMatchObject({ result: 'update' });
    const crFiles = (await rest(app, org.admin.token).get(`${crPath(space.id, cr.id)}/content/files`)).body.items;
    expect(ids(crFiles)).toEqual(ids([kept.file, added.file, fromMain.file]));

    // Main removes a file the change request kept: the removal survives the merge.
    await graphql(app, org.admin.token, `mutation($input: RemoveFileInput!) { removeFile(input: $input) { revision } }`, {
      input: { spaceId: space.id, fileId: kept.file.id },
    });
    const merge = await rest(app, org.admin.token).post(`${crPath(space.id, cr.id)}/merge`);
    expect(merge.body).toMatchObject({ result: 'merge' });
    const mainFiles = (await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/content/files`)).body.items;
    expect(ids(mainFiles)).toEqual(ids([added.file, fromMain.file]));
  });

  it('a duplicated space keeps its files', async () => {
    const space = await createSpace(app, org);
    const file = await uploadOk(app, org.admin.token, { spaceId: space.id, data: tinyPng(), fileName: 'dot.png' });
    const copy = await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/duplicate`);
    expect(copy.status).toBe(201);
    const copied = await rest(app, org.admin.token).get(`/v1/spaces/${copy.body.id}/content/files/${file.file.id}`);
    expect(copied.body).toMatchObject({ name: 'dot.png', dimensions: { width: 3, height: 2 } });
    expect(Buffer.from(await (await download(app, copied.body.downloadURL)).arrayBuffer())).toEqual(tinyPng());
  });
});

describe('Revision.files in GraphQL', () => {
  const QUERY = `query($id: ID!, $first: Int) { space(id: $id) { changeRequests(first: $first, status: draft) { edges { node { content { files { id name downloadURL dimensions { width } } } } } } } }`;

  it('costs the same statements for 6 change requests as for 2', async () => {
    const measure = async (n: number) => {
      const space = await createSpace(app, org);
      for (let i = 0; i < n; i++) {
        const cr = (await rest(app, org.admin.token).post(crPath(space.id), { subject: `CR ${i}` })).body;
        await uploadOk(app, org.admin.token, { spaceId: space.id, changeRequestId: cr.id, ...text(`f${i}`, `f${i}.txt`) });
      }
      const { result, statements } = await app.recordStatements(() => graphql(app, org.admin.token, QUERY, { id: space.id, first: 10 }));
      expect(result.errors).toBeUndefined();
      const edges = result.data.space.changeRequests.edges;
      expect(edges).toHaveLength(n);
      expect(edges.every((e: any) => e.node.content.files.length === 1)).toBe(true);
      return statements;
    };
    const few = await measure(2);
    const many = await measure(6);
    expect(many.length).toBe(few.length);
    expect(many.filter((sql) => /"FileSet"/.test(sql))).toHaveLength(1);
    expect(many.filter((sql) => /FROM "public"."File"/.test(sql))).toHaveLength(1);
  });
});

describe('PDF exports', () => {
  it('renders the whole space or one page, and answers a URL that serves the PDF', async () => {
    const { space, cr, pageIds } = await spaceWithCR([
      { path: 'guide', markdown: '# Install\n\nRun the installer.' },
      { path: 'guide/advanced', markdown: 'Deep water.' },
      { path: 'faq', markdown: 'Questions and answers.' },
    ]);
    const all = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/pdf`);
    expectOpenApi(all, 'get', '/spaces/{spaceId}/pdf', 200);
    const sheetsOf = async (url: string) => {
      const res = await download(app, url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      return pdfSheets(new Uint8Array(await res.arrayBuffer()));
    };
    const whole = await sheetsOf(all.body.url);
    expect(whole).toHaveLength(3);
    expect(whole[0]).toMatch(/Install/);
    expect(whole[1]).toMatch(/Deep water/);
    expect(whole[2]).toMatch(/Questions and answers/);
    expect(await sheetsOf((await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/pdf?page=${pageIds[0]}`)).body.url)).toHaveLength(
      2,
    );
    const alone = await sheetsOf(
      (await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/pdf?page=${pageIds[0]}&only=true`)).body.url,
    );
    expect(alone).toHaveLength(1);
    expect(alone[0]).toMatch(/Run the installer/);
    // Signed for one hour.
    const expires = Number(new URL(all.body.url).searchParams.get('expires'));
    expect(expires - Math.floor(app.clock.now().getTime() / 1000)).toBe(3600);

    await rest(app, org.admin.token).post(`${crPath(space.id, cr.id)}/content`, {
      changes: [{ operation: 'insert_page', title: 'Changelog', document: { markdown: 'Version two.' } }],
    });
    const crPdf = await rest(app, org.admin.token).get(`${crPath(space.id, cr.id)}/pdf`);
    expectOpenApi(crPdf, 'get', '/spaces/{spaceId}/change-requests/{changeRequestId}/pdf', 200);
    const crSheets = await sheetsOf(crPdf.body.url);
    expect(crSheets).toHaveLength(4);
    expect(crSheets[3]).toMatch(/Version two/);
  });

  it('answers 404 for an unknown page, 400 for only without page, and follows the read rules', async () => {
    const { space, cr } = await spaceWithCR();
    expect((await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/pdf?page=pag_nope`)).status).toBe(404);
    expect((await rest(app, org.admin.token).get(`${crPath(space.id, cr.id)}/pdf?page=pag_nope&only=true`)).status).toBe(404);
    expect((await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/pdf?only=true`)).status).toBe(400);
    const reader = await addMember(app, org.organizationId, 'read');
    expect((await rest(app, reader.token).get(`/v1/spaces/${space.id}/pdf`)).status).toBe(200);
    const stranger = await createOrg(app);
    expect((await rest(app, stranger.admin.token).get(`/v1/spaces/${space.id}/pdf`)).status).toBe(404);
    expect((await rest(app, stranger.admin.token).get(`${crPath(space.id, cr.id)}/pdf`)).status).toBe(404);
    expect((await rest(app).get(`/v1/spaces/${space.id}/pdf`)).status).toBe(401);
    const orgOnly = (await tokenWithScopes(app, org.admin.userId, ['organization:read'])).token;
    expect((await rest(app, orgOnly).get(`/v1/spaces/${space.id}/pdf`)).status).toBe(403);
  });
});
