// The floor's answers to GitBook's renderer (the `render-page` scenario): the
// anonymous URL lookup, which signs a site visitor token, and the reads of one
// page that present it. Like the rest of the floor (baseline.ts), one statement
// per request after the token check, shaped in JavaScript, authorized by Quire's
// own policy functions; the token is signed and checked by Quire's own functions
// (jose, HS256, the same SITE_TOKEN_SECRETS), and what it opens is read again on
// every request (Quire's statement), so a visitor costs the floor what it costs Quire.
// It serves what the scenario sends: Quire's own `/published/sites/<id>/…` URLs
// of public sites, revisions of root pages, a redirect lookup that finds none.
import type pg from 'pg';
import { issueSiteToken } from '../src/domain/auth/siteTokens.js';
import { siteTokenKeys, siteTokenSettingsFromEnv } from '../src/config/siteTokenKeys.js';
import { sitePublishedBase } from '../src/domain/sites/addresses.js';
import { spacePolicy } from '../src/policy/space.js';
import { sitePolicy } from '../src/policy/site.js';
import type { Actor } from '../src/policy/actor.js';
import { markdownToDocument } from '../src/domain/content/markdown/index.js';
import { defaultLayout } from '../src/domain/revisions/layout.js';
import { checkQuery, searchOrganizations, type PageHit } from '../src/domain/search/service.js';
import type { PrismaClient } from '../src/generated/prisma/client.js';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Urls = { api: string; app: string; published: string };

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const withoutNulls = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v != null));

const MAX_TOKEN_SPACES = 100;

/** The keys both servers are given (SITE_TOKEN_SECRETS); the floor keeps no secret in the database. */
/** A page of search results as Quire answers it (REST shape). */
export function pageHitJson(p: PageHit, appBase: string) {
  const appUrl = `${appBase}/s/${p.spaceId}/${p.path}`;
  return {
    id: p.pageId,
    title: p.title,
    description: p.description,
    path: p.path,
    score: p.score,
    rank: p.rank,
    resultType: p.resultType,
    sections: p.sections.map((x) => ({
      id: x.anchor ? `${p.pageId}#${x.anchor}` : p.pageId,
      title: x.heading || p.title,
      path: x.anchor ? `${p.path}#${x.anchor}` : p.path,
      score: x.score,
      resultType: x.resultType,
      body: x.body,
      urls: { app: x.anchor ? `${appUrl}#${x.anchor}` : appUrl },
    })),
    ancestors: p.ancestors.map((title) => ({ title })),
    urls: { app: appUrl },
  };
}

export function floorSiteTokenKeys() {
  const settings = siteTokenSettingsFromEnv(process.env);
  if (!settings.secrets) throw new Error('The floor needs SITE_TOKEN_SECRETS (bench/run.ts passes the same to Quire)');
  return siteTokenKeys(() => Promise.reject(new Error('no stored secret')), settings);
}

export function rendererRoutes(pool: pg.Pool, urls: Urls, searchDb: PrismaClient) {
  const keys = floorSiteTokenKeys();
  const spaceSubject = `s.id, s."organizationId", s."memberLevel", s.visibility::text, s."shareKey", s."editMode"::text, s."deletedAt"`;

  /** POST /v1/urls/published: one statement finds the site, its section and site space, and the token's other spaces. */
  async function resolveUrl(body: Record<string, unknown>) {
    if (typeof body.url !== 'string' || body.url.length > 2048) throw new HttpError(400, 'url: is required');
    const url = new URL(body.url);
    const segments = url.pathname.split('/').filter(Boolean);
    const own = new URL(`${urls.published}/sites/`);
    const ownSegments = own.pathname.split('/').filter(Boolean);
    if (url.origin !== own.origin || !ownSegments.every((s, i) => segments[i] === s) || segments.length <= ownSegments.length)
      throw new HttpError(404, 'Published content for this URL not found');
    let at = ownSegments.length + 1;
    const {
      rows: [row],
    } = await pool.query(
      `SELECT t.id, t."organizationId", t.published, t.visibility::text, t.hostname, t.basename, t.proxy,
         n.id AS n_id, n.path AS n_path, n.named AS n_named, x.id AS x_id, x.path AS x_path, x."spaceId" AS x_space, x.named AS x_named,
         ARRAY(SELECT DISTINCT y."spaceId" FROM "SiteSpace" y JOIN "Space" s ON s.id = y."spaceId" AND s."deletedAt" IS NULL
           WHERE y."siteId" = t.id AND y."spaceId" <> x."spaceId" LIMIT ${MAX_TOKEN_SPACES - 1}) AS others
       FROM "Site" t
       LEFT JOIN LATERAL (
         SELECT n.id, n.path, n."defaultSiteSpaceId", COALESCE(n.path = $2, false) AS named FROM "SiteSection" n WHERE n."siteId" = t.id
         ORDER BY 4 DESC, n.id = t."defaultSiteSectionId" DESC, n."sortKey", n."createdAt" LIMIT 1
       ) n ON true
       LEFT JOIN LATERAL (
         SELECT x.id, x.path, x."spaceId", COALESCE(x.path = CASE WHEN n.named THEN $3 ELSE $2 END, false) AS named
         FROM "SiteSpace" x JOIN "Space" s ON s.id = x."spaceId" AND s."deletedAt" IS NULL
         WHERE x."siteId" = t.id AND x."sectionId" IS NOT DISTINCT FROM n.id
         ORDER BY 4 DESC, x.id = CASE WHEN n.id IS NULL THEN t."defaultSiteSpaceId" ELSE n."defaultSiteSpaceId" END DESC NULLS LAST,
           x."sortKey", x."createdAt" LIMIT 1
       ) x ON true
       WHERE t.id = $1`,
      [segments[at - 1], segments[at] ?? null, segments[at + 1] ?? null],
    );
    if (!row?.published || !row.x_id) throw new HttpError(404, 'Published content for this URL not found');
    // Share-link, visitor-auth and custom-address sites: Quire's answers, not served by the floor.
    if (row.visibility !== 'public' || row.proxy || row.hostname)
      throw new HttpError(501, 'The floor serves public sites at Quire’s address');
    const siteBase = segments.slice(0, at);
    if (row.n_named) at += 1;
    if (row.x_named) at += 1;
    const pathname = segments.slice(at).join('/');
    const base = `${sitePublishedBase(urls, row as never)}${row.n_id ? `/${row.n_path}` : ''}/${row.x_path}`;
    const apiToken = await issueSiteToken(
      keys,
      urls.api,
      {
        organization: row.organizationId,
        site: row.id,
        ...(row.n_id ? { siteSection: row.n_id } : {}),
        siteSpace: row.x_id,
        space: row.x_space,
        spaces: [row.x_space, ...row.others],
      },
      new Date(),
    );
    return withoutNulls({
      organization: row.organizationId,
      site: row.id,
      siteSection: row.n_id,
      siteSpace: row.x_id,
      space: row.x_space,
      pathname,
      basePath: `/${segments.slice(0, at).join('/')}/`,
      siteBasePath: `/${siteBase.join('/')}/`,
      apiToken,
      complete: true,
      canonicalUrl: pathname ? `${base}/${pathname}` : base,
    });
  }

  /** A page of a revision tree entry and its version, in the REST shape (a root page: no subpages). */
  function restPage(spaceId: string, entry: Row, v: Row, format: 'document' | 'markdown') {
    const { id, slug, createdAt, updatedAt } = entry;
    return withoutNulls({
      id,
      kind: v.type === 'document' ? 'sheet' : v.type,
      type: v.type,
      title: v.title,
      emoji: v.emoji,
      icon: v.icon,
      slug,
      path: slug,
      description: v.description,
      hidden: v.hidden,
      noIndex: v.noIndex,
      noRobotsIndex: v.noRobotsIndex,
      layout: v.layout ?? defaultLayout,
      cover: v.cover,
      variables: v.variables,
      computed: v.computed,
      createdAt,
      updatedAt,
      ...(format === 'markdown' ? { markdown: v.markdown } : { document: markdownToDocument(v.markdown) }),
      git: { oid: v.hash, path: `${slug}.md` },
      urls: { app: `${urls.app}/s/${spaceId}/${slug}` },
      tags: [],
      pages: [],
    });
  }

  /**
   * The revision of a space the actor may view, with its root pages and their versions (all, or the one
   * whose id or path is `page`), and with `links` the space's addresses on public published sites: one statement.
   */
  async function revisionOf(actor: Actor, spaceId: string, revisionId: string, page: { id?: string; path?: string }, links = false) {
    const { rows } = await pool.query(
      `SELECT ${spaceSubject}, r.id AS r_id, r.parents, r.type AS r_type, r."createdAt" AS r_created, r."fileSet",
         e.entry, to_jsonb(v) AS version
         ${
           links
             ? `, ARRAY(SELECT jsonb_build_object('path', x.path, 'section', n.path, 'id', t.id, 'hostname', t.hostname, 'basename', t.basename, 'proxy', t.proxy)
                 FROM "SiteSpace" x JOIN "Site" t ON t.id = x."siteId" AND t.published AND t.visibility = 'public'
                 LEFT JOIN "SiteSection" n ON n.id = x."sectionId"
                 WHERE x."spaceId" = s.id ORDER BY t."createdAt", x."siteId", x."createdAt", x.id LIMIT 100) AS links`
             : ''
         }
       FROM "Space" s JOIN "Revision" r ON r.id = $2 AND r."spaceId" = s.id
       LEFT JOIN "PageTree" tr ON tr."spaceId" = s.id AND tr.hash = r.tree
       LEFT JOIN LATERAL (SELECT x AS entry, o FROM jsonb_array_elements(tr.entries) WITH ORDINALITY AS a(x, o)
         WHERE ($3::text IS NULL OR x->>'id' = $3) AND ($4::text IS NULL OR x->>'slug' = $4)) e ON true
       LEFT JOIN "PageVersion" v ON v."spaceId" = s.id AND v.hash = e.entry->>'version'
       WHERE s.id = $1 ORDER BY e.o`,
      [spaceId, revisionId, page.id ?? null, page.path ?? null],
    );
    if (!rows[0] || !spacePolicy.rules(actor, rows[0] as never).view) throw new HttpError(404, 'Space not found');
    if (rows.some((r) => r.entry?.tree)) throw new HttpError(501, 'The floor serves root pages only');
    if (rows[0].fileSet) throw new HttpError(501, 'The floor serves revisions without files');
    return { revision: rows[0], pages: rows.filter((r) => r.entry) };
  }
  const onePage = async (actor: Actor, spaceId: string, revisionId: string, page: { id?: string; path?: string }, links = false) => {
    const found = await revisionOf(actor, spaceId, revisionId, page, links);
    if (!found.pages[0]) throw new HttpError(404, 'Page not found');
    return { ...found, page: found.pages[0] };
  };

  async function revision(actor: Actor, spaceId: string, revisionId: string) {
    const { revision: r, pages } = await revisionOf(actor, spaceId, revisionId, {});
    return {
      object: 'revision',
      id: r.r_id,
      parents: r.parents,
      type: r.r_type,
      createdAt: r.r_created.toISOString(),
      files: [],
      reusableContents: [],
      tags: [],
      variables: {},
      urls: { app: `${urls.app}/s/${spaceId}/~/revisions/${r.r_id}` },
      pages: pages.map((p) => restPage(spaceId, p.entry, p.version, 'document')),
    };
  }

  async function metaLinks(actor: Actor, spaceId: string, revisionId: string, pageId: string) {
    const { revision: r, page } = await onePage(actor, spaceId, revisionId, { id: pageId }, true);
    const bases = (r.links as Row[]).map(
      (l) => `${sitePublishedBase(urls, { ...l, organizationId: r.organizationId } as never)}${l.section ? `/${l.section}` : ''}/${l.path}`,
    );
    const [canonical, ...alternates] = [...new Set(bases.map((b) => `${b}/${page.entry.slug}`))].map((url) => ({ kind: 'url', url }));
    return { canonical: canonical ?? null, alternates };
  }

  /** The published site the visitor's token names, and the redirect of `source` (none: 404): one statement. */
  async function redirect(actor: Actor, organizationId: string, siteId: string, source: string) {
    const {
      rows: [site],
    } = await pool.query(
      `SELECT t.*, d.id AS redirect FROM "Site" t LEFT JOIN LATERAL (
         SELECT id FROM "SiteRedirect" WHERE "siteId" = t.id AND draft = false
           AND (source = $3 OR (right(source, 1) = '*' AND left($3, length(source) - 1) = left(source, length(source) - 1)))
         ORDER BY (source = $3) DESC, length(source) DESC LIMIT 1) d ON true
       WHERE t.id = $1 AND t."organizationId" = $2`,
      [siteId, organizationId, source],
    );
    if (!site || !sitePolicy.rules(actor, site).view) throw new HttpError(404, 'Site not found');
    if (!sitePolicy.rules(actor, site).lookupRedirect || !site.redirect) throw new HttpError(404, 'Site redirect not found');
    throw new HttpError(501, 'The floor serves redirect lookups that find none');
  }

  /** Site search over every live site space of the site: its spaces (one statement), then Quire's search statements. */
  async function searchSite(actor: Actor, organizationId: string, siteId: string, body: Record<string, unknown>) {
    const query = checkQuery(typeof body.query === 'string' ? body.query : '');
    if (Object.keys(body).some((k) => k !== 'query')) throw new HttpError(501, 'The floor searches the whole site');
    const { rows } = await pool.query(
      `SELECT t.*, s.id AS s_id, s.title AS s_title FROM "Site" t
       LEFT JOIN LATERAL (SELECT DISTINCT ON (s.id) s.id, s.title, x."sortKey", x.id AS x_id FROM "SiteSpace" x
         JOIN "Space" s ON s.id = x."spaceId" AND s."deletedAt" IS NULL WHERE x."siteId" = t.id ORDER BY s.id, x."sortKey", x.id) s ON true
       WHERE t.id = $1 AND t."organizationId" = $2`,
      [siteId, organizationId],
    );
    if (!rows[0] || !sitePolicy.rules(actor, rows[0] as never).search) throw new HttpError(404, 'Published site not found');
    const spaces = rows.filter((r) => r.s_id).map((r) => ({ id: r.s_id as string, title: r.s_title as string }));
    const limit = 50;
    const found = (await searchOrganizations(searchDb, [{ organizationId, spaces }], query, 0, limit)).get(organizationId) ?? {
      total: 0,
      items: [],
    };
    const items = found.items.map((s) => ({
      type: 'space',
      id: s.spaceId,
      title: s.title,
      score: s.score,
      pages: s.pages.map((p) => pageHitJson(p, urls.app)),
    }));
    if (found.total > limit) throw new HttpError(501, 'The floor answers one page of results');
    return { count: found.total, items };
  }

  const revisionPath = /^\/v1\/spaces\/([^/]+)\/revisions\/([^/]+)(?:\/(pages|page\/([^/]+)(\/document|\/meta-links)?|path\/(.+)))?\/?$/;

  /** The renderer's reads; null when `path` is none of them. */
  return {
    resolveUrl,
    async read(actor: Actor, method: string, path: string, query: URLSearchParams, body: () => Promise<Record<string, unknown>>) {
      let m: RegExpExecArray | null;
      if (method === 'GET' && (m = revisionPath.exec(path))) {
        const [spaceId, revisionId] = [decodeURIComponent(m[1]), decodeURIComponent(m[2])];
        if (!m[3]) return revision(actor, spaceId, revisionId);
        if (m[3] === 'pages') {
          const { revision: r, pages } = await revisionOf(actor, spaceId, revisionId, {});
          return { id: r.r_id, pages: pages.map((p) => restPage(spaceId, p.entry, p.version, 'document')) };
        }
        if (m[6]) {
          const { page } = await onePage(actor, spaceId, revisionId, { path: decodeURIComponent(m[6]) });
          return restPage(spaceId, page.entry, page.version, 'document');
        }
        const pageId = decodeURIComponent(m[4]);
        if (m[5] === '/meta-links') return metaLinks(actor, spaceId, revisionId, pageId);
        const { page } = await onePage(actor, spaceId, revisionId, { id: pageId });
        if (m[5] === '/document') return markdownToDocument(page.version.markdown);
        return restPage(spaceId, page.entry, page.version, query.get('format') === 'markdown' ? 'markdown' : 'document');
      }
      if (method === 'GET' && (m = /^\/v1\/orgs\/([^/]+)\/sites\/([^/]+)\/redirect\/?$/.exec(path)))
        return redirect(actor, decodeURIComponent(m[1]), decodeURIComponent(m[2]), query.get('source') ?? '');
      if (method === 'POST' && (m = /^\/v1\/orgs\/([^/]+)\/sites\/([^/]+)\/search\/?$/.exec(path)))
        return searchSite(actor, decodeURIComponent(m[1]), decodeURIComponent(m[2]), await body());
      return null;
    },
  };
}
