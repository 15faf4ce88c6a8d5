// Making revisions: a revision is written once and never changed; every change
// of content makes a new one whose `parents` name the revision(s) it came from.
import { newId } from '../../ids.js';
import { fetchTreesFrom, readTree, readVersions, writeTree, writeVersion, type PageContent, type PageNode } from './objects.js';
import { emptyParse, rememberParses, type Parses } from './parses.js';
import type { Tx } from '../../db/tx.js';

/** The space a content write stores its objects in: its id and tenant key. */
interface ContentSpace {
  id: string;
  organizationId: string;
}

interface CommitInput {
  /** The new revision's id, when it must be known beforehand */
  id?: string;
  parents: string[];
  type?: 'edits' | 'merge' | 'update';
  changeRequestId?: string | null;
  createdById?: string | null;
  /** The pages, or (`{tree}`) the hash of a page tree already stored (a change of files only). */
  pages: PageNode[] | { tree: string | null };
  /** Hash of the revision's FileSet (src/domain/files/fileSets.ts); absent: the first parent's files. */
  fileSet?: string | null;
}

/** The file set of a new revision that does not say: its first parent's (none without parent). */
async function inheritedFileSet(tx: Tx, parents: string[]) {
  if (parents.length === 0) return null;
  const parent = await tx.revision.findUnique({ where: { id: parents[0] }, select: { fileSet: true } });
  return parent?.fileSet ?? null;
}

/** Writes the new objects of `pages` and a revision naming them; answers its id. */
export async function commitRevision(tx: Tx, space: ContentSpace, input: CommitInput): Promise<string> {
  const id = input.id ?? newId('Revision');
  const tree = Array.isArray(input.pages) ? await writeTree(tx, space, input.pages) : input.pages.tree;
  const fileSet = input.fileSet !== undefined ? input.fileSet : await inheritedFileSet(tx, input.parents);
  await tx.revision.create({
    data: {
      id,
      organizationId: space.organizationId,
      spaceId: space.id,
      parents: input.parents,
      type: input.type ?? 'edits',
      tree,
      fileSet,
      changeRequestId: input.changeRequestId ?? null,
      createdById: input.createdById ?? null,
    },
  });
  return id;
}

/** A new page node holding `content` (its version written now, with its parse from `parses`, made before the transaction). */
export async function newPageNode(
  tx: Tx,
  space: ContentSpace,
  content: PageContent,
  slug: string,
  now: Date,
  { id = newId('Page'), parses }: { id?: string; parses?: Parses } = {},
): Promise<PageNode> {
  const version = await writeVersion(tx, space, content, { parses });
  const at = now.toISOString();
  return { id, slug, version, createdAt: at, updatedAt: at, children: [] };
}

/** The pages of revision tree `root` of one space, copied into another under new page ids. */
export async function copyPages(tx: Tx, from: ContentSpace, root: string | null, to: ContentSpace): Promise<PageNode[]> {
  const pages = await readTree(fetchTreesFrom(tx), from.id, root);
  const versions: string[] = [];
  const collect = (nodes: PageNode[]) => nodes.forEach((n) => (versions.push(n.version), collect(n.children)));
  collect(pages);
  // The copies keep the parses stored with the originals: nothing is parsed again.
  const contents = await readVersions(tx, from.id, versions, { withParse: true });
  const parses = rememberParses(emptyParse(), contents.values());
  const hashes = new Map<string, string>();
  for (const [hash, content] of contents) hashes.set(hash, await writeVersion(tx, to, content, { parses }));
  const copy = (nodes: PageNode[]): PageNode[] =>
    nodes.map((n) => ({ ...n, id: newId('Page'), version: hashes.get(n.version) ?? n.version, children: copy(n.children) }));
  return copy(pages);
}
