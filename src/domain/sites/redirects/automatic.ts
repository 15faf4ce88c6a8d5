// Automatic redirects: when a space's main line moves (a merge, a main-line
// write) and pages of it changed path — moved, renamed, or under a parent that
// did — every site publishing the space gets a redirect from each old published
// path to the page (what readers of documentation platforms expect of an old
// link). Run by the job that follows main-line moves, after their commit; it
// compares the revision before the first move it sees with the one after the
// last. Idempotent: a redirect it wrote is replaced by a later move, a
// redirect a user wrote for the same source never; one whose source is a page's
// path again is removed (the page answers there).
import type { PrismaClient } from '../../../generated/prisma/client.js';
import { newId } from '../../../ids.js';
import { publicSchemas } from '../customization/publicSchemas.js';
import { siteSpacePrefix } from './destinations.js';
import { pagePathsOf } from './pages.js';
import { REDIRECT_LIMITS } from './service.js';

const sourcePattern = new RegExp(publicSchemas.SiteRedirectSourcePath.pattern);
const SOURCE_MAX = publicSchemas.SiteRedirectSourcePath.maxLength;

/** A page path as a redirect source under `prefix` (segments percent-encoded), or null when it cannot be one. */
function sourceOf(prefix: string, path: string) {
  const source = `${prefix}/${path.split('/').map(encodeURIComponent).join('/')}`;
  return source.length <= SOURCE_MAX && sourcePattern.test(source) ? source : null;
}

interface Move {
  pageId: string;
  from: string;
  to: string;
}

/** The pages whose path differs between the two revisions. */
async function movedPages(prisma: PrismaClient, before: string, after: string): Promise<Move[]> {
  const [old, now] = await Promise.all([pagePathsOf(prisma, before), pagePathsOf(prisma, after)]);
  return [...old].flatMap(([pageId, from]) => {
    const to = now.get(pageId);
    return to !== undefined && to !== from ? [{ pageId, from, to }] : [];
  });
}

/**
 * Redirects for the pages moved by the space's main-line moves up to outbox row
 * `upTo` (the rows are removed by the caller afterwards). Answers how many
 * redirects it wrote.
 */
export async function redirectMovedPages(prisma: PrismaClient, spaceId: string, upTo: bigint): Promise<number> {
  const rows = await prisma.mainLineOutbox.findMany({
    where: { spaceId, id: { lte: upTo } },
    orderBy: { id: 'asc' },
    select: { revisionId: true, previousRevisionId: true },
  });
  const before = rows[0]?.previousRevisionId;
  const after = rows.at(-1)?.revisionId;
  if (!before || !after || before === after) return 0;
  const siteSpaces = await prisma.siteSpace.findMany({
    where: { spaceId },
    select: { id: true, siteId: true, organizationId: true, path: true, section: { select: { path: true } } },
  });
  if (siteSpaces.length === 0) return 0;
  const moves = await movedPages(prisma, before, after);
  let written = 0;
  for (const siteSpace of siteSpaces) written += await redirectSiteSpace(prisma, siteSpace, moves);
  return written;
}

async function redirectSiteSpace(
  prisma: PrismaClient,
  siteSpace: { id: string; siteId: string; organizationId: string; path: string; section: { path: string } | null },
  moves: Move[],
) {
  const prefix = siteSpacePrefix(siteSpace);
  // A page now at a path an automatic redirect leads away from: the page answers there again.
  const arrived = moves.map((m) => sourceOf(prefix, m.to)).filter((s): s is string => s !== null);
  await prisma.siteRedirect.deleteMany({ where: { siteId: siteSpace.siteId, automatic: true, draft: false, source: { in: arrived } } });
  const room = REDIRECT_LIMITS.perSite - (await prisma.siteRedirect.count({ where: { siteId: siteSpace.siteId } }));
  const redirects = moves
    .flatMap((m) => {
      const source = sourceOf(prefix, m.from);
      return source ? [{ source, destination: JSON.stringify({ kind: 'site-page', siteSpaceId: siteSpace.id, pageId: m.pageId }) }] : [];
    })
    .slice(0, Math.max(0, room));
  if (redirects.length === 0) return 0;
  // One statement for all; a user's redirect of the same source stays as it is.
  return prisma.$executeRaw`
    INSERT INTO "SiteRedirect" (id, "organizationId", "siteId", source, draft, destination, automatic, "createdAt", "changedAt")
    SELECT r.id, ${siteSpace.organizationId}, ${siteSpace.siteId}, r.source, false, r.destination::jsonb, true, now(), now()
    FROM unnest(${redirects.map(() => newId('SiteRedirect'))}::text[], ${redirects.map((r) => r.source)}::text[], ${redirects.map((r) => r.destination)}::text[])
      AS r(id, source, destination)
    ON CONFLICT ("siteId", draft, source) DO UPDATE
      SET destination = EXCLUDED.destination, "updatedAt" = now(), "changedAt" = now()
      WHERE "SiteRedirect".automatic`;
}
