// Full-text search over the index of the active revisions (indexer.ts): pages
// ranked by the best ts_rank of their sections (page title weighs A, heading B,
// description C, body D: a title match ranks above a body match), each page
// with the sections that matched. Space search pages through a space's pages;
// organization search ranks pages across the spaces the caller may see, then
// pages through the spaces in the order of their best page. Both take lists of
// spaces (or organizations) at once: GraphQL batches them into one statement.
import type { PrismaClient } from '../../generated/prisma/client.js';
import { badRequest } from '../../errors.js';
import { rawQuery } from '../../db/raw.js';
import { SEARCH_CONFIG } from './indexer.js';

/** The public document's longest query. */
export const MAX_QUERY_LENGTH = 512;
/** Sections shown per page (its best ones). */
export const SECTIONS_PER_PAGE = 5;
/** Pages shown per space in an organization search (its best ones). */
export const PAGES_PER_SPACE = 10;

export type ResultType = 'page' | 'section';

export interface SectionHit {
  anchor: string;
  heading: string;
  body: string;
  score: number;
  resultType: ResultType;
}

export interface PageHit {
  spaceId: string;
  pageId: string;
  title: string;
  description: string;
  path: string;
  ancestors: string[];
  score: number;
  rank: number;
  resultType: ResultType;
  sections: SectionHit[];
}

export interface SpaceHit {
  spaceId: string;
  title: string;
  score: number;
  pages: PageHit[];
}

export interface Page<T> {
  total: number;
  items: T[];
}

/** The query as searched: trimmed, not empty, at most 512 characters (400 otherwise). */
export function checkQuery(query: string): string {
  const text = query.trim();
  if (!text) throw badRequest('must not be empty', 'query');
  if (query.length > MAX_QUERY_LENGTH) throw badRequest(`must be at most ${MAX_QUERY_LENGTH} characters`, 'query');
  return text;
}

const tsQuery = `websearch_to_tsquery('${SEARCH_CONFIG}', $1)`;

/** Matching sections of the given spaces, with their rank (the CTEs `q` and `hits`). */
const hitsSql = `q AS (SELECT ${tsQuery} AS q),
  hits AS (
    SELECT x."organizationId", x."spaceId", x."pageId", ts_rank(x.document, q.q) AS score
    FROM "SearchSection" x, q WHERE x."spaceId" = ANY($2::text[]) AND x.document @@ q.q
  ),
  pages AS (
    SELECT h."organizationId", h."spaceId", h."pageId", max(h.score) AS score, sp.path
    FROM hits h JOIN "SearchPage" sp ON sp."spaceId" = h."spaceId" AND sp."pageId" = h."pageId"
    GROUP BY h."organizationId", h."spaceId", h."pageId", sp.path
  )`;

/** The page columns of a ranked row `r` (title, description, path, ancestors' titles), and `total` from `totalColumn`. */
const pageColumns = (
  totalColumn: string,
) => `r."spaceId", r."pageId", r.score::float8 AS score, r.rank::int AS rank, ${totalColumn}::int AS total,
  sp.title, sp.description, sp.path,
  ARRAY(SELECT a.title FROM unnest(sp.ancestors) WITH ORDINALITY AS u(id, i)
        JOIN "SearchPage" a ON a."spaceId" = sp."spaceId" AND a."pageId" = u.id ORDER BY u.i) AS ancestors`;

interface PageRow {
  /** False for the row that only carries the total (the first one, when the page asked for is further). */
  shown: boolean;
  spaceId: string;
  pageId: string;
  score: number;
  rank: number;
  total: number;
  title: string;
  description: string;
  path: string;
  ancestors: string[];
}

interface SectionRow {
  spaceId: string;
  pageId: string;
  anchor: string;
  heading: string;
  body: string;
  score: number;
  inSection: boolean;
  onPage: boolean;
}

/** The sections of the found pages that match, best first, with an excerpt of their text around the match. */
async function sectionsOf(prisma: PrismaClient, query: string, pages: PageRow[]) {
  if (pages.length === 0) return new Map<string, SectionRow[]>();
  const rows = await rawQuery<SectionRow>(
    prisma,
    `WITH q AS (SELECT ${tsQuery} AS q)
     SELECT x."spaceId", x."pageId", x.anchor, x.heading, ts_rank(x.document, q.q)::float8 AS score,
       ts_filter(x.document, '{b,d}') @@ q.q AS "inSection", ts_filter(x.document, '{a,c}') @@ q.q AS "onPage",
       ts_headline('${SEARCH_CONFIG}', x.body, q.q, 'StartSel="", StopSel="", MinWords=15, MaxWords=40, MaxFragments=2, FragmentDelimiter=" … "') AS body
     FROM "SearchSection" x JOIN unnest($2::text[], $3::text[]) AS w("spaceId", "pageId") ON x."spaceId" = w."spaceId" AND x."pageId" = w."pageId", q
     WHERE x.document @@ q.q
     ORDER BY score DESC, x.position`,
    [query, pages.map((p) => p.spaceId), pages.map((p) => p.pageId)],
  );
  const byPage = new Map<string, SectionRow[]>();
  for (const row of rows) {
    const key = `${row.spaceId}/${row.pageId}`;
    byPage.set(key, [...(byPage.get(key) ?? []), row]);
  }
  return byPage;
}

/**
 * A page with its sections: those whose heading or text matched (the best
 * SECTIONS_PER_PAGE), or, when only the page's own fields did, its best section
 * (resultType "page").
 */
function pageHit(row: PageRow, sections: SectionRow[]): PageHit {
  const inSections = sections.filter((s) => s.inSection).slice(0, SECTIONS_PER_PAGE);
  const shown = inSections.length > 0 ? inSections : sections.slice(0, 1);
  const onPage = sections.some((s) => s.onPage);
  return {
    spaceId: row.spaceId,
    pageId: row.pageId,
    title: row.title,
    description: row.description,
    path: row.path,
    ancestors: row.ancestors,
    score: row.score,
    rank: row.rank,
    resultType: onPage ? 'page' : 'section',
    sections: shown.map((s) => ({
      anchor: s.anchor,
      heading: s.heading,
      body: s.body,
      score: s.score,
      resultType: s.inSection ? 'section' : 'page',
    })),
  };
}

async function withSections(prisma: PrismaClient, query: string, rows: PageRow[]) {
  const sections = await sectionsOf(prisma, query, rows);
  return rows.map((row) => pageHit(row, sections.get(`${row.spaceId}/${row.pageId}`) ?? []));
}

/** One page of the ranked pages of each space of `spaceIds` (two statements whatever their number). */
export async function searchSpaces(
  prisma: PrismaClient,
  spaceIds: string[],
  query: string,
  offset: number,
  limit: number,
): Promise<Map<string, Page<PageHit>>> {
  const rows = await rawQuery<PageRow>(
    prisma,
    `WITH ${hitsSql},
     ranked AS (
       SELECT p.*, row_number() OVER (PARTITION BY p."spaceId" ORDER BY p.score DESC, p.path, p."pageId") AS rank,
              count(*) OVER (PARTITION BY p."spaceId") AS total
       FROM pages p
     )
     SELECT r.rank > $3 AND r.rank <= $3 + $4 AS shown, ${pageColumns('r.total')}
     FROM ranked r JOIN "SearchPage" sp ON sp."spaceId" = r."spaceId" AND sp."pageId" = r."pageId"
     -- The first row carries the total to pages past the last one.
     WHERE (r.rank > $3 AND r.rank <= $3 + $4) OR r.rank = 1
     ORDER BY r."spaceId", r.rank`,
    [query, spaceIds, offset, limit],
  );
  const totals = new Map(rows.map((r) => [r.spaceId, r.total]));
  const pages = await withSections(
    prisma,
    query,
    rows.filter((r) => r.shown),
  );
  return new Map(spaceIds.map((id) => [id, { total: totals.get(id) ?? 0, items: pages.filter((p) => p.spaceId === id) }]));
}

export interface OrganizationScope {
  organizationId: string;
  /** The spaces of the organization the caller may search. */
  spaces: { id: string; title: string }[];
}

interface SpacePageRow extends PageRow {
  organizationId: string;
  spaceScore: number;
}

/**
 * One page of the spaces of each organization, in the order of their best
 * page; each space with its best PAGES_PER_SPACE pages, whose `rank` is their
 * place among every matching page of the organization.
 */
export async function searchOrganizations(
  prisma: PrismaClient,
  scopes: OrganizationScope[],
  query: string,
  offset: number,
  limit: number,
): Promise<Map<string, Page<SpaceHit>>> {
  const spaceIds = scopes.flatMap((s) => s.spaces.map((sp) => sp.id));
  const rows = await rawQuery<SpacePageRow>(
    prisma,
    `WITH ${hitsSql},
     ranked AS (
       SELECT p.*, row_number() OVER (PARTITION BY p."organizationId" ORDER BY p.score DESC, p."spaceId", p.path, p."pageId") AS rank
       FROM pages p
     ),
     spaces AS (
       SELECT "organizationId", "spaceId", min(rank) AS best, max(score) AS score, count(*) AS total FROM ranked GROUP BY 1, 2
     ),
     chosen AS (
       SELECT s.*, row_number() OVER (PARTITION BY s."organizationId" ORDER BY s.best) AS n,
              count(*) OVER (PARTITION BY s."organizationId") AS "spaceTotal"
       FROM spaces s
     ),
     shown AS (
       SELECT r.*, c.score AS "spaceScore", c."spaceTotal", c.n, row_number() OVER (PARTITION BY r."spaceId" ORDER BY r.rank) AS k
       FROM ranked r JOIN chosen c ON c."spaceId" = r."spaceId"
       -- The first space's best page carries the total to pages past the last one.
       WHERE (c.n > $3 AND c.n <= $3 + $4) OR (c.n = 1 AND r.rank = 1)
     )
     SELECT r.n > $3 AND r.n <= $3 + $4 AS shown, r."organizationId", r."spaceScore"::float8 AS "spaceScore", ${pageColumns('r."spaceTotal"')}
     FROM shown r JOIN "SearchPage" sp ON sp."spaceId" = r."spaceId" AND sp."pageId" = r."pageId"
     WHERE r.k <= ${PAGES_PER_SPACE}
     ORDER BY r."organizationId", r.n, r.rank`,
    [query, spaceIds, offset, limit],
  );
  const totals = new Map(rows.map((r) => [r.organizationId, r.total]));
  const shownRows = rows.filter((r) => r.shown);
  const pages = await withSections(prisma, query, shownRows);
  const titles = new Map(scopes.flatMap((s) => s.spaces.map((sp) => [sp.id, sp.title] as const)));
  const answer = new Map<string, Page<SpaceHit>>();
  for (const scope of scopes) {
    const own = shownRows.filter((r) => r.organizationId === scope.organizationId);
    const spaces: SpaceHit[] = [];
    for (const row of own) {
      if (spaces.at(-1)?.spaceId !== row.spaceId)
        spaces.push({ spaceId: row.spaceId, title: titles.get(row.spaceId) ?? '', score: row.spaceScore, pages: [] });
    }
    for (const space of spaces) space.pages = pages.filter((p) => p.spaceId === space.spaceId);
    answer.set(scope.organizationId, { total: totals.get(scope.organizationId) ?? 0, items: spaces });
  }
  return answer;
}
