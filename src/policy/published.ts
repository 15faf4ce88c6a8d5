// Who may read published content without an API token: the reader of a
// `urls.published` link. Public and unlisted content opens to anyone holding
// the link; share-link content only with its key (`?share=`); private,
// in-collection and visitor-auth content never opens here (visitor
// authentication is the publishing site's business, not Quire's).
const openToLinkHolders = new Set(['public', 'unlisted']);

export interface PublishedSpaceSubject {
  visibility: string;
  shareKey: string;
  deletedAt: Date | null;
}

export interface PublishedSiteSubject {
  visibility: string;
  published: boolean;
}

export function mayReadPublishedSpace(space: PublishedSpaceSubject, shareKey: string | null): boolean {
  if (space.deletedAt) return false;
  return openToLinkHolders.has(space.visibility) || (space.visibility === 'share-link' && shareKey === space.shareKey);
}

/** `activeShareLink`: whether `?share=` named an active share link of the site. */
export function mayReadPublishedSite(site: PublishedSiteSubject, activeShareLink: boolean): boolean {
  if (!site.published) return false;
  return openToLinkHolders.has(site.visibility) || (site.visibility === 'share-link' && activeShareLink);
}

/** Content anyone may read, even without a link's key: what shared caches may keep and serve to all. */
export function isPublicContent(space: PublishedSpaceSubject): boolean {
  return !space.deletedAt && space.visibility === 'public';
}
