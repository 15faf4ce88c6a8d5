// The caller's rights on the site of a structure item (section, group, site
// space, share link), the site loaded once per request and judged with the
// share keys the caller presented (policy/site.ts).
import { requireActor, type Context } from '../../context.js';
import { requestLoader } from '../../loaders.js';
import { can, sitePolicy } from '../../policy/index.js';
import { siteRows } from './loaders.js';
import { siteSubject } from './shareKeys.js';

type SiteAction = keyof ReturnType<typeof sitePolicy.roleRules>;

/** Whether the caller may do `action` on the site (false when it is hidden from them). */
export async function mayOnSite(ctx: Context, siteId: string, action: SiteAction) {
  const row = await siteRows(ctx).load(siteId);
  return !!row && can(sitePolicy, requireActor(ctx), await siteSubject(ctx, row), action);
}

const shown = requestLoader(() => new Set<string>());

/**
 * A site space shows the space it publishes to whoever may see the site (the
 * policy's `viewPublishedSpaces`), even a reader who may not see the space
 * otherwise: the space is noted for this request, and the Space type admits it.
 */
export async function mayShowPublishedSpace(ctx: Context, siteSpace: { siteId: string; spaceId: string }) {
  if (!(await mayOnSite(ctx, siteSpace.siteId, 'viewPublishedSpaces'))) return false;
  shown(ctx).add(siteSpace.spaceId);
  return true;
}

/** Whether a site the caller reads showed them this space in this request. */
export const shownBySite = (ctx: Context, spaceId: string) => shown(ctx).has(spaceId);
