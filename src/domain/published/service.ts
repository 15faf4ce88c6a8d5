// What the reader of a `urls.published` link gets without an API token: a
// space's pages (its active revision), or a published site's spaces and their
// pages. src/policy/published.ts decides who may read; nothing here writes.
import { flatPages } from '../revisions/index.js';
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { Context } from '../../context.js';
import { mayReadPublishedSite, mayReadPublishedSpace } from '../../policy/published.js';
import { liveSiteSpace } from '../sites/structure/scopes.js';

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

/**
 * The content loaders of src/domain/revisions outside a GraphQL request: they need only the
 * client and a cache of their own, which this read gets fresh (nothing outlives it).
 */
const contentLoaders = (prisma: PrismaClient) => ({ prisma, loaderCache: new Map() }) as unknown as Context;

/**
 * Pages of revisions in reading order: each parent, then its children, depth-first. Read
 * together, whatever their number: the revisions, then their trees one statement per level
 * of depth, then the page versions, each in one statement.
 */
async function pagesOf(prisma: PrismaClient, revisionIds: string[]) {
  const revisions = await prisma.revision.findMany({
    where: { id: { in: [...new Set(revisionIds)] } },
    select: { id: true, spaceId: true, tree: true },
  });
  const loaders = contentLoaders(prisma);
  const byRevision = new Map(
    await Promise.all(revisions.map(async (revision) => [revision.id, await flatPages(loaders, revision)] as const)),
  );
  const depthOf = (path: string) => path.split('/').length - 1;
  return (revisionId: string): PublishedPage[] =>
    (byRevision.get(revisionId) ?? []).map(({ id, title, path, markdown }) => ({ id, title, path, markdown, depth: depthOf(path) }));
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
  const site = await prisma.site.findUnique({
    where: { id: siteId },
    select: { id: true, title: true, visibility: true, published: true },
  });
  if (!site) return null;
  const activeShareLink = !!shareKey && (await prisma.shareLink.count({ where: { siteId, key: shareKey, active: true } })) > 0;
  if (!mayReadPublishedSite(site, activeShareLink)) return null;
  const siteSpaces = await prisma.siteSpace.findMany({
    where: { siteId, condition: null, ...liveSiteSpace },
    select: { path: true, space: { select: { id: true, title: true, revisionId: true } } },
    orderBy: [{ sectionId: 'asc' }, { sortKey: 'asc' }, { id: 'asc' }],
  });
  const pages = await pagesOf(
    prisma,
    siteSpaces.map((s) => s.space.revisionId),
  );
  return {
    id: site.id,
    title: site.title,
    spaces: siteSpaces.map(({ path, space }) => ({ id: space.id, title: space.title, path, pages: pages(space.revisionId) })),
  };
}
