// The one way lists are served: a Relay connection over a Prisma model, filtered
// by a `where` built from the parent and the caller (policy filters included),
// with `totalCount` counted under the same filter. REST `page`/`limit` map to
// `after`/`first`, `count` to `totalCount`.
import type { Context } from '../../context.js';
import { badRequest } from '../../errors.js';

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
}

/** A Prisma cursor (`{ id }`, or a compound `{ teamId_userId: { teamId, userId } }`) as a `where`. */
const cursorWhere = (cursor: Record<string, unknown>) =>
  Object.assign({}, ...Object.entries(cursor).map(([key, value]) => (value !== null && typeof value === 'object' ? value : { [key]: value })));

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

// Pothos infers each field's parent and argument types; these helpers accept
// them as given (`any`) and hand them to the typed callbacks of the list.
/* eslint-disable @typescript-eslint/no-explicit-any */
export function scopedList<Parent, Args>(list: ScopedList<Parent, Args>): { totalCount: any; resolve: any } {
  const delegate = (ctx: Context) => list.model(ctx) as Delegate;
  return {
    totalCount: async (parent: Parent, args: Args, ctx: Context) => delegate(ctx).count({ where: await list.where(parent, args, ctx) }),
    resolve: async (query: { cursor?: Record<string, unknown> }, parent: Parent, args: Args, ctx: Context) => {
      const where = await list.where(parent, args, ctx);
      const [rows] = await Promise.all([
        delegate(ctx).findMany({ ...query, where, orderBy: list.orderBy(args) }),
        requireCursorInList(delegate(ctx), where, query.cursor),
      ]);
      return (list.decorate ? list.decorate(rows, parent) : rows) as never;
    },
  };
}
