// The one entry point other areas (comments, sites…) use to find a page of a revision.
import type { Context } from '../../context.js';
import { pageOfRevision, type ResolvedPage } from './read.js';

/**
 * The page `pageId` as revision `revisionId` holds it (title, path, markdown,
 * subpages…), or null when the revision does not exist or has no such page.
 * Batched: many calls in one tick share their statements.
 */
export async function findPageInRevision(ctx: Context, revisionId: string, pageId: string): Promise<ResolvedPage | null> {
  const revision = await ctx.prisma.revision.findUnique({ where: { id: revisionId }, select: { id: true, spaceId: true, tree: true } });
  return revision ? pageOfRevision(ctx, revision, { id: pageId }) : null;
}
