// Spaces and collections share one access model: the caller's organization
// role, capped by the content's resolved member level (see roles.ts).
import { roleIn, type Actor } from './actor.js';
import { contentLevel, type Level } from './roles.js';

export interface ContentSubject {
  organizationId: string;
  memberLevel: string;
}

export function levelOn(actor: Actor, content: ContentSubject): Level {
  return contentLevel(roleIn(actor, content.organizationId), content.memberLevel);
}
