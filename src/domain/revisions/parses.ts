// Page versions are parsed once. A write parses the Markdown it brings before
// its transaction (on the compute pool from `compute.settings.inlineMarkdownBytes`
// up) and writeVersion stores the document and reference keys with the new
// version; a copy reuses the parse stored with the version it copies. Versions
// stored without one (before the column existed, or by a merge, whose texts
// are known only inside its transaction) are parsed by the indexing job
// (`storeMissingParses`) or by the first read that needs them (`storedDocuments`),
// on the pool, and stored with a conditional update: never more than about once.
import { Prisma, type PrismaClient } from '../../generated/prisma/client.js';
import { computeTask, type ComputePool } from '../../compute/pool.js';
import { defaultContentLimits } from '../../limits/content.js';
import { boundedDocument, parsePage, type DocumentBounds, type PageParse, type parsePagesTask } from './parseTask.js';
import type { RichTextDocument, Section } from '../content/markdown/index.js';

/** Parses by Markdown text: what writeVersion stores with a version of that Markdown. */
export type Parses = Map<string, PageParse>;

const parseOnPool = computeTask<typeof parsePagesTask>(import.meta.url, './parseTask', 'parsePagesTask');

/** The Markdown one pool task takes at most (larger sets go in several tasks, one after the other). */
const TASK_BYTES = 1024 * 1024;

const defaultBounds: DocumentBounds = defaultContentLimits;
const EMPTY = parsePage('', defaultBounds);

/** The parse of the empty page (new pages, groups), known without parsing. */
export const emptyParse = (): Parses => new Map([['', EMPTY]]);

/**
 * The parses of `markdowns`: inline when they are small in all (`inline`, the
 * default, and less than the pool's inline bound), otherwise on the pool in
 * tasks of up to 1 MB. Without a pool (a worker process), one page at a time,
 * yielding to the event loop between pages.
 */
export async function parseMarkdowns(
  compute: ComputePool | undefined,
  markdowns: Iterable<string>,
  bounds: DocumentBounds = defaultBounds,
  { inline = true } = {},
): Promise<Parses> {
  const parses = emptyParse();
  const wanted = [...new Set(markdowns)].filter((m) => !parses.has(m));
  const bytes = wanted.reduce((sum, m) => sum + Buffer.byteLength(m), 0);
  const limits = { maxDocumentDepth: bounds.maxDocumentDepth, maxMarkdownNesting: bounds.maxMarkdownNesting };
  if (!compute || (inline && bytes < compute.settings.inlineMarkdownBytes)) {
    for (const markdown of wanted) {
      parses.set(markdown, parsePage(markdown, limits));
      if (!compute) await new Promise((resolve) => setImmediate(resolve));
    }
    return parses;
  }
  let chunk: string[] = [];
  let chunkBytes = 0;
  const flush = async () => {
    if (chunk.length === 0) return;
    const done = await compute.run(parseOnPool, { markdowns: chunk, bounds: limits });
    chunk.forEach((markdown, i) => parses.set(markdown, done[i]!));
    chunk = [];
    chunkBytes = 0;
  };
  for (const markdown of wanted) {
    chunk.push(markdown);
    chunkBytes += Buffer.byteLength(markdown);
    if (chunkBytes >= TASK_BYTES) await flush();
  }
  await flush();
  return parses;
}

/** Adds the parses stored with `rows` (versions read back) to `parses`: a copy or an edit that keeps the Markdown parses nothing. */
export function rememberParses(
  parses: Parses,
  rows: Iterable<{ markdown: string; document?: unknown; sections?: unknown; referenceKeys?: string[]; referencesIndexed?: boolean }>,
) {
  for (const row of rows) {
    if (row.document != null && row.sections != null && row.referencesIndexed && row.referenceKeys && !parses.has(row.markdown)) {
      parses.set(row.markdown, {
        document: row.document as RichTextDocument,
        sections: row.sections as Section[],
        referenceKeys: row.referenceKeys,
      });
    }
  }
  return parses;
}

type Db = Pick<PrismaClient, 'pageVersion' | '$executeRaw'>;
type Key = { spaceId: string; hash: string };

/** Stores parses of versions that have none: the document only where it is still null (a racing writer's equal parse stays). */
async function storeParses(db: Db, rows: (Key & { parse: PageParse })[]) {
  if (rows.length === 0) return;
  // json, not jsonb, all the way: the document keeps its key order (the column is json).
  const data = JSON.stringify(
    rows.map((r) => ({
      spaceId: r.spaceId,
      hash: r.hash,
      keys: r.parse.referenceKeys,
      document: r.parse.document,
      sections: r.parse.sections,
    })),
  );
  await db.$executeRaw`
    UPDATE "PageVersion" v
    SET "document" = COALESCE(v."document", d.document),
        "sections" = COALESCE(v."sections", d.sections::jsonb),
        "referenceKeys" = CASE WHEN v."referencesIndexed" THEN v."referenceKeys" ELSE ARRAY(SELECT jsonb_array_elements_text(d.keys)) END,
        "referencesIndexed" = true
    FROM json_to_recordset(${data}::json) AS d("spaceId" text, hash text, keys jsonb, document json, sections json)
    WHERE v."spaceId" = d."spaceId" AND v.hash = d.hash AND (v."document" IS NULL OR v."sections" IS NULL OR NOT v."referencesIndexed")`;
}

/** Versions without a stored parse (no document, or no reference keys). */
const unparsed = (where: Prisma.PageVersionWhereInput = {}): Prisma.PageVersionWhereInput => ({
  ...where,
  OR: [{ document: { equals: Prisma.DbNull } }, { sections: { equals: Prisma.DbNull } }, { referencesIndexed: false }],
});

/**
 * The parse job's work: versions without a stored parse, `batch` at a time
 * (of one space when `spaceId` is given: the versions a merge stored), parsed
 * on the pool when there is one and stored. Answers how many it parsed.
 */
export async function storeMissingParses(
  db: Db,
  options: { compute?: ComputePool; batch?: number; spaceId?: string; bounds?: DocumentBounds } = {},
): Promise<number> {
  const { compute, batch = 200, spaceId, bounds = defaultBounds } = options;
  let total = 0;
  for (;;) {
    const rows = await db.pageVersion.findMany({
      where: unparsed(spaceId ? { spaceId } : {}),
      select: { spaceId: true, hash: true, markdown: true },
      orderBy: [{ spaceId: 'asc' }, { hash: 'asc' }],
      take: batch,
    });
    if (rows.length === 0) return total;
    const parses = await parseMarkdowns(
      compute,
      rows.map((r) => r.markdown),
      bounds,
      { inline: false },
    );
    await storeParses(
      db,
      rows.map((r) => ({ spaceId: r.spaceId, hash: r.hash, parse: parses.get(r.markdown)! })),
    );
    total += rows.length;
    if (rows.length < batch) return total;
  }
}

/**
 * The stored parses of the versions `keys` (documents bounded by `bounds`);
 * versions without one are parsed now on the pool and stored (the first read
 * of a version stored before documents were, or of a merge's new version).
 */
export async function storedParses(
  db: Db,
  compute: ComputePool,
  keys: readonly Key[],
  bounds: DocumentBounds,
): Promise<Map<string, Pick<PageParse, 'document' | 'referenceKeys'>>> {
  const out = new Map<string, Pick<PageParse, 'document' | 'referenceKeys'>>();
  if (keys.length === 0) return out;
  const rows = await db.pageVersion.findMany({
    where: { spaceId: { in: [...new Set(keys.map((k) => k.spaceId))] }, hash: { in: [...new Set(keys.map((k) => k.hash))] } },
    select: { spaceId: true, hash: true, document: true, referenceKeys: true, referencesIndexed: true },
  });
  const missing: Key[] = [];
  for (const row of rows) {
    if (row.document != null && row.referencesIndexed) {
      out.set(parseKey(row), {
        document: boundedDocument(row.document as unknown as RichTextDocument, bounds),
        referenceKeys: row.referenceKeys,
      });
    } else missing.push(row);
  }
  if (missing.length > 0) {
    const wanted = new Set(missing.map(parseKey));
    const found = await db.pageVersion.findMany({
      where: { spaceId: { in: [...new Set(missing.map((k) => k.spaceId))] }, hash: { in: [...new Set(missing.map((k) => k.hash))] } },
      select: { spaceId: true, hash: true, markdown: true },
    });
    const texts = found.filter((t) => wanted.has(parseKey(t)));
    // Never inline: these may be legacy pages of any size.
    const parses = await parseMarkdowns(
      compute,
      texts.map((t) => t.markdown),
      bounds,
      { inline: false },
    );
    const made = texts.map((t) => ({ spaceId: t.spaceId, hash: t.hash, parse: parses.get(t.markdown)! }));
    await storeParses(db, made);
    for (const m of made) out.set(parseKey(m), m.parse);
  }
  return out;
}

export const parseKey = (k: Key) => `${k.spaceId}/${k.hash}`;
