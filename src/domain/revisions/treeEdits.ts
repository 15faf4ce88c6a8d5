// Pure edits of an in-memory page tree (copy-on-write along the edited path:
// untouched subtrees keep their objects, so writing the result adds only the
// trees on that path).
import { badRequest, notFound } from '../../errors.js';
import type { PageNode } from './objects.js';

interface Located {
  node: PageNode;
  siblings: PageNode[];
  index: number;
  parent: PageNode | null;
}

/** Deep-copies the tree structure (nodes are small: id, slug, hashes). */
export const cloneTree = (pages: PageNode[]): PageNode[] => pages.map((p) => ({ ...p, children: cloneTree(p.children) }));

function locate(pages: PageNode[], id: string, parent: PageNode | null = null): Located | null {
  for (const [index, node] of pages.entries()) {
    if (node.id === id) return { node, siblings: pages, index, parent };
    const inner = locate(node.children, id, node);
    if (inner) return inner;
  }
  return null;
}

export function requirePage(pages: PageNode[], id: string): Located {
  const found = locate(pages, id);
  if (!found) throw notFound(`page "${id}" in this revision`);
  return found;
}

/** The children list a page goes into: the root (null) or a page's subpages. */
export function childrenOf(pages: PageNode[], parentId: string | null, field = 'into'): PageNode[] {
  if (parentId === null) return pages;
  const parent = locate(pages, parentId);
  if (!parent) throw badRequest(`page "${parentId}" is not in this revision`, field);
  return parent.node.children;
}

/** A slug must be unique among siblings (paths name one page). */
export function checkSlugFree(siblings: PageNode[], slug: string, exceptId: string | null, field = 'slug') {
  if (siblings.some((s) => s.slug === slug && s.id !== exceptId))
    throw badRequest(`another page here already has the slug "${slug}"`, field);
}

export function insertAt(siblings: PageNode[], node: PageNode, at: number | null | undefined) {
  const index = at == null ? siblings.length : Math.min(at, siblings.length);
  siblings.splice(index, 0, node);
}

function isWithin(node: PageNode, id: string): boolean {
  return node.id === id || node.children.some((c) => isWithin(c, id));
}

/** Moves a page under `into` (null: the root) at `at`; a page cannot go under itself. */
export function movePage(pages: PageNode[], id: string, into: string | null | undefined, at: number | null | undefined) {
  const found = requirePage(pages, id);
  const sameParent = into === undefined || (into ?? null) === (found.parent?.id ?? null);
  if (into && isWithin(found.node, into)) throw badRequest('a page cannot move into itself or one of its subpages', 'into');
  const target = sameParent ? found.siblings : childrenOf(pages, into ?? null);
  if (!sameParent) checkSlugFree(target, found.node.slug, id);
  found.siblings.splice(found.index, 1);
  insertAt(target, found.node, sameParent && at == null ? found.index : at);
}

export function removePage(pages: PageNode[], id: string) {
  const found = requirePage(pages, id);
  found.siblings.splice(found.index, 1);
}
