// The benchmark dataset, written with set-based SQL (INSERT … SELECT over
// generate_series) so that seeding takes seconds. Every id and token secret is
// derived from its position, so the load generator can name any of them without
// reading them back. Each area that adds tables adds its rows here.
import pg from 'pg';
import { emptyContent, treeObjects, versionHash, type PageNode } from '../src/domain/revisions/objects.js';
import { createPrisma } from '../src/db/client.js';
import { syncSearchIndex } from '../src/domain/search/indexer.js';
import { storeMissingParses } from '../src/domain/revisions/parses.js';
import { issueSiteToken } from '../src/domain/auth/siteTokens.js';
import { siteTokenKeys } from '../src/config/siteTokenKeys.js';

export const ORGS = 2;
export const MEMBERS_PER_ORG = 200;
export const SPACES_PER_ORG = 1000;
/** Collections per organization: TOP top-level ones, each with CHILDREN, each child with one grandchild. */
const TOP = 20;
const CHILDREN = 3;
export const ADMINS_PER_ORG = 10;

const pad = (n: number) => String(n).padStart(4, '0');
export const orgId = (o: number) => `org_bench${o}`;
export const userId = (o: number, n: number) => `usr_b${o}u${pad(n)}`;
export const spaceId = (o: number, n: number) => `spc_b${o}s${pad(n)}`;
/** The published site of each organization: PUBLISHED_SECTIONS sections of SITE_SPACES_PER_SECTION site spaces. */
export const publishedSiteId = (o: number) => `sit_b${o}pub`;
export const PUBLISHED_SECTIONS = 20;
export const SITE_SPACES_PER_SECTION = 5;
/** The first space published by the site (spaces FIRST_PUBLISHED_SPACE + 1 … + 100; see seedOrganization). */
const FIRST_PUBLISHED_SPACE = 100;
/** The site token key both servers are given (SITE_TOKEN_SECRETS): the load generator signs with it too. */
export const SITE_TOKEN_SECRET = 'bench-site-token-secret-0123456789abcdef';
/** Quire's issuer of site tokens: `${PUBLIC_URL}/v1` of the benchmarked servers. */
export const BENCH_PUBLIC_URL = 'http://bench.quire.test';
/** The token secret of a user (its SHA-256 is what the database keeps). */
export const tokenSecret = (o: number, n: number) => `qt_bench_${userId(o, n)}`;
/** The user whose token secret this is (tokenSecret's inverse). */
export const userIdOfToken = (secret: string) => secret.slice('qt_bench_'.length);

/** The large space of organization 1: BIG_TOP top-level pages with BIG_CHILDREN subpages each (10,000 pages), indexed for search. */
export const bigSpaceId = 'spc_b1big';
const BIG_TOP = 100;
const BIG_CHILDREN = 99;
/** Words of the large space's text; the search scenario asks for them. */
export const searchWords = Array.from(
  { length: 400 },
  (_, i) =>
    ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'to', 'vi', 'ze', 'pu', 'da', 'fe', 'go', 'hi', 'ju', 'ba', 'co', 'di', 'fa', 'gu'][i % 20] +
    [
      'rin',
      'mol',
      'tas',
      'vek',
      'dun',
      'pil',
      'sor',
      'gam',
      'bex',
      'lut',
      'nir',
      'fop',
      'kel',
      'zam',
      'tro',
      'wix',
      'hun',
      'jad',
      'quo',
      'yel',
    ][Math.floor(i / 20)],
);

/** One site space of a published site, as a visitor reaches it: its address and a site visitor token for it. */
export interface PublishedSiteSpace {
  sectionPath: string;
  path: string;
  spaceId: string;
  revisionId: string;
  /** The token `POST /v1/urls/published` would answer for it (signed with SITE_TOKEN_SECRET, claims as Quire's). */
  apiToken: string;
  /** A word only this space's pages contain (the site search's query). */
  word: string;
}

export interface BenchDataset {
  /** Per organization (index 1…ORGS): ids and tokens the scenarios use. */
  orgs: {
    id: string;
    adminTokens: string[];
    memberTokens: string[];
    spaceIds: string[];
    publishedSiteId: string;
    publishedSiteSpaces: PublishedSiteSpace[];
  }[];
  /** The 10,000-page space (organization 1), and pages of ordinary spaces ([spaceId, pageId]). */
  bigSpaceId: string;
}

/** Member n's role: the first ADMINS_PER_ORG are admins, then a spread of roles, every 20th a guest. */
const roleSql = `CASE WHEN n <= ${ADMINS_PER_ORG} THEN 'admin'
  WHEN n % 20 = 0 THEN NULL
  ELSE (ARRAY['create','review','edit','comment','read'])[1 + n % 5] END::"Role"`;

export async function seed(databaseUrl: string): Promise<BenchDataset> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    for (let o = 1; o <= ORGS; o++) await seedOrganization(client, o);
    await seedBigSpace(client);
    await client.query('COMMIT');
    await indexForSearch(databaseUrl);
    await client.query('ANALYZE');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return {
    orgs: await Promise.all(
      range(1, ORGS).map(async (o) => ({
        id: orgId(o),
        adminTokens: range(1, ADMINS_PER_ORG).map((n) => tokenSecret(o, n)),
        // Non-admin, non-guest members (edit, review, create, comment, read).
        memberTokens: range(ADMINS_PER_ORG + 1, MEMBERS_PER_ORG)
          .filter((n) => n % 20 !== 0)
          .slice(0, 20)
          .map((n) => tokenSecret(o, n)),
        spaceIds: range(1, SPACES_PER_ORG).map((n) => spaceId(o, n)),
        publishedSiteId: publishedSiteId(o),
        publishedSiteSpaces: await publishedSiteSpaces(o),
      })),
    ),
    bigSpaceId,
  };
}

/** A word of space n's pages (distinct among the spaces a published site publishes). */
const spaceWord = (n: number) => searchWords[n % searchWords.length]!;
/** The space of site space v of section `section` of the published site. */
const publishedSpaceNumber = (section: number, v: number) => FIRST_PUBLISHED_SPACE + (section - 1) * SITE_SPACES_PER_SECTION + v;

/**
 * The published site's site spaces, each with the token a URL lookup answers for it,
 * signed as Quire signs it (its own function, the same key and claims), valid a week.
 */
async function publishedSiteSpaces(o: number): Promise<PublishedSiteSpace[]> {
  const keys = siteTokenKeys(() => Promise.resolve(SITE_TOKEN_SECRET), { secrets: [SITE_TOKEN_SECRET], ttlSeconds: 7 * 86400 });
  const site = publishedSiteId(o);
  const all = Array.from({ length: PUBLISHED_SECTIONS * SITE_SPACES_PER_SECTION }, (_, i) => ({
    section: 1 + Math.floor(i / SITE_SPACES_PER_SECTION),
    v: 1 + (i % SITE_SPACES_PER_SECTION),
  }));
  const spaces = all.map(({ section, v }) => spaceId(o, publishedSpaceNumber(section, v)));
  return Promise.all(
    all.map(async ({ section, v }, i) => {
      const n = publishedSpaceNumber(section, v);
      const claims = {
        organization: orgId(o),
        site,
        siteSection: `sse_b${o}pub${section}`,
        siteSpace: `sis_b${o}pub${section}v${v}`,
        space: spaces[i]!,
        spaces: [spaces[i]!, ...spaces.filter((_, j) => j !== i)].slice(0, 100),
      };
      return {
        sectionPath: `section-${section}`,
        path: `variant-${v}`,
        spaceId: spaces[i]!,
        revisionId: `rev_b${o}r${pad(n)}`,
        apiToken: await issueSiteToken(keys, `${BENCH_PUBLIC_URL}/v1`, claims, new Date()),
        word: spaceWord(n),
      };
    }),
  );
}

async function seedOrganization(client: pg.Client, o: number) {
  const org = orgId(o);
  const p = `b${o}`; // id infix of this organization's rows
  const q = (sql: string) => client.query(sql);
  const collections = TOP * (1 + CHILDREN * 2);

  await q(`INSERT INTO "Organization" (id, title, "emailDomains", hostname)
    VALUES ('${org}', 'Bench organization ${o}', ARRAY['org${o}.bench.test'], 'bench-org-${o}')`);

  await q(`INSERT INTO "User" (id, email, "emailVerified", "displayName")
    SELECT 'usr_${p}u' || lpad(n::text, 4, '0'), 'user' || n || '@org${o}.bench.test', true, 'Bench user ' || n
    FROM generate_series(1, ${MEMBERS_PER_ORG}) n`);
  await q(`INSERT INTO "ApiToken" (id, "userId", "tokenHash", label)
    SELECT 'tok_${p}t' || lpad(n::text, 4, '0'), u,
      encode(sha256(convert_to('qt_bench_' || u, 'UTF8')), 'hex'), 'bench'
    FROM generate_series(1, ${MEMBERS_PER_ORG}) n, LATERAL (SELECT 'usr_${p}u' || lpad(n::text, 4, '0') AS u) x`);
  await q(`INSERT INTO "Member" ("organizationId", "userId", role, "joinedAt")
    SELECT '${org}', 'usr_${p}u' || lpad(n::text, 4, '0'), ${roleSql}, now() - n * interval '1 hour'
    FROM generate_series(1, ${MEMBERS_PER_ORG}) n`);

  // Ten teams of twenty members; the first member of each owns it.
  await q(`INSERT INTO "Team" (id, "organizationId", title)
    SELECT 'tea_${p}t' || t, '${org}', 'Team ' || t FROM generate_series(1, 10) t`);
  await q(`INSERT INTO "TeamMember" ("organizationId", "teamId", "userId", role)
    SELECT '${org}', 'tea_${p}t' || (1 + (n - 1) / 20), 'usr_${p}u' || lpad(n::text, 4, '0'),
      CASE WHEN n % 20 = 1 THEN 'owner' ELSE 'member' END::"TeamRole"
    FROM generate_series(1, ${MEMBERS_PER_ORG}) n`);

  // Collections c = 1…TOP are top-level; each has CHILDREN children, and each child one grandchild.
  await q(`INSERT INTO "Collection" (id, "organizationId", "parentId", title, "sortKey", "createdAt", "updatedAt")
    SELECT 'col_${p}c' || lpad(c::text, 4, '0'), '${org}',
      CASE WHEN c <= ${TOP} THEN NULL
           WHEN c <= ${TOP * (1 + CHILDREN)} THEN 'col_${p}c' || lpad((1 + (c - ${TOP} - 1) / ${CHILDREN})::text, 4, '0')
           ELSE 'col_${p}c' || lpad((c - ${TOP * CHILDREN})::text, 4, '0') END,
      'Collection ' || c, c, now() - interval '30 days', now() - interval '30 days'
    FROM generate_series(1, ${collections}) c`);

  // One space in ten is top-level; the others go round the collections, deepest first.
  await q(`INSERT INTO "Space" (id, "organizationId", "parentId", title, emoji, visibility, "shareKey", "revisionId",
      "sortKey", "createdAt", "updatedAt")
    SELECT 'spc_${p}s' || lpad(n::text, 4, '0'), '${org}',
      CASE WHEN n % 10 = 0 THEN NULL ELSE 'col_${p}c' || lpad((${collections} - n % ${collections})::text, 4, '0') END,
      'Space ' || n, CASE WHEN n % 3 = 0 THEN '1f4d8' END,
      CASE WHEN n % 10 = 0 THEN 'private' ELSE 'in-collection' END,
      md5('share' || '${p}' || n), 'rev_${p}r' || lpad(n::text, 4, '0'), n,
      now() - interval '20 days' + n * interval '1 minute', now() - interval '1 day'
    FROM generate_series(1, ${SPACES_PER_ORG}) n`);
  await q(`INSERT INTO "Revision" (id, "organizationId", "spaceId")
    SELECT 'rev_${p}r' || lpad(n::text, 4, '0'), '${org}', 'spc_${p}s' || lpad(n::text, 4, '0')
    FROM generate_series(1, ${SPACES_PER_ORG}) n`);
  await seedPages(client, org, p);

  // Change requests (open, draft, merged) and comments, so the counts on spaces are not all zero.
  await q(`INSERT INTO "ChangeRequest" (id, "organizationId", "spaceId", number, status, subject, "createdById", "updatedAt", "revisionId", "revisionInitialId")
    SELECT 'chr_${p}s' || n || 'n' || k, '${org}', 'spc_${p}s' || lpad(n::text, 4, '0'), k,
      (ARRAY['open','draft','merged'])[1 + (n + k) % 3], 'Change ' || k, 'usr_${p}u0001', now(),
      'rev_${p}r' || lpad(n::text, 4, '0'), 'rev_${p}r' || lpad(n::text, 4, '0')
    FROM generate_series(1, ${SPACES_PER_ORG}) n, generate_series(1, 1 + n % 3) k`);
  await q(`INSERT INTO "Comment" (id, "organizationId", "spaceId", status, "postedById", markdown)
    SELECT 'cmt_${p}s' || n || 'n' || k, '${org}', 'spc_${p}s' || lpad(n::text, 4, '0'),
      CASE WHEN k % 2 = 0 THEN 'resolved' ELSE 'open' END, 'usr_${p}u0002', 'A comment'
    FROM generate_series(1, ${SPACES_PER_ORG}) n, generate_series(1, n % 4) k`);

  // Two sites publishing fifty spaces each.
  await q(`INSERT INTO "Site" (id, "organizationId", title) SELECT 'sit_${p}' || s, '${org}', 'Site ' || s FROM generate_series(1, 2) s`);
  await q(`INSERT INTO "SiteSpace" (id, "organizationId", "siteId", "spaceId", path)
    SELECT 'sis_${p}' || n, '${org}', 'sit_${p}' || (1 + n % 2), 'spc_${p}s' || lpad(n::text, 4, '0'), 'space-' || n
    FROM generate_series(1, 100) n`);

  // A published site of PUBLISHED_SECTIONS sections in order, each with its site spaces (spaces 101…) in order, the first its default.
  const site = publishedSiteId(o);
  const k = SITE_SPACES_PER_SECTION;
  await q(`INSERT INTO "Site" (id, "organizationId", title, published) VALUES ('${site}', '${org}', 'Published site', true)`);
  await q(`INSERT INTO "SiteSection" (id, "organizationId", "siteId", title, path, "sortKey")
    SELECT 'sse_${p}pub' || n, '${org}', '${site}', 'Section ' || n, 'section-' || n, n FROM generate_series(1, ${PUBLISHED_SECTIONS}) n`);
  await q(`INSERT INTO "SiteSpace" (id, "organizationId", "siteId", "spaceId", "sectionId", path, "sortKey")
    SELECT 'sis_${p}pub' || n || 'v' || v, '${org}', '${site}', 'spc_${p}s' || lpad((100 + (n - 1) * ${k} + v)::text, 4, '0'),
      'sse_${p}pub' || n, 'variant-' || v, v
    FROM generate_series(1, ${PUBLISHED_SECTIONS}) n, generate_series(1, ${k}) v`);
  await q(
    `UPDATE "SiteSection" SET "defaultSiteSpaceId" = 'sis_${p}pub' || substr(id, length('sse_${p}pub') + 1) || 'v1' WHERE "siteId" = '${site}'`,
  );
  await q(`UPDATE "Site" SET "defaultSiteSectionId" = 'sse_${p}pub1' WHERE id = '${site}'`);
}

/**
 * Three pages in each space's revision, in the content storage of
 * src/domain/revisions (page versions and a root tree, hashed as Quire hashes them).
 */
async function seedPages(client: pg.PoolClient | pg.Client, org: string, p: string) {
  const now = new Date().toISOString();
  const versions: unknown[][] = [];
  const trees: unknown[][] = [];
  const roots: [string, string][] = [];
  for (let n = 1; n <= SPACES_PER_ORG; n++) {
    const space = `spc_${p}s${String(n).padStart(4, '0')}`;
    const contents = [1, 2, 3].map((k) => ({
      ...emptyContent(`Page ${k}`),
      markdown: `${'Some documentation text. '.repeat(20)}\n\nThe topic of this space is ${spaceWord(n)}.`,
    }));
    const hashes = contents.map(versionHash);
    contents.forEach((content, i) => versions.push([space, hashes[i], content.title, content.markdown]));
    const pages: PageNode[] = hashes.map((version, i) => ({
      id: `pag_${p}r${n}p${i + 1}`,
      slug: `page-${i + 1}`,
      version,
      createdAt: now,
      updatedAt: now,
      children: [],
    }));
    const { root, objects } = treeObjects(pages);
    for (const [hash, entries] of objects) trees.push([space, hash, JSON.stringify(entries)]);
    roots.push([`rev_${p}r${String(n).padStart(4, '0')}`, root!]);
  }
  const column = (rows: unknown[][], i: number) => rows.map((r) => r[i]);
  await client.query(
    `INSERT INTO "PageVersion" ("spaceId", hash, "organizationId", title, markdown)
     SELECT s, h, $1, t, m FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS v(s, h, t, m)`,
    [org, column(versions, 0), column(versions, 1), column(versions, 2), column(versions, 3)],
  );
  await client.query(
    `INSERT INTO "PageTree" ("spaceId", hash, "organizationId", entries)
     SELECT s, h, $1, e::jsonb FROM unnest($2::text[], $3::text[], $4::text[]) AS v(s, h, e)`,
    [org, column(trees, 0), column(trees, 1), column(trees, 2)],
  );
  await client.query(`UPDATE "Revision" r SET tree = v.t FROM unnest($1::text[], $2::text[]) AS v(id, t) WHERE r.id = v.id`, [
    roots.map((r) => r[0]),
    roots.map((r) => r[1]),
  ]);
}

/** Deterministic text of page `n` of the large space: a title, and three sections of words of `searchWords`. */
function bigPageContent(n: number) {
  const word = (k: number) => searchWords[(n * 7919 + k * 104729) % searchWords.length]!;
  const words = (from: number, count: number) => Array.from({ length: count }, (_, k) => word(from + k)).join(' ');
  const markdown = [0, 1, 2].map((s) => `## ${words(100 + s * 50, 2)}\n\n${words(s * 50, 40)}.`).join('\n\n');
  return { ...emptyContent(`Guide ${n} ${words(300, 2)}`), markdown };
}

/** The large space: 10,000 pages two levels deep (page versions, trees, revision) in organization 1. */
async function seedBigSpace(client: pg.Client) {
  const org = orgId(1);
  const now = new Date().toISOString();
  const versions: unknown[][] = [];
  const node = (n: number, children: PageNode[] = []): PageNode => {
    const content = bigPageContent(n);
    const version = versionHash(content);
    versions.push([version, content.title, content.markdown]);
    return { id: `pag_big${n}`, slug: `page-${n}`, version, createdAt: now, updatedAt: now, children };
  };
  const pages = Array.from({ length: BIG_TOP }, (_, t) =>
    node(
      t * (BIG_CHILDREN + 1) + 1,
      Array.from({ length: BIG_CHILDREN }, (_, c) => node(t * (BIG_CHILDREN + 1) + c + 2)),
    ),
  );
  const { root, objects } = treeObjects(pages);
  await client.query(
    `INSERT INTO "Space" (id, "organizationId", title, visibility, "shareKey", "revisionId", "updatedAt") VALUES ($1, $2, 'Large space', 'private', md5('big'), 'rev_big', now())`,
    [bigSpaceId, org],
  );
  await client.query(`INSERT INTO "Revision" (id, "organizationId", "spaceId", tree) VALUES ('rev_big', $1, $2, $3)`, [
    org,
    bigSpaceId,
    root,
  ]);
  const column = (rows: unknown[][], i: number) => rows.map((r) => r[i]);
  await client.query(
    `INSERT INTO "PageVersion" ("spaceId", hash, "organizationId", title, markdown)
     SELECT $1, h, $2, t, m FROM unnest($3::text[], $4::text[], $5::text[]) AS v(h, t, m) ON CONFLICT DO NOTHING`,
    [bigSpaceId, org, column(versions, 0), column(versions, 1), column(versions, 2)],
  );
  const trees = [...objects];
  await client.query(
    `INSERT INTO "PageTree" ("spaceId", hash, "organizationId", entries) SELECT $1, h, $2, e::jsonb FROM unnest($3::text[], $4::text[]) AS v(h, e)`,
    [bigSpaceId, org, trees.map(([hash]) => hash), trees.map(([, entries]) => JSON.stringify(entries))],
  );
}

/**
 * Stores every page version's parse, as Quire's writes and its parse job do (a page written
 * through Quire is stored with its document), and indexes the large space and the published
 * sites' spaces for search as Quire does: otherwise the benchmark's first reads of each page
 * would parse it on the compute pool and store it, a write on a read and a worker thread more.
 */
async function indexForSearch(databaseUrl: string) {
  const { prisma } = createPrisma(databaseUrl);
  await storeMissingParses(prisma, { batch: 2000 });
  const published = Array.from({ length: ORGS }, (_, o) =>
    Array.from({ length: PUBLISHED_SECTIONS * SITE_SPACES_PER_SECTION }, (_, i) => spaceId(o + 1, FIRST_PUBLISHED_SPACE + 1 + i)),
  ).flat();
  try {
    for (const id of [bigSpaceId, ...published])
      await prisma.$transaction((tx) => syncSearchIndex(tx, id), { timeout: 600_000, maxWait: 10_000 });
  } finally {
    await prisma.$disconnect();
  }
}
