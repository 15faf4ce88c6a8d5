// Content the API does not write yet (pages, sites, share-link visibility),
// put straight into the database for the tests of spaces and collections.
import { newId } from '../../src/ids.js';
import {
  commitRevision,
  newPageNode,
  emptyContent,
  fetchTreesFrom,
  flatten,
  readTree,
  readRevisionPages,
  parseMarkdowns,
} from '../../src/domain/revisions/index.js';
import type { TestApp } from './app.js';

interface SpaceLike {
  id: string;
}

async function spaceRow(app: TestApp, space: SpaceLike) {
  return app.prisma.space.findUniqueOrThrow({ where: { id: space.id } });
}

/**
 * Adds pages (path, markdown) after the root pages of the space, in the given
 * order, as a new active revision of the space (a path "a/b" nests b under the
 * page of path "a", which must come first). Answers the new pages' ids.
 */
export async function insertPages(
  app: TestApp,
  space: SpaceLike,
  pages: { path: string; markdown?: string; title?: string; computed?: object }[],
) {
  const row = await spaceRow(app, space);
  // Parsed before the transaction and stored with the versions, like an API write.
  const parses = await parseMarkdowns(
    undefined,
    pages.map((p) => p.markdown ?? ''),
    app.quire.settings.content,
  );
  return app.prisma.$transaction(async (tx) => {
    const revision = await tx.revision.findUniqueOrThrow({ where: { id: row.revisionId } });
    const roots = await readTree(fetchTreesFrom(tx), row.id, revision.tree);
    const byPath = new Map(flatten(roots).map((f) => [f.path, f.node]));
    const ids: string[] = [];
    const add = async (path: string, title: string, markdown: string, computed: object | null = null) => {
      const parentPath = path.split('/').slice(0, -1).join('/');
      // A missing parent folder becomes an empty page of that name.
      const siblings = parentPath ? (byPath.get(parentPath) ?? (await add(parentPath, parentPath, ''))).children : roots;
      const node = await newPageNode(tx, row, { ...emptyContent(title), markdown, computed }, path.split('/').at(-1)!, new Date(), {
        parses,
      });
      siblings.push(node);
      byPath.set(path, node);
      return node;
    };
    for (const page of pages) ids.push((await add(page.path, page.title ?? page.path, page.markdown ?? '', page.computed)).id);
    const revisionId = await commitRevision(tx, row, { parents: [row.revisionId], pages: roots });
    await tx.space.update({ where: { id: row.id }, data: { revisionId } });
    return ids;
  });
}

/** The pages of a revision, depth first, with their content and path. */
export const pagesOf = (app: TestApp, revisionId: string) => readRevisionPages(app.prisma, revisionId);

/** Publishes the space on a new site of its organization (a SiteSpace row). */
export async function publishOnSite(app: TestApp, space: SpaceLike) {
  const row = await spaceRow(app, space);
  const siteId = newId('Site');
  await app.prisma.site.create({ data: { id: siteId, organizationId: row.organizationId, title: 'Docs' } });
  await app.prisma.siteSpace.create({
    data: { id: newId('SiteSpace'), organizationId: row.organizationId, siteId, spaceId: space.id, path: 'docs' },
  });
  return siteId;
}

/** Makes the space a share-link space; returns its secret key. */
export async function shareByLink(app: TestApp, space: SpaceLike) {
  const row = await app.prisma.space.update({ where: { id: space.id }, data: { visibility: 'share-link' } });
  return row.shareKey;
}
