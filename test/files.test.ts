// Files of revisions (spec 4.15, 4.16): GraphQL multipart uploads into change
// requests and the main content, file reads (REST and GraphQL, batched), file
// sets carried through update and merge, and PDF exports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { graphql, rest } from './support/http.js';
import { addMember, createOrg, createSpace, type OrgFixture } from './support/factories.js';
import { expectOpenApi } from './support/openapi.js';
import { insertPages } from './support/content.js';
import { download, tinyPng, upload, uploadOk } from './support/files.js';

let app: TestApp;
let org: OrgFixture;
beforeAll(async () => {
  app = await startTestApp();
  org = await createOrg(app);
});
afterAll(() => app.close());

const crPath = (spaceId: string, cr?: string) => `/v1/spaces/${spaceId}/change-requests${cr ? `/${cr}` : ''}`;

async function spaceWithCR() {
  const space = await createSpace(app, org, { empty: true });
  await insertPages(app, space, [{ path: 'intro', markdown: '# Intro\n\nHello' }]);
  const cr = (await rest(app, org.admin.token).post(crPath(space.id), { subject: 'Files' })).body;
  return { space, cr };
}

describe('uploads', () => {
  it('uploads an image into a change request and reads it back', async () => {
    const { space, cr } = await spaceWithCR();
    const uploaded = await uploadOk(app, org.admin.token, { spaceId: space.id, changeRequestId: cr.id, data: tinyPng(), fileName: 'dot.png', type: 'application/octet-stream' });
    expect(uploaded.file).toMatchObject({ name: 'dot.png', contentType: 'image/png', size: tinyPng().length, dimensions: { width: 3, height: 2 } });
    const list = await rest(app, org.admin.token).get(`${crPath(space.id, cr.id)}/content/files`);
    expectOpenApi(list, 'get', '/spaces/{spaceId}/change-requests/{changeRequestId}/content/files', 200);
    expect(list.body.items.map((f: any) => f.id)).toEqual([uploaded.file.id]);
    const bytes = await download(app, list.body.items[0].downloadURL);
    expect(bytes.status).toBe(200);
    expect(Buffer.from(await bytes.arrayBuffer())).toEqual(tinyPng());
  });
});
