// Batched searches: every space (or organization) search of one tick with the
// same query and page costs the same statements as one.
import DataLoader from 'dataloader';
import { requestLoader } from '../../loaders.js';
import { requireActor, type Context } from '../../context.js';
import { searchableSpacesWhere } from '../../policy/index.js';
import { refreshSearchIndexes } from './indexer.js';
import { searchOrganizations, searchSpaces, type Page, type PageHit, type SpaceHit } from './service.js';

export interface SearchKey {
  /** A space id (space search) or an organization id (organization search). */
  id: string;
  query: string;
  offset: number;
  limit: number;
}

const cacheKeyFn = (k: SearchKey) => JSON.stringify([k.id, k.query, k.offset, k.limit]);

/** Runs `search` once per distinct (query, offset, limit) among the keys, over all their ids. */
function batchBy<T>(search: (ids: string[], query: string, offset: number, limit: number) => Promise<Map<string, T>>) {
  return async (keys: readonly SearchKey[]) => {
    const groups = new Map<string, SearchKey[]>();
    for (const k of keys) {
      const group = JSON.stringify([k.query, k.offset, k.limit]);
      groups.set(group, [...(groups.get(group) ?? []), k]);
    }
    const answers = new Map<string, T>();
    for (const group of groups.values()) {
      const { query, offset, limit } = group[0]!;
      const found = await search([...new Set(group.map((k) => k.id))], query, offset, limit);
      for (const k of group) answers.set(cacheKeyFn(k), found.get(k.id)!);
    }
    return keys.map((k) => answers.get(cacheKeyFn(k))!);
  };
}

export const spaceSearchLoader = requestLoader(
  (ctx) =>
    new DataLoader<SearchKey, Page<PageHit>, string>(
      batchBy(async (spaceIds, query, offset, limit) => {
        // Reads stay correct whatever moved an active revision: a lagging index is caught up first.
        await refreshSearchIndexes(ctx.prisma, spaceIds, ctx.compute);
        return searchSpaces(ctx.prisma, spaceIds, query, offset, limit);
      }),
      { cacheKeyFn },
    ),
);

export const organizationSearchLoader = requestLoader(
  (ctx: Context) =>
    new DataLoader<SearchKey, Page<SpaceHit>, string>(
      batchBy(async (organizationIds, query, offset, limit) => {
        const actor = requireActor(ctx);
        const spaces = await ctx.prisma.space.findMany({
          where: { OR: organizationIds.map((id) => searchableSpacesWhere(actor, id)) },
          select: { id: true, title: true, organizationId: true },
        });
        await refreshSearchIndexes(
          ctx.prisma,
          spaces.map((s) => s.id),
          ctx.compute,
        );
        const scopes = organizationIds.map((organizationId) => ({
          organizationId,
          spaces: spaces.filter((s) => s.organizationId === organizationId),
        }));
        return searchOrganizations(ctx.prisma, scopes, query, offset, limit);
      }),
      { cacheKeyFn },
    ),
);
