// Share keys presented with a read (`shareKey`): for a share-link site, the
// published URLs in the answer carry the key of an active share link so that
// they open the site. A key is noted while the query runs and checked (one
// batched statement) when a URL is resolved.
import DataLoader from 'dataloader';
import type { Context } from '../../context.js';
import { requestLoader } from '../../loaders.js';

const presented = requestLoader(() => new Map<string, string>());

const activeKeys = requestLoader(
  (ctx) =>
    new DataLoader<string, boolean>(async (pairs) => {
      const wanted = pairs.map((p) => JSON.parse(p) as [string, string]);
      const rows = await ctx.prisma.shareLink.findMany({
        where: { active: true, OR: wanted.map(([siteId, key]) => ({ siteId, key })) },
        select: { siteId: true, key: true },
      });
      const found = new Set(rows.map((r) => JSON.stringify([r.siteId, r.key])));
      return pairs.map((p) => found.has(p));
    }),
);

/** Notes the key presented for the site's items in this request. */
export function presentShareKey(ctx: Context, siteId: string, shareKey: string | null | undefined) {
  if (shareKey) presented(ctx).set(siteId, shareKey);
}

/** The published URL, with `?share=<key>` when it is a share-link site's and an active key was presented. */
export async function sharedUrl(ctx: Context, site: { id: string; visibility: string }, url: string | null) {
  const key = presented(ctx).get(site.id);
  if (!url || !key || site.visibility !== 'share-link') return url;
  return (await activeKeys(ctx).load(JSON.stringify([site.id, key]))) ? `${url}?share=${encodeURIComponent(key)}` : url;
}
