import { definePolicy } from './policy.js';
import { levelOn, type ContentSubject } from './content.js';
import { atLeast, higher, type Level } from './roles.js';
import type { Actor } from './actor.js';
import { roleIn } from './actor.js';

export interface SpaceSubject extends ContentSubject {
  visibility: string;
  shareKey: string;
  editMode: string;
  deletedAt: Date | null;
}

/** Share-link spaces are readable by whoever presents their secret key. */
function spaceLevel(actor: Actor, space: SpaceSubject): Level {
  const level = levelOn(actor, space);
  const shared = space.visibility === 'share-link' && actor.shareKeys.has(space.shareKey);
  return shared ? higher(level, 'read') : level;
}

export const spacePolicy = definePolicy('Space', (actor, space: SpaceSubject) => {
  const level = spaceLevel(actor, space);
  const admin = level === 'admin';
  const live = !space.deletedAt;
  const creator = live && atLeast(roleIn(actor, space.organizationId), 'create');
  return {
    // A deleted space stays visible to those who may restore it.
    view: live ? atLeast(level, 'read') : admin,
    access: live && atLeast(level, 'read'),
    admin: live && admin,
    viewInviteLinks: live && admin,
    edit: live && atLeast(level, 'edit') && (space.editMode === 'live' || admin),
    triggerGitSync: live && atLeast(level, 'edit'),
    comment: live && atLeast(level, 'comment'),
    merge: live && atLeast(level, 'review'),
    review: live && atLeast(level, 'review'),
    installIntegration: live && admin,
    update: live && admin,
    delete: admin,
    restore: admin,
    duplicate: creator && atLeast(level, 'read'),
    move: live && admin,
    transfer: live && admin,
  };
});
