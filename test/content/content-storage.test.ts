// Content storage scales with change, not with history: revisions share the
// page objects they have in common, so a one-page edit adds O(1) page rows.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { createOrg, createSpace } from '../support/factories.js';
import { pagesOf } from '../support/content.js';
import {
  commitRevision,
  newPageNode,
  emptyContent,
  fetchTreesFrom,
  readTree,
  writeVersion,
  type PageNode,
  cloneTree,
  requirePage,
} from '../../src/domain/revisions/index.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const rows = async (spaceId: string) => ({
  versions: await app.prisma.pageVersion.count({ where: { spaceId } }),
  trees: await app.prisma.pageTree.count({ where: { spaceId } }),
});

it('a one-page edit of a 2,000-page space adds one page version and the trees on its path', async () => {
  const org = await createOrg(app);
  const space = await createSpace(app, org, { empty: true });
  const ref = { id: space.id, organizationId: org.organizationId };
  const now = new Date();
  // 40 sections of 49 pages each: 2,000 pages, two levels deep.
  const base = await app.prisma.$transaction(
    async (tx) => {
      const sections: PageNode[] = [];
      for (let s = 0; s < 40; s++) {
        const section = await newPageNode(tx, ref, { ...emptyContent(`Section ${s}`), markdown: `# Section ${s}` }, `section-${s}`, now);
        for (let p = 0; p < 49; p++)
          section.children.push(
            await newPageNode(tx, ref, { ...emptyContent(`Page ${s}.${p}`), markdown: `Body ${s}.${p}` }, `page-${p}`, now),
          );
        sections.push(section);
      }
      return commitRevision(tx, ref, { parents: [], pages: sections });
    },
    { timeout: 120_000 },
  );
  expect(await pagesOf(app, base)).toHaveLength(2000);
  const before = await rows(space.id);
  expect(before).toEqual({ versions: 2000, trees: 41 });

  // Ten successive one-page edits: each adds one version and two trees (the root and the section).
  let parent = base;
  for (let i = 0; i < 10; i++) {
    parent = await app.prisma.$transaction(async (tx) => {
      const { tree } = await tx.revision.findUniqueOrThrow({ where: { id: parent } });
      const pages = cloneTree(await readTree(fetchTreesFrom(tx), space.id, tree));
      const target = pages[7]!.children[i]!;
      requirePage(pages, target.id).node.version = await writeVersion(tx, ref, { ...emptyContent(`Page 7.${i}`), markdown: `Edited ${i}` });
      return commitRevision(tx, ref, { parents: [parent], pages });
    });
  }
  expect(await rows(space.id)).toEqual({ versions: before.versions + 10, trees: before.trees + 20 });
  const edited = await pagesOf(app, parent);
  expect(edited).toHaveLength(2000);
  expect(edited.find((p) => p.path === 'section-7/page-3')!.markdown).toBe('Edited 3');
  // The first revision is unchanged (revisions are immutable).
  expect((await pagesOf(app, base)).find((p) => p.path === 'section-7/page-3')!.markdown).toBe('Body 7.3');
}, 180_000);
