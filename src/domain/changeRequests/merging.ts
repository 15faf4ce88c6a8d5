// `update` (bring the space's main content into a change request) and `merge`
// (apply a change request to the main content): three-way merges from the
// last main revision the change request has seen. A conflict changes nothing.
import type { Context } from '../../context.js';
import { advanceMainLine, FOLLOW_MAIN_LINE } from '../revisions/mainLine.js';
import { requireActor } from '../../context.js';
import { forbidden } from '../../errors.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { parseMergeRules, type MergeRules } from '../shared/mergeRules.js';
import { commitRevision } from '../revisions/commit.js';
import { fetchTreesFrom, readTree, readVersions, writeVersion } from '../revisions/objects.js';
import { mergeTrees, type MergeConflict, type TextMerger } from '../revisions/merge.js';
import { mergeText, type mergeTextsTask } from '../revisions/textMerge.js';
import { computeTask } from '../../compute/pool.js';
import { mergeFileSets, readFileSet, writeFileSet } from '../files/fileSets.js';
import { loadChangeRequest } from './service.js';
import { lockSpace } from '../shared/spaceLocks.js';
import { loadSpace } from '../spaces/service.js';
import { authorizeMainLineWrite } from '../../policy/index.js';
import { transactionWithRetry } from '../../db/retry.js';

type Tx = Prisma.TransactionClient;
export interface MergeResult {
  result: 'merge' | 'update' | 'conflicts';
  revision: string;
  conflicts: MergeConflict[];
}

/** The main revision a change request's content was last based on. */
export const mergeBase = (cr: { revisionMergedAncestorId: string | null; revisionInitialId: string }) => cr.revisionMergedAncestorId ?? cr.revisionInitialId;

/** A revision's pages and file ids. */
async function contentOf(tx: Tx, spaceId: string, revisionId: string) {
  const { tree, fileSet } = await tx.revision.findUniqueOrThrow({ where: { id: revisionId }, select: { tree: true, fileSet: true } });
  return { pages: await readTree(fetchTreesFrom(tx), spaceId, tree), files: await readFileSet(tx, spaceId, fileSet) };
}

/** Below this much Markdown in all, texts merge inline: a round trip to a thread costs more. */
export const INLINE_MERGE_BYTES = 8 * 1024;
const mergeOnPool = computeTask<typeof mergeTextsTask>(import.meta.url, '../revisions/textMerge', 'mergeTextsTask');

/** Text merges of more than a few KB run on the compute pool, within its time budget. */
const textMerger = (ctx: Context): TextMerger => async (triples) => {
  const bytes = triples.reduce((sum, t) => sum + t.base.length + t.ours.length + t.theirs.length, 0);
  return bytes < INLINE_MERGE_BYTES ? triples.map(mergeText) : ctx.compute.run(mergeOnPool, triples);
};

/** Pages merged three-way (conflicts reported), and file sets merged three-way (additions of both sides, removals of either). */
async function threeWay(ctx: Context, tx: Tx, space: { id: string; organizationId: string }, base: string, ours: string, theirs: string, { deferReferences = false } = {}) {
  const [b, o, t] = await Promise.all([contentOf(tx, space.id, base), contentOf(tx, space.id, ours), contentOf(tx, space.id, theirs)]);
  const store = { load: async (hashes: string[]) => readVersions(tx, space.id, hashes), save: (content: Parameters<typeof writeVersion>[2]) => writeVersion(tx, space, content, { deferReferences }) };
  const merged = await mergeTrees(b.pages, o.pages, t.pages, store, textMerger(ctx));
  if (!merged.pages) return merged;
  return { ...merged, fileSet: await writeFileSet(tx, space, mergeFileSets(b.files, o.files, t.files)) };
}

/** Brings the space's current main content into the change request. */
export async function updateChangeRequestFromMain(ctx: Context, spaceId: string, key: string): Promise<MergeResult> {
  const actor = requireActor(ctx);
  return transactionWithRetry(ctx.prisma, async (tx) => {
    const { space, cr } = await loadChangeRequest(ctx, tx, spaceId, key, 'bringUpToDate', { lock: true });
    const main = (await tx.space.findUniqueOrThrow({ where: { id: space.id }, select: { revisionId: true } })).revisionId;
    const base = mergeBase(cr);
    if (main === base) return { result: 'update', revision: cr.revisionId, conflicts: [] };
    const merged = await threeWay(ctx, tx, space, base, cr.revisionId, main);
    if (!merged.pages) return { result: 'conflicts', revision: cr.revisionId, conflicts: merged.conflicts };
    const revision = await commitRevision(tx, space, {
      parents: [cr.revisionId, main], type: 'update', changeRequestId: cr.id, createdById: actor.userId, pages: merged.pages, fileSet: merged.fileSet,
    });
    await tx.changeRequest.update({ where: { id: cr.id }, data: { revisionId: revision, revisionMergedAncestorId: main } });
    return { result: 'update', revision, conflicts: [] };
  });
}

/** The merge rules in force for a space: its own, or its organization's when it inherits. */
export async function mergeRulesFor(tx: Tx, space: { mergeRules: unknown; organizationId: string }): Promise<MergeRules> {
  const own = parseMergeRules(space.mergeRules, { allowInherit: true });
  if (own.type !== 'inherit') return own;
  const org = await tx.organization.findUniqueOrThrow({ where: { id: space.organizationId }, select: { mergeRules: true } });
  return parseMergeRules(org.mergeRules, { allowInherit: true });
}

/** Whether the rules in force name reviewers a merge needs (a direct write to main would skip them). */
export async function rulesNameReviewers(tx: Tx, space: { mergeRules: unknown; organizationId: string }) {
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
async function checkMergeRules(tx: Tx, space: { mergeRules: unknown; organizationId: string }, cr: { id: string }) {
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
async function fastForward(tx: Tx, revisionId: string) {
  const { tree, fileSet } = await tx.revision.findUniqueOrThrow({ where: { id: revisionId }, select: { tree: true, fileSet: true } });
  return { pages: { tree }, fileSet, conflicts: [] as MergeConflict[] };
}

/** Applies the change request to the space's main content; the space's active revision becomes the result. */
export async function mergeChangeRequest(ctx: Context, spaceId: string, key: string): Promise<MergeResult> {
  const result = await mergeInTransaction(ctx, spaceId, key);
  // The search index and reference keys follow now rather than at the job's next sweep. The outbox
  // row is committed with the merge: a lost wake-up only delays them, so it does not fail the merge.
  if (result.result === 'merge') await ctx.jobs.send(FOLLOW_MAIN_LINE, {}).catch(() => undefined);
  return result;
}

async function mergeInTransaction(ctx: Context, spaceId: string, key: string): Promise<MergeResult> {
  const actor = requireActor(ctx);
  return transactionWithRetry(ctx.prisma, async (tx) => {
    // The space row lock (taken first by loadChangeRequest) serializes merges into one space: each merges onto the last one's result.
    const { space, cr } = await loadChangeRequest(ctx, tx, spaceId, key, 'merge', { lock: true });
    await checkMergeRules(tx, space, cr);
    const main = space.revisionId;
    const base = mergeBase(cr);
    const merged = main === base ? await fastForward(tx, cr.revisionId) : await threeWay(ctx, tx, space, base, main, cr.revisionId, { deferReferences: true });
    if (!merged.pages) return { result: 'conflicts', revision: main, conflicts: merged.conflicts };
    const revision = await commitRevision(tx, space, {
      parents: [main, cr.revisionId], type: 'merge', createdById: actor.userId, pages: merged.pages, fileSet: merged.fileSet,
    });
    await advanceMainLine(tx, space.id, revision);
    await tx.changeRequest.update({
      where: { id: cr.id },
      data: { status: 'merged', revisionMergedId: revision, mergedAt: ctx.clock.now(), mergedById: actor.userId },
    });
    return { result: 'merge', revision, conflicts: [] };
  });
}
