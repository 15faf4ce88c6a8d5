// What a change request changes: pages added, removed, and changed (edited or
// moved), each with a unified diff of its Markdown.
import { createTwoFilesPatch } from 'diff';
import type { Context } from '../../context.js';
import { flattenResolved, revisionPages, type ResolvedPage } from '../revisions/read.js';
import { revisionLoader } from '../revisions/loaders.js';
import { notFound } from '../../errors.js';

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

export async function changeRequestDiff(ctx: Context, _spaceId: string, baseId: string, headId: string) {
  const [base, head] = await Promise.all([pagesOf(ctx, baseId), pagesOf(ctx, headId)]);
  const added = [...head.values()].filter((p) => !base.has(p.id));
  const removed = [...base.values()].filter((p) => !head.has(p.id));
  const changed: PageDiff[] = [];
  for (const page of head.values()) {
    const before = base.get(page.id);
    if (!before || before.version === page.version && before.path === page.path && before.parentId === page.parentId) continue;
    const moved = before.path !== page.path || before.parentId !== page.parentId;
    const unifiedDiff = before.markdown === page.markdown ? '' : createTwoFilesPatch(`a/${before.path}.md`, `b/${page.path}.md`, before.markdown, page.markdown);
    changed.push({ page, moved, unifiedDiff });
  }
  return { added, removed, changed };
}
