// The one way lists are served: a Relay connection over a Prisma model, filtered
// by a `where` built from the parent and the caller (policy filters included),
// with `totalCount` counted under the same filter. REST `page`/`limit` map to
// `after`/`first`, `count` to `totalCount`.
import type { Context } from '../../context.js';

interface Delegate {
  findMany(args: object): Promise<unknown[]>;
  count(args: { where: object }): Promise<number>;
}

export interface ScopedList<Parent, Args> {
  /** The Prisma delegate of the listed model. */
  model: (ctx: Context) => unknown;
  where: (parent: Parent, args: Args, ctx: Context) => object;
  orderBy: (args: Args) => object[];
  /** Adds what edges need to the rows (optional). */
  decorate?: (rows: unknown[], parent: Parent) => unknown[];
}

// Pothos infers each field's parent and argument types; these helpers accept
// them as given (`any`) and hand them to the typed callbacks of the list.
/* eslint-disable @typescript-eslint/no-explicit-any */
export function scopedList<Parent, Args>(list: ScopedList<Parent, Args>): { totalCount: any; resolve: any } {
  const delegate = (ctx: Context) => list.model(ctx) as Delegate;
  return {
    totalCount: (parent: Parent, args: Args, ctx: Context) => delegate(ctx).count({ where: list.where(parent, args, ctx) }),
    resolve: async (query: object, parent: Parent, args: Args, ctx: Context) => {
      const rows = await delegate(ctx).findMany({ ...query, where: list.where(parent, args, ctx), orderBy: list.orderBy(args) });
      return (list.decorate ? list.decorate(rows, parent) : rows) as never;
    },
  };
}
