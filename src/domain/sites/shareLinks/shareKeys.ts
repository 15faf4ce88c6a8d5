// Share keys presented with a read (`shareKey`): the caller's rights on a site
// take the keys into account (policy/site.ts: a reader outside the
// organization); they are the request's, gathered from the operation when it
// entered (policy/actor.ts, RequestGrants), and checked (one batched statement)
// when needed. For a share-link site, the published URLs in the answer carry
// the key given with its items, so that they open the site. Each answers at
// once when what it needs was loaded earlier in the request.
import { completeValue, isThenable } from '@pothos/core';
import { requireActor, type Context } from '../../../context.js';
import type { SiteSubject } from '../../../policy/index.js';
import { requestLoader, settledLoader } from '../../../loaders.js';

const presented = requestLoader(() => new Map<string, string>());

const activeKeys = settledLoader<string, boolean>(async (ctx, pairs) => {
  const wanted = pairs.map((p) => JSON.parse(p) as [string, string]);
  const rows = await ctx.prisma.shareLink.findMany({
    where: { active: true, OR: wanted.map(([siteId, key]) => ({ siteId, key })) },
    select: { siteId: true, key: true },
  });
  const found = new Set(rows.map((r) => JSON.stringify([r.siteId, r.key])));
  return pairs.map((p) => found.has(p));
});

const isActive = (ctx: Context, siteId: string, key: string) => activeKeys(ctx).load(JSON.stringify([siteId, key]));

/**
 * Notes the key given for the site's items, which their published URLs carry
 * (the caller's rights already count it: it is one of the request's share keys).
 */
export function presentShareKey(ctx: Context, siteId: string, shareKey: string | null | undefined) {
  if (!shareKey) return;
  presented(ctx).set(siteId, shareKey);
}

/**
 * The site as the policy judges it: with the keys of its active share links
 * among those the caller presented (no statement when they presented none).
 * At once when those keys were already checked in this request.
 */
export function siteSubject<S extends SiteSubject & { id: string }>(ctx: Context, site: S): S | Promise<S> {
  const keys = [...requireActor(ctx).shareKeys];
  if (!keys.length) return site;
  const active = keys.map((key) => isActive(ctx, site.id, key));
  const subject = (flags: boolean[]) => ({ ...site, activeShareKeys: keys.filter((_, i) => flags[i]) });
  return active.some(isThenable) ? Promise.all(active).then(subject) : subject(active as boolean[]);
}

/** The published URL, with `?share=<key>` when it is a share-link site's and an active key was presented. */
export function sharedUrl(
  ctx: Context,
  site: { id: string; visibility: string },
  url: string | null,
): string | null | Promise<string | null> {
  const key = presented(ctx).get(site.id);
  if (!url || !key || site.visibility !== 'share-link') return url;
  return completeValue(isActive(ctx, site.id, key), (active) => (active ? `${url}?share=${encodeURIComponent(key)}` : url));
}
