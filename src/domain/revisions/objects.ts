// Content storage that scales with change, not with history (like git objects).
// A revision names the root PageTree of its pages. A PageTree lists the ordered
// children of one node (id, slug, version, subtree); a PageVersion holds one
// page's own content. Both are keyed by the SHA-256 of what they hold, per space,
// and written once: revisions that share pages share their rows, so editing one
// page of a 2,000-page space adds one PageVersion and the trees on its path.
import { createHash } from 'node:crypto';
import type { Prisma } from '../../generated/prisma/client.js';
import { emptyParse, type Parses } from './parses.js';
import type { Tx } from '../../db/tx.js';

type Db = Pick<Tx, 'pageTree' | 'pageVersion'>;
type JsonValue = Prisma.JsonValue;

/** A page's own content (everything but its place and children). */
export interface PageContent {
  type: string;
  title: string;
  emoji: string | null;
  icon: string | null;
  description: string | null;
  markdown: string;
  hidden: boolean;
  noIndex: boolean;
  noRobotsIndex: boolean;
  layout: JsonValue | null;
  cover: JsonValue | null;
  variables: JsonValue | null;
  computed: JsonValue | null;
}

export const contentFields = [
  'type',
  'title',
  'emoji',
  'icon',
  'description',
  'markdown',
  'hidden',
  'noIndex',
  'noRobotsIndex',
  'layout',
  'cover',
  'variables',
  'computed',
] as const satisfies readonly (keyof PageContent)[];

export const emptyContent = (title: string): PageContent => ({
  type: 'document',
  title,
  emoji: null,
  icon: null,
  description: null,
  markdown: '',
  hidden: false,
  noIndex: false,
  noRobotsIndex: false,
  layout: null,
  cover: null,
  variables: null,
  computed: null,
});

/** One page of a tree: its place (slug, children) and the hash of its content. */
export interface PageNode {
  id: string;
  slug: string;
  version: string;
  createdAt: string;
  updatedAt: string;
  children: PageNode[];
}

export interface TreeEntry {
  id: string;
  slug: string;
  version: string;
  tree: string | null;
  createdAt: string;
  updatedAt: string;
}

/** JSON with object keys sorted: equal values give equal text, hence equal hashes. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const versionHash = (content: PageContent) => sha256(canonical(Object.fromEntries(contentFields.map((f) => [f, content[f]]))));

/**
 * Stores a page version (a no-op when the space already holds it); answers its hash.
 * Its document and reference keys come from `parses` (made before the
 * transaction: nothing is parsed here). Without a parse of its Markdown the
 * version is stored unparsed, and the parse job or its first read parses it
 * (a merge's new texts, known only inside its transaction).
 * `deferReferences` is what every write without a parse does now; it stays for its callers.
 */
export async function writeVersion(
  db: Db,
  space: { id: string; organizationId: string },
  content: PageContent,
  { parses }: { parses?: Parses; deferReferences?: boolean } = {},
): Promise<string> {
  const hash = versionHash(content);
  const json = (v: JsonValue | null) => (v === null ? undefined : (v as Prisma.InputJsonValue));
  const parse = (parses ?? emptyParses).get(content.markdown);
  const own = Object.fromEntries(contentFields.map((f) => [f, content[f]])) as unknown as PageContent;
  await db.pageVersion.createMany({
    data: [
      {
        ...own,
        layout: json(own.layout),
        cover: json(own.cover),
        variables: json(own.variables),
        computed: json(own.computed),
        spaceId: space.id,
        organizationId: space.organizationId,
        hash,
        ...(parse
          ? {
              document: parse.document as unknown as Prisma.InputJsonValue,
              sections: parse.sections as unknown as Prisma.InputJsonValue,
              referenceKeys: parse.referenceKeys,
              referencesIndexed: true,
            }
          : { referenceKeys: [], referencesIndexed: false }),
      },
    ],
    skipDuplicates: true,
  });
  return hash;
}

const emptyParses = emptyParse();

/** The tree objects of `pages` by hash, and the root hash (null for no page): hashing only, nothing written. */
export function treeObjects(pages: PageNode[]): { root: string | null; objects: Map<string, TreeEntry[]> } {
  const objects = new Map<string, TreeEntry[]>();
  const hashOf = (nodes: PageNode[]): string | null => {
    if (nodes.length === 0) return null;
    const entries = nodes.map((n) => ({
      id: n.id,
      slug: n.slug,
      version: n.version,
      tree: hashOf(n.children),
      createdAt: n.createdAt,
      updatedAt: n.updatedAt,
    }));
    const hash = sha256(canonical(entries));
    objects.set(hash, entries);
    return hash;
  };
  return { root: hashOf(pages), objects };
}

/**
 * Stores the tree objects of `pages` the space does not hold yet and answers the
 * root hash (null for no page). Hashing is in memory; only new trees are
 * written, so an edit writes the trees on the path from the root to the edit.
 */
export async function writeTree(db: Db, space: { id: string; organizationId: string }, pages: PageNode[]): Promise<string | null> {
  const { root, objects: made } = treeObjects(pages);
  if (made.size === 0) return root;
  const existing = await db.pageTree.findMany({ where: { spaceId: space.id, hash: { in: [...made.keys()] } }, select: { hash: true } });
  for (const { hash } of existing) made.delete(hash);
  if (made.size > 0) {
    await db.pageTree.createMany({
      data: [...made].map(([hash, entries]) => ({
        spaceId: space.id,
        organizationId: space.organizationId,
        hash,
        entries: entries as unknown as Prisma.InputJsonValue,
      })),
      skipDuplicates: true,
    });
  }
  return root;
}

/** Loads tree objects by hash (the loader of a request, or a transaction's own). */
export type TreeFetcher = (spaceId: string, hashes: string[]) => Promise<Map<string, TreeEntry[]>>;

export const fetchTreesFrom =
  (db: Db): TreeFetcher =>
  async (spaceId, hashes) => {
    const rows = await db.pageTree.findMany({ where: { spaceId, hash: { in: hashes } }, select: { hash: true, entries: true } });
    return new Map(rows.map((r) => [r.hash, r.entries as unknown as TreeEntry[]]));
  };

/** The page tree under `root`, one statement per level of depth. */
export async function readTree(fetch: TreeFetcher, spaceId: string, root: string | null): Promise<PageNode[]> {
  if (!root) return [];
  const top: PageNode[] = [];
  let level: { hash: string; into: PageNode[] }[] = [{ hash: root, into: top }];
  while (level.length > 0) {
    const trees = await fetch(spaceId, [...new Set(level.map((l) => l.hash))]);
    const next: typeof level = [];
    for (const { hash, into } of level) {
      for (const e of trees.get(hash) ?? []) {
        const node: PageNode = { id: e.id, slug: e.slug, version: e.version, createdAt: e.createdAt, updatedAt: e.updatedAt, children: [] };
        into.push(node);
        if (e.tree) next.push({ hash: e.tree, into: node.children });
      }
    }
    level = next;
  }
  return top;
}

export type VersionRow = PageContent & { hash: string };

/** A version with its stored parse (null document and sections: not parsed yet). */
export type ParsedVersionRow = VersionRow & {
  document: JsonValue | null;
  sections: JsonValue | null;
  referenceKeys: string[];
  referencesIndexed: boolean;
};

/**
 * The versions `hashes` of a space; `withParse`: with their stored parse
 * (document, sections, reference keys: a copy reuses them); `withSections`:
 * with their stored sections only (the search index).
 */
export async function readVersions(db: Db, spaceId: string, hashes: string[]): Promise<Map<string, VersionRow>>;
export async function readVersions(
  db: Db,
  spaceId: string,
  hashes: string[],
  options: { withParse?: boolean; withSections?: boolean },
): Promise<Map<string, ParsedVersionRow>>;
export async function readVersions(
  db: Db,
  spaceId: string,
  hashes: string[],
  { withParse = false, withSections = false } = {},
): Promise<Map<string, VersionRow>> {
  if (hashes.length === 0) return new Map();
  const rows = await db.pageVersion.findMany({
    where: { spaceId, hash: { in: [...new Set(hashes)] } },
    omit: { document: !withParse, sections: !(withParse || withSections) },
  });
  return new Map(rows.map((r) => [r.hash, r]));
}

/** Every page of a tree, depth first, with its parent and its path (slugs joined by "/"). */
export interface FlatPage {
  node: PageNode;
  parentId: string | null;
  path: string;
  index: number;
}

export function flatten(pages: PageNode[]): FlatPage[] {
  const out: FlatPage[] = [];
  const walk = (nodes: PageNode[], parentId: string | null, prefix: string) =>
    nodes.forEach((node, index) => {
      const path = prefix ? `${prefix}/${node.slug}` : node.slug;
      out.push({ node, parentId, path, index });
      walk(node.children, node.id, path);
    });
  walk(pages, null, '');
  return out;
}
