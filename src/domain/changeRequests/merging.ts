// `update` (bring the space's main content into a change request) and `merge`
// (apply a change request to the main content): three-way merges from the
// last main revision the change request has seen. A conflict changes nothing.
// The expensive part (reading three trees, text merges on the compute pool,
// writing the new immutable objects) runs before the locking transaction, which
// only checks that the heads it was computed from did not move and moves the
// pointers (prepareThenApply): a large merge no longer holds the space's lock.
import type { Context } from '../../context.js';
import {
  advanceMainLine,
  FOLLOW_MAIN_LINE,
  commitRevision,
  fetchTreesFrom,
  readTree,
  readVersions,
  writeTree,
  writeVersion,
  mergeTrees,
  type MergeConflict,
  textMergerOn,
} from '../revisions/index.js';
import { requireActor } from '../../context.js';
import { conflict, forbidden } from '../../errors.js';
import { parseMergeRules, type MergeRules } from './mergeRules.js';
import { mergeFileSets, readFileSet, writeFileSet } from '../files/fileSets.js';
import { loadChangeRequest } from './service.js';
import { lockSpace } from '../spaces/locks.js';
import { loadSpace } from '../spaces/service.js';
import { authorizeMainLineWrite } from '../../policy/index.js';
import { transactionWithRetry } from '../../db/retry.js';
import type { Tx } from '../../db/tx.js';

export interface MergeResult {
  result: 'merge' | 'update' | 'conflicts';
  revision: string;
  conflicts: MergeConflict[];
}

/** The main revision a change request's content was last based on. */
export const mergeBase = (cr: { revisionMergedAncestorId: string | null; revisionInitialId: string }) =>
  cr.revisionMergedAncestorId ?? cr.revisionInitialId;

/** Reads of content rows, outside a transaction or inside one. */
type Db = Tx | Context['prisma'];

/** A revision's pages and file ids. */
async function contentOf(db: Db, spaceId: string, revisionId: string) {
  const { tree, fileSet } = await db.revision.findUniqueOrThrow({ where: { id: revisionId }, select: { tree: true, fileSet: true } });
  return { pages: await readTree(fetchTreesFrom(db), spaceId, tree), files: await readFileSet(db, spaceId, fileSet) };
}

/** The result of a merge computed before any lock: its stored page tree and file set, or its conflicts. */
type Prepared = { tree: string | null; fileSet: string | null } | { conflicts: MergeConflict[] };

/**
 * Pages merged three-way (conflicts reported), and file sets merged three-way (additions of both sides,
 * removals of either). Runs outside the transaction that moves the heads: revisions, trees, versions and
 * file sets are immutable and content-addressed, so it reads them on their own and writes the new objects
 * (no-ops when present; unreferenced ones if the heads moved meanwhile are harmless) before any lock.
 */
async function threeWay(
  ctx: Context,
  space: { id: string; organizationId: string },
  base: string,
  ours: string,
  theirs: string,
  { deferReferences = false } = {},
): Promise<Prepared> {
  const db = ctx.prisma;
  const [b, o, t] = await Promise.all([contentOf(db, space.id, base), contentOf(db, space.id, ours), contentOf(db, space.id, theirs)]);
  const store = {
    load: async (hashes: string[]) => readVersions(db, space.id, hashes),
    save: (content: Parameters<typeof writeVersion>[2]) => writeVersion(db, space, content, { deferReferences }),
  };
  const merged = await mergeTrees(b.pages, o.pages, t.pages, store, textMergerOn(ctx.compute));
  if (!merged.pages) return { conflicts: merged.conflicts };
  return {
    tree: await writeTree(db, space, merged.pages),
    fileSet: await writeFileSet(db, space, mergeFileSets(b.files, o.files, t.files)),
  };
}

/**
 * Tries of a merge or update whose heads moved between its preparation and its transaction, before it
 * answers 409. Each move is another writer that landed meanwhile: a few racing writers of one change
 * request (content writes, an update from main) never make its merge fail; only a steady stream does.
 */
export const MERGE_PREPARE_TRIES = 5;
const headsMoved = () =>
  conflict('The main content or the change request changed while this merge was computed, again and again: retry it');

/**
 * The shape of merges and updates: `prepare` computes the result from the heads it read, with no
 * lock held and no transaction open (the reading, the text merges, the writing of new objects);
 * `apply` runs in a short transaction holding the lock order of src/domain/spaces/locks.ts and
 * answers null when the heads it re-reads under the lock are not those the preparation used. Then
 * the preparation runs again, at most MERGE_PREPARE_TRIES times in all, and the answer is a 409.
 */
async function prepareThenApply<H, P, R>(
  ctx: Context,
  prepare: () => Promise<{ heads: H; prepared: P }>,
  apply: (tx: Tx, heads: H, prepared: P) => Promise<R | null>,
): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    const { heads, prepared } = await prepare();
    const applied = await transactionWithRetry(ctx.prisma, (tx) => apply(tx, heads, prepared));
    if (applied !== null) return applied;
    if (attempt >= MERGE_PREPARE_TRIES) throw headsMoved();
  }
}

interface Heads {
  main: string;
  head: string;
  base: string;
}
const headsOf = (
  space: { revisionId: string },
  cr: { revisionId: string; revisionMergedAncestorId: string | null; revisionInitialId: string },
): Heads => ({ main: space.revisionId, head: cr.revisionId, base: mergeBase(cr) });
const sameHeads = (a: Heads, b: Heads) => a.main === b.main && a.head === b.head && a.base === b.base;

/** Brings the space's current main content into the change request. */
export async function updateChangeRequestFromMain(ctx: Context, spaceId: string, key: string): Promise<MergeResult> {
  const actor = requireActor(ctx);
  return prepareThenApply(
    ctx,
    async () => {
      const { space, cr } = await loadChangeRequest(ctx, ctx.prisma, spaceId, key, 'bringUpToDate');
      const heads = headsOf(space, cr);
      const prepared = heads.main === heads.base ? null : await threeWay(ctx, space, heads.base, heads.head, heads.main);
      return { heads, prepared };
    },
    async (tx, heads, prepared) => {
      const { space, cr } = await loadChangeRequest(ctx, tx, spaceId, key, 'bringUpToDate', { lock: true });
      if (!sameHeads(headsOf(space, cr), heads)) return null;
      if (!prepared) return { result: 'update', revision: cr.revisionId, conflicts: [] };
      if ('conflicts' in prepared) return { result: 'conflicts', revision: cr.revisionId, conflicts: prepared.conflicts };
      const revision = await commitRevision(tx, space, {
        parents: [cr.revisionId, heads.main],
        type: 'update',
        changeRequestId: cr.id,
        createdById: actor.userId,
        pages: { tree: prepared.tree },
        fileSet: prepared.fileSet,
      });
      await tx.changeRequest.update({ where: { id: cr.id }, data: { revisionId: revision, revisionMergedAncestorId: heads.main } });
      return { result: 'update', revision, conflicts: [] };
    },
  );
}

/** The merge rules in force for a space: its own, or its organization's when it inherits. */
export async function mergeRulesFor(tx: Db, space: { mergeRules: unknown; organizationId: string }): Promise<MergeRules> {
  const own = parseMergeRules(space.mergeRules, { allowInherit: true });
  if (own.type !== 'inherit') return own;
  const org = await tx.organization.findUniqueOrThrow({ where: { id: space.organizationId }, select: { mergeRules: true } });
  return parseMergeRules(org.mergeRules, { allowInherit: true });
}

/** Whether the rules in force name reviewers a merge needs (a direct write to main would skip them). */
export async function rulesNameReviewers(tx: Db, space: { mergeRules: unknown; organizationId: string }) {
  const rules = await mergeRulesFor(tx, space);
  return rules.type === 'rules' && rules.rules.some((r) => r.users.length > 0);
}

/** The live space of a write to its main content (no change request), locked first, under the rules of merges. */
export async function mainLineSpace(ctx: Context, tx: Tx, spaceId: string) {
  const actor = requireActor(ctx);
  await lockSpace(tx, spaceId);
  const space = await loadSpace(ctx, tx, spaceId);
  return authorizeMainLineWrite(actor, space, space ? await rulesNameReviewers(tx, space) : false);
}

/** 403 unless every reviewer the rules name approved the change request's current revision and asked no change since. */
async function checkMergeRules(tx: Db, space: { mergeRules: unknown; organizationId: string }, cr: { id: string }) {
  const rules = await mergeRulesFor(tx, space);
  if (rules.type !== 'rules') return;
  const required = [...new Set(rules.rules.flatMap((r) => r.users))];
  if (required.length === 0) return;
  const reviews = await tx.changeRequestReview.findMany({
    where: { changeRequestId: cr.id, reviewerId: { in: required } },
    orderBy: { createdAt: 'desc' },
    select: { reviewerId: true, status: true },
  });
  const latest = new Map<string, string>();
  for (const r of reviews) if (!latest.has(r.reviewerId)) latest.set(r.reviewerId, r.status);
  const missing = required.filter((u) => latest.get(u) !== 'approved');
  if (missing.length > 0) throw forbidden(`The merge rules require the approval of ${missing.join(', ')}`);
}

/** Main has not moved since the change request's base: the result is the change request's content as it is. */
async function fastForward(db: Db, revisionId: string): Promise<Prepared> {
  return db.revision.findUniqueOrThrow({ where: { id: revisionId }, select: { tree: true, fileSet: true } });
}

/** Applies the change request to the space's main content; the space's active revision becomes the result. */
export async function mergeChangeRequest(ctx: Context, spaceId: string, key: string): Promise<MergeResult> {
  const result = await mergeWithLock(ctx, spaceId, key);
  // The search index and reference keys follow now rather than at the job's next sweep. The outbox
  // row is committed with the merge: a lost wake-up only delays them, so it does not fail the merge.
  if (result.result === 'merge') await ctx.jobs.send(FOLLOW_MAIN_LINE, {}).catch(() => undefined);
  return result;
}

/**
 * The merge is computed before the lock (rights and rules checked first, so a caller who may not
 * merge costs nothing); the transaction checks them again, and that main and the change request
 * are where the computation read them, then moves the pointers. The space row lock serializes
 * merges into one space: a merge whose main moved meanwhile is computed again onto the new main.
 */
async function mergeWithLock(ctx: Context, spaceId: string, key: string): Promise<MergeResult> {
  const actor = requireActor(ctx);
  return prepareThenApply(
    ctx,
    async () => {
      const { space, cr } = await loadChangeRequest(ctx, ctx.prisma, spaceId, key, 'merge');
      await checkMergeRules(ctx.prisma, space, cr);
      const heads = headsOf(space, cr);
      const prepared =
        heads.main === heads.base
          ? await fastForward(ctx.prisma, heads.head)
          : await threeWay(ctx, space, heads.base, heads.main, heads.head, { deferReferences: true });
      return { heads, prepared };
    },
    async (tx, heads, prepared): Promise<MergeResult | null> => {
      const { space, cr } = await loadChangeRequest(ctx, tx, spaceId, key, 'merge', { lock: true });
      await checkMergeRules(tx, space, cr);
      if (!sameHeads(headsOf(space, cr), heads)) return null;
      if ('conflicts' in prepared) return { result: 'conflicts', revision: heads.main, conflicts: prepared.conflicts };
      const revision = await commitRevision(tx, space, {
        parents: [heads.main, cr.revisionId],
        type: 'merge',
        createdById: actor.userId,
        pages: { tree: prepared.tree },
        fileSet: prepared.fileSet,
      });
      await advanceMainLine(tx, space.id, revision);
      await tx.changeRequest.update({
        where: { id: cr.id },
        data: { status: 'merged', revisionMergedId: revision, mergedAt: ctx.clock.now(), mergedById: actor.userId },
      });
      return { result: 'merge', revision, conflicts: [] };
    },
  );
}
