// Request-scoped DataLoaders, declared next to the domain that owns them:
//   const teamCountsByMember = requestLoader((ctx) => new DataLoader(batchFn));
//   await teamCountsByMember(ctx).load(memberKey);
// Each loader is built at most once per request, so its batching and caching
// span the whole GraphQL operation.
import DataLoader from 'dataloader';
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

/**
 * A request's DataLoader whose answers, once in, come back at once instead of as a
 * promise. A field that reads the same row for every item of a list (a site's, for
 * each of its sections and site spaces) then answers without a promise per item:
 * graphql-js completes an object holding a promise through `promiseForObject` and
 * microtasks (bench/README.md, session 9). Keys are compared as Map keys (strings).
 */
export function settledLoader<K, V>(batch: (ctx: Context, keys: readonly K[]) => Promise<V[]>): (ctx: Context) => SettledLoader<K, V> {
  return requestLoader((ctx) => {
    const settled = new Map<K, V>();
    const loader = new DataLoader<K, V>(async (keys) => {
      const values = await batch(ctx, keys);
      keys.forEach((key, i) => settled.set(key, values[i]));
      return values;
    });
    const load = (key: K) => (settled.has(key) ? (settled.get(key) as V) : loader.load(key));
    const prime = (key: K, value: V) => void (settled.has(key) || settled.set(key, value));
    return { load, loadAll: (keys) => Promise.all(keys.map(load)), prime };
  });
}

export interface SettledLoader<K, V> {
  load(key: K): V | Promise<V>;
  /** Loads a page's keys together (one batch), e.g. before its rows resolve (`preload` of src/schema/lists.ts). */
  loadAll(keys: readonly K[]): Promise<V[]>;
  /** Answers `key` with `value` from now on, unless it was loaded already (a row the request read another way). */
  prime(key: K, value: V): void;
}
