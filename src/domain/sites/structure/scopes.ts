// What the writes of a site's structure share: the order of siblings (a
// `sortKey` per item, appended at the end), path uniqueness among siblings,
// and the default of each scope (the site's root, or a section) kept true.
import type { Tx } from '../../../db/tx.js';
import { conflict } from '../../../errors.js';
import { checkLength } from '../../../validate.js';
import { notNull } from '../limits.js';

export const PATH = { min: 1, max: 100 };
export const CONDITION_MAX = 1024;
export const ICON_MAX = 50;

/**
 * Site spaces readers and lists see: those of live spaces. A deleted space's
 * site spaces stay (hidden) while it can be restored, and come back with it;
 * its purge deletes them.
 */
export const liveSiteSpace = { space: { deletedAt: null } } as const;

/** Where a site space sits: the site's root (sectionId null) or a section. */
export interface Scope {
  siteId: string;
  sectionId: string | null;
}

export function checkPath(value: string | null | undefined, field = 'path') {
  checkLength(field, notNull(field, value), PATH.min, PATH.max);
}

export function checkCondition(value: string | null | undefined, field = 'condition') {
  checkLength(field, value, 0, CONDITION_MAX);
}

export function checkIcon(value: string | null | undefined, field = 'icon') {
  checkLength(field, value, 0, ICON_MAX);
}

/** The sort key after the last site space of the scope. */
export async function nextSiteSpaceKey(tx: Tx, scope: Scope) {
  const last = await tx.siteSpace.aggregate({ where: { siteId: scope.siteId, sectionId: scope.sectionId }, _max: { sortKey: true } });
  return (last._max.sortKey ?? 0) + 1;
}

/** Refuses a path another site space of the scope already has (409). */
export async function checkSiteSpacePathFree(tx: Tx, scope: Scope, path: string, exceptId?: string) {
  const taken = await tx.siteSpace.count({
    where: { siteId: scope.siteId, sectionId: scope.sectionId, path, ...(exceptId ? { id: { not: exceptId } } : {}) },
  });
  if (taken)
    throw conflict(
      `path: another site space ${scope.sectionId ? 'of the section' : 'at the root of the site'} already has the path "${path}"`,
    );
}

/** The id of the default site space of a scope. */
export async function defaultSiteSpaceOf(tx: Tx, scope: Scope) {
  if (scope.sectionId)
    return (await tx.siteSection.findUniqueOrThrow({ where: { id: scope.sectionId }, select: { defaultSiteSpaceId: true } }))
      .defaultSiteSpaceId;
  return (await tx.site.findUniqueOrThrow({ where: { id: scope.siteId }, select: { defaultSiteSpaceId: true } })).defaultSiteSpaceId;
}

export async function setDefaultSiteSpaceOf(tx: Tx, scope: Scope, siteSpaceId: string | null) {
  if (scope.sectionId) await tx.siteSection.update({ where: { id: scope.sectionId }, data: { defaultSiteSpaceId: siteSpaceId } });
  else await tx.site.update({ where: { id: scope.siteId }, data: { defaultSiteSpaceId: siteSpaceId } });
}

/** A scope without a default site space gets its first one (after a deletion, or on the first addition). */
export async function ensureDefaultSiteSpace(tx: Tx, scope: Scope) {
  if (await defaultSiteSpaceOf(tx, scope)) return;
  const first = await tx.siteSpace.findFirst({
    where: { siteId: scope.siteId, sectionId: scope.sectionId },
    orderBy: [{ sortKey: 'asc' }, { id: 'asc' }],
    select: { id: true },
  });
  if (first) await setDefaultSiteSpaceOf(tx, scope, first.id);
}
