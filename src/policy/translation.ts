import { roleIn } from './actor.js';
import { definePolicy } from './policy.js';

export interface TranslationSubject {
  organizationId: string;
}

/**
 * Translations of an organization's spaces (spec 4.7). The public document
 * asks only for a user token (`security: user`) and names no role; a
 * translation creates and rewrites a space of the organization on every run,
 * so its members (not guests) see translations and only admins create,
 * change, run and delete them. Scopes: reading maps to `space:read`, the rest
 * to `space:write` (translations read and write space content).
 */
export const translationPolicy = definePolicy(
  'Translation',
  (actor, subject: TranslationSubject) => {
    const role = roleIn(actor, subject.organizationId);
    return { view: role != null, edit: role === 'admin' };
  },
  {
    view: 'space:read',
    edit: 'space:write',
  },
);
