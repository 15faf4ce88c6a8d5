// Batched reads of files: every file set (or file) wanted in one tick, whatever
// the number of revisions asking, costs one statement.
import DataLoader from 'dataloader';
import { requestLoader } from '../../loaders.js';
import type { File } from '../../generated/prisma/client.js';

type Key = readonly [spaceId: string, key: string];
const cacheKeyFn = ([spaceId, key]: Key) => `${spaceId}/${key}`;
const spacesOf = (keys: readonly Key[]) => [...new Set(keys.map((k) => k[0]))];
const keysOf = (keys: readonly Key[]) => [...new Set(keys.map((k) => k[1]))];

/** File ids of a set, by (space, set hash). */
export const fileSetLoader = requestLoader(
  (ctx) =>
    new DataLoader<Key, string[], string>(
      async (keys) => {
        const rows = await ctx.prisma.fileSet.findMany({
          where: { spaceId: { in: spacesOf(keys) }, hash: { in: keysOf(keys) } },
          select: { spaceId: true, hash: true, files: true },
        });
        const byKey = new Map(rows.map((r) => [cacheKeyFn([r.spaceId, r.hash]), r.files]));
        return keys.map((k) => byKey.get(cacheKeyFn(k)) ?? []);
      },
      { cacheKeyFn },
    ),
);

/** File rows, by (space, file id). */
export const fileLoader = requestLoader(
  (ctx) =>
    new DataLoader<Key, File | null, string>(
      async (keys) => {
        const rows = await ctx.prisma.file.findMany({ where: { spaceId: { in: spacesOf(keys) }, id: { in: keysOf(keys) } } });
        const byKey = new Map(rows.map((r) => [cacheKeyFn([r.spaceId, r.id]), r]));
        return keys.map((k) => byKey.get(cacheKeyFn(k)) ?? null);
      },
      { cacheKeyFn },
    ),
);

/** A revision's file-set hash when its value does not carry it. */
export const revisionFileSetLoader = requestLoader(
  (ctx) =>
    new DataLoader<string, string | null>(async (ids) => {
      const rows = await ctx.prisma.revision.findMany({ where: { id: { in: [...ids] } }, select: { id: true, fileSet: true } });
      const byId = new Map(rows.map((r) => [r.id, r.fileSet]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
);
