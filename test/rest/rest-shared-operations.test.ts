// One GraphQL operation may serve several REST routes (space and change-request
// comments; space and collection permissions). Each route takes its own path's
// ids only: a sibling route's id in the body is refused, in the query ignored,
// and Quire's OpenAPI document lists neither.
import { expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { rest } from '../support/http.js';
import { createOrg, createSpace } from '../support/factories.js';
import { insertChangeRequest } from '../support/comments.js';
import { buildOpenApiDocument } from '../../src/openapi/document.js';
import { routes } from '../../src/rest/routes.js';
import { schema } from '../../src/graphql/schema.js';

const app = useTestApp();

it("refuses a sibling route's id in the body, naming it, and writes nothing", async () => {
  const org = await createOrg(app);
  const space = await createSpace(app, org);
  const cr = await insertChangeRequest(app, space, org.admin.userId);
  const res = await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/comments`, {
    body: { markdown: 'Hi' },
    changeRequestId: cr.id,
  });
  expect(res.status).toBe(400);
  expect(res.body.error.message).toMatch(/^changeRequestId: /);
  expect(await app.prisma.comment.count({ where: { spaceId: space.id } })).toBe(0);
  const collection = await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/permissions`, { level: 'read', collectionId: 'col_x' });
  expect(collection.status).toBe(400);
  expect(collection.body.error.message).toMatch(/^collectionId: /);
});

it("ignores a sibling route's id in the query: a space's comments stay the space's", async () => {
  const org = await createOrg(app);
  const space = await createSpace(app, org);
  const cr = await insertChangeRequest(app, space, org.admin.userId);
  const admin = rest(app, org.admin.token);
  expect(
    (await admin.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/comments`, { body: { markdown: 'In the change request' } })).status,
  ).toBe(200);
  const list = await admin.get(`/v1/spaces/${space.id}/comments?changeRequestId=${cr.id}`);
  expect(list.status).toBe(200);
  expect(list.body.items).toEqual([]);
  expect((await admin.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/comments`)).body.items).toHaveLength(1);
});

it("leaves sibling routes' ids out of Quire's OpenAPI document", () => {
  const document = buildOpenApiDocument(schema, routes, { serverUrl: 'x', version: '0' }) as any;
  const list = document.paths['/spaces/{spaceId}/comments'].get;
  expect(list.parameters.map((p: { name: string }) => p.name)).not.toContain('changeRequestId');
  const post = document.paths['/spaces/{spaceId}/comments'].post;
  expect(Object.keys(post.requestBody.content['application/json'].schema.properties)).not.toContain('changeRequestId');
});
