// Site rules. A member's level on a site is their organization role capped by
// the site's default level (as for content, see roles.ts); guests see no site.
// The public API's site permissions: `create` manages the structure (sections,
// section groups, site spaces), `admin` the settings, share links, adaptive
// schema, publication and deletion.
//
// Readers outside the organization: `share-link` means "anyone with a secret
// token in the URL" (spec 2, 4.1, 5). Whoever presents the key of an active
// share link of a published share-link site reads it at `read` level (as a
// space's share key does, see space.ts), whatever their organization: they may
// see the site and its published structure, nothing else. A deactivated link,
// or an unpublished site, admits nobody (the keys are read on every request).
// A site visitor token (siteVisitor.ts) admits its holder likewise to the one
// published site it names, whatever its visibility.
import { roleIn, type Actor } from './actor.js';
import { missingScope, requireScopes } from './scopes.js';
import { definePolicy } from './policy.js';
import { tenantScope } from './filters.js';
import { atLeast, contentLevel, higher, type Level } from './roles.js';

export interface SiteSubject {
  /** Needed to admit a site visitor (their token names the site). */
  id?: string;
  organizationId: string;
  defaultLevel: string;
  published?: boolean;
  visibility?: string;
  /** Keys of the site's active share links among those the caller presented (loaded by the sites domain; absent: none). */
  activeShareKeys?: readonly string[];
}

/**
 * Whether the caller holds the key of an active share link of a published
 * share-link site, or is a visitor of this published site (a site visitor
 * token of a share-link site also carries its link's key).
 */
function sharedWith(actor: Actor, site: SiteSubject) {
  if (!site.published) return false;
  if (site.visibility === 'share-link') return !!site.activeShareKeys?.some((key) => actor.shareKeys.has(key));
  return site.id !== undefined && actor.visit?.siteId === site.id;
}

/**
 * The published structure (GET …/published): a published site, to its readers. A
 * share-link site is served only with an active link's key, to members too.
 */
const readPublished = (actor: Actor, site: SiteSubject, level: Level) =>
  !!site.published && (site.visibility === 'share-link' ? sharedWith(actor, site) : atLeast(level, 'read'));

export const sitePolicy = definePolicy(
  'Site',
  (actor, site: SiteSubject) => {
    const levelAsMember = contentLevel(roleIn(actor, site.organizationId), site.defaultLevel);
    const shared = sharedWith(actor, site);
    const level: Level = shared ? higher(levelAsMember, 'read') : levelAsMember;
    const admin = level === 'admin';
    return {
      view: atLeast(level, 'read'),
      // In the app: membership, not a share key, gives access.
      access: atLeast(levelAsMember, 'read'),
      edit: atLeast(level, 'edit'),
      create: atLeast(level, 'create'),
      // Checked on siteCreationSubject: creating a site in the organization.
      createSite: atLeast(level, 'create'),
      admin,
      installIntegration: admin,
      viewAdaptiveSchema: atLeast(levelAsMember, 'read'),
      readPublished: readPublished(actor, site, level),
      // Searching its published spaces (POST …/search): whoever may read the published site.
      search: readPublished(actor, site, level),
      // A site space embeds its space for whoever may see the site, if they may see the space.
      embedSpaces: atLeast(level, 'read'),
      // Finding it (an idempotent delete of an item of its structure): whoever may see it, whatever their
      // token's scopes; what is done with it is checked next, with its own scope.
      locate: true,
      // A site space of a published site shows the space it publishes to whoever may see the
      // site: publishing a space on a site shows it to the site's audience (the space's own
      // permissions still say what the caller may do with it). A site never published shows
      // nobody a space they are kept out of.
      viewPublishedSpaces: !!site.published && atLeast(level, 'read'),
      editAdaptiveSchema: admin,
      update: admin,
      delete: admin,
      publish: admin,
      viewShareLinks: admin,
      manageShareLinks: admin,
      // The site profile (GET …/published with customizations): readers of the published site, and
      // while it is unpublished its members (a preview of what publishing will show).
      readProfile: readPublished(actor, site, level) || (!site.published && atLeast(levelAsMember, 'read')),
      // Customization is a setting of the site: members read it, admins change it.
      viewCustomization: atLeast(levelAsMember, 'read'),
      customize: admin,
      // Redirects: members list them, editors and above manage them.
      viewRedirects: atLeast(levelAsMember, 'read'),
      manageRedirects: atLeast(levelAsMember, 'edit'),
      // Resolving one path (what a renderer does for a URL it cannot find): whoever may read the
      // published site, and its members (previews).
      lookupRedirect: readPublished(actor, site, level) || atLeast(levelAsMember, 'read'),
    };
  },
  {
    view: 'site:read',
    access: 'site:read',
    edit: 'site:write',
    // Managing the structure answers with site spaces and their spaces.
    create: ['site:write', 'space:read'],
    createSite: 'site:write',
    admin: 'site:write',
    installIntegration: 'integration:installations:write',
    viewAdaptiveSchema: 'site:read',
    readPublished: 'site:read',
    search: 'site:search',
    // The answer embeds spaces.
    embedSpaces: ['site:read', 'space:read'],
    viewPublishedSpaces: ['site:read', 'space:read'],
    locate: [],
    editAdaptiveSchema: 'site:write',
    update: 'site:write',
    delete: 'site:write',
    // Publishing answers with the site.
    publish: ['site:publish', 'site:read'],
    viewShareLinks: 'site:auth:read',
    manageShareLinks: 'site:auth:write',
    readProfile: 'site:read',
    viewCustomization: 'site:read',
    customize: 'site:write',
    viewRedirects: 'site:read',
    manageRedirects: 'site:write',
    lookupRedirect: 'site:read',
  },
);

/**
 * Who may create a site in an organization: members of the `create` role and
 * above (what a new site's level would give them), with `site:write`.
 */
export const siteCreationSubject = (organizationId: string): SiteSubject => ({ organizationId, defaultLevel: 'inherit' });

/**
 * Prisma `where` for the sites of an organization the caller may see (the same
 * rule as above, for lists and counts): all of them for admins, those whose
 * default level admits members for other members, none for guests and
 * strangers. Listing sites reads them: a scoped token needs `site:read` (403).
 */
export function visibleSitesWhere(actor: Actor, organizationId: string) {
  requireScopes(actor, 'site:read');
  const role = roleIn(actor, organizationId);
  if (role === 'admin') return { organizationId };
  if (role == null) return { organizationId, id: { in: [] as string[] } };
  return { organizationId, defaultLevel: { not: 'guest' } };
}

/**
 * Prisma `where` finding a site by id for the caller: in their organizations,
 * or through the key of an active share link they presented (the policy then
 * decides what that key admits).
 */
export function siteLookupScope(actor: Actor) {
  const keys = [...actor.shareKeys];
  return keys.length ? { OR: [tenantScope(actor), { shareLinks: { some: { active: true, key: { in: keys } } } }] } : tenantScope(actor);
}

/**
 * Prisma `where` for the sites whose published spaces the caller may see (the
 * rule `viewPublishedSpaces` above, for the request's grants, see
 * actor.ts: RequestGrants): published sites of their organizations whose
 * default level admits them, and published share-link sites of which they
 * presented an active link's key. Null when there are none, or when the
 * token's scopes do not cover that right (the grant would be of no use).
 */
export function sitesShowingSpacesWhere(actor: Actor) {
  if (missingScope(actor, sitePolicy.scopes.viewPublishedSpaces)) return null;
  // An admin already sees every space of their organization, and a site publishes only spaces of its own
  // (a published space is not transferred): their organizations' sites show them nothing more.
  const asMember = [...actor.memberships].flatMap(([organizationId, role]) =>
    role == null || role === 'admin' ? [] : [{ organizationId, defaultLevel: { not: 'guest' } }],
  );
  const keys = [...actor.shareKeys];
  const shared = keys.length ? [{ visibility: 'share-link', shareLinks: { some: { active: true, key: { in: keys } } } }] : [];
  const reach = [...asMember, ...shared];
  return reach.length ? { published: true, OR: reach } : null;
}
