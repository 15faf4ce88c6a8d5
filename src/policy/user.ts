// Users are global; a caller sees the users who share an organization with
// them. Their e-mail address follows the member routes' rules: one's own needs
// the `user:read` scope; another's is read through a membership the caller may
// see (as GET /orgs/{organizationId}/members/{userId} shows it), which guests
// and tokens without `organization:members:read` may not.
import { forbidden } from '../errors.js';
import type { Actor } from './actor.js';
import { memberPolicy } from './member.js';
import { definePolicy } from './policy.js';
import { requireScopes } from './scopes.js';

export interface UserSubject {
  id: string;
  /** The caller's organizations this user belongs to. */
  organizations: string[];
}

export const userPolicy = definePolicy(
  'User',
  (actor, user: UserSubject) => {
    const self = actor.userId === user.id;
    return {
      view: self || user.organizations.length > 0,
      readOwnEmail: self,
      readEmailAsMember: user.organizations.some(
        (organizationId) => memberPolicy.roleRules(actor, { organizationId, userId: user.id }).view,
      ),
    };
  },
  {
    view: [],
    readOwnEmail: 'user:read',
    readEmailAsMember: memberPolicy.scopes.view,
  },
);

/** Throws 403 unless the caller may read the user's e-mail address (naming the missing scope when that is all that lacks). */
export function requireEmailReadable(actor: Actor, user: UserSubject) {
  const allowed = userPolicy.rules(actor, user);
  if (allowed.readOwnEmail || allowed.readEmailAsMember) return;
  const byRole = userPolicy.roleRules(actor, user);
  if (byRole.readOwnEmail) requireScopes(actor, userPolicy.scopes.readOwnEmail);
  if (byRole.readEmailAsMember) requireScopes(actor, userPolicy.scopes.readEmailAsMember);
  throw forbidden("You may not read this user's e-mail address");
}
