// The published structure of a site (GET …/published): what its readers get.
// An unpublished site is served to its organization's members only (a preview);
// a published share-link site only with the key of an active share link (a
// deactivated link stops at once: `active` is read on every request), to members
// and to readers outside the organization alike. Sites with sections serve their root sections and groups in
// order; sites without serve their root site spaces in order.
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { notFound } from '../../errors.js';
import type { Site } from '../../generated/prisma/client.js';
import { authorize, can, sitePolicy } from '../../policy/index.js';
import { presentShareKey, siteSubject } from './shareLinks/shareKeys.js';
import { loadSite } from './service.js';
import { siteRows } from './loaders.js';
import { liveSiteSpace } from './structure/scopes.js';

const inOrder = [{ sortKey: 'asc' as const }, { id: 'asc' as const }];
const byKey = (a: { sortKey: number; id: string }, b: { sortKey: number; id: string }) => a.sortKey - b.sortKey || a.id.localeCompare(b.id);

export interface PublishedSite {
  site: Site;
  structure: { type: 'sections' | 'siteSpaces'; structure: unknown[] };
}

const notServed = () => notFound('Published site');

/**
 * The items' relations in statements of their own (one per relation, whatever the counts), each
 * prepared once: joined (LATERAL), the statement is planned again on every request, 1.4 ms of
 * PostgreSQL's CPU for 20 sections of 5 site spaces (src/db/statementNames.ts).
 */
const preparedRelations = { relationLoadStrategy: 'query' } as const;

/**
 * What the request selects of the items of one kind (plugin-prisma's `queryFromInfo`), spread into
 * their read: a section's site spaces load with it, not section by section after (unless they are
 * answered whole: then they are no part of the selection, and one planned statement reads those of
 * every section, `planChildren` in sections/schema.ts). Asked only for the kind read, once the
 * caller is served. Groups, rare, load alone: their relations joined in the statement cost
 * PostgreSQL 2-3 ms of planning on every request, groups or not (the statement joins row by row,
 * so it is planned each time: src/db/statementNames.ts).
 */
export type StructureQuery = (typeName: 'SiteSection' | 'SiteSpace') => Promise<object>;

/**
 * Who is served is the policy's `readProfile` (policy/site.ts): readers of the
 * published site — members, and for a share-link site whoever presents an active
 * link's key, from any organization — and members of an unpublished one.
 * Everyone else gets the same 404 (nothing is revealed).
 */
export async function findPublishedSite(
  ctx: Context,
  input: { siteId: string; organizationId?: string | null; shareKey?: string | null },
  selected: StructureQuery = async () => ({}),
): Promise<PublishedSite> {
  const actor = requireActor(ctx);
  presentShareKey(ctx, input.siteId, input.shareKey);
  const row = await loadSite(ctx.prisma, actor, input.siteId, input.organizationId);
  // The row answers the site's checks further down the request (its sections ask) without a read of its own.
  if (row) siteRows(ctx).prime(row.id, row);
  const site = authorize(sitePolicy, actor, row && (await siteSubject(ctx, row)), 'view');
  if (!can(sitePolicy, actor, site, 'readProfile')) throw notServed();
  const [sections, groups] = await Promise.all([
    selected('SiteSection').then((query) =>
      ctx.prisma.siteSection.findMany({
        ...query,
        ...preparedRelations,
        where: { siteId: site.id, sectionGroupId: null },
        orderBy: inOrder,
      }),
    ),
    ctx.prisma.siteSectionGroup.findMany({ where: { siteId: site.id, parentId: null }, orderBy: inOrder }),
  ]);
  if (sections.length + groups.length > 0 || (await ctx.prisma.siteSection.count({ where: { siteId: site.id } })) > 0) {
    return { site, structure: { type: 'sections', structure: [...sections, ...groups].sort(byKey) } };
  }
  const siteSpaces = await ctx.prisma.siteSpace.findMany({
    ...(await selected('SiteSpace')),
    ...preparedRelations,
    where: { siteId: site.id, sectionId: null, ...liveSiteSpace },
    orderBy: inOrder,
  });
  return { site, structure: { type: 'siteSpaces', structure: siteSpaces } };
}
