// Batched reads of content objects: every tree (or version) wanted in one tick,
// whatever the number of revisions asking, costs one statement.
import DataLoader from 'dataloader';
import { requestLoader } from '../../loaders.js';
import type { Context } from '../../context.js';
import type { TreeFetcher, VersionRow } from './objects.js';
import { parseKey, storedParses } from './parses.js';
import type { RichTextDocument } from '../content/markdown/index.js';

type Key = readonly [spaceId: string, hash: string];
const cacheKeyFn = ([spaceId, hash]: Key) => `${spaceId}/${hash}`;

const treeLoader = requestLoader(
  (ctx) =>
    new DataLoader<Key, unknown, string>(
      async (keys) => {
        const rows = await ctx.prisma.pageTree.findMany({
          where: { spaceId: { in: [...new Set(keys.map((k) => k[0]))] }, hash: { in: [...new Set(keys.map((k) => k[1]))] } },
          select: { spaceId: true, hash: true, entries: true },
        });
        const byKey = new Map(rows.map((r) => [cacheKeyFn([r.spaceId, r.hash]), r.entries]));
        return keys.map((k) => byKey.get(cacheKeyFn(k)) ?? null);
      },
      { cacheKeyFn },
    ),
);

export const versionLoader = requestLoader(
  (ctx) =>
    new DataLoader<Key, VersionRow | null, string>(
      async (keys) => {
        const rows = await ctx.prisma.pageVersion.findMany({
          where: { spaceId: { in: [...new Set(keys.map((k) => k[0]))] }, hash: { in: [...new Set(keys.map((k) => k[1]))] } },
          // The document is read on its own (documentLoader), by the pages it is asked of.
          omit: { document: true, sections: true },
        });
        const byKey = new Map(rows.map((r) => [cacheKeyFn([r.spaceId, r.hash]), r]));
        return keys.map((k) => byKey.get(cacheKeyFn(k)) ?? null);
      },
      { cacheKeyFn },
    ),
);

/**
 * The stored documents of page versions (bounded by the content limits), every
 * one asked in one tick in one statement; a version stored without one is
 * parsed on the pool and stored (storedParses), never inline.
 */
export const documentLoader = requestLoader(
  (ctx) =>
    new DataLoader<Key, RichTextDocument | null, string>(
      async (keys) => {
        const parses = await storedParses(
          ctx.prisma,
          ctx.compute,
          keys.map(([spaceId, hash]) => ({ spaceId, hash })),
          ctx.contentLimits,
        );
        return keys.map(([spaceId, hash]) => parses.get(parseKey({ spaceId, hash }))?.document ?? null);
      },
      { cacheKeyFn },
    ),
);

/** Tree objects through the request's loader (batched with other revisions' reads). */
export const loaderTrees =
  (ctx: Context): TreeFetcher =>
  async (spaceId, hashes) => {
    const found = await treeLoader(ctx).loadMany(hashes.map((h) => [spaceId, h] as const));
    return new Map(hashes.flatMap((h, i) => (found[i] && !(found[i] instanceof Error) ? [[h, found[i] as never]] : [])));
  };

export const revisionLoader = requestLoader(
  (ctx) =>
    new DataLoader<
      string,
      {
        id: string;
        organizationId: string;
        spaceId: string;
        changeRequestId: string | null;
        tree: string | null;
        fileSet: string | null;
        parents: string[];
        type: string;
        createdAt: Date;
      } | null
    >(async (ids) => {
      const rows = await ctx.prisma.revision.findMany({
        where: { id: { in: [...ids] } },
        select: {
          id: true,
          organizationId: true,
          spaceId: true,
          changeRequestId: true,
          tree: true,
          fileSet: true,
          parents: true,
          type: true,
          createdAt: true,
        },
      });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
);
