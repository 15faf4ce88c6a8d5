// Where comments point: pages of a space's content. The one place that asks
// the content model whether a page exists, so it can follow that model when
// it changes (revisions of their own for change requests, page ids kept
// across revisions).
import type { PrismaClient, Prisma } from '../../generated/prisma/client.js';

export interface PageRef {
  spaceId: string;
  pageId: string;
}

export const pageKey = (ref: PageRef) => `${ref.spaceId}/${ref.pageId}`;

/**
 * Which of the given pages are in the active revision of their space today
 * (one statement for all of them): the `pageKey`s of those present.
 */
export async function pagesPresent(db: PrismaClient | Prisma.TransactionClient, refs: readonly PageRef[]): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const rows = await db.$queryRaw<PageRef[]>`
    SELECT s.id AS "spaceId", p.id AS "pageId"
    FROM unnest(${refs.map((r) => r.spaceId)}::text[], ${refs.map((r) => r.pageId)}::text[]) AS ref("spaceId", "pageId")
    JOIN "Space" s ON s.id = ref."spaceId"
    JOIN "Page" p ON p.id = ref."pageId" AND p."revisionId" = s."revisionId"`;
  return new Set(rows.map(pageKey));
}
