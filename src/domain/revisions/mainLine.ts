// The one way a space's main line moves to a new revision (merges, templates,
// main-line file writes, translation runs): the space points at it, and what
// follows the active revision (the search index) moves with it, in the same
// transaction, so a read after the write sees both.
import type { Prisma } from '../../generated/prisma/client.js';
import { syncSearchIndex } from '../search/indexer.js';

export async function advanceMainLine(tx: Prisma.TransactionClient, spaceId: string, revisionId: string) {
  await tx.space.update({ where: { id: spaceId }, data: { revisionId } });
  await syncSearchIndex(tx, spaceId);
}
