// Request-scoped DataLoaders, declared next to the domain that owns them:
//   const teamCountsByMember = requestLoader((ctx) => new DataLoader(batchFn));
//   await teamCountsByMember(ctx).load(memberKey);
// Each loader is built at most once per request, so its batching and caching
// span the whole GraphQL operation.
import type { Context } from './context.js';

export function requestLoader<L>(make: (ctx: Context) => L): (ctx: Context) => L {
  const key = Symbol('loader');
  return (ctx) => {
    let loader = ctx.loaderCache.get(key) as L | undefined;
    if (!loader) {
      loader = make(ctx);
      ctx.loaderCache.set(key, loader);
    }
    return loader;
  };
}
