// Tree changes lock what they check. A move reads the destination's ancestors
// (the cycle check) and the siblings' sort keys, then writes; two such writes
// racing both pass their checks (two collections moved each into the other
// leave a cycle; two items placed at the end get the same key).
//
// Why one advisory lock per organization's content tree rather than
// `SELECT … FOR UPDATE` on the rows read: the checks read whole paths and
// sibling lists, including rows that do not exist yet (a sibling being created
// elsewhere), which row locks cannot cover, and locking two paths row by row in
// a safe order is its own deadlock puzzle. Tree writes (create, duplicate,
// move, transfer, delete and restore, level and visibility changes of spaces
// and collections) are rare next to reads and their transactions short; reads
// and plain edits (a title) never take the lock. The lock is
// transaction-scoped (`pg_advisory_xact_lock`): released at commit or rollback,
// never leaked by a failed request.
import type { Tx } from '../../db/tx.js';

/** Takes the content-tree locks of the organizations, in a fixed order (no deadlock between two transfers). */
export async function lockContentTrees(tx: Tx, organizationIds: string[]) {
  for (const id of [...new Set(organizationIds)].sort()) {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`quire:content-tree:${id}`}, 0))`;
  }
}

/**
 * Loads an item, locks its organization's tree (and `others`), then loads it
 * again: what the caller checks afterwards is what was committed before the
 * lock, and stays so until the transaction ends. An item transferred while we
 * waited gets its new organization locked too.
 */
export async function loadLocked<T extends { organizationId: string } | null>(
  tx: Tx,
  load: (tx: Tx) => Promise<T>,
  { others = [], loaded }: { others?: string[] /** The item as already loaded (and authorized) in this transaction. */; loaded?: T } = {},
): Promise<T> {
  let item = loaded ?? (await load(tx));
  while (item) {
    const { organizationId } = item;
    await lockContentTrees(tx, [organizationId, ...others]);
    item = await load(tx);
    if (item?.organizationId === organizationId) break;
  }
  return item;
}
