// Where a redirect leads (the public document's SiteRedirectDestination): a
// section, a site space or a page of the site, or an external URL. Input may
// also name a page by its space and path (`kind: path`), stored as the page it
// names, so that the redirect follows the page when it moves again.
import type { Tx } from '../../../db/tx.js';
import { AppError, badRequest } from '../../../errors.js';
import type { Urls } from '../../../context.js';
import { sitePublishedBase, type SiteAddress } from '../addresses.js';
import { liveSiteSpace } from '../structure/scopes.js';
import { checkShape } from '../customization/shapes.js';
import { currentPagePaths } from './pages.js';

export type Destination =
  | { kind: 'site-section'; siteSectionId: string }
  | { kind: 'site-space'; siteSpaceId: string }
  | { kind: 'site-page'; siteSpaceId: string; pageId: string }
  | { kind: 'external'; url: string };
type InputDestination = Destination | { kind: 'path'; spaceId: string; path: string };

/** Resolves destinations of one site, reading each space's pages once. */
export function destinationResolver(tx: Tx, siteId: string) {
  const pagesOf = currentPagePaths(tx);
  const siteSpace = (where: { id?: string; spaceId?: string }) =>
    tx.siteSpace.findFirst({
      where: { ...where, siteId, ...liveSiteSpace },
      orderBy: [{ sortKey: 'asc' }, { id: 'asc' }],
      select: { id: true, spaceId: true },
    });

  /** The stored destination; 400 naming `field` when it names nothing of the site. */
  return async function resolve(input: unknown, field: string, accept: 'input' | 'stored' = 'input'): Promise<Destination> {
    checkShape(accept === 'input' ? 'SiteRedirectInputDestination' : 'SiteRedirectDestination', input, field);
    const dest = input as InputDestination;
    switch (dest.kind) {
      case 'external': {
        // Browsers follow only web addresses (never javascript: or data:).
        const { protocol } = new URL(dest.url);
        if (protocol !== 'https:' && protocol !== 'http:') throw badRequest('must be an http or https URL', `${field}.url`);
        return { kind: 'external', url: dest.url };
      }
      case 'site-section': {
        const section = await tx.siteSection.findFirst({ where: { id: dest.siteSectionId, siteId }, select: { id: true } });
        if (!section) throw badRequest('must name a section of this site', `${field}.siteSectionId`);
        return { kind: 'site-section', siteSectionId: section.id };
      }
      case 'site-space': {
        const found = await siteSpace({ id: dest.siteSpaceId });
        if (!found) throw badRequest('must name a site space of this site', `${field}.siteSpaceId`);
        return { kind: 'site-space', siteSpaceId: found.id };
      }
      case 'site-page': {
        const found = await siteSpace({ id: dest.siteSpaceId });
        if (!found) throw badRequest('must name a site space of this site', `${field}.siteSpaceId`);
        if (!(await pagesOf(found.spaceId)).has(dest.pageId)) throw badRequest('must name a page of the site space', `${field}.pageId`);
        return { kind: 'site-page', siteSpaceId: found.id, pageId: dest.pageId };
      }
      case 'path': {
        const found = await siteSpace({ spaceId: dest.spaceId });
        if (!found) throw badRequest('must name a space published on this site', `${field}.spaceId`);
        const path = dest.path.replace(/^\/+|\/+$/g, '');
        const page = [...(await pagesOf(found.spaceId))].find(([, p]) => p === path);
        if (!page) throw badRequest('must be the path of a page of the space', `${field}.path`);
        return { kind: 'site-page', siteSpaceId: found.id, pageId: page[0] };
      }
    }
  };
}

/** The message of a refused destination (bulk upserts answer it per item). */
export const refusal = (err: unknown) => (err instanceof AppError && err.status === 400 ? err.message : undefined);

/**
 * The URL a destination leads to now: under the site's published address, the
 * section's, site space's or page's path (a page no longer there leads to its
 * site space; a section or site space no longer there to the site).
 */
export async function destinationUrl(tx: Tx, urls: Urls, site: SiteAddress, dest: Destination): Promise<string> {
  const base = sitePublishedBase(urls, site);
  if (dest.kind === 'external') return dest.url;
  if (dest.kind === 'site-section') {
    const section = await tx.siteSection.findFirst({ where: { id: dest.siteSectionId, siteId: site.id }, select: { path: true } });
    return section ? `${base}/${section.path}` : base;
  }
  const siteSpace = await tx.siteSpace.findFirst({
    where: { id: dest.siteSpaceId, siteId: site.id, ...liveSiteSpace },
    select: { path: true, spaceId: true, section: { select: { path: true } } },
  });
  if (!siteSpace) return base;
  const spaceUrl = `${base}${siteSpace.section ? `/${siteSpace.section.path}` : ''}/${siteSpace.path}`;
  if (dest.kind === 'site-space') return spaceUrl;
  const path = (await currentPagePaths(tx)(siteSpace.spaceId)).get(dest.pageId);
  return path ? `${spaceUrl}/${path}` : spaceUrl;
}

/** The published path of a site space's page, as an automatic redirect's source. */
export const siteSpacePrefix = (siteSpace: { path: string; section: { path: string } | null }) =>
  `${siteSpace.section ? `/${siteSpace.section.path}` : ''}/${siteSpace.path}`;
