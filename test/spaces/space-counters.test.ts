// A space's counters (open comments, change requests by status) live in its row,
// kept by triggers (migration space_counters): they must match a count of the rows
// after every kind of change, under concurrent writers, and for rows that were
// there before the migration.
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { listMigrations, migrate } from '../../src/db/migrate.js';
import { useTestApp } from '../support/app.js';
import { rest } from '../support/http.js';
import { createOrg, createSpace, type OrgFixture } from '../support/factories.js';
import { race, restCall, statusCounts } from '../support/concurrency.js';
import { createScratchDatabase, insertRow } from '../support/testDatabase.js';

const app = useTestApp();

/** What the counters should be: counted from the rows themselves. */
async function countedFromRows(spaceId: string) {
  const [openComments, changeRequests, open, draft] = await Promise.all([
    app.prisma.comment.count({ where: { spaceId, changeRequestId: null, status: 'open' } }),
    app.prisma.changeRequest.count({ where: { spaceId } }),
    app.prisma.changeRequest.count({ where: { spaceId, status: 'open' } }),
    app.prisma.changeRequest.count({ where: { spaceId, status: 'draft' } }),
  ]);
  return { comments: openComments, changeRequests, changeRequestsOpen: open, changeRequestsDraft: draft };
}

async function shownCounters(org: OrgFixture, spaceId: string) {
  const { body } = await rest(app, org.admin.token).get(`/v1/spaces/${spaceId}`);
  return {
    comments: body.comments,
    changeRequests: body.changeRequests,
    changeRequestsOpen: body.changeRequestsOpen,
    changeRequestsDraft: body.changeRequestsDraft,
  };
}

describe('space counters', () => {
  it('follow comments and change requests through every change', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const api = rest(app, org.admin.token);
    const comment = async (path: string) => (await api.post(path, { body: { markdown: 'A comment' } })).body.id as string;
    const a = await comment(`/v1/spaces/${space.id}/comments`);
    const b = await comment(`/v1/spaces/${space.id}/comments`);
    await comment(`/v1/spaces/${space.id}/comments`);
    const crs = [];
    for (const subject of ['One', 'Two', 'Three']) crs.push((await api.post(`/v1/spaces/${space.id}/change-requests`, { subject })).body);
    expect(await shownCounters(org, space.id)).toEqual({ comments: 3, changeRequests: 3, changeRequestsOpen: 0, changeRequestsDraft: 3 });

    // A comment on a change request is not one of the space's open comments.
    await comment(`/v1/spaces/${space.id}/change-requests/${crs[0].id}/comments`);
    expect((await api.put(`/v1/spaces/${space.id}/comments/${a}`, { resolved: true })).status).toBe(200);
    expect((await api.delete(`/v1/spaces/${space.id}/comments/${b}`)).status).toBe(205);
    expect((await api.patch(`/v1/spaces/${space.id}/change-requests/${crs[0].id}`, { status: 'open' })).status).toBe(200);
    expect((await api.patch(`/v1/spaces/${space.id}/change-requests/${crs[1].id}`, { status: 'archived' })).status).toBe(200);
    expect(await shownCounters(org, space.id)).toEqual({ comments: 1, changeRequests: 3, changeRequestsOpen: 1, changeRequestsDraft: 1 });

    expect((await api.put(`/v1/spaces/${space.id}/comments/${a}`, { resolved: false })).status).toBe(200);
    expect((await api.post(`/v1/spaces/${space.id}/change-requests/${crs[0].id}/merge`)).status).toBe(200);
    expect(await shownCounters(org, space.id)).toEqual({ comments: 2, changeRequests: 3, changeRequestsOpen: 0, changeRequestsDraft: 1 });
    expect(await shownCounters(org, space.id)).toEqual(await countedFromRows(space.id));

    // A copy starts with none: its source's comments and change requests stay with the source.
    const copy = await api.post(`/v1/spaces/${space.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(await shownCounters(org, copy.body.id)).toEqual({
      comments: 0,
      changeRequests: 0,
      changeRequestsOpen: 0,
      changeRequestsDraft: 0,
    });
  });

  it('lose no increment when comments and change requests arrive at once', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const existing = (await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'First' } })).body.id;
    const results = await race(app, [
      ...Array.from({ length: 12 }, (_, i) =>
        restCall(org.admin.token, 'POST', `/v1/spaces/${space.id}/comments`, { body: { markdown: `Comment ${i}` } }),
      ),
      ...Array.from({ length: 8 }, (_, i) =>
        restCall(org.admin.token, 'POST', `/v1/spaces/${space.id}/change-requests`, { subject: `CR ${i}` }),
      ),
      restCall(org.admin.token, 'PUT', `/v1/spaces/${space.id}/comments/${existing}`, { resolved: true }),
    ]);
    expect(statusCounts(results)).toEqual({ 200: 13, 201: 8 });
    expect(await shownCounters(org, space.id)).toEqual({ comments: 12, changeRequests: 8, changeRequestsOpen: 0, changeRequestsDraft: 8 });
    expect(await shownCounters(org, space.id)).toEqual(await countedFromRows(space.id));
  });
});

describe('the space_counters migration', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const done of cleanup.reverse()) await done();
  });

  it('counts the rows already there, and its triggers count from then on', async () => {
    const migration = (await listMigrations()).map((m) => m.name).find((name) => name.endsWith('_space_counters'))!;
    const db = await createScratchDatabase(inject('serverUrl'), 'quire_counters_migration');
    cleanup.push(() => db.drop());
    await migrate(db.url, { before: migration });
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    cleanup.push(() => client.end());
    await insertRow(client, 'User', { id: 'usr_1', email: 'a@b.test', displayName: 'A' });
    await insertRow(client, 'Organization', { id: 'org_1', title: 'Org' });
    for (const id of ['spc_1', 'spc_2'])
      await insertRow(client, 'Space', { id, organizationId: 'org_1', title: 'S', shareKey: id, revisionId: 'rev' });
    const changeRequest = (id: string, number: number, status: string) =>
      insertRow(client, 'ChangeRequest', { id, organizationId: 'org_1', spaceId: 'spc_1', number, status, createdById: 'usr_1' });
    await changeRequest('chr_1', 1, 'open');
    await changeRequest('chr_2', 2, 'draft');
    await changeRequest('chr_3', 3, 'merged');
    const comment = (id: string, status: string, changeRequestId: string | null) =>
      insertRow(client, 'Comment', { id, organizationId: 'org_1', spaceId: 'spc_1', changeRequestId, status, postedById: 'usr_1' });
    await comment('cmt_1', 'open', null);
    await comment('cmt_2', 'open', null);
    await comment('cmt_3', 'resolved', null);
    await comment('cmt_4', 'open', 'chr_1');

    expect(await migrate(db.url)).toContain(migration);
    const counters = async () =>
      (
        await client.query(
          `SELECT id, "openCommentsCount" AS oc, "changeRequestsCount" AS cr, "openChangeRequestsCount" AS ocr, "draftChangeRequestsCount" AS dcr FROM "Space" ORDER BY id`,
        )
      ).rows;
    expect(await counters()).toEqual([
      { id: 'spc_1', oc: 2, cr: 3, ocr: 1, dcr: 1 },
      { id: 'spc_2', oc: 0, cr: 0, ocr: 0, dcr: 0 },
    ]);

    // From now on the triggers count: a new open comment, a draft opened, a comment moved to another space, a change request deleted.
    await comment('cmt_5', 'open', null);
    await client.query(`UPDATE "ChangeRequest" SET status = 'open' WHERE id = 'chr_2'`);
    await client.query(`UPDATE "Comment" SET "spaceId" = 'spc_2' WHERE id = 'cmt_1'`);
    await client.query(`DELETE FROM "ChangeRequest" WHERE id = 'chr_1'`); // its comment goes with it (cascade)
    expect(await counters()).toEqual([
      { id: 'spc_1', oc: 2, cr: 2, ocr: 1, dcr: 0 },
      { id: 'spc_2', oc: 1, cr: 0, ocr: 0, dcr: 0 },
    ]);
  }, 120_000);
});
