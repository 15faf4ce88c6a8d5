// Which site spaces a site search covers (POST …/sites/{siteId}/search): the
// public document's `scope` — `default` (each section's default content, the
// current site space included; `restrictTo` narrows it), `specific` (the given
// site spaces), `all` — and its deprecated forms (`mode` with `siteSpaceIds` or
// `siteSpaceId`). A plain function of the site's layout: no statement, no rule
// about who may search (that is policy/site.ts's `search`).
import { badRequest } from '../../errors.js';

/** At most this many site spaces named in one search. */
export const MAX_SCOPE_SITE_SPACES = 100;

export type SiteSearchMode = 'default' | 'specific' | 'all';
export type SiteSearchRestriction = 'currentSiteSpace' | 'otherSiteSpaces';

export interface SiteSearchScope {
  mode: SiteSearchMode;
  currentSiteSpace?: string | null;
  restrictTo?: SiteSearchRestriction | null;
  siteSpaceIds?: readonly string[] | null;
}

/** The request as the public document has it: `scope`, or the deprecated members. */
export interface SiteSearchRequest {
  scope?: SiteSearchScope | null;
  mode?: SiteSearchMode | 'current' | null;
  siteSpaceIds?: readonly string[] | null;
  siteSpaceId?: string | null;
}

export interface SiteLayout {
  /** The default site space of a site without sections. */
  defaultSiteSpaceId: string | null;
  /** Its site spaces in order (sectionId null: at the root of a site without sections). */
  siteSpaces: readonly { id: string; sectionId: string | null }[];
  /** Its sections, each with its default site space. */
  sections: readonly { id: string; defaultSiteSpaceId: string | null }[];
}

/** The scope of a request: `scope` itself, or what the deprecated members say (all the site when none is given). */
export function scopeOf(request: SiteSearchRequest): SiteSearchScope {
  const legacy = request.mode != null || request.siteSpaceIds != null || request.siteSpaceId != null;
  if (request.scope != null) {
    if (legacy) throw badRequest('give either scope or the deprecated mode, siteSpaceIds and siteSpaceId, not both', 'scope');
    return request.scope;
  }
  if (request.mode === 'current') {
    if (request.siteSpaceId == null) throw badRequest('is required with mode "current"', 'siteSpaceId');
    return { mode: 'default', currentSiteSpace: request.siteSpaceId };
  }
  if (request.siteSpaceIds != null || request.mode === 'specific') {
    if (request.mode != null && request.mode !== 'specific') throw badRequest('goes with mode "specific" only', 'siteSpaceIds');
    return { mode: 'specific', siteSpaceIds: request.siteSpaceIds ?? [] };
  }
  if (request.siteSpaceId != null) throw badRequest('goes with mode "current" only', 'siteSpaceId');
  return { mode: request.mode ?? 'all' };
}

/** The default content of each section (or of the site without sections): its default site space, else its first. */
function defaultsOf(layout: SiteLayout): string[] {
  const first = (sectionId: string | null) => layout.siteSpaces.find((s) => s.sectionId === sectionId)?.id;
  const known = new Set(layout.siteSpaces.map((s) => s.id));
  const orFirst = (id: string | null, sectionId: string | null) => (id && known.has(id) ? id : first(sectionId));
  const ids = layout.sections.length
    ? layout.sections.map((section) => orFirst(section.defaultSiteSpaceId, section.id))
    : [orFirst(layout.defaultSiteSpaceId, null)];
  return ids.filter((id): id is string => id != null);
}

/** The site spaces to search, in the site's order; 400 naming the field for an id that is not one of the site's. */
export function siteSpacesInScope(layout: SiteLayout, scope: SiteSearchScope): string[] {
  const known = new Set(layout.siteSpaces.map((s) => s.id));
  const ofSite = (id: string, field: string) => {
    if (!known.has(id)) throw badRequest(`is not a site space of this site: ${id.slice(0, 64)}`, field);
    return id;
  };
  let chosen: Set<string>;
  if (scope.mode === 'all') chosen = known;
  else if (scope.mode === 'specific') {
    const ids = scope.siteSpaceIds ?? [];
    if (ids.length === 0) throw badRequest('must name at least one site space', 'siteSpaceIds');
    if (ids.length > MAX_SCOPE_SITE_SPACES) throw badRequest(`must name at most ${MAX_SCOPE_SITE_SPACES} site spaces`, 'siteSpaceIds');
    chosen = new Set(ids.map((id) => ofSite(id, 'siteSpaceIds')));
  } else {
    const current = scope.currentSiteSpace == null ? null : ofSite(scope.currentSiteSpace, 'currentSiteSpace');
    if (scope.restrictTo != null && current == null) throw badRequest('is required with restrictTo', 'currentSiteSpace');
    const defaults = defaultsOf(layout);
    if (scope.restrictTo === 'currentSiteSpace') chosen = new Set([current!]);
    else if (scope.restrictTo === 'otherSiteSpaces') chosen = new Set(defaults.filter((id) => id !== current));
    else chosen = new Set(current ? [current, ...defaults] : defaults);
  }
  return layout.siteSpaces.filter((s) => chosen.has(s.id)).map((s) => s.id);
}
