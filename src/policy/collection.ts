import { definePolicy } from './policy.js';
import { levelOn, type ContentSubject } from './content.js';
import { atLeast } from './roles.js';

export const collectionPolicy = definePolicy(
  'Collection',
  (actor, collection: ContentSubject) => {
    const level = levelOn(actor, collection);
    const admin = level === 'admin';
    return {
      view: atLeast(level, 'read'),
      admin,
      viewInviteLinks: admin,
      viewPermissions: admin,
      managePermissions: admin,
      create: atLeast(level, 'create'),
      update: admin,
      delete: admin,
      move: admin,
      transfer: admin,
    };
  },
  {
    view: 'space:read',
    admin: 'space:write',
    viewInviteLinks: 'space:permissions:read',
    viewPermissions: 'space:permissions:read',
    managePermissions: 'space:permissions:write',
    create: 'space:write',
    update: 'space:write',
    delete: 'space:write',
    move: 'space:write',
    transfer: 'space:write',
  },
);
