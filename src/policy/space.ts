import { authorize, definePolicy } from './policy.js';
import { forbidden } from '../errors.js';
import { levelOn, type ContentSubject } from './content.js';
import { atLeast, higher, type Level } from './roles.js';
import { visitsSpace, type Actor } from './actor.js';

export interface SpaceSubject extends ContentSubject {
  visibility: string;
  shareKey: string;
  editMode: string;
  deletedAt: Date | null;
}

/**
 * Share-link spaces are readable by whoever presents their secret key
 * (`shareKey`); a space a published site publishes, by that site's visitors
 * (their token: actor.ts, SiteVisit), whatever its own visibility.
 */
function sharedWith(actor: Actor, space: SpaceSubject) {
  return (space.visibility === 'share-link' && actor.shareKeys.has(space.shareKey)) || visitsSpace(actor, space.id);
}

/** What the policy reads of a space (SpaceSubject), and its active revision: the columns to select. */
export const spaceSubjectSelect = {
  id: true,
  organizationId: true,
  memberLevel: true,
  visibility: true,
  shareKey: true,
  editMode: true,
  deletedAt: true,
  revisionId: true,
} as const;

export const spacePolicy = definePolicy(
  'Space',
  (actor, space: SpaceSubject) => {
    const levelAsMember = levelOn(actor, space);
    const level: Level = sharedWith(actor, space) ? higher(levelAsMember, 'read') : levelAsMember;
    const admin = level === 'admin';
    const live = !space.deletedAt;
    return {
      // A deleted space stays visible to those who may restore it.
      view: live ? atLeast(level, 'read') : admin,
      // In the app: membership, not a share key, gives access.
      access: live && atLeast(levelAsMember, 'read'),
      // The space's settings and activity (merge rules, default level, counts of comments and change
      // requests): its members' business. Readers who hold a share key, or whom a published site shows
      // the space (sites/access.ts), read its content, not these.
      viewSettings: live ? atLeast(levelAsMember, 'read') : levelAsMember === 'admin',
      admin: live && admin,
      viewInviteLinks: live && admin,
      // Who else has a level on it (teams, members), and granting or removing one.
      viewPermissions: live && admin,
      managePermissions: live && admin,
      // A locked space takes no edit from anyone: an admin unlocks it first (PATCH editMode).
      edit: live && atLeast(level, 'edit') && space.editMode === 'live',
      triggerGitSync: live && atLeast(level, 'edit'),
      comment: live && atLeast(level, 'comment'),
      merge: live && atLeast(level, 'review'),
      // Writing the main content directly (a file upload without change request) skips the review a
      // change request gets: it takes the level that could merge one, in a space open to live edits.
      writeMainContent: live && atLeast(level, 'review') && space.editMode === 'live',
      review: live && atLeast(level, 'review'),
      installIntegration: live && admin,
      update: live && admin,
      delete: admin,
      restore: admin,
      // And the right to create next to it (see domain/content/placement.ts).
      duplicate: live && atLeast(levelAsMember, 'read'),
      move: live && admin,
      transfer: live && admin,
      // Finding it (to look up one of its change requests): whoever may see it, whatever their token's
      // scopes; what is done with what was found is checked next, with its own scope.
      locate: true,
    };
  },
  {
    view: 'space:read',
    access: 'space:read',
    viewSettings: 'space:read',
    admin: 'space:write',
    viewInviteLinks: 'space:permissions:read',
    viewPermissions: 'space:permissions:read',
    managePermissions: 'space:permissions:write',
    edit: 'space:write',
    triggerGitSync: 'space:write',
    comment: 'space:write',
    merge: ['space:write', 'change-request:merge'],
    writeMainContent: ['space:write', 'change-request:merge'],
    review: 'space:write',
    installIntegration: 'integration:installations:write',
    update: 'space:write',
    delete: 'space:write',
    restore: 'space:write',
    duplicate: 'space:write',
    move: 'space:write',
    transfer: 'space:write',
    locate: [],
  },
);

/**
 * A space as it appears anywhere in an answer (the Space type): to whoever may
 * view it, and to the audience of a published site that publishes it (the
 * request's `siteSpaces`, computed at the door: see actor.ts, RequestGrants).
 * A site's audience sees the spaces it publishes; what they may do with one is
 * still spacePolicy's.
 */
export const shownSpacePolicy = definePolicy(
  'Space',
  (actor, space: SpaceSubject) => ({
    view: spacePolicy.roleRules(actor, space).view || actor.siteSpaces.has(space.id),
  }),
  {
    view: 'space:read',
  },
);

/**
 * Writing a space's main content without a change request (file uploads,
 * templates): the right to merge one (`writeMainContent`), and no merge rule
 * naming reviewers, whose review such a write would skip. Answers the space.
 */
export function authorizeMainLineWrite<T extends SpaceSubject>(actor: Actor, space: T | null | undefined, rulesNameReviewers: boolean): T {
  const allowed = authorize(spacePolicy, actor, space, 'writeMainContent');
  if (rulesNameReviewers) throw forbidden("This space's merge rules require reviews: write into a change request instead");
  return allowed;
}
