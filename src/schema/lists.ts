// The one way lists are served: a Relay connection over a Prisma model, filtered
// by a `where` built from the parent and the caller (policy filters included),
// with `totalCount` counted under the same filter. REST `page`/`limit` map to
// `after`/`first`, `count` to `totalCount`.
import DataLoader from 'dataloader';
import type { GraphQLResolveInfo } from 'graphql';
import type { Context } from '../context.js';
import { badRequest } from '../errors.js';

interface Delegate {
  findMany(args: object): Promise<unknown[]>;
  count(args: { where: object }): Promise<number>;
}

export interface ScopedList<Parent, Args> {
  /** The Prisma delegate of the listed model. */
  model: (ctx: Context) => unknown;
  /** May be async (a filter that needs a loader first). */
  where: (parent: Parent, args: Args, ctx: Context) => object | Promise<object>;
  orderBy: (args: Args) => object[];
  /** Adds what edges need to the rows (optional). */
  decorate?: (rows: unknown[], parent: Parent) => unknown[];
  /** The columns of each row `decorate`'s edge fields read: selected even when the edges ask for no node. */
  decorateReads?: readonly string[];
  /**
   * Loads, before the rows resolve, what their fields read through request loaders
   * (optional; `settledLoader`s, src/loaders.ts): one statement per loader for the
   * page, and fields that then answer at once instead of through a promise per row.
   */
  preload?: (rows: unknown[], ctx: Context, info: GraphQLResolveInfo) => Promise<unknown> | undefined;
}

/** The order of most lists: oldest first, then by id (a total order, as cursors need). */
export const oldestFirst = () => [{ createdAt: 'asc' }, { id: 'asc' }];

/** An organization's rows of a model, oldest first: `where` checks the caller may list them and filters them. */
export const organizationRows = (
  model: (ctx: Context) => unknown,
  where: (ctx: Context, organizationId: string) => object,
): ScopedList<{ id: string }, unknown> => ({ model, where: (org, _args, ctx) => where(ctx, org.id), orderBy: oldestFirst });

/** A Prisma cursor (`{ id }`, or a compound `{ teamId_userId: { teamId, userId } }`) as a `where`. */
const cursorWhere = (cursor: Record<string, unknown>) =>
  Object.assign(
    {},
    ...Object.entries(cursor).map(([key, value]) => (value !== null && typeof value === 'object' ? value : { [key]: value })),
  );

/**
 * A cursor (GraphQL `after`/`before`, REST `page`) names a position in the list it
 * came from, nothing else: one naming a row outside the list's filter (another
 * organization's, a hidden one, or none) is refused, the same way for each, so a
 * page never reveals where a row the caller may not see sits (or that it exists).
 */
export async function requireCursorInList(model: Delegate, where: object, cursor: Record<string, unknown> | undefined) {
  if (!cursor) return;
  if ((await model.count({ where: { AND: [where, cursorWhere(cursor)] } })) === 0) {
    throw badRequest('this cursor does not name a position in this list', 'cursor');
  }
}

const columns = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, true]));

// Pothos infers each field's parent and argument types; these helpers accept
// them as given (`any`) and hand them to the typed callbacks of the list.
/* eslint-disable @typescript-eslint/no-explicit-any */
export function scopedList<Parent, Args>(list: ScopedList<Parent, Args>): { totalCount: any; resolve: any } {
  const delegate = (ctx: Context) => list.model(ctx) as Delegate;
  return {
    totalCount: async (parent: Parent, args: Args, ctx: Context) => delegate(ctx).count({ where: await list.where(parent, args, ctx) }),
    resolve: async (
      query: { cursor?: Record<string, unknown>; select?: object },
      parent: Parent,
      args: Args,
      ctx: Context,
      info: GraphQLResolveInfo,
    ) => {
      const where = await list.where(parent, args, ctx);
      const selected =
        query.select && list.decorateReads ? { ...query, select: { ...query.select, ...columns(list.decorateReads) } } : query;
      const [rows] = await Promise.all([
        delegate(ctx).findMany({ ...selected, where, orderBy: list.orderBy(args) }),
        requireCursorInList(delegate(ctx), where, query.cursor),
      ]);
      await list.preload?.(rows, ctx, info);
      return (list.decorate ? list.decorate(rows, parent) : rows) as never;
    },
  };
}

interface ConnectionQuery {
  cursor?: Record<string, unknown>;
  take?: number;
  skip?: number;
  [selection: string]: unknown;
}

/** The rows Prisma's `cursor`/`skip`/`take` would give from `rows` (already in list order); the cursor is `{ id }`. */
export function slicePage<Row extends { id: string }>(rows: Row[], query: ConnectionQuery): Row[] {
  const { cursor, skip = 0, take } = query;
  const at = cursor ? rows.findIndex((r) => r.id === cursor.id) : -1;
  if (cursor && at < 0) throw badRequest('this cursor does not name a position in this list', 'cursor');
  if (take == null) return rows.slice(cursor ? at + skip : skip);
  if (take >= 0) {
    const start = cursor ? at + skip : skip;
    return rows.slice(start, start + take);
  }
  const end = cursor ? at + 1 - skip : rows.length - skip;
  return rows.slice(Math.max(0, end + take), Math.max(0, end));
}

export interface GroupedList<Parent, Args> {
  /** The Prisma delegate of the listed model. */
  model: (ctx: Context) => unknown;
  /** The parent's own part of the filter, on plain columns of the model: `{ spaceId, pageId }`. */
  groupOf: (parent: Parent) => Record<string, string | null>;
  /** The filter every parent shares (from the arguments). */
  where: (args: Args) => object;
  orderBy: (args: Args) => object[];
}

type Row = { id: string } & Record<string, unknown>;
const groupKey = (fields: string[], values: Record<string, unknown>) => JSON.stringify(fields.map((f) => values[f] ?? null));

/**
 * A connection on a parent that is not a Prisma row (or whose relation Prisma cannot
 * filter), loaded for every parent of the request at once: one `findMany` per
 * selection and arguments, whatever the number of parents, sliced per parent as
 * Prisma's cursor would. Fits lists of moderate size per parent (a page's comments);
 * `totalCount` comes from the same rows.
 */
export function groupedList<Parent, Args>(list: GroupedList<Parent, Args>): { totalCount: any; resolve: any } {
  const loaders = Symbol('groupedList');
  /** One loader per selection and arguments: the parents asking in the same tick share one statement. */
  const loaderFor = (ctx: Context, args: Args, selection: object, fields: string[]) => {
    if (!ctx.loaderCache.has(loaders)) ctx.loaderCache.set(loaders, new Map());
    const byQuery = ctx.loaderCache.get(loaders) as Map<string, DataLoader<Record<string, string | null>, Row[], string>>;
    const id = JSON.stringify([selection, args]);
    let loader = byQuery.get(id);
    if (!loader) {
      loader = new DataLoader(
        async (groups) => {
          const select =
            'select' in selection
              ? { select: { ...(selection.select as object), id: true, ...Object.fromEntries(fields.map((f) => [f, true])) } }
              : selection;
          const rows = (await (list.model(ctx) as Delegate).findMany({
            ...select,
            where: { AND: [list.where(args), { OR: groups }] },
            orderBy: list.orderBy(args),
          })) as Row[];
          const byGroup = new Map<string, Row[]>();
          for (const row of rows) byGroup.set(groupKey(fields, row), [...(byGroup.get(groupKey(fields, row)) ?? []), row]);
          return groups.map((g) => byGroup.get(groupKey(fields, g)) ?? []);
        },
        { cacheKeyFn: (g) => groupKey(fields, g) },
      );
      byQuery.set(id, loader);
    }
    return loader;
  };
  const rowsOf = (ctx: Context, parent: Parent, args: Args, selection: object) => {
    const group = list.groupOf(parent);
    return loaderFor(ctx, args, selection, Object.keys(group)).load(group);
  };
  const selectionOf = ({ cursor: _c, take: _t, skip: _s, ...selection }: ConnectionQuery) => selection;
  return {
    totalCount: async (parent: Parent, args: Args, ctx: Context) => (await rowsOf(ctx, parent, args, { select: { id: true } })).length,
    resolve: async (query: ConnectionQuery, parent: Parent, args: Args, ctx: Context) =>
      slicePage(await rowsOf(ctx, parent, args, selectionOf(query)), query) as never,
  };
}
