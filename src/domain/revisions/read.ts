// Reading a revision's pages: the tree (structure, batched by level) and the
// content of the pages asked for (batched by version).
import type { Context } from '../../context.js';
import { loaderTrees, versionLoader } from './loaders.js';
import { fetchTreesFrom, flatten, readTree, readVersions, type PageContent, type PageNode } from './objects.js';
import type { Tx } from '../../db/tx.js';
import { deepFreeze, pageTreeCache, pageTreeKey } from './cache.js';

export interface RevisionRef {
  id: string;
  spaceId: string;
  tree: string | null;
  /** Hash of its FileSet (absent: read from the revision row when its files are asked for). */
  fileSet?: string | null;
}

/** A page with its content, place and subpages. */
export interface ResolvedPage extends PageContent {
  id: string;
  slug: string;
  path: string;
  parentId: string | null;
  version: string;
  createdAt: string;
  updatedAt: string;
  pages: ResolvedPage[];
}

export const revisionTree = (ctx: Context, revision: RevisionRef) => readTree(loaderTrees(ctx), revision.spaceId, revision.tree);

/** The number of pages of a revision (structure only). */
export async function countPages(ctx: Context, revision: RevisionRef) {
  return flatten(await revisionTree(ctx, revision)).length;
}

function resolve(nodes: PageNode[], contents: Map<string, PageContent>, parentId: string | null, prefix: string): ResolvedPage[] {
  return nodes.flatMap((node) => {
    const content = contents.get(node.version);
    if (!content) return [];
    const path = prefix ? `${prefix}/${node.slug}` : node.slug;
    const { id, slug, version, createdAt, updatedAt } = node;
    const { hash: _hash, ...own } = content as PageContent & { hash?: string };
    return [{ ...own, id, slug, version, createdAt, updatedAt, path, parentId, pages: resolve(node.children, contents, id, path) }];
  });
}

async function contentsOf(ctx: Context, spaceId: string, nodes: PageNode[]) {
  const hashes = [...new Set(flatten(nodes).map((f) => f.node.version))];
  const rows = await versionLoader(ctx).loadMany(hashes.map((h) => [spaceId, h] as const));
  return new Map(hashes.flatMap((h, i) => (rows[i] && !(rows[i] instanceof Error) ? [[h, rows[i] as PageContent]] : [])));
}

/**
 * The whole page tree of a revision, with content: from the process's cache
 * when a request read it before (src/domain/revisions/cache.ts), else read
 * and kept. The answer is shared and frozen: copy a page to change it.
 */
export async function revisionPages(ctx: Context, revision: RevisionRef): Promise<ResolvedPage[]> {
  if (!revision.tree) return [];
  const key = pageTreeKey(revision.spaceId, revision.tree);
  const cached = pageTreeCache.get(key);
  if (cached) return cached as ResolvedPage[];
  const tree = await revisionTree(ctx, revision);
  const pages = deepFreeze(resolve(tree, await contentsOf(ctx, revision.spaceId, tree), null, ''));
  pageTreeCache.set(key, pages);
  return pages as ResolvedPage[];
}

/** Every page of a revision, depth first, with content. */
export const flatPages = async (ctx: Context, revision: RevisionRef) => flattenResolved(await revisionPages(ctx, revision));

export function flattenResolved(pages: ResolvedPage[]): ResolvedPage[] {
  return pages.flatMap((p) => [p, ...flattenResolved(p.pages)]);
}

/** One page of a revision (with its subpages' content), or null. */
export async function pageOfRevision(
  ctx: Context,
  revision: RevisionRef,
  match: { id?: string; path?: string },
): Promise<ResolvedPage | null> {
  if (revision.tree && pageTreeCache.has(pageTreeKey(revision.spaceId, revision.tree))) {
    const pages = flattenResolved(await revisionPages(ctx, revision));
    return pages.find((p) => (match.id !== undefined ? p.id === match.id : p.path === match.path)) ?? null;
  }
  const tree = await revisionTree(ctx, revision);
  const found = flatten(tree).find((f) => (match.id !== undefined ? f.node.id === match.id : f.path === match.path));
  if (!found) return null;
  const prefix = found.path.split('/').slice(0, -1).join('/');
  const [page] = resolve([found.node], await contentsOf(ctx, revision.spaceId, [found.node]), found.parentId, prefix);
  return page ?? null;
}

/** Outside a request (scripts, tests): every page of a revision, depth first. */
export async function readRevisionPages(db: Tx | Pick<Tx, 'pageTree' | 'pageVersion' | 'revision'>, revisionId: string) {
  const revision = await db.revision.findUniqueOrThrow({ where: { id: revisionId }, select: { spaceId: true, tree: true } });
  const tree = await readTree(fetchTreesFrom(db), revision.spaceId, revision.tree);
  const flat = flatten(tree);
  const contents = await readVersions(
    db,
    revision.spaceId,
    flat.map((f) => f.node.version),
  );
  return flattenResolved(resolve(tree, contents, null, ''));
}
