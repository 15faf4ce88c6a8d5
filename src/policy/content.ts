// Spaces and collections share one access model: the caller's organization
// role, capped by the content's resolved member level (see roles.ts), raised by
// the levels granted to the caller or their teams on it or a collection above
// it (the actor's `grants`). Guests get only what is granted.
import { roleIn, type Actor } from './actor.js';
import { contentLevel, higher, type Level } from './roles.js';

export interface ContentSubject {
  id: string;
  organizationId: string;
  memberLevel: string;
}

/** The level granted to the caller on this content (null: none). */
export const grantedLevel = (actor: Actor, contentId: string): Level => actor.grants.get(contentId) ?? null;

export function levelOn(actor: Actor, content: ContentSubject): Level {
  const role = roleIn(actor, content.organizationId);
  if (role === undefined) return null; // not a member: grants died with the membership
  return higher(contentLevel(role, content.memberLevel), grantedLevel(actor, content.id));
}
