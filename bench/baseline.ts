// The floor: the benchmark's requests answered by plain `node:http` and `pg`,
// no framework, with the least SQL that can answer them (one token check, then
// the rows needed, shaped in JavaScript). It serves only what the scenarios send
// and answers the same JSON bodies as Quire (run.ts checks they are equal), so
// Quire can be reported as a ratio to it. Authorization is Quire's own policy
// functions (pure code), applied to the rows, or pushed into the WHERE clause;
// the token check is Quire's own statement.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import { spacePolicy } from '../src/policy/space.js';
import { collectionPolicy } from '../src/policy/collection.js';
import { organizationPolicy } from '../src/policy/organization.js';
import { sitePolicy } from '../src/policy/site.js';
import { sitePublishedBase, siteUrls } from '../src/domain/sites/addresses.js';
import type { Actor } from '../src/policy/actor.js';
import { actorFromTokenRow, tokenStatement, type TokenRow } from '../src/domain/auth/tokens.js';
import { statementNames } from '../src/db/statementNames.js';
import { defaultDatabaseSettings } from '../src/db/settings.js';
import type { Level } from '../src/policy/roles.js';
import { benchGraphQLQuery, benchSiteQuery } from './scenarios.js';
import { offsetToCursor } from '@pothos/plugin-relay';
import { markdownToDocument } from '../src/domain/content/markdown/index.js';
import { defaultLayout } from '../src/domain/revisions/layout.js';
import { checkQuery, searchSpaces } from '../src/domain/search/service.js';
import type { PrismaClient } from '../src/generated/prisma/client.js';
import { authenticateSiteToken, isSiteToken } from '../src/domain/auth/siteTokens.js';
import { registerRawRunner } from '../src/db/raw.js';
import { siteSettings, siteSpaceSettings } from '../src/domain/sites/customization/service.js';
import { HttpError, floorSiteTokenKeys, pageHitJson, rendererRoutes, withoutNulls } from './baseline-renderer.js';

const port = Number(process.env.PORT ?? 4100);
const publicUrl = (process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
const urls = { api: `${publicUrl}/v1`, app: `${publicUrl}/app`, published: `${publicUrl}/published` };
const RETENTION_MS = 7 * 24 * 3600 * 1000;

// timestamp(3) columns are UTC, as Prisma's adapter reads them.
pg.types.setTypeParser(1114, (s: string) => new Date(`${s.replace(' ', 'T')}Z`));
// Idle connections kept as long as Quire keeps its own, so neither pays a reconnect the other does not.
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_SIZE ?? 10),
  idleTimeoutMillis: defaultDatabaseSettings.idleTimeoutMs,
});
// The floor prepares its statements as Quire does (src/db/statementNames.ts): neither pays planning per request.
const nameOf = statementNames();
const unprepared = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<pg.QueryResult>;
pool.query = ((text: unknown, values?: unknown[]) =>
  typeof text === 'string'
    ? unprepared({ name: nameOf(text, values?.length ?? 0), text, values })
    : unprepared(text, values)) as typeof pool.query;

/** Quire's functions that take a Prisma client (search, the site token check) run their raw statements on the pool here. */
const rawDb = {
  $queryRawUnsafe: async (text: string, ...values: unknown[]) => (await pool.query(text, values)).rows,
} as unknown as PrismaClient;
registerRawRunner(rawDb, { query: async (text, values) => (await pool.query(text, values)).rows });
const searchDb = rawDb;

// ---- authentication: Quire's own token statement (src/domain/auth/tokens.ts) -------

const siteTokenKeys = floorSiteTokenKeys();

async function actorFor(req: IncomingMessage): Promise<Actor> {
  const secret = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!secret) throw new HttpError(401, 'A valid API token is required: Authorization: Bearer <token>');
  if (isSiteToken(secret)) {
    // A site visitor token: Quire's own check (signature, expiry, then one statement for what the site opens).
    const visitor = await authenticateSiteToken(rawDb, siteTokenKeys, secret, new Date());
    if (!visitor) throw new HttpError(401, 'A valid API token is required: Authorization: Bearer <token>');
    return visitor;
  }
  const { text, values } = tokenStatement(secret, new Date(), 60_000);
  const { rows } = await pool.query<TokenRow>(text, values);
  if (!rows[0]) throw new HttpError(401, 'A valid API token is required: Authorization: Bearer <token>');
  return actorFromTokenRow(rows[0]);
}

/** SQL condition on content rows (alias s) an actor of that role may list: Quire's policy/filters.ts. */
const visibleContentSql = (role: Level | undefined) => (role === 'admin' ? 'true' : role == null ? 'false' : `s."memberLevel" <> 'guest'`);

// ---- spaces ------------------------------------------------------------------

const spaceColumns = `s.id, s."organizationId", s."parentId", s.title, s.emoji, s.visibility::text, s."editMode"::text,
  s."mergeRules", s.language, s."defaultLevel", s."memberLevel", s."shareKey", s."revisionId", s."createdAt", s."updatedAt",
  s."deletedAt", s."openCommentsCount" AS comments, s."changeRequestsCount" AS "changeRequests",
  s."openChangeRequestsCount" AS "changeRequestsOpen", s."draftChangeRequestsCount" AS "changeRequestsDraft"`;

type SpaceRow = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A space row in its REST shape (what Quire's RestSpace fragment and shape.ts give). */
function restSpace(actor: Actor, s: SpaceRow) {
  const rules = spacePolicy.rules(actor, s as never);
  const published = `${urls.published}/s/${s.id}`;
  const out: Record<string, unknown> = {
    object: 'space',
    id: s.id,
    title: s.title,
    emoji: s.emoji ?? '',
    visibility: s.visibility,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    editMode: s.editMode,
    // The space's settings and counts are its members' (spacePolicy's viewSettings): a site's visitor reads without them.
    ...(rules.viewSettings ? { mergeRules: s.mergeRules } : {}),
    defaultLevel: !rules.viewSettings || s.defaultLevel === 'guest' ? null : s.defaultLevel,
    organization: s.organizationId,
    revision: s.revisionId,
    ...(rules.viewSettings
      ? {
          comments: s.comments,
          changeRequests: s.changeRequests,
          changeRequestsOpen: s.changeRequestsOpen,
          changeRequestsDraft: s.changeRequestsDraft,
        }
      : {}),
    urls: {
      location: `${urls.api}/spaces/${s.id}`,
      app: `${urls.app}/s/${s.id}`,
      ...(s.visibility !== 'private' ? { published } : {}),
      ...(s.visibility === 'public' ? { public: published } : {}),
    },
    permissions: {
      view: rules.view,
      access: rules.access,
      admin: rules.admin,
      viewInviteLinks: rules.viewInviteLinks,
      edit: rules.edit,
      triggerGitSync: rules.triggerGitSync,
      comment: rules.comment,
      merge: rules.merge,
      review: rules.review,
      installIntegration: rules.installIntegration,
    },
  };
  if (s.deletedAt) out.deletedAt = s.deletedAt.toISOString();
  if (s.language != null) out.language = s.language;
  if (s.parentId != null) out.parent = s.parentId;
  return out;
}

const expired = (s: SpaceRow) => s.deletedAt && s.deletedAt.getTime() < Date.now() - RETENTION_MS;

async function getSpace(actor: Actor, id: string) {
  const { rows } = await pool.query(`SELECT ${spaceColumns} FROM "Space" s WHERE s.id = $1`, [id]);
  const space = rows[0];
  if (!space || expired(space) || !spacePolicy.rules(actor, space).view) throw new HttpError(404, 'Space not found');
  return restSpace(actor, space);
}

/** Only admins of the space's organization may update it: that rule goes into the UPDATE itself. */
async function patchSpace(actor: Actor, id: string, body: Record<string, unknown>) {
  for (const key of Object.keys(body)) if (key !== 'title') throw new HttpError(400, `${key}: is not a known field`);
  const title = body.title;
  if (typeof title !== 'string') throw new HttpError(400, 'title: cannot be null');
  if ([...title].length > 50) throw new HttpError(400, 'title: must be 0 to 50 characters long');
  const adminOf = [...actor.memberships].filter(([, role]) => role === 'admin').map(([org]) => org);
  const { rows } = await pool.query(
    `WITH s AS (UPDATE "Space" SET title = $2, "updatedAt" = now()
      WHERE id = $1 AND "organizationId" = ANY($3) AND "deletedAt" IS NULL RETURNING *)
    SELECT ${spaceColumns} FROM s`,
    [id, title, adminOf],
  );
  if (rows[0]) return restSpace(actor, rows[0]);
  // Nothing updated: tell "not found" (or not visible) from "forbidden" as Quire does.
  const found = await pool.query(`SELECT ${spaceColumns} FROM "Space" s WHERE s.id = $1`, [id]);
  const space = found.rows[0];
  if (!space || expired(space) || !spacePolicy.rules(actor, space).view) throw new HttpError(404, 'Space not found');
  throw new HttpError(403, 'You are not allowed to update this space');
}

const cursorOf = (id: string) => Buffer.from(`GPC:S:${id}`).toString('base64');
const idOfCursor = (cursor: string) => {
  const decoded = Buffer.from(cursor, 'base64').toString();
  if (!decoded.startsWith('GPC:S:')) throw new HttpError(400, 'Invalid cursor');
  return decoded.slice(6);
};

/** An organization the actor may not see answers 404; one it may see only to join it lists nothing. */
async function checkOrganization(actor: Actor, organizationId: string) {
  if (actor.memberships.has(organizationId)) return;
  const { rows } = await pool.query(`SELECT id, "emailDomains" FROM "Organization" WHERE id = $1`, [organizationId]);
  if (!rows[0] || !organizationPolicy.rules(actor, rows[0]).view) throw new HttpError(404, 'Organization not found');
}

async function listSpaces(actor: Actor, organizationId: string, query: URLSearchParams) {
  const limit = query.has('limit') ? Number(query.get('limit')) : 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new HttpError(400, 'limit: must be an integer from 1 to 1000');
  await checkOrganization(actor, organizationId);
  const visible = `s."organizationId" = $1 AND s."deletedAt" IS NULL AND ${visibleContentSql(actor.memberships.get(organizationId))}`;
  const after = query.get('page');
  const { rows } = await pool.query(
    `SELECT ${spaceColumns}, (SELECT count(*)::int FROM "Space" s WHERE ${visible}) AS total
    FROM "Space" s
    WHERE ${visible} ${after ? `AND (s."createdAt", s.id) > (SELECT "createdAt", id FROM "Space" WHERE id = $3)` : ''}
    ORDER BY s."createdAt", s.id LIMIT $2`,
    after ? [organizationId, limit + 1, idOfCursor(after)] : [organizationId, limit + 1],
  );
  const page = rows.slice(0, limit);
  return {
    ...(rows.length > limit ? { next: { page: cursorOf(page[page.length - 1].id) } } : {}),
    count: rows[0]?.total ?? (await pool.query(`SELECT count(*)::int AS n FROM "Space" s WHERE ${visible}`, [organizationId])).rows[0].n,
    items: page.map((s) => restSpace(actor, s)),
  };
}

// ---- the published structure of a site (sections and their site spaces) --------
// The floor serves what the scenario sends: a published site of sections (no
// section groups, no share key), each section with its site spaces in order.

function restSite(actor: Actor, site: SpaceRow) {
  const rules = sitePolicy.rules(actor, site as never);
  return withoutNulls({
    object: 'site',
    id: site.id,
    type: site.type,
    appliedType: site.type,
    title: site.title,
    icon: site.icon,
    hostname: site.hostname,
    basename: site.basename,
    proxy: site.proxy ? { origin: site.proxy, target: sitePublishedBase(urls, { ...site, proxy: null } as never) } : null,
    visibility: site.visibility,
    defaultLevel: site.defaultLevel === 'guest' ? null : site.defaultLevel,
    published: site.published,
    siteSpaces: site.siteSpaceCount,
    createdAt: site.createdAt.toISOString(),
    adaptiveContent: { enabled: site.adaptiveContent },
    agentsContext: site.agentsContext,
    features: [],
    urls: siteUrls(urls, site as never),
    permissions: {
      view: rules.view,
      access: rules.access,
      edit: rules.edit,
      create: rules.create,
      admin: rules.admin,
      installIntegration: rules.installIntegration,
      viewAdaptiveSchema: rules.viewAdaptiveSchema,
      editAdaptiveSchema: rules.editAdaptiveSchema,
    },
  });
}

async function publishedSite(actor: Actor, organizationId: string, siteId: string) {
  const {
    rows: [site],
  } = await pool.query(
    `SELECT t.*, (SELECT count(*)::int FROM "SiteSpace" x JOIN "Space" s ON s.id = x."spaceId" WHERE x."siteId" = t.id AND s."deletedAt" IS NULL) AS "siteSpaceCount",
      c.settings AS c_settings, c."updatedAt" AS c_updated
    FROM "Site" t LEFT JOIN "SiteCustomization" c ON c."siteId" = t.id WHERE t.id = $1 AND t."organizationId" = $2`,
    [siteId, organizationId],
  );
  if (!site || !sitePolicy.rules(actor, site).view) throw new HttpError(404, 'Site not found');
  if (!sitePolicy.rules(actor, site).readPublished) throw new HttpError(404, 'Published site not found');
  const [sections, live] = await Promise.all([
    pool.query(`SELECT * FROM "SiteSection" WHERE "siteId" = $1 AND "sectionGroupId" IS NULL ORDER BY "sortKey", id`, [siteId]),
    pool.query(
      `SELECT x.id AS x_id, x.path AS x_path, x."sectionId" AS x_section, x.condition AS x_condition,
        o.overrides AS x_overrides, o."updatedAt" AS x_updated, ${spaceColumns}
      FROM "SiteSpace" x JOIN "Space" s ON s.id = x."spaceId" LEFT JOIN "SiteSpaceCustomization" o ON o."siteSpaceId" = x.id
      WHERE x."siteId" = $1 AND s."deletedAt" IS NULL ORDER BY x."sortKey", x.id`,
      [siteId],
    ),
  ]);
  const siteSpaces = { rows: live.rows.filter((x) => x.x_section != null) };
  // Quire's own functions lay the stored settings over the defaults.
  const settings = siteSettings(site.c_settings ? { settings: site.c_settings, updatedAt: site.c_updated } : null);
  const customizations = {
    site: settings,
    siteSpaces: Object.fromEntries(
      live.rows.map((x) => [
        x.x_id,
        siteSpaceSettings(settings, x.x_overrides ? { overrides: x.x_overrides, updatedAt: x.x_updated } : null),
      ]),
    ),
  };
  const base = sitePublishedBase(urls, site);
  const structure = sections.rows.map((section) =>
    withoutNulls({
      object: 'site-section',
      id: section.id,
      title: section.title,
      description: section.description,
      default: site.defaultSiteSectionId === section.id,
      draft: false,
      path: section.path,
      condition: section.condition,
      icon: section.icon,
      siteSpaces: siteSpaces.rows
        .filter((x) => x.x_section === section.id)
        .map((x) =>
          withoutNulls({
            object: 'site-space',
            id: x.x_id,
            path: x.x_path,
            section: section.id,
            space: restSpace(actor, x),
            title: x.title,
            default: section.defaultSiteSpaceId === x.x_id,
            condition: x.x_condition,
            draft: false,
            urls: { published: `${base}/${section.path}/${x.x_path}` },
          }),
        ),
      urls: { published: `${base}/${section.path}` },
    }),
  );
  return {
    object: 'published-content-site',
    site: restSite(actor, site),
    structure: { type: 'sections', structure },
    customizations,
    scripts: [],
  };
}

// ---- GraphQL: the benchmark's one query (an organization, its spaces, their parents) --

async function organizationSpaces(actor: Actor, organizationId: string, first: number) {
  const role = actor.memberships.get(organizationId);
  const { rows } = await pool.query(
    `SELECT o.id AS org_id, o.title AS org_title, o."emailDomains" AS org_domains, s.*
    FROM "Organization" o LEFT JOIN LATERAL (
      SELECT s.id, s.title, s."organizationId", s."memberLevel", s.visibility::text, s."shareKey", s."editMode"::text, s."deletedAt",
        c.id AS c_id, c.title AS c_title, c."memberLevel" AS c_level, g.id AS g_id, g.title AS g_title, g."memberLevel" AS g_level
      FROM "Space" s LEFT JOIN "Collection" c ON c.id = s."parentId" LEFT JOIN "Collection" g ON g.id = c."parentId"
      WHERE s."organizationId" = o.id AND s."deletedAt" IS NULL AND ${visibleContentSql(role)}
      ORDER BY s."createdAt", s.id LIMIT $2
    ) s ON true
    WHERE o.id = $1`,
    [organizationId, first],
  );
  const org = rows[0];
  if (!org || !organizationPolicy.rules(actor, { id: org.org_id, emailDomains: org.org_domains }).view) {
    return {
      data: { organization: null },
      errors: [{ message: 'Organization not found', path: ['organization'], extensions: { code: 'NOT_FOUND', status: 404 } }],
    };
  }
  const collection = (id: string | null, title: string, level: string, parent?: unknown) =>
    id && collectionPolicy.rules(actor, { id, organizationId, memberLevel: level }).view
      ? { id, title, ...(parent === undefined ? {} : { parent }) }
      : null;
  const edges = rows
    .filter((s) => s.id && spacePolicy.rules(actor, s).view)
    .map((s) => ({
      node: {
        id: s.id,
        title: s.title,
        organization: { id: org.org_id, title: org.org_title },
        parent: collection(s.c_id, s.c_title, s.c_level, collection(s.g_id, s.g_title, s.g_level)),
      },
    }));
  return { data: { organization: { id: org.org_id, title: org.org_title, spaces: { edges } } } };
}

// ---- a root page of the active revision, as a rich-text document ----------------
// The floor serves the pages the scenario asks for: root pages (one tree level).

const spaceSubjectColumns = `s.id, s."organizationId", s."memberLevel", s.visibility::text, s."shareKey", s."editMode"::text, s."deletedAt"`;

async function getPage(actor: Actor, spaceId: string, pageId: string) {
  const {
    rows: [row],
  } = await pool.query(
    `SELECT ${spaceSubjectColumns}, e.entry, v.*
    FROM "Space" s JOIN "Revision" r ON r.id = s."revisionId"
    LEFT JOIN "PageTree" t ON t."spaceId" = s.id AND t.hash = r.tree
    LEFT JOIN LATERAL (SELECT x AS entry FROM jsonb_array_elements(t.entries) x WHERE x->>'id' = $2) e ON true
    LEFT JOIN "PageVersion" v ON v."spaceId" = s.id AND v.hash = e.entry->>'version'
    WHERE s.id = $1 AND s."organizationId" = ANY($3::text[])`,
    [spaceId, pageId, [...actor.memberships.keys()]],
  );
  if (!row || !spacePolicy.rules(actor, row).view) throw new HttpError(404, 'Space not found');
  if (!row.entry) throw new HttpError(404, 'Page not found');
  const { id, slug, createdAt, updatedAt } = row.entry;
  return withoutNulls({
    id,
    kind: row.type === 'document' ? 'sheet' : row.type,
    type: row.type,
    title: row.title,
    emoji: row.emoji,
    icon: row.icon,
    slug,
    path: slug,
    description: row.description,
    hidden: row.hidden,
    noIndex: row.noIndex,
    noRobotsIndex: row.noRobotsIndex,
    layout: row.layout ?? defaultLayout,
    cover: row.cover,
    variables: row.variables,
    computed: row.computed,
    createdAt,
    updatedAt,
    document: markdownToDocument(row.markdown),
    git: { oid: row.hash, path: `${slug}.md` },
    urls: { app: `${urls.app}/s/${spaceId}/${slug}` },
    tags: [],
    pages: [],
  });
}

// ---- space search: Quire's search statements (the SQL is the work), shaped by hand --

async function searchSpace(actor: Actor, spaceId: string, params: URLSearchParams) {
  const query = checkQuery(params.get('query') ?? '');
  const limit = Number(params.get('limit') ?? 20);
  const {
    rows: [space],
  } = await pool.query(`SELECT ${spaceSubjectColumns} FROM "Space" s WHERE s.id = $1 AND s."organizationId" = ANY($2::text[])`, [
    spaceId,
    [...actor.memberships.keys()],
  ]);
  if (!space || !spacePolicy.rules(actor, space).view) throw new HttpError(404, 'Space not found');
  const found = (await searchSpaces(searchDb, [spaceId], query, 0, limit)).get(spaceId)!;
  const items = found.items.map((p) => pageHitJson(p, urls.app));
  return { ...(found.total > limit ? { next: { page: offsetToCursor(limit - 1) } } : {}), count: found.total, items };
}

// ---- GraphQL: a site → its first N sections → their site spaces → spaces ---------
// One statement after the token check: the site, its first sections (in the order of
// Site.sections: by group position, then position), and their site spaces of live spaces.

async function siteSections(actor: Actor, siteId: string, first: number) {
  const { rows } = await pool.query(
    `SELECT t.*, x.id AS x_id, x.title AS x_title, x.ord,
       y.id AS y_id, y.path AS y_path, s.id AS s_id, s.title AS s_title
     FROM "Site" t
     LEFT JOIN LATERAL (
       SELECT n.id, n.title, row_number() OVER (ORDER BY g."sortKey" NULLS LAST, n."sortKey", n.id) AS ord
       FROM "SiteSection" n LEFT JOIN "SiteSectionGroup" g ON g.id = n."sectionGroupId"
       WHERE n."siteId" = t.id ORDER BY g."sortKey" NULLS LAST, n."sortKey", n.id LIMIT $2
     ) x ON true
     LEFT JOIN LATERAL (
       SELECT y.id, y.path, y."spaceId", y."sortKey" FROM "SiteSpace" y JOIN "Space" s ON s.id = y."spaceId"
       WHERE y."sectionId" = x.id AND s."deletedAt" IS NULL
     ) y ON true
     LEFT JOIN "Space" s ON s.id = y."spaceId"
     WHERE t.id = $1
     ORDER BY x.ord, y."sortKey", y.id`,
    [siteId, first],
  );
  const site = rows[0];
  if (!site || !sitePolicy.rules(actor, site).view) {
    return {
      data: { site: null },
      errors: [{ message: 'Site not found', path: ['site'], extensions: { code: 'NOT_FOUND', status: 404 } }],
    };
  }
  const sections = new Map<string, { id: string; title: string; siteSpaces: unknown[] }>();
  for (const row of rows) {
    if (!row.x_id) continue;
    if (!sections.has(row.x_id)) sections.set(row.x_id, { id: row.x_id, title: row.x_title, siteSpaces: [] });
    if (row.y_id) sections.get(row.x_id)!.siteSpaces.push({ id: row.y_id, path: row.y_path, space: { id: row.s_id, title: row.s_title } });
  }
  return { data: { site: { id: site.id, title: site.title, sections: { edges: [...sections.values()].map((node) => ({ node })) } } } };
}

const renderer = rendererRoutes(pool, urls, searchDb);

// ---- HTTP ------------------------------------------------------------------------

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error();
    return value;
  } catch {
    throw new HttpError(400, 'The body must be a JSON object');
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(payload) }).end(payload);
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://baseline');
  const path = url.pathname;
  if (path === '/healthz') return send(res, 200, { status: 'ok' });
  try {
    let match: RegExpExecArray | null;
    if (path === '/graphql' && req.method === 'POST') {
      const actor = await actorFor(req);
      const body = await readJson(req);
      const variables = (body.variables ?? {}) as { id?: string; first?: number };
      if (typeof variables.id !== 'string') throw new HttpError(400, 'The baseline serves only the benchmark queries');
      if (body.query === benchGraphQLQuery) return send(res, 200, await organizationSpaces(actor, variables.id, variables.first ?? 50));
      if (body.query === benchSiteQuery) return send(res, 200, await siteSections(actor, variables.id, variables.first ?? 50));
      throw new HttpError(400, 'The baseline serves only the benchmark queries');
    }
    if (path === '/v1/urls/published' && req.method === 'POST') return send(res, 200, await renderer.resolveUrl(await readJson(req)));
    if (/^\/v1\/(spaces\/[^/]+\/revisions|orgs\/[^/]+\/sites\/[^/]+\/(redirect|search))\b/.test(path)) {
      const answer = await renderer.read(await actorFor(req), req.method ?? 'GET', path, url.searchParams, () => readJson(req));
      if (answer) return send(res, 200, answer);
    }
    if ((match = /^\/v1\/spaces\/([^/]+)\/?$/.exec(path))) {
      const id = decodeURIComponent(match[1]);
      if (req.method === 'GET') return send(res, 200, await getSpace(await actorFor(req), id));
      if (req.method === 'PATCH') {
        const actor = await actorFor(req);
        return send(res, 200, await patchSpace(actor, id, await readJson(req)));
      }
      throw new HttpError(405, `Method ${req.method} is not allowed on ${path}`);
    }
    if ((match = /^\/v1\/orgs\/([^/]+)\/sites\/([^/]+)\/published\/?$/.exec(path)) && req.method === 'GET') {
      return send(res, 200, await publishedSite(await actorFor(req), decodeURIComponent(match[1]), decodeURIComponent(match[2])));
    }
    if ((match = /^\/v1\/spaces\/([^/]+)\/content\/page\/([^/]+)\/?$/.exec(path)) && req.method === 'GET') {
      return send(res, 200, await getPage(await actorFor(req), decodeURIComponent(match[1]), decodeURIComponent(match[2])));
    }
    if ((match = /^\/v1\/spaces\/([^/]+)\/search\/?$/.exec(path)) && req.method === 'GET') {
      return send(res, 200, await searchSpace(await actorFor(req), decodeURIComponent(match[1]), url.searchParams));
    }
    if ((match = /^\/v1\/orgs\/([^/]+)\/spaces\/?$/.exec(path)) && req.method === 'GET') {
      return send(res, 200, await listSpaces(await actorFor(req), decodeURIComponent(match[1]), url.searchParams));
    }
    throw new HttpError(404, `No route for ${path}`);
  } catch (err) {
    const status = err instanceof HttpError ? err.status : 500;
    if (status === 500) console.error(err);
    send(res, status, { error: { code: status, message: status === 500 ? 'Internal error' : (err as Error).message } });
  }
}

const server = createServer((req, res) => void handle(req, res));
server.listen(port, '127.0.0.1', () => console.log(JSON.stringify({ msg: `baseline listening on ${port}` })));
const stop = () => server.close(() => void pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
