// What a change request changes: pages added, removed, and changed (edited or
// moved), each with a unified diff of its Markdown. Diffs of more than a few
// KB run on the compute pool, off the event loop (src/compute).
import type { Context } from '../../context.js';
import { computeTask } from '../../compute/pool.js';
import { flattenResolved, revisionPages, type ResolvedPage } from '../revisions/index.js';
import { revisionLoader } from '../revisions/loaders.js';
import { notFound } from '../../errors.js';
import { unifiedDiff, type DiffPair, type unifiedDiffsTask } from './pageDiffs.js';

/** Below this much Markdown in all, diffs run inline: a round trip to a thread costs more. */
export const INLINE_DIFF_BYTES = 8 * 1024;
const diffsOnPool = computeTask<typeof unifiedDiffsTask>(import.meta.url, './pageDiffs', 'unifiedDiffsTask');

type PageValue = ResolvedPage & { spaceId: string; revision: NonNullable<Awaited<ReturnType<ReturnType<typeof revisionLoader>['load']>>> };
export interface PageDiff {
  page: PageValue;
  moved: boolean;
  unifiedDiff: string;
}

async function pagesOf(ctx: Context, revisionId: string) {
  const revision = await revisionLoader(ctx).load(revisionId);
  if (!revision) throw notFound('Revision');
  return new Map(flattenResolved(await revisionPages(ctx, revision)).map((p) => [p.id, { ...p, spaceId: revision.spaceId, revision }]));
}

async function unifiedDiffs(ctx: Context, pairs: DiffPair[]): Promise<string[]> {
  const bytes = pairs.reduce((sum, p) => sum + (p.before === p.after ? 0 : p.before.length + p.after.length), 0);
  return bytes < INLINE_DIFF_BYTES ? pairs.map(unifiedDiff) : ctx.compute.run(diffsOnPool, pairs);
}

export async function changeRequestDiff(ctx: Context, _spaceId: string, baseId: string, headId: string) {
  const [base, head] = await Promise.all([pagesOf(ctx, baseId), pagesOf(ctx, headId)]);
  const added = [...head.values()].filter((p) => !base.has(p.id));
  const removed = [...base.values()].filter((p) => !head.has(p.id));
  const changes: { page: PageValue; moved: boolean; pair: DiffPair }[] = [];
  for (const page of head.values()) {
    const before = base.get(page.id);
    if (!before || (before.version === page.version && before.path === page.path && before.parentId === page.parentId)) continue;
    const moved = before.path !== page.path || before.parentId !== page.parentId;
    changes.push({
      page,
      moved,
      pair: { oldName: `a/${before.path}.md`, newName: `b/${page.path}.md`, before: before.markdown, after: page.markdown },
    });
  }
  const diffs = await unifiedDiffs(
    ctx,
    changes.map((c) => c.pair),
  );
  const changed: PageDiff[] = changes.map((c, i) => ({ page: c.page, moved: c.moved, unifiedDiff: diffs[i]! }));
  return { added, removed, changed };
}
