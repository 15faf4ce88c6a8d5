// Keeps `memberLevel` (the default level resolved through the parents, see
// policy/roles.ts) in step when a default level or a parent changes.
//
// Every walk of the collection tree is cycle-proof on its own (`CYCLE … SET
// looped`): tree writes lock against each other (treeLock.ts), so no cycle
// should ever exist, but if one did (a bug, a hand edit) a walk must still end
// rather than run forever holding locks and a connection.
import type { Tx } from '../../db/tx.js';

/** What an item with `defaultLevel` resolves to under a parent of `parentLevel`. */
export const resolveLevel = (defaultLevel: string, parentLevel: string | undefined) =>
  defaultLevel === 'inherit' ? (parentLevel ?? 'inherit') : defaultLevel;

/**
 * Recomputes `memberLevel` below a collection whose own level is already set:
 * the nested collections and every space in the subtree (two statements).
 */
export async function propagateLevels(tx: Tx, collectionId: string) {
  await tx.$executeRaw`
    WITH RECURSIVE tree AS (
      SELECT id, "memberLevel" FROM "Collection" WHERE id = ${collectionId}
      UNION ALL
      SELECT c.id, CASE WHEN c."defaultLevel" = 'inherit' THEN tree."memberLevel" ELSE c."defaultLevel" END
      FROM "Collection" c JOIN tree ON c."parentId" = tree.id
    ) CYCLE id SET looped USING trail
    UPDATE "Collection" c SET "memberLevel" = tree."memberLevel" FROM tree
    WHERE c.id = tree.id AND NOT tree.looped AND c.id <> ${collectionId} AND c."memberLevel" IS DISTINCT FROM tree."memberLevel"`;
  await tx.$executeRaw`
    WITH RECURSIVE tree AS (
      SELECT id FROM "Collection" WHERE id = ${collectionId}
      UNION ALL
      SELECT c.id FROM "Collection" c JOIN tree ON c."parentId" = tree.id
    ) CYCLE id SET looped USING trail
    UPDATE "Space" s SET "memberLevel" = CASE WHEN s."defaultLevel" = 'inherit' THEN c."memberLevel" ELSE s."defaultLevel" END
    FROM "Collection" c WHERE s."parentId" = c.id AND c.id IN (SELECT id FROM tree WHERE NOT looped)`;
}

/** Ids of a collection and all collections nested in it. */
export async function collectionSubtree(tx: Tx, collectionId: string): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    WITH RECURSIVE tree AS (
      SELECT id FROM "Collection" WHERE id = ${collectionId}
      UNION ALL
      SELECT c.id FROM "Collection" c JOIN tree ON c."parentId" = tree.id
    ) CYCLE id SET looped USING trail
    SELECT id FROM tree WHERE NOT looped`;
  return rows.map((r) => r.id);
}
