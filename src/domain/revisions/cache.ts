// A process-local cache of revisions' resolved page trees. A revision is
// written once and names its pages by the hash of its root tree, itself
// content-addressed: what a revision holds never changes, so a tree read once
// serves every later read of that revision (and of any revision sharing the
// tree) without the database. Only content lives here, never who may read it:
// callers reach a revision through the space's policy on every request.
import type { ResolvedPage } from './read.js';

/** Most bytes of Markdown (and a per-page allowance) the cache holds; the least recently used trees leave first. */
export const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** A tree weighing more than this share of the cache is not kept (it would evict everything else). */
const MAX_ENTRY_SHARE = 4;
/** What a page costs beside its Markdown: ids, titles, paths, JSON fields. */
const PAGE_OVERHEAD_BYTES = 512;

/** A least-recently-used map bounded by the total weight of its values. */
export class WeightedLru<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private total = 0;
  hits = 0;
  misses = 0;

  constructor(
    readonly maxWeight: number,
    private readonly weigh: (value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Whether the key is held (not counted as a use). */
  has(key: string) {
    return this.entries.has(key);
  }

  /** Keeps `value` (its weight measured, or as given when the caller knows it cheaper). */
  set(key: string, value: V, weight = this.weigh(value)) {
    if (weight > this.maxWeight / MAX_ENTRY_SHARE) return;
    this.delete(key);
    this.entries.set(key, { value, weight });
    this.total += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxWeight) break;
      this.entries.delete(oldest);
      this.total -= entry.weight;
    }
  }

  delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.weight;
  }

  get size() {
    return this.entries.size;
  }

  get weight() {
    return this.total;
  }

  clear() {
    this.entries.clear();
    this.total = 0;
  }
}

const weighPages = (pages: ResolvedPage[]): number =>
  pages.reduce((sum, p) => sum + PAGE_OVERHEAD_BYTES + p.markdown.length * 2 + weighPages(p.pages), 0);

/** Resolved page trees by `spaceId/treeHash`. Frozen: every request shares them, none may change them. */
export const pageTreeCache = new WeightedLru<readonly ResolvedPage[]>(PAGE_CACHE_MAX_BYTES, (pages) => weighPages([...pages]));

export const pageTreeKey = (spaceId: string, tree: string) => `${spaceId}/${tree}`;

export function deepFreeze<T>(pages: T[]): readonly T[] {
  for (const page of pages) {
    Object.freeze(page);
    const children = (page as { pages?: unknown[] }).pages;
    if (children) deepFreeze(children);
  }
  return Object.freeze(pages);
}

/** Most bytes the cache of page documents holds (estimated from their Markdown). */
export const DOCUMENT_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** A document weighs about this many times the Markdown it was parsed from (a block tree in JSON). */
const DOCUMENT_BYTES_PER_MARKDOWN_BYTE = 8;

/**
 * The documents of page versions by `spaceId/versionHash`: a version is content-addressed, so its
 * document never changes. Shared by every request: never changed in place.
 */
export const documentCache = new WeightedLru<unknown>(DOCUMENT_CACHE_MAX_BYTES, () => 0);

/** The document of a page version from the cache, else read (`load`) and kept when there is one. */
export async function cachedDocument<D>(spaceId: string, version: string, markdownLength: number, load: () => Promise<D | null>) {
  const key = `${spaceId}/${version}`;
  const cached = documentCache.get(key) as D | undefined;
  if (cached !== undefined) return cached;
  const document = await load();
  if (document !== null) documentCache.set(key, document, PAGE_OVERHEAD_BYTES + markdownLength * DOCUMENT_BYTES_PER_MARKDOWN_BYTE);
  return document;
}
