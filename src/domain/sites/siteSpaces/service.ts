// Site spaces (spec 4.4): a space published on a site, at its root or in a
// section. Placement: the section given, else the site's default section, else
// the root. One space appears once per scope. Writes hold the site's row lock.
import type { Context } from '../../../context.js';
import { requireActor } from '../../../context.js';
import { badRequest, conflict, notFound } from '../../../errors.js';
import { newId } from '../../../ids.js';
import type { Prisma } from '../../../generated/prisma/client.js';
import type { Tx } from '../../../db/tx.js';
import { authorize, can, sitePolicy } from '../../../policy/index.js';
import { lockedSite, lockSite, loadSite, publishableSpaces } from '../service.js';
import { notNull } from '../limits.js';
import { uniquePath } from '../structure/paths.js';
import {
  checkCondition,
  checkPath,
  checkSiteSpacePathFree,
  ensureDefaultSiteSpace,
  nextSiteSpaceKey,
  type Scope,
} from '../structure/scopes.js';

type Query = { include?: Prisma.SiteSpaceInclude; select?: Prisma.SiteSpaceSelect };

interface SiteRef {
  siteId: string;
  organizationId?: string | null;
}

const scopeOf = (siteSpace: { siteId: string; sectionId: string | null }): Scope => ({
  siteId: siteSpace.siteId,
  sectionId: siteSpace.sectionId,
});

async function loadSiteSpace(tx: Tx, siteId: string, id: string) {
  const siteSpace = await tx.siteSpace.findFirst({ where: { id, siteId } });
  if (!siteSpace) throw notFound('Site space');
  return siteSpace;
}

async function refuseDuplicate(tx: Tx, scope: Scope, spaceId: string, exceptId?: string) {
  const already = await tx.siteSpace.count({ where: { ...scope, spaceId, ...(exceptId ? { id: { not: exceptId } } : {}) } });
  if (already) throw conflict(`spaceId: the space is already published ${scope.sectionId ? 'in this section' : 'at the root of the site'}`);
}

/** The section named, or the default section, or the root (a site without sections). */
async function placementOf(
  tx: Tx,
  site: { id: string; defaultSiteSectionId: string | null },
  sectionId: string | null | undefined,
): Promise<Scope> {
  if (sectionId) {
    const section = await tx.siteSection.findFirst({ where: { id: sectionId, siteId: site.id }, select: { id: true } });
    if (!section) throw badRequest('must name a section of this site', 'sectionId');
    return { siteId: site.id, sectionId: section.id };
  }
  if (site.defaultSiteSectionId) return { siteId: site.id, sectionId: site.defaultSiteSectionId };
  const first = await tx.siteSection.findFirst({
    where: { siteId: site.id },
    orderBy: [{ sortKey: 'asc' }, { id: 'asc' }],
    select: { id: true },
  });
  return { siteId: site.id, sectionId: first?.id ?? null };
}

export async function addSiteSpace(
  ctx: Context,
  input: SiteRef & { spaceId?: string | null; sectionId?: string | null },
  query: Query = {},
) {
  const actor = requireActor(ctx);
  const spaceId = notNull('spaceId', input.spaceId);
  if (spaceId === undefined) throw badRequest('is required', 'spaceId');
  return ctx.prisma.$transaction(async (tx) => {
    const site = await lockedSite(tx, actor, input.siteId, input.organizationId, 'create');
    const [space] = await publishableSpaces(tx, actor, site.organizationId, [spaceId], 'spaceId');
    const scope = await placementOf(tx, site, input.sectionId);
    const created = await createSiteSpace(tx, site.organizationId, scope, space);
    await ensureDefaultSiteSpace(tx, scope);
    return tx.siteSpace.findUniqueOrThrow({ ...query, where: { id: created.id } });
  });
}

/** Appends the space to the scope with a path made from its title (the caller holds the site's lock). */
export async function createSiteSpace(tx: Tx, organizationId: string, scope: Scope, space: { id: string; title: string }) {
  await refuseDuplicate(tx, scope, space.id);
  const siblings = await tx.siteSpace.findMany({ where: scope, select: { path: true } });
  return tx.siteSpace.create({
    data: {
      id: newId('SiteSpace'),
      organizationId,
      ...scope,
      spaceId: space.id,
      path: uniquePath(
        space.title,
        siblings.map((s) => s.path),
        'space',
      ),
      sortKey: await nextSiteSpaceKey(tx, scope),
    },
  });
}

export interface UpdateSiteSpaceInput extends SiteRef {
  siteSpaceId: string;
  path?: string | null;
  condition?: string | null;
  spaceId?: string | null;
}

export async function updateSiteSpace(ctx: Context, input: UpdateSiteSpaceInput, query: Query = {}) {
  const actor = requireActor(ctx);
  if (input.path !== undefined) checkPath(input.path);
  checkCondition(input.condition);
  const spaceId = notNull('spaceId', input.spaceId);
  return ctx.prisma.$transaction(async (tx) => {
    const site = await lockedSite(tx, actor, input.siteId, input.organizationId, 'create');
    const siteSpace = await loadSiteSpace(tx, site.id, input.siteSpaceId);
    const data: Prisma.SiteSpaceUncheckedUpdateInput = {};
    if (input.path !== undefined) {
      await checkSiteSpacePathFree(tx, scopeOf(siteSpace), input.path!, siteSpace.id);
      data.path = input.path!;
    }
    // Omitted keeps the condition, null removes it.
    if (input.condition !== undefined) data.condition = input.condition;
    if (spaceId !== undefined) {
      const [space] = await publishableSpaces(tx, actor, site.organizationId, [spaceId], 'spaceId');
      await refuseDuplicate(tx, scopeOf(siteSpace), space.id, siteSpace.id);
      data.spaceId = space.id;
    }
    return tx.siteSpace.update({ ...query, where: { id: siteSpace.id }, data });
  });
}

/** Removes the site space (the space stays); its scope's default passes to the next one. Idempotent. */
export async function deleteSiteSpace(ctx: Context, input: SiteRef & { siteSpaceId: string }): Promise<boolean> {
  const actor = requireActor(ctx);
  return ctx.prisma.$transaction(async (tx) => {
    await lockSite(tx, input.siteId);
    const site = await loadSite(tx, actor, input.siteId, input.organizationId);
    if (!site || !can(sitePolicy, actor, site, 'view')) return false;
    authorize(sitePolicy, actor, site, 'create');
    const siteSpace = await tx.siteSpace.findFirst({ where: { id: input.siteSpaceId, siteId: site.id } });
    if (!siteSpace) return false;
    await tx.siteSpace.delete({ where: { id: siteSpace.id } });
    await ensureDefaultSiteSpace(tx, scopeOf(siteSpace));
    return true;
  });
}
