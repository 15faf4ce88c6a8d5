// The data migration that turned the one-row-per-page-per-revision "Page" table
// into shared page versions and revision trees (20261123153002_content_trees):
// a database migrated up to the one before it gets old-shape rows, then the
// rest of the migrations; the content must read back as it was written.
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { migrate, listMigrations } from '../../src/db/migrate.js';
import { createPrisma } from '../../src/db/client.js';
import { readRevisionPages } from '../../src/domain/revisions/index.js';
import { indexPageReferences } from '../../src/domain/links/backlinks.js';
import { createScratchDatabase, insertRow as insert, type TestDatabase } from '../support/testDatabase.js';

const CONVERSION = '20261123153002_content_trees';
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const done of cleanup.reverse()) await done();
});

it('converts old page rows into page versions and trees that read back as they were', async () => {
  expect((await listMigrations()).map((m) => m.name)).toContain(CONVERSION);
  const db: TestDatabase = await createScratchDatabase(inject('serverUrl'), 'quire_page_migration');
  cleanup.push(() => db.drop());
  const before = await migrate(db.url, { before: CONVERSION });
  expect(before.at(-1)! < CONVERSION).toBe(true);

  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  cleanup.push(() => client.end());
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute));
  await insert(client, 'User', { id: 'usr_1', email: 'a@b.test', displayName: 'A' });
  await insert(client, 'Organization', { id: 'org_1', title: 'Org' });
  await insert(client, 'Space', { id: 'spc_1', organizationId: 'org_1', title: 'Docs', revisionId: 'rev_2' });
  await insert(client, 'Revision', { id: 'rev_1', organizationId: 'org_1', spaceId: 'spc_1', parents: '{}' });
  await insert(client, 'Revision', { id: 'rev_2', organizationId: 'org_1', spaceId: 'spc_1', parents: '{rev_1}' });
  await insert(client, 'Revision', { id: 'rev_empty', organizationId: 'org_1', spaceId: 'spc_1', parents: '{}' });
  const page = (id: string, revisionId: string, parentId: string | null, slug: string, title: string, markdown: string, sortKey: number) =>
    insert(client, 'Page', {
      id,
      organizationId: 'org_1',
      revisionId,
      parentId,
      title,
      slug,
      path: slug,
      markdown,
      sortKey,
      createdAt: at(sortKey),
      updatedAt: at(sortKey + 30),
    });
  // Revision 1: one page. Revision 2: the same content (its own row, as the old table kept one per revision), a child under it, and a root page sorted first.
  await page('pag_a1', 'rev_1', null, 'guide', 'Guide', '# Guide\n\nSee [setup](guide/setup).', 1);
  await page('pag_a', 'rev_2', null, 'guide', 'Guide', '# Guide\n\nSee [setup](guide/setup).', 1);
  await page('pag_b', 'rev_2', 'pag_a', 'setup', 'Setup', 'Install it.', 2);
  await page('pag_c', 'rev_2', null, 'intro', 'Intro', 'Hello.', 0);
  await insert(client, 'ChangeRequest', {
    id: 'chr_1',
    organizationId: 'org_1',
    spaceId: 'spc_1',
    number: 7,
    createdById: 'usr_1',
    status: 'open',
  });

  const after = await migrate(db.url);
  expect(after[0]).toBe(CONVERSION);
  expect(after).toEqual((await listMigrations()).map((m) => m.name).filter((name) => name >= CONVERSION));

  const { prisma } = createPrisma(db.url);
  cleanup.push(() => prisma.$disconnect());
  const latest = await readRevisionPages(prisma, 'rev_2');
  expect(latest.map((p) => [p.path, p.title, p.markdown, p.parentId])).toEqual([
    ['intro', 'Intro', 'Hello.', null],
    ['guide', 'Guide', '# Guide\n\nSee [setup](guide/setup).', null],
    ['guide/setup', 'Setup', 'Install it.', 'pag_a'],
  ]);
  expect(latest.map((p) => p.id)).toEqual(['pag_c', 'pag_a', 'pag_b']);
  expect(latest[2]).toMatchObject({ createdAt: at(2).toISOString(), updatedAt: at(32).toISOString(), type: 'document', hidden: false });
  expect((await readRevisionPages(prisma, 'rev_1')).map((p) => [p.id, p.path])).toEqual([['pag_a1', 'guide']]);
  expect(await readRevisionPages(prisma, 'rev_empty')).toEqual([]);
  expect((await prisma.revision.findUniqueOrThrow({ where: { id: 'rev_empty' } })).tree).toBeNull();
  // The unchanged content is one version shared by both revisions: 3 versions for 4 page rows.
  expect(await prisma.pageVersion.count({ where: { spaceId: 'spc_1' } })).toBe(3);
  expect(await prisma.changeRequest.findUniqueOrThrow({ where: { id: 'chr_1' } })).toMatchObject({
    revisionId: 'rev_2',
    revisionInitialId: 'rev_2',
  });
  expect((await prisma.space.findUniqueOrThrow({ where: { id: 'spc_1' } })).changeRequestCounter).toBe(7);
  // Converted versions predate the reference index: the indexing job gives them their keys.
  expect(await prisma.pageVersion.count({ where: { referencesIndexed: false } })).toBe(3);
  expect(await indexPageReferences(prisma)).toBe(3);
  expect((await prisma.pageVersion.findFirstOrThrow({ where: { title: 'Guide' } })).referenceKeys).toEqual(['page:setup']);
}, 120_000);
