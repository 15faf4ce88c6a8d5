// The caller's rights on the site of a structure item (section, group, site
// space, share link), the site loaded once per request and judged with the
// share keys the caller presented (policy/site.ts).
import { completeValue } from '@pothos/core';
import { requireActor, type Context } from '../../context.js';
import type { PrismaClient } from '../../generated/prisma/client.js';
import { can, sitePolicy, sitesShowingSpacesWhere, type Actor } from '../../policy/index.js';
import { siteRows } from './loaders.js';
import { siteSubject } from './shareLinks/shareKeys.js';

type SiteAction = keyof ReturnType<typeof sitePolicy.roleRules>;

/**
 * Whether the caller may do `action` on the site (false when it is hidden from them).
 * At once when the site was loaded earlier in the request, as it is for every item of
 * its structure after the first.
 */
export function mayOnSite(ctx: Context, siteId: string, action: SiteAction): boolean | Promise<boolean> {
  return completeValue(
    siteRows(ctx).load(siteId),
    (row) => !!row && completeValue(siteSubject(ctx, row), (subject) => can(sitePolicy, requireActor(ctx), subject, action)),
  );
}

/**
 * The filter of a list of the site's items, the site loaded (and the share keys
 * presented for it checked) first: each item's checks (access, URLs, default) then
 * answer at once instead of through a promise per item.
 */
export async function itemsOfSite(ctx: Context, siteId: string) {
  const row = await siteRows(ctx).load(siteId);
  if (row) await siteSubject(ctx, row);
  return { siteId };
}

/**
 * Whether a site space may embed its space: for whoever may see the site. The
 * space itself is then judged by the Space type (policy/space.ts,
 * shownSpacePolicy): the caller's own rights, or a published site that shows
 * it (the policy's `viewPublishedSpaces`), which the request's grants list
 * (spacesShownBySites, computed when it entered).
 */
export function mayShowPublishedSpace(ctx: Context, siteSpace: { siteId: string; spaceId: string }): boolean | Promise<boolean> {
  return completeValue(
    mayOnSite(ctx, siteSpace.siteId, 'viewPublishedSpaces'),
    (shows) => shows || mayOnSite(ctx, siteSpace.siteId, 'embedSpaces'),
  );
}

/**
 * The request's `siteSpaces` grant (policy/actor.ts, RequestGrants): the
 * spaces published on the sites whose published spaces the caller may see
 * (one statement; none when no site shows them any).
 */
export async function spacesShownBySites(prisma: PrismaClient, actor: Actor): Promise<ReadonlySet<string>> {
  const sites = sitesShowingSpacesWhere(actor);
  if (!sites) return new Set();
  const rows = await prisma.siteSpace.findMany({ where: { site: sites }, select: { spaceId: true }, distinct: ['spaceId'] });
  return new Set(rows.map((r) => r.spaceId));
}
