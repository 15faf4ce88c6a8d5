// Resolving a visitor's URL to published content (`POST /urls/published`):
// which organization, site, section, site space and space it shows, the page
// path left over, and a site visitor token (domain/auth/siteTokens.ts) with
// which a renderer reads the rest. Anonymous: the URL itself is the claim, and
// the answer reveals only what the site publishes to whoever holds that URL.
//
// A site lives at its proxy (a domain and a path), its custom hostname (and
// basename), or Quire's own `/published/sites/<id>`; the longest matching base
// wins. After the base, in order, each optional: a share link's key (GitBook's
// form; `?share=` and the `shareKey` argument are read too), a section's path,
// a site space's path, then the page's path. A segment that names no section
// or site space falls to the default one and starts the page path.
import type { Prisma } from '../../generated/prisma/client.js';
import type { Context } from '../../context.js';
import { badRequest, notFound } from '../../errors.js';
import { issueSiteToken } from '../auth/siteTokens.js';
import { sitePublishedBase } from '../sites/addresses.js';
import { visitorClaimsOf, type VisitorPayload } from './visitorPayload.js';

export interface UrlResolutionInput {
  url: string;
  shareKey?: string | null;
  visitor?: VisitorPayload | null;
  /** The GET form's visitor JWT (`visitorAuthToken`); the POST form has `visitor.jwtToken`. */
  visitorAuthToken?: string | null;
}

export interface PublishedSiteContent {
  kind: 'content';
  organizationId: string;
  siteId: string;
  siteSectionId: string | null;
  siteSpaceId: string;
  spaceId: string;
  pathname: string;
  basePath: string;
  siteBasePath: string;
  apiToken: string;
  shareKey: string | null;
  complete: boolean;
  canonicalUrl: string;
}

export interface PublishedContentRedirect {
  kind: 'redirect';
  target: 'content';
  redirect: string;
}

export type PublishedContentLookup = PublishedSiteContent | PublishedContentRedirect;

const MAX_URL_LENGTH = 2048;
/** Spaces a token names (bounding its size): it opens those of them the site still publishes when it is used. */
const MAX_TOKEN_SPACES = 100;
/** How many leading path segments can belong to a proxy's path. */
const MAX_PROXY_SEGMENTS = 4;

const siteSelect = {
  id: true,
  organizationId: true,
  published: true,
  visibility: true,
  hostname: true,
  basename: true,
  proxy: true,
  defaultSiteSpaceId: true,
  defaultSiteSectionId: true,
} as const;

type SiteRow = Prisma.SiteGetPayload<{ select: typeof siteSelect }>;

const noContent = () => notFound('Published content for this URL');

function parseUrl(raw: string) {
  if (raw.length > MAX_URL_LENGTH) throw badRequest(`must be at most ${MAX_URL_LENGTH} characters`, 'url');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('is not an absolute URL', 'url');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest('must be an http or https URL', 'url');
  return url;
}

const segmentsOf = (pathname: string) => pathname.split('/').filter(Boolean);

/** Whether `segments` start with `prefix`. */
const startsWith = (segments: string[], prefix: string[]) => prefix.every((s, i) => segments[i] === s);

interface SiteMatch {
  site: SiteRow;
  /** How many leading segments of the URL's path are the site's base. */
  consumed: number;
  /** Through Quire's own published address, of a site that has an address of its own. */
  elsewhere: boolean;
}

/** The site whose base is the longest prefix of the URL, if any. */
async function matchSite(ctx: Context, url: URL, segments: string[]): Promise<SiteMatch | null> {
  const own = new URL(`${ctx.urls.published}/sites/`);
  const ownSegments = segmentsOf(own.pathname);
  if (url.origin === own.origin && startsWith(segments, ownSegments) && segments.length > ownSegments.length) {
    const site = await ctx.prisma.site.findUnique({ where: { id: segments[ownSegments.length] }, select: siteSelect });
    return site && { site, consumed: ownSegments.length + 1, elsewhere: !!(site.proxy || site.hostname) };
  }
  const proxies = Array.from({ length: Math.min(segments.length, MAX_PROXY_SEGMENTS) + 1 }, (_, k) =>
    [url.hostname, ...segments.slice(0, k)].join('/').toLowerCase(),
  );
  const sites = await ctx.prisma.site.findMany({
    where: { OR: [{ hostname: url.hostname }, { proxy: { in: proxies } }] },
    select: siteSelect,
  });
  const matches = sites.flatMap((site): SiteMatch[] => {
    if (site.proxy && proxies.includes(site.proxy)) return [{ site, consumed: segmentsOf(site.proxy).length - 1, elsewhere: false }];
    const basename = segmentsOf(site.basename ?? '');
    return site.hostname === url.hostname && startsWith(segments, basename) ? [{ site, consumed: basename.length, elsewhere: false }] : [];
  });
  return matches.sort((a, b) => b.consumed - a.consumed)[0] ?? null;
}

/** The active share link opening a share-link site: its key in the next segment, `?share=`, or the argument. */
async function shareLinkOf(ctx: Context, siteId: string, candidates: { segment?: string; others: (string | null | undefined)[] }) {
  const keys = [candidates.segment, ...candidates.others].filter((k): k is string => !!k && k.length <= 200);
  if (!keys.length) return null;
  const links = await ctx.prisma.shareLink.findMany({
    where: { siteId, active: true, key: { in: keys } },
    select: { id: true, key: true },
  });
  const link = keys.map((key) => links.find((l) => l.key === key)).find(Boolean);
  return link ? { ...link, inPath: link.key === candidates.segment } : null;
}

/** The section the next segment names (consumed), else the site's default one; none for a site without sections. */
async function sectionOf(ctx: Context, site: SiteRow, segment: string | undefined) {
  const sections = await ctx.prisma.siteSection.findMany({
    where: { siteId: site.id },
    select: { id: true, path: true, defaultSiteSpaceId: true },
    orderBy: [{ sortKey: 'asc' }, { createdAt: 'asc' }],
  });
  if (!sections.length) return { section: null, named: false };
  const named = sections.find((s) => s.path === segment);
  const section = named ?? sections.find((s) => s.id === site.defaultSiteSectionId) ?? sections[0];
  return { section, named: !!named };
}

/** The live site space of the scope that the next segment names (consumed), else the scope's default one. */
async function siteSpaceOf(ctx: Context, siteId: string, scope: { sectionId: string | null; defaultId: string | null }, segment?: string) {
  const candidates = await ctx.prisma.siteSpace.findMany({
    where: {
      siteId,
      sectionId: scope.sectionId,
      space: { deletedAt: null },
      OR: [...(segment ? [{ path: segment }] : []), ...(scope.defaultId ? [{ id: scope.defaultId }] : [])],
    },
    select: { id: true, path: true, spaceId: true },
  });
  const named = segment ? candidates.find((s) => s.path === segment) : undefined;
  const chosen =
    named ??
    candidates.find((s) => s.id === scope.defaultId) ??
    (await ctx.prisma.siteSpace.findFirst({
      where: { siteId, sectionId: scope.sectionId, space: { deletedAt: null } },
      select: { id: true, path: true, spaceId: true },
      orderBy: [{ sortKey: 'asc' }, { createdAt: 'asc' }],
    }));
  return chosen ? { siteSpace: chosen, named: !!named } : null;
}

/** Spaces the token names: the resolved one first, then others of the site, bounded. */
async function tokenSpaces(ctx: Context, siteId: string, spaceId: string) {
  const rows = await ctx.prisma.siteSpace.findMany({
    where: { siteId, spaceId: { not: spaceId }, space: { deletedAt: null } },
    select: { spaceId: true },
    distinct: ['spaceId'],
    take: MAX_TOKEN_SPACES - 1,
  });
  return [spaceId, ...rows.map((r) => r.spaceId)];
}

const pathOf = (segments: string[]) => (segments.length ? `/${segments.join('/')}/` : '/');

export async function resolvePublishedUrl(ctx: Context, input: UrlResolutionInput): Promise<PublishedContentLookup> {
  const url = parseUrl(input.url);
  const segments = segmentsOf(url.pathname);
  const match = await matchSite(ctx, url, segments);
  if (!match?.site.published) throw noContent();
  const { site } = match;
  let at = match.consumed;

  const link =
    site.visibility === 'share-link'
      ? await shareLinkOf(ctx, site.id, { segment: segments[at], others: [url.searchParams.get('share'), input.shareKey] })
      : null;
  if (site.visibility === 'share-link' && !link) throw noContent();
  if (link?.inPath) at += 1;
  const siteBase = segments.slice(0, at);

  const claims = await visitorClaimsOf(ctx, site, input);
  if (claims === null) throw noContent();

  const { section, named: sectionNamed } = await sectionOf(ctx, site, segments[at]);
  if (sectionNamed) at += 1;
  const scope = { sectionId: section?.id ?? null, defaultId: section ? section.defaultSiteSpaceId : site.defaultSiteSpaceId };
  const found = await siteSpaceOf(ctx, site.id, scope, segments[at]);
  if (!found) throw noContent();
  if (found.named) at += 1;
  const { siteSpace } = found;
  const pathname = segments.slice(at).join('/');

  const canonicalBase = `${sitePublishedBase(ctx.urls, site)}${section ? `/${section.path}` : ''}/${siteSpace.path}`;
  const canonicalUrl = pathname ? `${canonicalBase}/${pathname}` : canonicalBase;
  if (match.elsewhere) return { kind: 'redirect', target: 'content', redirect: canonicalUrl };

  const apiToken = await issueSiteToken(
    ctx.siteTokens,
    ctx.urls.api,
    {
      organization: site.organizationId,
      site: site.id,
      ...(section ? { siteSection: section.id } : {}),
      siteSpace: siteSpace.id,
      space: siteSpace.spaceId,
      spaces: await tokenSpaces(ctx, site.id, siteSpace.spaceId),
      ...(link ? { shareLink: link.id } : {}),
      ...(input.visitor?.type ? { visitorType: input.visitor.type } : {}),
      ...(claims ? { claims } : {}),
    },
    ctx.clock.now(),
  );
  return {
    kind: 'content',
    organizationId: site.organizationId,
    siteId: site.id,
    siteSectionId: section?.id ?? null,
    siteSpaceId: siteSpace.id,
    spaceId: siteSpace.spaceId,
    pathname,
    basePath: pathOf(segments.slice(0, at)),
    siteBasePath: pathOf(siteBase),
    apiToken,
    shareKey: link?.key ?? null,
    complete: true,
    canonicalUrl,
  };
}
