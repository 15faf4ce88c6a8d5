// Reusable contents of a revision (GET /spaces/{spaceId}/revisions/{revisionId}/
// reusable-contents/{reusableContentId}[/document]): Quire's content model has
// none, so every id answers the documented 404 naming the reusable content — but
// only once the space is authorized and the revision found in that space.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { addMember, createOrg, createSpace } from '../support/factories.js';
import { tokenWithScopes } from '../support/tokens.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

function expectError(res: { status: number; body: any }, status: number, message?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ error: { code: status, message: expect.any(String) } });
  if (message) expect(res.body.error.message).toMatch(message);
}

async function spaceWithRevision() {
  const org = await createOrg(app);
  const space = await createSpace(app, org);
  const content = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/content`);
  expect(content.body.reusableContents).toEqual([]);
  return { org, space, revision: content.body.id as string };
}

const paths = (spaceId: string, revisionId: string, id = 'rc_1') => [
  `/v1/spaces/${spaceId}/revisions/${revisionId}/reusable-contents/${id}`,
  `/v1/spaces/${spaceId}/revisions/${revisionId}/reusable-contents/${id}/document`,
];

describe('reusable contents', () => {
  it('answers 404 naming the reusable content: the revision holds none', async () => {
    const { org, space, revision } = await spaceWithRevision();
    for (const path of paths(space.id, revision))
      expectError(await rest(app, org.admin.token).get(path), 404, /^Reusable content rc_1 not found$/);
    const { errors } = await graphql(
      app,
      org.admin.token,
      'query($s: ID!, $r: ID!) { space(id: $s) { revisionById(id: $r) { reusableContents reusableContent(id: "rc_1") { id } } } }',
      { s: space.id, r: revision },
    );
    expect(errors?.[0]).toMatchObject({ message: 'Reusable content rc_1 not found', extensions: { code: 'NOT_FOUND' } });
  });

  it('checks the space and the revision first: another space’s revision, an unknown one, another organization, scopes', async () => {
    const { org, space, revision } = await spaceWithRevision();
    const otherSpace = await createSpace(app, org);
    const stranger = await createOrg(app);
    for (const path of paths(otherSpace.id, revision)) expectError(await rest(app, org.admin.token).get(path), 404, /^Revision not found$/);
    for (const path of paths(space.id, 'rev_unknown')) expectError(await rest(app, org.admin.token).get(path), 404, /Revision/);
    for (const path of paths(space.id, revision)) {
      expectError(await rest(app, stranger.admin.token).get(path), 404, /^Space not found$|^Resource not found$/);
      expectError(await rest(app, (await addMember(app, org.organizationId, 'read')).token).get(path), 404, /Reusable content/);
      expectError(
        await rest(app, (await tokenWithScopes(app, org.admin.userId, ['organization:read'])).token).get(path),
        403,
        /space:read/,
      );
      expectError(await rest(app, (await tokenWithScopes(app, org.admin.userId, ['space:read'])).token).get(path), 404, /Reusable content/);
      expectError(await rest(app).get(path), 401);
    }
  });
});
