// What a revision changed, page by page, from the revision it was made from
// (its first parent): pages created, deleted, moved (other parent) and edited
// (with the attributes that changed). A revision without a parent (a space's
// first) created every page it holds. Read from the cached trees of both.
import type { Context } from '../../context.js';
import { flattenResolved, revisionPages, type ResolvedPage, type RevisionRef } from './read.js';
import { revisionLoader } from './loaders.js';

/** A page as a change names it. */
export interface ChangedPage {
  id: string;
  type: string;
  title: string;
  path: string;
}

export interface PageChange {
  type: 'page_created' | 'page_edited' | 'page_deleted' | 'page_moved';
  page: ChangedPage;
  /** page_moved: its parent before and after (absent at the top level). */
  parent?: { before: ChangedPage | null; after: ChangedPage | null };
  /** page_edited: each changed attribute, before and after. */
  attributes?: Record<string, { before: unknown; after: unknown }>;
}

/** Most changes one answer lists (the REST `limit`, default 10). */
export const MAX_CHANGES = 1000;

const changed = ({ id, type, title, path }: ResolvedPage): ChangedPage => ({ id, type, title, path });

/** The string attributes the public document lists for an edited page, and the JSON ones. */
const stringAttributes = ['title', 'description', 'slug', 'emoji'] as const;
const jsonAttributes = ['layout', 'cover', 'variables'] as const;

function editedAttributes(before: ResolvedPage, after: ResolvedPage) {
  const attributes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of stringAttributes) if (before[key] !== after[key]) attributes[key] = { before: before[key], after: after[key] };
  // The document by the version that holds it: the Markdown itself may be large.
  if (before.markdown !== after.markdown) attributes.document = { before: before.version, after: after.version };
  for (const key of jsonAttributes) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) attributes[key] = { before: before[key], after: after[key] };
  }
  return attributes;
}

/** The page changes from `base` (absent: nothing) to `head`, head's order first, then the deletions in base's order. */
export function pageChanges(base: ResolvedPage[], head: ResolvedPage[]): PageChange[] {
  const before = new Map(flattenResolved(base).map((p) => [p.id, p]));
  const afterPages = flattenResolved(head);
  const after = new Map(afterPages.map((p) => [p.id, p]));
  const parentOf = (pages: Map<string, ResolvedPage>, id: string | null) => {
    const parent = id === null ? undefined : pages.get(id);
    return parent ? changed(parent) : null;
  };
  const changes: PageChange[] = [];
  for (const page of afterPages) {
    const old = before.get(page.id);
    if (!old) {
      changes.push({ type: 'page_created', page: changed(page) });
      continue;
    }
    if (old.parentId !== page.parentId) {
      const parent = { before: parentOf(before, old.parentId), after: parentOf(after, page.parentId) };
      changes.push({ type: 'page_moved', page: changed(page), parent });
    }
    if (old.version === page.version && old.slug === page.slug) continue;
    const attributes = editedAttributes(old, page);
    if (Object.keys(attributes).length > 0) changes.push({ type: 'page_edited', page: changed(page), attributes });
  }
  for (const page of before.values()) if (!after.has(page.id)) changes.push({ type: 'page_deleted', page: changed(page) });
  return changes;
}

/** A revision's changes from its first parent: the first `limit`, and how many more there are. */
export async function revisionChanges(ctx: Context, revision: RevisionRef & { parents: string[] }, limit: number) {
  const parentId = revision.parents[0];
  const parent = parentId ? await revisionLoader(ctx).load(parentId) : null;
  const [base, head] = await Promise.all([parent ? revisionPages(ctx, parent) : [], revisionPages(ctx, revision)]);
  const changes = pageChanges(base, head);
  return { changes: changes.slice(0, limit), more: Math.max(0, changes.length - limit) };
}
