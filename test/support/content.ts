// Content the API does not write yet (pages, sites, share-link visibility),
// put straight into the database for the tests of spaces and collections.
import { newId } from '../../src/ids.js';
import type { TestApp } from './app.js';

interface SpaceLike {
  id: string;
}

async function spaceRow(app: TestApp, space: SpaceLike) {
  return app.prisma.space.findUniqueOrThrow({ where: { id: space.id } });
}

/** Adds pages (path, markdown) to the active revision of the space, in the given order. */
export async function insertPages(app: TestApp, space: SpaceLike, pages: { path: string; markdown?: string; title?: string }[]) {
  const row = await spaceRow(app, space);
  const ids: string[] = [];
  for (const [i, page] of pages.entries()) {
    const id = newId('Page');
    ids.push(id);
    await app.prisma.page.create({
      data: {
        id,
        organizationId: row.organizationId,
        revisionId: row.revisionId,
        title: page.title ?? page.path,
        slug: page.path.split('/').at(-1)!,
        path: page.path,
        markdown: page.markdown ?? '',
        sortKey: 100 + i,
      },
    });
  }
  return ids;
}

/** Publishes the space on a new site of its organization (a SiteSpace row). */
export async function publishOnSite(app: TestApp, space: SpaceLike) {
  const row = await spaceRow(app, space);
  const siteId = newId('Site');
  await app.prisma.site.create({ data: { id: siteId, organizationId: row.organizationId, title: 'Docs' } });
  await app.prisma.siteSpace.create({ data: { id: newId('SiteSpace'), organizationId: row.organizationId, siteId, spaceId: space.id, path: 'docs' } });
  return siteId;
}

/** Makes the space a share-link space; returns its secret key. */
export async function shareByLink(app: TestApp, space: SpaceLike) {
  const row = await app.prisma.space.update({ where: { id: space.id }, data: { visibility: 'share-link' } });
  return row.shareKey;
}
