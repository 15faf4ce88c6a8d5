// A page's canonical and alternate links (the public document's
// RevisionPageMetaLinks): where the page is published. Quire stores no link of
// its own per page, so they come from the sites that publish the space: the
// page's address on each published public site (the address a search engine
// should index), the oldest site first as the canonical one, the others as
// alternates. Unlisted, share-link and visitor-auth sites are not named: they
// are not meant to be indexed nor found. A space no public site publishes has
// no canonical link and no alternate.
import DataLoader from 'dataloader';
import type { Context } from '../../context.js';
import { requestLoader } from '../../loaders.js';
import { sitePublishedBase } from '../sites/addresses.js';

export interface MetaLinkTarget {
  kind: 'url';
  url: string;
}

export interface PageMetaLinks {
  canonical: MetaLinkTarget | null;
  alternates: MetaLinkTarget[];
}

/** Published site spaces of one space read at most (a space is on a few sites). */
const MAX_SITE_SPACES = 100;

/** The published public site spaces of a space, read once per request whatever the number of pages asking. */
const publishedBases = requestLoader(
  (ctx) =>
    new DataLoader<string, string[]>(async (spaceIds) => {
      const rows = await Promise.all(spaceIds.map((spaceId) => publicSiteSpaces(ctx, spaceId)));
      return rows.map((siteSpaces) =>
        siteSpaces.map(({ path, section, site }) => `${sitePublishedBase(ctx.urls, site)}${section ? `/${section.path}` : ''}/${path}`),
      );
    }),
);

const publicSiteSpaces = (ctx: Context, spaceId: string) =>
  ctx.prisma.siteSpace.findMany({
    where: { spaceId, space: { deletedAt: null }, site: { published: true, visibility: 'public' } },
    select: {
      path: true,
      section: { select: { path: true } },
      site: { select: { id: true, organizationId: true, hostname: true, basename: true, proxy: true } },
    },
    orderBy: [{ site: { createdAt: 'asc' } }, { siteId: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
    take: MAX_SITE_SPACES,
  });

export async function pageMetaLinks(ctx: Context, spaceId: string, pagePath: string): Promise<PageMetaLinks> {
  const bases = await publishedBases(ctx).load(spaceId);
  const urls = bases.map((base) => (pagePath ? `${base}/${pagePath}` : base));
  const [canonical, ...alternates] = [...new Set(urls)].map((url): MetaLinkTarget => ({ kind: 'url', url }));
  return { canonical: canonical ?? null, alternates };
}
