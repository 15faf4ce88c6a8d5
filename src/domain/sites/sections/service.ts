// Sections (spec 4.3) and section groups (4.2). A section holds site spaces
// (its variants) and may sit in a group; groups nest through `parent` (at most
// MAX_GROUP_DEPTH deep). Deleting a section deletes its site spaces (they are
// its variants); deleting a group moves its sections and groups up to its
// parent. The site's default section stays true: the first section takes over.
// Every write holds the site's row lock.
import type { Context } from '../../../context.js';
import { requireActor } from '../../../context.js';
import { badRequest, conflict, notFound } from '../../../errors.js';
import { newId } from '../../../ids.js';
import type { Prisma } from '../../../generated/prisma/client.js';
import type { Tx } from '../../../db/tx.js';
import { authorize, can, sitePolicy } from '../../../policy/index.js';
import { checkLength } from '../../../validate.js';
import { loadSite, lockedSite, lockSite, publishableSpaces } from '../service.js';
import { checkSiteTitle, notNull } from '../limits.js';
import { uniquePath } from '../structure/paths.js';
import { checkCondition, checkIcon, checkPath, ensureDefaultSiteSpace } from '../structure/scopes.js';
import { createSiteSpace } from '../siteSpaces/service.js';
import { endKey, moveItem, type ItemRef, type Position } from '../structure/order.js';

type SectionQuery = { include?: Prisma.SiteSectionInclude; select?: Prisma.SiteSectionSelect };
type GroupQuery = { include?: Prisma.SiteSectionGroupInclude; select?: Prisma.SiteSectionGroupSelect };

export const GROUP_TITLE = { min: 1, max: 100 };
export const DESCRIPTION_MAX = 256;
/** Groups nest at most this deep (a group in a group in a group). */
export const MAX_GROUP_DEPTH = 3;

interface SiteRef {
  siteId: string;
  organizationId?: string | null;
}

async function loadSection(tx: Tx, siteId: string, id: string) {
  const section = await tx.siteSection.findFirst({ where: { id, siteId } });
  if (!section) throw notFound('Site section');
  return section;
}

async function loadGroup(tx: Tx, siteId: string, id: string) {
  const group = await tx.siteSectionGroup.findFirst({ where: { id, siteId } });
  if (!group) throw notFound('Site section group');
  return group;
}

/** The site's default section is one of its sections whenever it has any. */
async function ensureDefaultSection(tx: Tx, siteId: string) {
  const site = await tx.site.findUniqueOrThrow({ where: { id: siteId }, select: { defaultSiteSectionId: true } });
  if (site.defaultSiteSectionId) return;
  const first = await tx.siteSection.findFirst({ where: { siteId }, orderBy: [{ sortKey: 'asc' }, { id: 'asc' }], select: { id: true } });
  if (first) await tx.site.update({ where: { id: siteId }, data: { defaultSiteSectionId: first.id } });
}

async function checkSectionPathFree(tx: Tx, siteId: string, path: string, exceptId: string) {
  if (await tx.siteSection.count({ where: { siteId, path, id: { not: exceptId } } }))
    throw conflict(`path: another section of the site already has the path "${path}"`);
}

export async function addSection(
  ctx: Context,
  input: SiteRef & { spaceId?: string | null; title?: string | null; icon?: string | null },
  query: SectionQuery = {},
) {
  const actor = requireActor(ctx);
  if (input.title !== null) checkSiteTitle(input.title);
  checkIcon(input.icon);
  const spaceId = notNull('spaceId', input.spaceId);
  if (spaceId === undefined) throw badRequest('is required', 'spaceId');
  return ctx.prisma.$transaction(async (tx) => {
    const site = await lockedSite(tx, actor, input.siteId, input.organizationId, 'create');
    const [space] = await publishableSpaces(tx, actor, site.organizationId, [spaceId], 'spaceId');
    const title = input.title ?? (([...space.title].length >= 2 ? space.title : '') || 'Untitled section');
    const taken = await tx.siteSection.findMany({ where: { siteId: site.id }, select: { path: true } });
    const section = await tx.siteSection.create({
      data: {
        id: newId('SiteSection'),
        organizationId: site.organizationId,
        siteId: site.id,
        title,
        icon: input.icon ?? null,
        path: uniquePath(
          title,
          taken.map((s) => s.path),
          'section',
        ),
        sortKey: await endKey(tx, site.id, 'site-section', null),
      },
    });
    await createSiteSpace(tx, site.organizationId, { siteId: site.id, sectionId: section.id }, space);
    await ensureDefaultSiteSpace(tx, { siteId: site.id, sectionId: section.id });
    await ensureDefaultSection(tx, site.id);
    return tx.siteSection.findUniqueOrThrow({ ...query, where: { id: section.id } });
  });
}

export interface UpdateSectionInput extends SiteRef {
  siteSectionId: string;
  title?: string | null;
  path?: string | null;
  defaultSiteSpace?: string | null;
  condition?: string | null;
  icon?: string | null;
  description?: string | null;
}

export async function updateSection(ctx: Context, input: UpdateSectionInput, query: SectionQuery = {}) {
  const actor = requireActor(ctx);
  checkSiteTitle(input.title);
  if (input.path !== undefined) checkPath(input.path);
  checkCondition(input.condition);
  checkIcon(input.icon);
  checkLength('description', input.description, 0, DESCRIPTION_MAX);
  notNull('defaultSiteSpace', input.defaultSiteSpace);
  return ctx.prisma.$transaction(async (tx) => {
    const site = await lockedSite(tx, actor, input.siteId, input.organizationId, 'create');
    const section = await loadSection(tx, site.id, input.siteSectionId);
    const data: Prisma.SiteSectionUncheckedUpdateInput = {};
    if (input.title !== undefined) data.title = input.title!;
    if (input.path !== undefined) {
      await checkSectionPathFree(tx, site.id, input.path!, section.id);
      data.path = input.path!;
    }
    // Omitted keeps these, null removes them.
    if (input.condition !== undefined) data.condition = input.condition;
    if (input.icon !== undefined) data.icon = input.icon;
    if (input.description !== undefined) data.description = input.description;
    if (input.defaultSiteSpace) {
      const siteSpace = await tx.siteSpace.findFirst({ where: { id: input.defaultSiteSpace, sectionId: section.id } });
      if (!siteSpace) throw badRequest('must name a site space of this section', 'defaultSiteSpace');
      data.defaultSiteSpaceId = siteSpace.id;
    }
    return tx.siteSection.update({ ...query, where: { id: section.id }, data });
  });
}

/** Deletes the section with its site spaces (the spaces stay). Idempotent. */
export async function deleteSection(ctx: Context, input: SiteRef & { siteSectionId: string }) {
  return deleteInSite(ctx, input, async (tx, siteId) => {
    const { count } = await tx.siteSection.deleteMany({ where: { id: input.siteSectionId, siteId } });
    if (count) await ensureDefaultSection(tx, siteId);
    return count > 0;
  });
}

/** The idempotent deletes of the structure: a hidden site deletes nothing; a visible one needs `create`. */
async function deleteInSite(ctx: Context, input: SiteRef, remove: (tx: Tx, siteId: string) => Promise<boolean>) {
  const actor = requireActor(ctx);
  return ctx.prisma.$transaction(async (tx) => {
    await lockSite(tx, input.siteId);
    const site = await loadSite(tx, actor, input.siteId, input.organizationId);
    if (!site || !can(sitePolicy, actor, site, 'locate')) return false;
    authorize(sitePolicy, actor, site, 'create');
    return remove(tx, site.id);
  });
}

/** Moves an item of the structure among its siblings (sortSiteStructure, and the deprecated moves). */
export async function moveSiteItem(ctx: Context, input: SiteRef, item: ItemRef, position: Position | null | undefined) {
  const actor = requireActor(ctx);
  return ctx.prisma.$transaction(async (tx) => {
    const site = await lockedSite(tx, actor, input.siteId, input.organizationId, 'create');
    await moveItem(tx, site.id, item, position);
    return item;
  });
}

// Section groups.

function checkGroupTitle(value: string | null | undefined) {
  checkLength('title', notNull('title', value), GROUP_TITLE.min, GROUP_TITLE.max);
}

/** How deep the group sits (1 at the root). */
async function depthOf(tx: Tx, groupId: string | null) {
  let depth = 0;
  for (let id = groupId; id; depth++)
    id = (await tx.siteSectionGroup.findUniqueOrThrow({ where: { id }, select: { parentId: true } })).parentId;
  return depth;
}

/** Puts the sections into the group, at its end, in the order given (400 naming a section not of the site). */
async function placeSectionsInGroup(tx: Tx, siteId: string, groupId: string, sectionIds: readonly string[], field: string) {
  const found = await tx.siteSection.findMany({ where: { id: { in: [...sectionIds] }, siteId }, select: { id: true } });
  const known = new Set(found.map((s) => s.id));
  sectionIds.forEach((id, i) => {
    if (!known.has(id))
      throw badRequest('must name a section of this site', sectionIds.length > 1 || field === 'sections' ? `${field}[${i}]` : field);
  });
  for (const id of new Set(sectionIds)) {
    await tx.siteSection.update({
      where: { id },
      data: { sectionGroupId: groupId, sortKey: await endKey(tx, siteId, 'site-section', groupId) },
    });
  }
}

export interface AddGroupInput extends SiteRef {
  title?: string | null;
  icon?: string | null;
  sections?: readonly string[] | null;
  parent?: string | null;
}

export async function addSectionGroup(ctx: Context, input: AddGroupInput, query: GroupQuery = {}) {
  const actor = requireActor(ctx);
  checkGroupTitle(input.title);
  if (input.title === undefined) throw badRequest('is required', 'title');
  checkIcon(input.icon);
  const sections = notNull('sections', input.sections) ?? [];
  return ctx.prisma.$transaction(async (tx) => {
    const site = await lockedSite(tx, actor, input.siteId, input.organizationId, 'create');
    const parent = input.parent
      ? await tx.siteSectionGroup.findFirst({ where: { id: input.parent, siteId: site.id }, select: { id: true } })
      : null;
    if (input.parent && !parent) throw badRequest('must name a section group of this site', 'parent');
    if ((await depthOf(tx, parent?.id ?? null)) + 1 > MAX_GROUP_DEPTH)
      throw badRequest(`groups nest at most ${MAX_GROUP_DEPTH} deep`, 'parent');
    const group = await tx.siteSectionGroup.create({
      data: {
        id: newId('SiteSectionGroup'),
        organizationId: site.organizationId,
        siteId: site.id,
        parentId: parent?.id ?? null,
        title: input.title!,
        icon: input.icon ?? null,
        sortKey: await endKey(tx, site.id, 'site-section-group', parent?.id ?? null),
      },
    });
    await placeSectionsInGroup(tx, site.id, group.id, sections, 'sections');
    return tx.siteSectionGroup.findUniqueOrThrow({ ...query, where: { id: group.id } });
  });
}

export async function updateSectionGroup(
  ctx: Context,
  input: SiteRef & { siteSectionGroupId: string; title?: string | null; icon?: string | null },
  query: GroupQuery = {},
) {
  const actor = requireActor(ctx);
  if (input.title !== undefined) checkGroupTitle(input.title);
  checkIcon(input.icon);
  return ctx.prisma.$transaction(async (tx) => {
    const site = await lockedSite(tx, actor, input.siteId, input.organizationId, 'create');
    const group = await loadGroup(tx, site.id, input.siteSectionGroupId);
    const data: Prisma.SiteSectionGroupUncheckedUpdateInput = {};
    if (input.title !== undefined) data.title = input.title!;
    if (input.icon !== undefined) data.icon = input.icon;
    return tx.siteSectionGroup.update({ ...query, where: { id: group.id }, data });
  });
}

/** Deletes the group; its sections and groups move up to its parent (at its end). Idempotent. */
export async function deleteSectionGroup(ctx: Context, input: SiteRef & { siteSectionGroupId: string }) {
  return deleteInSite(ctx, input, async (tx, siteId) => {
    const group = await tx.siteSectionGroup.findFirst({ where: { id: input.siteSectionGroupId, siteId } });
    if (!group) return false;
    let key = await endKey(tx, siteId, 'site-section', group.parentId);
    const [sections, groups] = await Promise.all([
      tx.siteSection.findMany({ where: { sectionGroupId: group.id }, orderBy: [{ sortKey: 'asc' }, { id: 'asc' }], select: { id: true } }),
      tx.siteSectionGroup.findMany({ where: { parentId: group.id }, orderBy: [{ sortKey: 'asc' }, { id: 'asc' }], select: { id: true } }),
    ]);
    for (const s of sections)
      await tx.siteSection.update({ where: { id: s.id }, data: { sectionGroupId: group.parentId, sortKey: key++ } });
    for (const g of groups) await tx.siteSectionGroup.update({ where: { id: g.id }, data: { parentId: group.parentId, sortKey: key++ } });
    await tx.siteSectionGroup.delete({ where: { id: group.id } });
    return true;
  });
}

export async function addSectionToGroup(
  ctx: Context,
  input: SiteRef & { siteSectionGroupId: string; sectionId: string },
  query: GroupQuery = {},
) {
  const actor = requireActor(ctx);
  return ctx.prisma.$transaction(async (tx) => {
    const site = await lockedSite(tx, actor, input.siteId, input.organizationId, 'create');
    const group = await loadGroup(tx, site.id, input.siteSectionGroupId);
    const section = await tx.siteSection.findFirst({ where: { id: input.sectionId, siteId: site.id }, select: { sectionGroupId: true } });
    if (section?.sectionGroupId !== group.id) await placeSectionsInGroup(tx, site.id, group.id, [input.sectionId], 'sectionId');
    return tx.siteSectionGroup.findUniqueOrThrow({ ...query, where: { id: group.id } });
  });
}

/** Takes the section out of the group, to the group's parent (at its end). Whether it was in the group. */
export async function removeSectionFromGroup(ctx: Context, input: SiteRef & { siteSectionGroupId: string; siteSectionId: string }) {
  return deleteInSite(ctx, input, async (tx, siteId) => {
    const group = await loadGroup(tx, siteId, input.siteSectionGroupId);
    const section = await tx.siteSection.findFirst({ where: { id: input.siteSectionId, siteId, sectionGroupId: group.id } });
    if (!section) return false;
    await tx.siteSection.update({
      where: { id: section.id },
      data: { sectionGroupId: group.parentId, sortKey: await endKey(tx, siteId, 'site-section', group.parentId) },
    });
    return true;
  });
}
