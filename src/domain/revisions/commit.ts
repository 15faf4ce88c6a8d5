// Making revisions: a revision is written once and never changed; every change
// of content makes a new one whose `parents` name the revision(s) it came from.
import type { Prisma } from '../../generated/prisma/client.js';
import { newId } from '../../ids.js';
import { fetchTreesFrom, readTree, readVersions, writeTree, writeVersion, type PageContent, type PageNode } from './objects.js';

type Tx = Prisma.TransactionClient;
export interface SpaceRef {
  id: string;
  organizationId: string;
}

export interface CommitInput {
  /** The new revision's id, when it must be known beforehand */
  id?: string;
  parents: string[];
  type?: 'edits' | 'merge' | 'update';
  changeRequestId?: string | null;
  createdById?: string | null;
  pages: PageNode[];
}

/** Writes the new objects of `pages` and a revision naming them; answers its id. */
export async function commitRevision(tx: Tx, space: SpaceRef, input: CommitInput): Promise<string> {
  const id = input.id ?? newId('Revision');
  const tree = await writeTree(tx, space, input.pages);
  await tx.revision.create({
    data: {
      id,
      organizationId: space.organizationId,
      spaceId: space.id,
      parents: input.parents,
      type: input.type ?? 'edits',
      tree,
      changeRequestId: input.changeRequestId ?? null,
      createdById: input.createdById ?? null,
    },
  });
  return id;
}

/** A new page node holding `content` (its version written now). */
export async function newPageNode(tx: Tx, space: SpaceRef, content: PageContent, slug: string, now: Date, id = newId('Page')): Promise<PageNode> {
  const version = await writeVersion(tx, space, content);
  const at = now.toISOString();
  return { id, slug, version, createdAt: at, updatedAt: at, children: [] };
}

/** The pages of revision tree `root` of one space, copied into another under new page ids. */
export async function copyPages(tx: Tx, from: SpaceRef, root: string | null, to: SpaceRef): Promise<PageNode[]> {
  const pages = await readTree(fetchTreesFrom(tx), from.id, root);
  const versions: string[] = [];
  const collect = (nodes: PageNode[]) => nodes.forEach((n) => (versions.push(n.version), collect(n.children)));
  collect(pages);
  const contents = await readVersions(tx, from.id, versions);
  const hashes = new Map<string, string>();
  for (const [hash, { hash: _h, ...content }] of contents) hashes.set(hash, await writeVersion(tx, to, content));
  const copy = (nodes: PageNode[]): PageNode[] =>
    nodes.map((n) => ({ ...n, id: newId('Page'), version: hashes.get(n.version) ?? n.version, children: copy(n.children) }));
  return copy(pages);
}
