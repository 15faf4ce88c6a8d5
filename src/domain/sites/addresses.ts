// Absolute `urls` of a site and of what it publishes. The published address is
// the site's own origin — its proxy (a domain and a path), else its custom
// hostname with its basename — or Quire's published base otherwise.
import type { Urls } from '../../context.js';

export interface SiteAddress {
  id: string;
  organizationId: string;
  hostname: string | null;
  basename: string | null;
  proxy: string | null;
}

export function sitePublishedBase(u: Urls, site: SiteAddress) {
  if (site.proxy) return `https://${site.proxy}`;
  if (site.hostname) return `https://${site.hostname}${site.basename ? `/${site.basename}` : ''}`;
  return `${u.published}/sites/${site.id}`;
}

export const siteUrls = (u: Urls, site: SiteAddress & { published: boolean }) => ({
  location: `${u.api}/orgs/${site.organizationId}/sites/${site.id}`,
  app: `${u.app}/o/${site.organizationId}/sites/${site.id}`,
  preview: `${u.app}/o/${site.organizationId}/sites/${site.id}/preview`,
  published: site.published ? sitePublishedBase(u, site) : null,
});
