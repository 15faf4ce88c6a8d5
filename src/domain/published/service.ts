// What the reader of a `urls.published` link gets without an API token: a
// space's pages (its active revision), or a published site's spaces and their
// pages. src/policy/published.ts decides who may read; nothing here writes.
import type { PrismaClient } from '../../generated/prisma/client.js';
import { mayReadPublishedSite, mayReadPublishedSpace } from '../../policy/published.js';
import { liveSiteSpace } from '../sites/structure.js';

export interface PublishedPage {
  id: string;
  title: string;
  path: string;
  markdown: string;
  depth: number;
}

export interface PublishedSpace {
  id: string;
  title: string;
  pages: PublishedPage[];
}

export interface PublishedSite {
  id: string;
  title: string;
  spaces: (PublishedSpace & { path: string })[];
}

/** Pages of revisions in reading order: each parent, then its children (by sortKey), depth-first. */
async function pagesOf(prisma: PrismaClient, revisionIds: string[]) {
  const rows = await prisma.page.findMany({
    where: { revisionId: { in: revisionIds } },
    select: { id: true, revisionId: true, parentId: true, title: true, path: true, markdown: true },
    orderBy: [{ sortKey: 'asc' }, { id: 'asc' }],
  });
  const byParent = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = `${row.revisionId}/${row.parentId ?? ''}`;
    byParent.set(key, [...(byParent.get(key) ?? []), row]);
  }
  const ordered = (revisionId: string, parentId: string | null, depth: number): PublishedPage[] =>
    (byParent.get(`${revisionId}/${parentId ?? ''}`) ?? []).flatMap(({ id, title, path, markdown }) => [
      { id, title, path, markdown, depth },
      ...ordered(revisionId, id, depth + 1),
    ]);
  return (revisionId: string) => ordered(revisionId, null, 0);
}

export async function readPublishedSpace(prisma: PrismaClient, spaceId: string, shareKey: string | null): Promise<PublishedSpace | null> {
  const space = await prisma.space.findUnique({
    where: { id: spaceId },
    select: { id: true, title: true, visibility: true, shareKey: true, deletedAt: true, revisionId: true },
  });
  if (!space || !mayReadPublishedSpace(space, shareKey)) return null;
  const pages = await pagesOf(prisma, [space.revisionId]);
  return { id: space.id, title: space.title, pages: pages(space.revisionId) };
}

/** A site's spaces shown to a visitor without claims: those without a condition (adaptive content), in order. */
export async function readPublishedSite(prisma: PrismaClient, siteId: string, shareKey: string | null): Promise<PublishedSite | null> {
  const site = await prisma.site.findUnique({ where: { id: siteId }, select: { id: true, title: true, visibility: true, published: true } });
  if (!site) return null;
  const activeShareLink = !!shareKey && (await prisma.shareLink.count({ where: { siteId, key: shareKey, active: true } })) > 0;
  if (!mayReadPublishedSite(site, activeShareLink)) return null;
  const siteSpaces = await prisma.siteSpace.findMany({
    where: { siteId, condition: null, ...liveSiteSpace },
    select: { path: true, space: { select: { id: true, title: true, revisionId: true } } },
    orderBy: [{ sectionId: 'asc' }, { sortKey: 'asc' }, { id: 'asc' }],
  });
  const pages = await pagesOf(prisma, siteSpaces.map((s) => s.space.revisionId));
  return {
    id: site.id,
    title: site.title,
    spaces: siteSpaces.map(({ path, space }) => ({ id: space.id, title: space.title, path, pages: pages(space.revisionId) })),
  };
}
