// The one way a space's main line moves to a new revision (merges, templates,
// main-line file writes, translation runs): the space points at it, and an
// outbox row written in the same transaction records the move. What follows the
// active revision (the search index, the reference keys of new page versions)
// is brought up to date by the `content.follow-main-line` job outside that
// transaction: parsing every page of a large merge would outlast the
// transaction bounds; pages that changed path leave redirects on the sites
// publishing the space (sites/redirects/automatic.ts). Searches catch their spaces up before they search, so a
// search right after the move still sees it.
import type { PrismaClient } from '../../generated/prisma/client.js';
import { refreshSearchIndexes } from '../search/indexer.js';
import { indexPageReferences } from '../links/backlinks.js';
import { redirectMovedPages } from '../sites/redirects/automatic.js';
import type { ComputePool } from '../../compute/pool.js';
import type { Tx } from '../../db/tx.js';

/** The job that consumes the outbox (src/jobs/definitions.ts declares it). */
export const FOLLOW_MAIN_LINE = 'content.follow-main-line';

export async function advanceMainLine(tx: Tx, spaceId: string, revisionId: string) {
  // The revision it moves from: what moved between the two is followed too (automatic site redirects).
  const before = await tx.space.findUnique({ where: { id: spaceId }, select: { revisionId: true } });
  await tx.space.update({ where: { id: spaceId }, data: { revisionId } });
  await tx.mainLineOutbox.create({ data: { spaceId, revisionId, previousRevisionId: before?.revisionId ?? null } });
}

/**
 * The job's work: for each space with outbox rows, its search index caught up
 * and the parses (reference keys, documents) of its unparsed versions stored (on `compute` when given), then the rows it
 * saw removed (rows written meanwhile stay for the next round). Answers how
 * many spaces it followed.
 */
export async function followMainLines(prisma: PrismaClient, batch = 50, compute?: ComputePool): Promise<number> {
  let total = 0;
  for (;;) {
    const spaces = await prisma.mainLineOutbox.groupBy({
      by: ['spaceId'],
      _max: { id: true },
      orderBy: { _max: { id: 'asc' } },
      take: batch,
    });
    if (spaces.length === 0) return total;
    for (const { spaceId, _max } of spaces) {
      // Parses first (on the pool): the index then reads the stored sections.
      await indexPageReferences(prisma, 500, spaceId, compute);
      await refreshSearchIndexes(prisma, [spaceId], compute);
      await redirectMovedPages(prisma, spaceId, _max.id!);
      await prisma.mainLineOutbox.deleteMany({ where: { spaceId, id: { lte: _max.id! } } });
    }
    total += spaces.length;
  }
}
