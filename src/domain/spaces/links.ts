// The link report of a space: every link found in the pages of its active
// revision, grouped by target, with whether the target resolves.
import type { Context } from '../../context.js';

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

// [text](target) and <https://…> autolinks; images (![…](…)) are not links.
const LINK = /(?<!!)\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)|<(https?:\/\/[^>\s]+)>/g;

const normalizePath = (target: string) =>
  target.replace(/[#?].*$/, '').replace(/^\.?\//, '').replace(/\/$/, '').replace(/(\/README)?\.md$/i, '');

export async function spaceLinkReport(ctx: Context, space: { id: string; revisionId: string }) {
  const pages = await ctx.prisma.page.findMany({
    where: { revisionId: space.revisionId },
    select: { id: true, path: true, markdown: true },
    orderBy: { sortKey: 'asc' },
  });
  const byPath = new Map(pages.map((p) => [p.path, p.id]));
  const links = new Map<string, ContentLink>();
  for (const page of pages) {
    for (const match of page.markdown.matchAll(LINK)) {
      const target = match[1] ?? match[2];
      if (!target || target.startsWith('#') || target.startsWith('mailto:')) continue;
      let link = links.get(target);
      if (!link) {
        link = classify(ctx, space.id, target, byPath);
        links.set(target, link);
      }
      if (!link.locationReferences.some((r) => r.page === page.id)) link.locationReferences.push({ kind: 'page', page: page.id, space: space.id });
    }
  }
  const items = [...links.values()];
  const broken = items.filter((l) => l.status === 'broken').length;
  return { items, stats: { total: items.length, broken: { total: broken } } };
}

function classify(ctx: Context, spaceId: string, target: string, byPath: Map<string, string>): ContentLink {
  const base = { relation: 'reference' as const, locationReferences: [] };
  if (target.startsWith(ctx.urls.app)) return { ...base, status: 'in-app', targetReference: { kind: 'url', url: target } };
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return { ...base, status: 'ok', targetReference: { kind: 'url', url: target } };
  const page = byPath.get(normalizePath(target));
  return page
    ? { ...base, status: 'ok', targetReference: { kind: 'page', page, space: spaceId } }
    : { ...base, status: 'broken', targetReference: { kind: 'url', url: target } };
}
