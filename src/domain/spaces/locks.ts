// The one lock order of every write that touches a space and its change
// requests (merges, updates from main, content and file writes, reviews,
// templates, translation results, search syncs):
//
//   1. the space row, FOR NO KEY UPDATE;
//   2. then the change request row, FOR UPDATE.
//
// Taking them in this order, first thing in the transaction, is what keeps two
// such writes from deadlocking: before, a merge locked space then change
// request while a content write locked the change request and then waited on
// the space row. FOR NO KEY UPDATE (not FOR UPDATE) lets the foreign-key checks
// of rows referencing the space (FOR KEY SHARE) through, so a writer holding
// no lock yet never waits on the space behind a merge in the middle of a
// statement. Any deadlock or serialization failure left (with triggers, other
// tables) is retried whole by `transactionWithRetry` (src/db/retry.ts).
//
// Work that can happen before the locks should: merges and updates from main
// compute their result (trees, text merges, new content-addressed objects)
// with no lock held, and their transaction only compares the heads under the
// locks and moves the pointers (src/domain/changeRequests/merging.ts).
import type { Tx } from '../../db/tx.js';

/** Locks the space row (step 1); answers false when no such row. */
export async function lockSpace(tx: Tx, spaceId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<unknown[]>`SELECT 1 FROM "Space" WHERE id = ${spaceId} FOR NO KEY UPDATE`;
  return rows.length > 0;
}

/** Locks the space row, then the change request's (steps 1 and 2). */
export async function lockChangeRequest(tx: Tx, spaceId: string, changeRequestId: string) {
  await lockSpace(tx, spaceId);
  await tx.$queryRaw`SELECT 1 FROM "ChangeRequest" WHERE id = ${changeRequestId} FOR UPDATE`;
}
