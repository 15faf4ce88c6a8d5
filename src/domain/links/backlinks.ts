// Backlinks: the pages of a revision that link to a page, or refer to a file.
//
// Each page version carries the keys of what its Markdown refers to
// (`page:<slug>`, `file:<id>`; targets.ts), written when the version is first
// stored. Versions are content-addressed and shared by every revision holding
// them, so the index grows with change, not with history. A backlink read then
// costs: the revision tree (structure, one statement per depth level), one
// GIN lookup of the versions holding the target's key, and the Markdown of
// those few candidates only (relative links resolve from the linking page's
// folder, so candidates are confirmed against the tree; parsed on the compute
// pool when large). Versions stored without keys (a merge's, or from before the
// index) are parsed on the pool by the first read that meets them and stored,
// unless the indexing job (below) reached them first.
import DataLoader from 'dataloader';
import type { Context } from '../../context.js';
import type { PrismaClient } from '../../generated/prisma/client.js';
import { notFound } from '../../errors.js';
import { requestLoader } from '../../loaders.js';
import { markdownReferencesOffLoop as referencesOffLoop } from '../content/markdown/index.js';
import type { ComputePool } from '../../compute/pool.js';
import { parseKey, storedParses, storeMissingParses, flatten, revisionTree } from '../revisions/index.js';
import { revisionFileIds } from '../files/service.js';
import { versionLoader } from '../revisions/loaders.js';
import { pageLocation, pathIndex, type ContentReference, type ContentScope } from './report.js';
import { findPage, isExternal, isIgnored } from './targets.js';

export type BacklinkTarget = { page: string } | { file: string };
type Key = readonly [spaceId: string, key: string];
const keyOf = ([spaceId, key]: Key) => `${spaceId}\u0000${key}`;

/** Versions whose keys hold each asked key: every key asked in one tick, one statement. */
const referencingVersions = requestLoader(
  (ctx) =>
    new DataLoader<Key, Set<string>, string>(
      async (keys) => {
        const rows = await ctx.prisma.pageVersion.findMany({
          where: { spaceId: { in: [...new Set(keys.map((k) => k[0]))] }, referenceKeys: { hasSome: [...new Set(keys.map((k) => k[1]))] } },
          select: { spaceId: true, hash: true, referenceKeys: true },
        });
        const found = new Map(keys.map((k) => [keyOf(k), new Set<string>()]));
        for (const row of rows) for (const key of row.referenceKeys) found.get(keyOf([row.spaceId, key]))?.add(row.hash);
        return keys.map((k) => found.get(keyOf(k))!);
      },
      { cacheKeyFn: keyOf },
    ),
);

/**
 * Keys of the versions of a space not indexed yet (a merge's, until the job
 * reaches them): parsed now on the pool and stored, so each is parsed once.
 */
const unindexedVersions = requestLoader(
  (ctx) =>
    new DataLoader<string, Map<string, string[]>>(async (spaceIds) => {
      const rows = await ctx.prisma.pageVersion.findMany({
        where: { spaceId: { in: [...spaceIds] }, referencesIndexed: false },
        select: { spaceId: true, hash: true },
      });
      const parses = await storedParses(ctx.prisma, ctx.compute, rows, ctx.contentLimits);
      return spaceIds.map(
        (id) => new Map(rows.filter((r) => r.spaceId === id).map((r) => [r.hash, parses.get(parseKey(r))?.referenceKeys ?? []])),
      );
    }),
);

/** Hashes of the versions of the space that hold any of `keys`. */
async function versionsReferring(ctx: Context, spaceId: string, keys: string[]) {
  const [indexed, unindexed] = await Promise.all([
    referencingVersions(ctx).loadMany(keys.map((k) => [spaceId, k] as const)),
    unindexedVersions(ctx).load(spaceId),
  ]);
  const hashes = new Set<string>();
  for (const set of indexed) if (set instanceof Set) for (const h of set) hashes.add(h);
  for (const [hash, own] of unindexed) if (own.some((k) => keys.includes(k))) hashes.add(hash);
  return hashes;
}

/** The locations (pages of the revision) that refer to `target`, in tree order. */
export async function backlinks(ctx: Context, scope: ContentScope, target: BacklinkTarget): Promise<ContentReference[]> {
  const flat = flatten(await revisionTree(ctx, scope.revision));
  const spaceId = scope.revision.spaceId;
  if ('file' in target) {
    // Like a page's: a file the revision does not hold is NOT_FOUND, not "nothing links here".
    if (!(await revisionFileIds(ctx, scope.revision)).has(target.file)) throw notFound('File');
    const hashes = await versionsReferring(ctx, spaceId, [`file:${target.file}`]);
    return flat.filter((f) => hashes.has(f.node.version)).map((f) => pageLocation(scope, f.node.id));
  }
  const page = flat.find((f) => f.node.id === target.page);
  if (!page) throw notFound('Page');
  // `page:` holds links whose last segment depends on the folder (`..`, `./`).
  const hashes = await versionsReferring(ctx, spaceId, [`page:${page.node.slug}`, 'page:']);
  const candidates = flat.filter((f) => f.node.id !== target.page && hashes.has(f.node.version));
  if (candidates.length === 0) return [];
  const byPath = pathIndex(flat);
  const contents = await versionLoader(ctx).loadMany(candidates.map((f) => [spaceId, f.node.version] as const));
  const references = await referencesOffLoop(
    ctx.compute,
    contents.map((c) => (c && !(c instanceof Error) ? c.markdown : '')),
  );
  return candidates
    .filter((f, i) => {
      const content = contents[i];
      if (!content || content instanceof Error) return false;
      const folder = f.path.split('/').filter(Boolean).slice(0, -1);
      return references[i]!.some(
        (r) => r.kind === 'link' && !isIgnored(r.url) && !isExternal(r.url) && findPage(byPath, folder, r.url) === target.page,
      );
    })
    .map((f) => pageLocation(scope, f.node.id));
}

/**
 * The indexing job's work: the parse (reference keys and document) of versions
 * stored without one (before the index existed, or by a merge), `batch` at a
 * time (of one space when `spaceId` is given: the versions a merge stored),
 * on `compute` when given. Answers how many it parsed.
 */
export async function indexPageReferences(
  prisma: Pick<PrismaClient, 'pageVersion' | '$executeRaw'>,
  batch = 500,
  spaceId?: string,
  compute?: ComputePool,
): Promise<number> {
  return storeMissingParses(prisma, { batch, spaceId, compute });
}
