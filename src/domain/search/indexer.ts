// The search index follows each space's active revision. `syncSearchIndex`
// brings it from the revision it holds (SearchIndexState) to the active one,
// inside the caller's transaction: the trees are diffed by hash (treeDiff.ts)
// and only pages whose content version changed are parsed and written again.
// Space creation and duplication call it in their transaction; moves of the
// main line (merges…) leave it to the `content.follow-main-line` job
// (revisions/mainLine.ts); searches call `refreshSearchIndexes` first, so
// a revision moved by any other path (seeders, tests, future writers) is
// caught up before it is searched, and the `search.catch-up` job backfills
// spaces nobody searched yet.
import type { PrismaClient } from '../../generated/prisma/client.js';
import { markdownSections, type Section } from '../content/markdown/index.js';
import { fetchTreesFrom, readVersions, type ParsedVersionRow, storeMissingParses } from '../revisions/index.js';
import type { ComputePool } from '../../compute/pool.js';

type IndexedVersion = Pick<ParsedVersionRow, 'title' | 'description' | 'markdown' | 'noIndex' | 'sections'>;
import { diffTrees, type PagePlace } from './treeDiff.js';
import { lockSpace } from '../spaces/locks.js';
import type { Tx } from '../../db/tx.js';

/** The text search configuration of the index and of the queries (stemming, stop words). */
export const SEARCH_CONFIG = 'english';
/** Longest text of one section put in its vector (a tsvector holds at most 1 MB). */
const MAX_VECTOR_TEXT = 100_000;
/** Pages written per statement. */
const CHUNK = 500;
/**
 * Most Markdown parsed (characters) before the statement that writes it, for
 * versions without stored sections: such parsing runs inside the sync's transaction, which must not sit idle past the session's
 * idle_in_transaction_session_timeout (a 20 KB page parses in about 0.4 s).
 */
const PARSED_PER_STATEMENT = 40_000;

export interface SyncResult {
  indexed: number;
  moved: number;
  removed: number;
}

interface SectionRow {
  pageId: string;
  position: number;
  anchor: string;
  heading: string;
  body: string;
  title: string;
  description: string;
}

/**
 * A page's sections as indexed: one per heading, after the text before the
 * first one; at least one (the page itself). Stored with the version when it
 * was parsed (src/domain/revisions/parses.ts); parsed here only for a version
 * stored without them that refreshSearchIndexes did not reach first.
 */
function sectionRows(pageId: string, content: IndexedVersion): SectionRow[] {
  const base = { pageId, title: content.title, description: content.description ?? '' };
  const sections = (content.sections as Section[] | null) ?? (content.markdown ? markdownSections(content.markdown) : []);
  if (sections.length === 0) return [{ ...base, position: 0, anchor: '', heading: '', body: '' }];
  return sections.map((s, position) => ({ ...base, position, anchor: s.id, heading: s.title, body: s.body }));
}

const chunks = <T>(items: T[], size = CHUNK) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
const joinIds = (ids: string[]) => ids.join(',');

/** `places` cut into statements of at most CHUNK pages and PARSED_PER_STATEMENT characters of Markdown (one page at least). */
function statementsOf(places: PagePlace[], contents: Map<string, IndexedVersion>) {
  const parts: PagePlace[][] = [];
  let size = 0;
  for (const place of places) {
    const stored = contents.get(place.version);
    const length = stored && stored.sections == null ? stored.markdown.length : 0;
    const last = parts.at(-1);
    if (!last || last.length >= CHUNK || size + length > PARSED_PER_STATEMENT) {
      parts.push([place]);
      size = length;
    } else {
      last.push(place);
      size += length;
    }
  }
  return parts;
}

async function writePages(
  tx: Tx,
  space: { id: string; organizationId: string },
  places: PagePlace[],
  contents: Map<string, IndexedVersion>,
) {
  for (const part of statementsOf(places, contents)) {
    const found = part.filter((p) => contents.has(p.version));
    await tx.searchPage.createMany({
      data: found.map((p) => {
        const c = contents.get(p.version)!;
        return {
          spaceId: space.id,
          pageId: p.id,
          organizationId: space.organizationId,
          version: p.version,
          title: c.title,
          description: c.description ?? '',
          path: p.path,
          ancestors: p.ancestors,
        };
      }),
    });
    // Pages left out of search (noIndex) keep their page row (paths, ancestors) and have no section.
    const sections = found.filter((p) => !contents.get(p.version)!.noIndex).flatMap((p) => sectionRows(p.id, contents.get(p.version)!));
    if (sections.length === 0) continue;
    const column = <K extends keyof SectionRow>(key: K) => sections.map((s) => s[key]);
    await tx.$executeRawUnsafe(
      `INSERT INTO "SearchSection" ("spaceId", "pageId", position, "organizationId", anchor, heading, body, document)
       SELECT $1, s."pageId", s.position, $2, s.anchor, s.heading, s.body,
         setweight(to_tsvector('${SEARCH_CONFIG}', s.title), 'A') ||
         setweight(to_tsvector('${SEARCH_CONFIG}', s.heading), 'B') ||
         setweight(to_tsvector('${SEARCH_CONFIG}', s.description), 'C') ||
         setweight(to_tsvector('${SEARCH_CONFIG}', left(s.body, ${MAX_VECTOR_TEXT})), 'D')
       FROM unnest($3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
         AS s("pageId", position, anchor, heading, body, title, description)`,
      space.id,
      space.organizationId,
      column('pageId'),
      column('position'),
      column('anchor'),
      column('heading'),
      column('body'),
      column('title'),
      column('description'),
    );
  }
}

async function movePages(tx: Tx, spaceId: string, places: PagePlace[]) {
  for (const part of chunks(places)) {
    await tx.$executeRawUnsafe(
      `UPDATE "SearchPage" p SET path = m.path, ancestors = string_to_array(m.ancestors, ',')
       FROM unnest($2::text[], $3::text[], $4::text[]) AS m("pageId", path, ancestors)
       WHERE p."spaceId" = $1 AND p."pageId" = m."pageId"`,
      spaceId,
      part.map((p) => p.id),
      part.map((p) => p.path),
      part.map((p) => joinIds(p.ancestors)),
    );
  }
}

/**
 * Brings the search index of a space to its active revision, in `tx`. Locks the
 * space row (as merges do), so concurrent syncs of one space run one after the
 * other and each sees the last one's result. A no-op when already up to date.
 */
export async function syncSearchIndex(tx: Tx, spaceId: string): Promise<SyncResult> {
  await lockSpace(tx, spaceId);
  const [space] = await tx.$queryRaw<{ id: string; organizationId: string; revisionId: string; tree: string | null }[]>`
    SELECT s.id, s."organizationId", s."revisionId", r.tree FROM "Space" s JOIN "Revision" r ON r.id = s."revisionId"
    WHERE s.id = ${spaceId}`;
  if (!space) return { indexed: 0, moved: 0, removed: 0 };
  const state = await tx.searchIndexState.findUnique({ where: { spaceId } });
  if (state?.revisionId === space.revisionId) return { indexed: 0, moved: 0, removed: 0 };
  // Without a state the index starts over (whatever rows an interrupted past left).
  if (!state) await tx.searchPage.deleteMany({ where: { spaceId } });
  const changes = await diffTrees(fetchTreesFrom(tx), spaceId, state?.tree ?? null, space.tree);
  // Rows of removed and re-indexed pages go (with their sections); a first index has none left.
  const gone = state ? [...changes.removed, ...changes.indexed.map((p) => p.id)] : [];
  for (const part of chunks(gone, 5000)) await tx.searchPage.deleteMany({ where: { spaceId, pageId: { in: part } } });
  for (const part of chunks(changes.indexed, 5000)) {
    const contents = await readVersions(
      tx,
      spaceId,
      part.map((p) => p.version),
      { withSections: true },
    );
    await writePages(tx, space, part, contents);
  }
  await movePages(tx, spaceId, changes.moved);
  const data = { organizationId: space.organizationId, revisionId: space.revisionId, tree: space.tree };
  await tx.searchIndexState.upsert({ where: { spaceId }, create: { spaceId, ...data }, update: data });
  return { indexed: changes.indexed.length, moved: changes.moved.length, removed: changes.removed.length };
}

/** Of `spaceIds`, those whose index does not hold the active revision (one statement). */
export async function staleSearchIndexes(db: Pick<PrismaClient, '$queryRaw'>, spaceIds: string[]): Promise<string[]> {
  if (spaceIds.length === 0) return [];
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT s.id FROM "Space" s LEFT JOIN "SearchIndexState" st ON st."spaceId" = s.id
    WHERE s.id = ANY(${spaceIds}::text[]) AND st."revisionId" IS DISTINCT FROM s."revisionId"`;
  return rows.map((r) => r.id);
}

/** Longest a catch-up of one space may take (a first index of a large space parses every page). */
const SYNC_TIMEOUT_MS = 120_000;

/**
 * Catches up the index of each space of `spaceIds` whose active revision moved
 * past it; answers how many it synced. The space's versions stored without a
 * parse (a merge's) are parsed first, outside the transaction (on `compute`
 * when given): the sync then reads their stored sections.
 */
export async function refreshSearchIndexes(prisma: PrismaClient, spaceIds: string[], compute?: ComputePool): Promise<number> {
  const stale = await staleSearchIndexes(prisma, spaceIds);
  for (const id of stale) await storeMissingParses(prisma, { spaceId: id, compute });
  for (const id of stale)
    await prisma.$transaction((tx) => syncSearchIndex(tx, id), { timeout: SYNC_TIMEOUT_MS, maxWait: SYNC_TIMEOUT_MS });
  return stale.length;
}

/** Every space of the database whose index lags, caught up (the backfill after the migration, and the job's round). */
export async function refreshAllSearchIndexes(prisma: PrismaClient, batch = 100, compute?: ComputePool): Promise<number> {
  let total = 0;
  let after = '';
  for (;;) {
    const rows = await prisma.$queryRaw<{ id: string }[]>`
      SELECT s.id FROM "Space" s LEFT JOIN "SearchIndexState" st ON st."spaceId" = s.id
      WHERE s.id > ${after} AND st."revisionId" IS DISTINCT FROM s."revisionId" ORDER BY s.id LIMIT ${batch}`;
    if (rows.length === 0) return total;
    total += await refreshSearchIndexes(
      prisma,
      rows.map((r) => r.id),
      compute,
    );
    after = rows.at(-1)!.id;
  }
}
