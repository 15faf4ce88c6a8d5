// Site creation at scale (issue #26): publishing 5,000 spaces that share a
// title names their site spaces in one pass (guides, guides-2 … guides-5000),
// not a set rebuilt and a suffix counted from 2 for each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { rest } from '../support/http.js';
import { createOrg, createSpace, type OrgFixture } from '../support/factories.js';

let app: TestApp;
let org: OrgFixture;
beforeAll(async () => {
  app = await startTestApp();
  org = await createOrg(app);
});
afterAll(() => app.close());

describe('createSite with many spaces', () => {
  it('publishes 5,000 spaces of one title, their paths unique and in order', async () => {
    const first = await createSpace(app, org, { title: 'Guides' });
    const { revisionId } = await app.prisma.space.findUniqueOrThrow({ where: { id: first.id } });
    // The rest straight into the table (5,000 API calls would be the setup, not the test).
    await app.prisma.$executeRaw`
      INSERT INTO "Space" (id, "organizationId", title, visibility, "shareKey", "revisionId", "updatedAt")
      SELECT ${first.id} || '_' || n, ${org.organizationId}, 'Guides', 'private', md5(${first.id} || n), ${revisionId}, now()
      FROM generate_series(2, 5000) n`;
    const ids = [first.id, ...Array.from({ length: 4999 }, (_, i) => `${first.id}_${i + 2}`)];
    const res = await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/sites`, { title: 'All guides', spaces: ids });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    const rows = await app.prisma.siteSpace.findMany({
      where: { siteId: res.body.id },
      orderBy: { sortKey: 'asc' },
      select: { path: true, spaceId: true },
    });
    expect(rows).toHaveLength(5000);
    expect(rows.slice(0, 3).map((r) => r.path)).toEqual(['guides', 'guides-2', 'guides-3']);
    expect(rows.at(-1)).toEqual({ path: 'guides-5000', spaceId: ids.at(-1) });
    expect((await app.prisma.site.findUniqueOrThrow({ where: { id: res.body.id } })).defaultSiteSpaceId).not.toBeNull();
  });
});
