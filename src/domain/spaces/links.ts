// The link report of a space: every link found in the pages of its active
// revision, one item per target, with where it is used and whether it resolves.
// Relative links resolve from the linking page's folder (like files in a Git
// repository), and, failing that, from the root of the space.
import type { Context } from '../../context.js';
import { markdownReferences } from '../content/markdown/index.js';

export type LinkStatus = 'ok' | 'broken' | 'in-app';
export interface ContentReference {
  kind: 'page' | 'url';
  page?: string;
  url?: string;
  space?: string;
}
export interface ContentLink {
  status: LinkStatus;
  relation: 'reference';
  targetReference: ContentReference;
  locationReferences: ContentReference[];
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** A page path from a link target: no anchor or query, no ".md", "README" or trailing slash. */
const pagePath = (segments: string[]) => segments.join('/').replace(/(^|\/)README$/i, '').replace(/\.md$/i, '');

/** `target` resolved against the folder `base` (segments), or null when it climbs above the root. */
function resolvePath(base: string[], target: string): string | null {
  const clean = decodeURI(target.replace(/[#?].*$/, ''));
  const segments = clean.startsWith('/') ? [] : [...base];
  for (const part of clean.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (segments.length === 0) return null;
      segments.pop();
    } else segments.push(part);
  }
  return pagePath(segments);
}

export async function spaceLinkReport(ctx: Context, space: { id: string; revisionId: string }) {
  const pages = await ctx.prisma.page.findMany({
    where: { revisionId: space.revisionId },
    select: { id: true, path: true, markdown: true },
    orderBy: { sortKey: 'asc' },
  });
  const byPath = new Map(pages.map((p) => [p.path.replace(/^\/|\/$/g, ''), p.id]));
  const findPage = (base: string[], target: string) => {
    const fromFolder = resolvePath(base, target);
    const fromRoot = resolvePath([], target);
    return (fromFolder !== null ? byPath.get(fromFolder) : undefined) ?? (fromRoot !== null ? byPath.get(fromRoot) : undefined);
  };

  const links = new Map<string, ContentLink>();
  for (const page of pages) {
    const folder = page.path.split('/').filter(Boolean).slice(0, -1);
    // Links only: images are not links to report, anchors stay within the page.
    for (const { kind, url: target } of markdownReferences(page.markdown)) {
      if (kind !== 'link' || !target || target.startsWith('#') || /^(mailto|tel):/i.test(target)) continue;
      const link = classify(ctx, space.id, target, () => findPage(folder, target));
      const key = link.targetReference.kind === 'page' ? `page:${link.targetReference.page}` : `url:${link.targetReference.url}`;
      const known = links.get(key) ?? (links.set(key, link), link);
      if (!known.locationReferences.some((r) => r.page === page.id)) known.locationReferences.push({ kind: 'page', page: page.id, space: space.id });
    }
  }
  const items = [...links.values()];
  return { items, stats: { total: items.length, broken: { total: items.filter((l) => l.status === 'broken').length } } };
}

function classify(ctx: Context, spaceId: string, target: string, findPage: () => string | undefined): ContentLink {
  const base = { relation: 'reference' as const, locationReferences: [] };
  if (target.startsWith(`${ctx.urls.app}/`) || target === ctx.urls.app) return { ...base, status: 'in-app', targetReference: { kind: 'url', url: target } };
  // External URLs are not fetched: they count as fine.
  if (SCHEME.test(target) || target.startsWith('//')) return { ...base, status: 'ok', targetReference: { kind: 'url', url: target } };
  let page: string | undefined;
  try {
    page = findPage();
  } catch {
    page = undefined; // malformed percent-encoding: a broken link
  }
  return page
    ? { ...base, status: 'ok', targetReference: { kind: 'page', page, space: spaceId } }
    : { ...base, status: 'broken', targetReference: { kind: 'url', url: target } };
}
