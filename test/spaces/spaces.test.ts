// Spaces (spec 4.12): read (with share keys), settings, soft deletion with its
// 7-day retention and purge, restore, duplication, the organization list and
// creation. Moves and transfers: spaces-move-transfer.test.ts; the link report:
// space-links.test.ts; the access model: content-access.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { startIsolatedTestApp, useTestApp } from '../support/app.js';
import { request, rest } from '../support/http.js';
import { addMember, createCollection, createOrg, createSpace, membersOfEveryRole, type OrgFixture } from '../support/factories.js';
import { expectOpenApi, expectSchema, outsiderSpace } from '../support/openapi.js';
import { insertPages, pagesOf, shareByLink } from '../support/content.js';
import { DAY } from '../../src/clock.js';
import { purgeDeletedSpaces } from '../../src/domain/spaces/service.js';

const app = useTestApp();

const expect400 = (res: { status: number; body: any }, field: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expectSchema(res.body, 'Error');
  expect(res.body.error.message).toContain(field);
};

describe('GET /spaces/{spaceId}', () => {
  it('requires authentication', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    for (const token of [undefined, 'qt_not-a-token']) {
      const res = await request(app, 'GET', `/v1/spaces/${space.id}`, { token });
      expect(res.status).toBe(401);
      expectSchema(res.body, 'Error');
    }
  });

  it("returns the space with the caller's permissions for every role, and hides it from guests", async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org, { title: 'Handbook' });
    const callers = await membersOfEveryRole(app, org.organizationId);
    const expected = {
      admin: { view: true, access: true, admin: true, edit: true, comment: true, review: true, merge: true },
      create: { view: true, access: true, admin: false, edit: true, comment: true, review: true, merge: true },
      review: { view: true, access: true, admin: false, edit: true, comment: true, review: true, merge: true },
      edit: { view: true, access: true, admin: false, edit: true, comment: true, review: false, merge: false },
      comment: { view: true, access: true, admin: false, edit: false, comment: true, review: false, merge: false },
      read: { view: true, access: true, admin: false, edit: false, comment: false, review: false, merge: false },
    };
    for (const [role, permissions] of Object.entries(expected)) {
      const res = await rest(app, callers[role as keyof typeof callers].token).get(`/v1/spaces/${space.id}`);
      expectOpenApi(res, 'get', '/spaces/{spaceId}', 200);
      expect(res.body).toMatchObject({
        object: 'space',
        id: space.id,
        title: 'Handbook',
        organization: org.organizationId,
        visibility: 'private',
        editMode: 'live',
        defaultLevel: 'inherit',
        emoji: '',
        comments: 0,
        changeRequests: 0,
        urls: { location: `http://quire.test/v1/spaces/${space.id}` },
        permissions,
      });
      expect(res.body.permissions.installIntegration).toBe(role === 'admin');
    }
    const guest = await rest(app, callers.guest.token).get(`/v1/spaces/${space.id}`);
    expect(guest.status).toBe(404);
  });

  it('answers 404 for an unknown space and for a token of another organization', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const space = await createSpace(app, org);
    const unknown = await rest(app, org.admin.token).get('/v1/spaces/spc_doesnotexist');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: { code: 404, message: 'Space not found' } });
    const foreign = await rest(app, other.admin.token).get(`/v1/spaces/${space.id}`);
    expect(foreign.status).toBe(404);
  });

  it('lets whoever presents the secret key of a share-link space read it, and nobody else', async () => {
    const org = await createOrg(app);
    const stranger = await createOrg(app);
    const space = await createSpace(app, org);
    const other = await createSpace(app, org);
    const key = await shareByLink(app, space);
    const otherKey = await shareByLink(app, other);
    const reader = rest(app, stranger.admin.token);

    const shared = await reader.get(`/v1/spaces/${space.id}?shareKey=${encodeURIComponent(key)}`);
    // A key opens the content, not the space's settings and activity (merge rules, default level, counts).
    expectOpenApi({ ...shared, body: outsiderSpace(shared.body) }, 'get', '/spaces/{spaceId}', 200);
    expect(shared.body.visibility).toBe('share-link');
    // Reading, not membership: no access in the app, no right beyond reading.
    expect(shared.body.permissions).toMatchObject({ view: true, access: false, comment: false, edit: false, admin: false });

    expect((await reader.get(`/v1/spaces/${space.id}`)).status).toBe(404);
    expect((await reader.get(`/v1/spaces/${space.id}?shareKey=wrong`)).status).toBe(404);
    expect((await reader.get(`/v1/spaces/${space.id}?shareKey=${encodeURIComponent(otherKey)}`)).status).toBe(404);
    // The key only opens the space while it is shared by link.
    await app.prisma.space.update({ where: { id: space.id }, data: { visibility: 'private' } });
    expect((await reader.get(`/v1/spaces/${space.id}?shareKey=${encodeURIComponent(key)}`)).status).toBe(404);
    // A share key gives no write: PATCH is still 404 for the stranger.
    await app.prisma.space.update({ where: { id: space.id }, data: { visibility: 'share-link' } });
    expect((await reader.patch(`/v1/spaces/${space.id}?shareKey=${encodeURIComponent(key)}`, { title: 'x' })).status).toBe(404);
  });
});

describe('PATCH /spaces/{spaceId}', () => {
  let org: OrgFixture;
  beforeAll(async () => {
    org = await createOrg(app);
  });

  it('requires authentication', async () => {
    const space = await createSpace(app, org);
    const res = await request(app, 'PATCH', `/v1/spaces/${space.id}`, { body: { title: 'x' } });
    expect(res.status).toBe(401);
  });

  it('updates every documented setting for an admin', async () => {
    const space = await createSpace(app, org, { title: 'Before' });
    const reviewer = await addMember(app, org.organizationId, 'review');
    const res = await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}`, {
      title: 'After',
      emoji: '🎉',
      editMode: 'locked',
      defaultLevel: 'comment',
      language: 'pt-br',
      mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: [reviewer.userId] }] },
    });
    expectOpenApi(res, 'patch', '/spaces/{spaceId}', 200);
    expect(res.body).toMatchObject({
      title: 'After',
      emoji: '🎉',
      editMode: 'locked',
      defaultLevel: 'comment',
      language: 'pt-br',
      mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: [reviewer.userId] }] },
    });
    const row = await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } });
    expect(row).toMatchObject({
      title: 'After',
      emoji: '🎉',
      editMode: 'locked',
      defaultLevel: 'comment',
      memberLevel: 'comment',
      language: 'pt-br',
    });

    // null removes the emoji; "" (what a space without one shows) does too; null default level = no default access.
    const cleared = await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}`, {
      emoji: null,
      defaultLevel: null,
      mergeRules: { type: 'inherit' },
    });
    expectOpenApi(cleared, 'patch', '/spaces/{spaceId}', 200);
    expect(cleared.body).toMatchObject({ emoji: '', defaultLevel: null, mergeRules: { type: 'inherit' } });
    expect(await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).toMatchObject({
      emoji: null,
      defaultLevel: 'guest',
      memberLevel: 'guest',
    });
    const codePoint = await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}`, { emoji: '1f389' });
    expect(codePoint.body.emoji).toBe('1f389');
    const empty = await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}`, { emoji: '' });
    expect(empty.body.emoji).toBe('');
  });

  it('shows an emoji or an icon: setting one replaces the other, null removes the icon', async () => {
    const space = await createSpace(app, org, { emoji: '📘' });
    const admin = rest(app, org.admin.token);
    const withIcon = await admin.patch(`/v1/spaces/${space.id}`, { icon: 'https://cdn.example.com/book.png' });
    expectOpenApi(withIcon, 'patch', '/spaces/{spaceId}', 200);
    expect(withIcon.body.urls.icon).toBe('https://cdn.example.com/book.png');
    expect(withIcon.body.emoji).toBe('');
    const withEmoji = await admin.patch(`/v1/spaces/${space.id}`, { emoji: '🎉' });
    expect(withEmoji.body.emoji).toBe('🎉');
    expect(withEmoji.body.urls.icon).toBeUndefined();
    await admin.patch(`/v1/spaces/${space.id}`, { icon: 'https://cdn.example.com/book.png' });
    const removed = await admin.patch(`/v1/spaces/${space.id}`, { icon: null, emoji: null });
    expect(removed.body.urls.icon).toBeUndefined();
    expect(await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).toMatchObject({ emoji: null, iconURL: null });
    for (const body of [{ icon: 'not a url' }, { icon: 'ftp://example.com/x.png' }, { icon: 'https://x.test/a.png', emoji: '🎉' }]) {
      const res = await admin.patch(`/v1/spaces/${space.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(/^icon/);
    }
  });

  it('rejects invalid values with a 400 naming the field, and writes nothing', async () => {
    const space = await createSpace(app, org, { title: 'Stable' });
    const admin = rest(app, org.admin.token);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x'.repeat(51) }, 'title'],
      [{ title: null }, 'title'],
      [{ emoji: 'smile' }, 'emoji'],
      [{ emoji: '🎉🎉' }, 'emoji'],
      [{ language: 'klingon' }, 'language'],
      [{ editMode: 'open' }, 'editMode'],
      [{ editMode: null }, 'editMode'],
      [{ defaultLevel: 'owner' }, 'defaultLevel'],
      [{ mergeRules: { type: 'maybe' } }, 'mergeRules'],
      [{ mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: 'me' }] } }, 'mergeRules.rules[0].users'],
      // Required reviewers must be members of the space's organization.
      [
        { mergeRules: { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: [(await createOrg(app)).admin.userId] }] } },
        'mergeRules.rules[0].users',
      ],
      [{ visibility: 'public' }, 'visibility'],
      // A valid title with an invalid emoji: nothing is written.
      [{ title: 'Changed', emoji: 'nope' }, 'emoji'],
    ];
    for (const [body, field] of cases) expect400(await admin.patch(`/v1/spaces/${space.id}`, body), field);
    expect(await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).toMatchObject({
      title: 'Stable',
      emoji: null,
      editMode: 'live',
    });
  });

  it('is for admins: 403 for members who see the space, 404 for guests, other organizations and unknown spaces', async () => {
    const space = await createSpace(app, org, { title: 'Mine' });
    const callers = await membersOfEveryRole(app, org.organizationId);
    for (const role of ['create', 'review', 'edit', 'comment', 'read'] as const) {
      const res = await rest(app, callers[role].token).patch(`/v1/spaces/${space.id}`, { title: 'Theirs' });
      expect(res.status, role).toBe(403);
      expectSchema(res.body, 'Error');
    }
    expect((await rest(app, callers.guest.token).patch(`/v1/spaces/${space.id}`, { title: 'Theirs' })).status).toBe(404);
    const other = await createOrg(app);
    expect((await rest(app, other.admin.token).patch(`/v1/spaces/${space.id}`, { title: 'Theirs' })).status).toBe(404);
    expect((await rest(app, org.admin.token).patch('/v1/spaces/spc_unknown', { title: 'x' })).status).toBe(404);
    expect((await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).title).toBe('Mine');
  });

  it('locks edits for everyone in a locked space', async () => {
    const space = await createSpace(app, org);
    const editor = await addMember(app, org.organizationId, 'edit');
    const before = await rest(app, editor.token).get(`/v1/spaces/${space.id}`);
    expect(before.body.permissions.edit).toBe(true);
    await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}`, { editMode: 'locked' });
    for (const token of [editor.token, org.admin.token]) {
      const res = await rest(app, token).get(`/v1/spaces/${space.id}`);
      expect(res.body.permissions.edit).toBe(false);
    }
    expect((await rest(app, org.admin.token).get(`/v1/spaces/${space.id}`)).body.permissions.admin).toBe(true);
  });
});

describe('DELETE /spaces/{spaceId} and POST /spaces/{spaceId}/restore', () => {
  it('requires authentication', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    expect((await request(app, 'DELETE', `/v1/spaces/${space.id}`)).status).toBe(401);
    expect((await request(app, 'POST', `/v1/spaces/${space.id}/restore`)).status).toBe(401);
    expect((await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).deletedAt).toBeNull();
  });

  it('soft-deletes (205), hides the space from lists and non-admins, and is idempotent (204)', async () => {
    const org = await createOrg(app);
    const collection = await createCollection(app, org);
    const space = await createSpace(app, org, { parent: collection.id });
    const editor = await addMember(app, org.organizationId, 'edit');
    const admin = rest(app, org.admin.token);

    const res = await admin.delete(`/v1/spaces/${space.id}`);
    expect(res.status).toBe(205);
    expect(res.body).toBeUndefined();
    const row = await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } });
    expect(row.deletedAt?.toISOString()).toBe(app.clock.now().toISOString());

    expect((await admin.get(`/v1/orgs/${org.organizationId}/spaces`)).body.items.map((s: { id: string }) => s.id)).not.toContain(space.id);
    expect((await admin.get(`/v1/collections/${collection.id}/spaces`)).body.count).toBe(0);
    expect((await rest(app, editor.token).get(`/v1/spaces/${space.id}`)).status).toBe(404);
    // Admins still read it (to restore it): deletedAt tells.
    const seen = await admin.get(`/v1/spaces/${space.id}`);
    expectOpenApi(seen, 'get', '/spaces/{spaceId}', 200);
    expect(seen.body.deletedAt).toBe(row.deletedAt!.toISOString());
    expect(seen.body.permissions).toMatchObject({ view: true, admin: false, edit: false });
    // Nothing but restore (and delete) works on a deleted space.
    expect((await admin.patch(`/v1/spaces/${space.id}`, { title: 'x' })).status).toBe(404);
    expect((await admin.post(`/v1/spaces/${space.id}/duplicate`)).status).toBe(404);
    expect((await admin.post(`/v1/spaces/${space.id}/move`, { parent: null })).status).toBe(404);

    expect((await admin.delete(`/v1/spaces/${space.id}`)).status).toBe(204);
    expect((await admin.delete('/v1/spaces/spc_neverexisted')).status).toBe(204);
    // The second delete did not move the deletion date.
    expect((await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).deletedAt).toEqual(row.deletedAt);
  });

  it('is for admins: 403 for members, nothing done (204) for callers who cannot see it', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const callers = await membersOfEveryRole(app, org.organizationId);
    for (const role of ['create', 'review', 'edit', 'comment', 'read'] as const) {
      expect((await rest(app, callers[role].token).delete(`/v1/spaces/${space.id}`)).status, role).toBe(403);
    }
    const other = await createOrg(app);
    expect((await rest(app, other.admin.token).delete(`/v1/spaces/${space.id}`)).status).toBe(204);
    expect((await rest(app, callers.guest.token).delete(`/v1/spaces/${space.id}`)).status).toBe(204);
    expect((await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).deletedAt).toBeNull();
  });

  it('restores a space deleted less than 7 days ago, back in its place and lists', async () => {
    const org = await createOrg(app);
    const collection = await createCollection(app, org);
    const space = await createSpace(app, org, { parent: collection.id });
    const admin = rest(app, org.admin.token);
    expect((await admin.delete(`/v1/spaces/${space.id}`)).status).toBe(205);
    app.clock.advance(7 * DAY - 60_000);
    const res = await admin.post(`/v1/spaces/${space.id}/restore`);
    expectOpenApi(res, 'post', '/spaces/{spaceId}/restore', 200);
    expect(res.body).toMatchObject({ id: space.id, parent: collection.id, visibility: 'in-collection' });
    expect(res.body.deletedAt).toBeUndefined();
    expect((await admin.get(`/v1/collections/${collection.id}/spaces`)).body.items.map((s: { id: string }) => s.id)).toEqual([space.id]);
    // Restoring a live space changes nothing: 409.
    const again = await admin.post(`/v1/spaces/${space.id}/restore`);
    expect(again.status).toBe(409);
    expectSchema(again.body, 'Error');
  });

  it('cannot restore after 7 days: the space is gone (404), and the scheduled purge removes it with its content', async () => {
    // The purge removes every space deleted before the clock it is given, whatever its organization.
    const isolated = await startIsolatedTestApp();
    try {
      const org = await createOrg(isolated);
      const old = await createSpace(isolated, org);
      const recent = await createSpace(isolated, org);
      const live = await createSpace(isolated, org);
      await insertPages(isolated, old, [{ path: 'intro' }]);
      const admin = rest(isolated, org.admin.token);
      await admin.delete(`/v1/spaces/${old.id}`);
      isolated.clock.advance(2 * DAY);
      await admin.delete(`/v1/spaces/${recent.id}`);
      isolated.clock.advance(5 * DAY + 1);

      expect((await admin.post(`/v1/spaces/${old.id}/restore`)).status).toBe(404);
      expect((await admin.get(`/v1/spaces/${old.id}`)).status).toBe(404);
      expect((await admin.delete(`/v1/spaces/${old.id}`)).status).toBe(204);

      const purged = await purgeDeletedSpaces(isolated.prisma, isolated.clock.now());
      expect(purged).toBe(1); // its database holds no other deleted space
      expect(await isolated.prisma.space.findUnique({ where: { id: old.id } })).toBeNull();
      expect(await isolated.prisma.revision.count({ where: { spaceId: old.id } })).toBe(0);
      expect(await isolated.prisma.pageVersion.count({ where: { spaceId: old.id } })).toBe(0);
      // Deleted 5 days ago: kept and restorable. Never deleted: untouched.
      expect(await isolated.prisma.space.findUnique({ where: { id: recent.id } })).not.toBeNull();
      expect(await isolated.prisma.space.findUnique({ where: { id: live.id } })).not.toBeNull();
      expect((await admin.post(`/v1/spaces/${recent.id}/restore`)).status).toBe(200);
    } finally {
      await isolated.close();
    }
  });

  it('restore is for admins: 404 for members (they cannot see a deleted space) and other organizations', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const creator = await addMember(app, org.organizationId, 'create');
    const other = await createOrg(app);
    await rest(app, org.admin.token).delete(`/v1/spaces/${space.id}`);
    expect((await rest(app, creator.token).post(`/v1/spaces/${space.id}/restore`)).status).toBe(404);
    expect((await rest(app, other.admin.token).post(`/v1/spaces/${space.id}/restore`)).status).toBe(404);
    expect((await rest(app, org.admin.token).post('/v1/spaces/spc_unknown/restore')).status).toBe(404);
    expect((await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).deletedAt).not.toBeNull();
  });
});

describe('POST /spaces/{spaceId}/duplicate', () => {
  it('requires authentication', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    expect((await request(app, 'POST', `/v1/spaces/${space.id}/duplicate`)).status).toBe(401);
  });

  it('copies the space, its settings and its pages next to it (201)', async () => {
    const org = await createOrg(app);
    const collection = await createCollection(app, org);
    const space = await createSpace(app, org, { parent: collection.id, title: 'Guide', emoji: '📘', language: 'fr', empty: true });
    await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}`, { defaultLevel: 'read' });
    await insertPages(app, space, [
      { path: 'intro', markdown: '# Hello' },
      { path: 'setup', markdown: 'See [intro](intro.md)' },
    ]);
    const res = await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/duplicate`);
    expectOpenApi(res, 'post', '/spaces/{spaceId}/duplicate', 201);
    expect(res.body).toMatchObject({
      title: 'Guide (copy)',
      emoji: '📘',
      language: 'fr',
      parent: collection.id,
      defaultLevel: 'read',
      organization: org.organizationId,
    });
    expect(res.body.id).not.toBe(space.id);
    expect(res.body.revision).not.toBe(space.revision);
    const pages = await pagesOf(app, res.body.revision);
    expect(pages.map((p) => [p.path, p.markdown])).toEqual([
      ['intro', '# Hello'],
      ['setup', 'See [intro](intro.md)'],
    ]);
    // The source is untouched; the copy comes after it among its siblings.
    expect(await pagesOf(app, (await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).revisionId)).toHaveLength(2);
    const listed = await rest(app, org.admin.token).get(`/v1/collections/${collection.id}/spaces`);
    expect(listed.body.items.map((s: { id: string }) => s.id)).toEqual([space.id, res.body.id]);
  });

  it('needs the right to create content where the copy goes: create role 201, lower roles 403, others 404', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const callers = await membersOfEveryRole(app, org.organizationId);
    const copy = await rest(app, callers.create.token).post(`/v1/spaces/${space.id}/duplicate`);
    expect(copy.status).toBe(201);
    for (const role of ['review', 'edit', 'comment', 'read'] as const) {
      expect((await rest(app, callers[role].token).post(`/v1/spaces/${space.id}/duplicate`)).status, role).toBe(403);
    }
    expect((await rest(app, callers.guest.token).post(`/v1/spaces/${space.id}/duplicate`)).status).toBe(404);
    const other = await createOrg(app);
    expect((await rest(app, other.admin.token).post(`/v1/spaces/${space.id}/duplicate`)).status).toBe(404);
    expect((await rest(app, org.admin.token).post('/v1/spaces/spc_unknown/duplicate')).status).toBe(404);
    expect(await app.prisma.space.count({ where: { organizationId: org.organizationId } })).toBe(2);
  });
});

describe('GET /orgs/{organizationId}/spaces', () => {
  it('requires authentication', async () => {
    const org = await createOrg(app);
    expect((await request(app, 'GET', `/v1/orgs/${org.organizationId}/spaces`)).status).toBe(401);
  });

  it('lists the live spaces of the organization, in pages', async () => {
    const org = await createOrg(app);
    const collection = await createCollection(app, org);
    const a = await createSpace(app, org, { title: 'A' });
    const b = await createSpace(app, org, { title: 'B', parent: collection.id });
    const c = await createSpace(app, org, { title: 'C' });
    const admin = rest(app, org.admin.token);
    const all = await admin.get(`/v1/orgs/${org.organizationId}/spaces`);
    expectOpenApi(all, 'get', '/orgs/{organizationId}/spaces', 200);
    expect(all.body.count).toBe(3);
    expect(all.body.next).toBeUndefined();
    expect(all.body.items.map((s: { id: string }) => s.id)).toEqual([a.id, b.id, c.id]);

    const first = await admin.get(`/v1/orgs/${org.organizationId}/spaces?limit=2`);
    expectOpenApi(first, 'get', '/orgs/{organizationId}/spaces', 200);
    expect(first.body.items.map((s: { id: string }) => s.id)).toEqual([a.id, b.id]);
    expect(first.body.count).toBe(3);
    const second = await admin.get(`/v1/orgs/${org.organizationId}/spaces?limit=2&page=${encodeURIComponent(first.body.next.page)}`);
    expect(second.body.items.map((s: { id: string }) => s.id)).toEqual([c.id]);
    expect(second.body.next).toBeUndefined();

    for (const limit of ['0', '1001', 'ten']) expect400(await admin.get(`/v1/orgs/${org.organizationId}/spaces?limit=${limit}`), 'limit');
  });

  it('shows members what they may see: guests nothing, other organizations 404', async () => {
    const org = await createOrg(app);
    await createSpace(app, org);
    const callers = await membersOfEveryRole(app, org.organizationId);
    const read = await rest(app, callers.read.token).get(`/v1/orgs/${org.organizationId}/spaces`);
    expectOpenApi(read, 'get', '/orgs/{organizationId}/spaces', 200);
    expect(read.body.count).toBe(1);
    const guest = await rest(app, callers.guest.token).get(`/v1/orgs/${org.organizationId}/spaces`);
    expect(guest.body).toEqual({ count: 0, items: [] });
    const other = await createOrg(app);
    expect((await rest(app, other.admin.token).get(`/v1/orgs/${org.organizationId}/spaces`)).status).toBe(404);
    expect((await rest(app, org.admin.token).get('/v1/orgs/org_unknown/spaces')).status).toBe(404);
  });
});

describe('POST /orgs/{organizationId}/spaces', () => {
  let org: OrgFixture;
  beforeAll(async () => {
    org = await createOrg(app);
  });

  it('requires authentication', async () => {
    const res = await request(app, 'POST', `/v1/orgs/${org.organizationId}/spaces`, { body: { title: 'x' } });
    expect(res.status).toBe(401);
    expect(await app.prisma.space.count({ where: { organizationId: org.organizationId, title: 'x' } })).toBe(0);
  });

  it('creates a space (201) with the documented fields, opening on one page', async () => {
    const res = await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/spaces`, {
      title: 'API reference',
      emoji: '📚',
      language: 'de',
      editMode: 'locked',
    });
    expectOpenApi(res, 'post', '/orgs/{organizationId}/spaces', 201);
    expect(res.body).toMatchObject({
      object: 'space',
      title: 'API reference',
      emoji: '📚',
      language: 'de',
      editMode: 'locked',
      visibility: 'private',
      organization: org.organizationId,
      defaultLevel: 'inherit',
      mergeRules: { type: 'inherit' },
    });
    expect(res.body.id).toMatch(/^spc_/);
    expect(res.body.parent).toBeUndefined();
    expect(await pagesOf(app, res.body.revision)).toHaveLength(1);
    expect((await rest(app, org.admin.token).get(`/v1/spaces/${res.body.id}`)).body.title).toBe('API reference');
  });

  it('creates an empty space, and one in a collection', async () => {
    const collection = await createCollection(app, org);
    const empty = await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/spaces`, { empty: true });
    expectOpenApi(empty, 'post', '/orgs/{organizationId}/spaces', 201);
    expect(empty.body.title).toBe('');
    expect(await pagesOf(app, empty.body.revision)).toHaveLength(0);
    const nested = await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/spaces`, {
      title: 'Inside',
      parent: collection.id,
    });
    expectOpenApi(nested, 'post', '/orgs/{organizationId}/spaces', 201);
    expect(nested.body).toMatchObject({ parent: collection.id, visibility: 'in-collection' });
  });

  it('rejects templates, computed sources and invalid fields with a 400 naming the field, creating nothing', async () => {
    const before = await app.prisma.space.count({ where: { organizationId: org.organizationId } });
    const admin = rest(app, org.admin.token);
    const path = `/v1/orgs/${org.organizationId}/spaces`;
    const template = await admin.post(path, { title: 'T', template: { id: 'tpl_1' } });
    expect400(template, 'template');
    expect(template.body.error.message).toMatch(/not supported/);
    const computed = await admin.post(path, { computedSource: { type: 'openapi', openAPISpec: 'x' } });
    expect400(computed, 'computedSource');
    expect(computed.body.error.message).toMatch(/not supported/);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x'.repeat(51) }, 'title'],
      [{ title: null }, 'title'],
      [{ emoji: 'rocket' }, 'emoji'],
      [{ language: 'xx' }, 'language'],
      [{ editMode: 'draft' }, 'editMode'],
      [{ empty: 'yes' }, 'empty'],
      [{ visibility: 'public' }, 'visibility'],
    ];
    for (const [body, field] of cases) expect400(await admin.post(path, body), field);
    expect(await app.prisma.space.count({ where: { organizationId: org.organizationId } })).toBe(before);
  });

  it('answers 404 for an unknown parent collection or one of another organization', async () => {
    const other = await createOrg(app);
    const foreign = await createCollection(app, other);
    const admin = rest(app, org.admin.token);
    for (const parent of ['col_unknown', foreign.id]) {
      const res = await admin.post(`/v1/orgs/${org.organizationId}/spaces`, { title: 'Lost', parent });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Collection not found');
    }
    expect(await app.prisma.space.count({ where: { title: 'Lost' } })).toBe(0);
  });

  it('is for the create role and up: 403 below, 404 for other organizations', async () => {
    const callers = await membersOfEveryRole(app, org.organizationId);
    const path = `/v1/orgs/${org.organizationId}/spaces`;
    expectOpenApi(await rest(app, callers.create.token).post(path, { title: 'By creator' }), 'post', '/orgs/{organizationId}/spaces', 201);
    for (const role of ['review', 'edit', 'comment', 'read', 'guest'] as const) {
      const res = await rest(app, callers[role].token).post(path, { title: `By ${role}` });
      expect(res.status, role).toBe(403);
    }
    const other = await createOrg(app);
    expect((await rest(app, other.admin.token).post(path, { title: 'By stranger' })).status).toBe(404);
    expect((await rest(app, org.admin.token).post('/v1/orgs/org_unknown/spaces', { title: 'Nowhere' })).status).toBe(404);
    expect(await app.prisma.space.count({ where: { title: { in: ['By review', 'By edit', 'By read', 'By stranger', 'Nowhere'] } } })).toBe(
      0,
    );
  });
});
