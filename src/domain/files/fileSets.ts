// The files of a revision, stored like its pages: a FileSet (the sorted ids of
// its files) is keyed by the SHA-256 of the list, per space, and written once.
// A revision names its set by hash, so revisions that do not touch files share
// one row, and File rows (immutable) are shared by every set that lists them.
import { createHash } from 'node:crypto';
import type { Tx } from '../../db/tx.js';

type Db = Pick<Tx, 'fileSet'>;
/** The space (and its organization) whose rows a set is written under. */
interface OwningSpace {
  id: string;
  organizationId: string;
}

const sorted = (ids: Iterable<string>) => [...new Set(ids)].sort();

export const fileSetHash = (ids: string[]) =>
  createHash('sha256')
    .update(JSON.stringify(sorted(ids)))
    .digest('hex');

/** Stores the set of `ids` (a no-op when the space holds it); answers its hash, null for no file. */
export async function writeFileSet(db: Db, space: OwningSpace, ids: Iterable<string>): Promise<string | null> {
  const files = sorted(ids);
  if (files.length === 0) return null;
  const hash = fileSetHash(files);
  await db.fileSet.createMany({ data: [{ spaceId: space.id, organizationId: space.organizationId, hash, files }], skipDuplicates: true });
  return hash;
}

/** The file ids of set `hash` (none for null). */
export async function readFileSet(db: Db, spaceId: string, hash: string | null): Promise<string[]> {
  if (!hash) return [];
  const row = await db.fileSet.findUnique({ where: { spaceId_hash: { spaceId, hash } }, select: { files: true } });
  return row?.files ?? [];
}

/**
 * Three-way merge of file sets. Files are immutable, so a file is either
 * there or not: what either side added survives, and what either side
 * removed stays removed (a removal is a change, keeping is not).
 */
export function mergeFileSets(base: string[], ours: string[], theirs: string[]): string[] {
  const b = new Set(base);
  const o = new Set(ours);
  const t = new Set(theirs);
  return sorted([...o, ...t].filter((id) => !b.has(id) || (o.has(id) && t.has(id))));
}

/** The files of set `hash` of one space, copied into another (same ids, same stored bytes); answers the copy's set hash. */
export async function copyFileSet(tx: Tx, from: OwningSpace, hash: string | null, to: OwningSpace): Promise<string | null> {
  const ids = await readFileSet(tx, from.id, hash);
  if (ids.length === 0) return null;
  const rows = await tx.file.findMany({ where: { spaceId: from.id, id: { in: ids } } });
  await tx.file.createMany({
    data: rows.map((row) => ({ ...row, spaceId: to.id, organizationId: to.organizationId })),
    skipDuplicates: true,
  });
  return writeFileSet(tx, to, ids);
}
