// Spaces and collections share one access model: the caller's organization
// role, capped by the content's resolved member level (see roles.ts), raised by
// the levels granted to the caller or their teams on it or a collection above
// it (the actor's `grants`). Guests get only what is granted.
import { roleIn, type Actor } from './actor.js';
import { contentLevel, higher, type Level, type Role } from './roles.js';

export interface ContentSubject {
  id: string;
  organizationId: string;
  memberLevel: string;
}

/**
 * The one rule: what a member of organization role `role` (undefined: not a
 * member) with `grants` (content id → level) gets on the content.
 */
export function memberLevelOn(role: Level | undefined, grants: ReadonlyMap<string, Role>, content: ContentSubject): Level {
  if (role === undefined) return null; // not a member: grants died with the membership
  return higher(contentLevel(role, content.memberLevel), grants.get(content.id) ?? null);
}

/** The caller's level on the content. */
export const levelOn = (actor: Actor, content: ContentSubject): Level =>
  memberLevelOn(roleIn(actor, content.organizationId), actor.grants, content);
