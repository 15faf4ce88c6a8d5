// Site rules: creation (with spaces published at its root), settings,
// publication and deletion. Input is checked before authorization (a malformed
// request is a 400 whoever sends it); every write of a site's settings or
// structure runs in a transaction holding the site's row lock, so concurrent
// writers apply one after the other.
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { authorize, can, sitePolicy, siteCreationSubject, siteLookupScope, spacePolicy, type Actor } from '../../policy/index.js';
import { isMember } from '../../policy/actor.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { Prisma } from '../../generated/prisma/client.js';
import type { Tx } from '../../db/tx.js';
import { defaultLevelIn } from '../../schema/enums.js';
import { checkBasename, checkHostname, checkProxy, checkSiteTitle, notNull } from './limits.js';
import { pathAllocator } from './structure/paths.js';

type Query = { include?: Prisma.SiteInclude; select?: Prisma.SiteSelect };
type SiteAction = keyof ReturnType<typeof sitePolicy.roleRules>;

/** A site of the caller's organizations, or reached by a share key they presented (of `organizationId` when the route names one). */
export const loadSite = (db: Pick<Tx, 'site'>, actor: Actor, id: string, organizationId?: string | null, query: Query = {}) =>
  db.site.findFirst({ ...query, where: { AND: [{ id, ...(organizationId ? { organizationId } : {}) }, siteLookupScope(actor)] } });

/** Takes the site's row lock for the rest of the transaction (false when there is no such site). */
export async function lockSite(tx: Tx, id: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Site" WHERE id = ${id} FOR UPDATE`;
  return rows.length > 0;
}

/** Loads the site under its row lock and checks the caller may do `action` on it. */
export async function lockedSite(tx: Tx, actor: Actor, id: string, organizationId: string | null | undefined, action: SiteAction) {
  await lockSite(tx, id);
  return authorize(sitePolicy, actor, await loadSite(tx, actor, id, organizationId), action);
}

export async function findSite(ctx: Context, id: string, organizationId?: string | null, query: Query = {}) {
  const actor = requireActor(ctx);
  return authorize(sitePolicy, actor, await loadSite(ctx.prisma, actor, id, organizationId, query), 'view');
}

export interface CreateSiteInput {
  organizationId: string;
  type?: string | null;
  title?: string | null;
  visibility?: string | null;
  spaces?: readonly string[] | null;
}

export async function createSite(ctx: Context, input: CreateSiteInput, query: Query = {}) {
  const actor = requireActor(ctx);
  checkSiteTitle(input.title);
  const type = notNull('type', input.type) ?? 'basic';
  const visibility = notNull('visibility', input.visibility) ?? 'public';
  const spaceIds = [...new Set(notNull('spaces', input.spaces) ?? [])];
  if (!isMember(actor, input.organizationId)) throw notFound('Organization');
  if (!can(sitePolicy, actor, siteCreationSubject(input.organizationId), 'createSite'))
    throw forbidden('You are not allowed to create a site in this organization');
  const id = newId('Site');
  return ctx.prisma.$transaction(async (tx) => {
    const spaces = await publishableSpaces(tx, actor, input.organizationId, spaceIds, 'spaces');
    const pathFor = pathAllocator([], 'space');
    const siteSpaces = spaces.map((space, i) => ({
      id: newId('SiteSpace'),
      spaceId: space.id,
      path: pathFor(space.title),
      sortKey: i + 1,
    }));
    await tx.site.create({ data: { id, organizationId: input.organizationId, title: input.title ?? 'Untitled site', type, visibility } });
    // One statement of four arrays for all its site spaces, whatever their number (Prisma binds each row's columns).
    await tx.$executeRaw`
      INSERT INTO "SiteSpace" (id, "organizationId", "siteId", "spaceId", path, "sortKey")
      SELECT s.id, ${input.organizationId}, ${id}, s."spaceId", s.path, s."sortKey"
      FROM unnest(${siteSpaces.map((s) => s.id)}::text[], ${siteSpaces.map((s) => s.spaceId)}::text[], ${siteSpaces.map((s) => s.path)}::text[], ${siteSpaces.map((s) => s.sortKey)}::float8[])
        AS s(id, "spaceId", path, "sortKey")`;
    // The first space added is the site's default content.
    return tx.site.update({ ...query, where: { id }, data: { defaultSiteSpaceId: siteSpaces[0]?.id ?? null } });
  });
}

/** The live spaces of the organization the caller may see, in the order given; 400 naming the first that is not one. */
export async function publishableSpaces(tx: Tx, actor: Actor, organizationId: string, ids: readonly string[], field: string) {
  const rows = await tx.space.findMany({ where: { id: { in: [...ids] }, organizationId, deletedAt: null } });
  const byId = new Map(rows.map((s) => [s.id, s]));
  return ids.map((spaceId, i) => {
    const space = byId.get(spaceId);
    if (!space || !can(spacePolicy, actor, space, 'view'))
      throw badRequest("must name a space of the site's organization", ids.length > 1 || field.endsWith('s') ? `${field}[${i}]` : field);
    return space;
  });
}

export interface UpdateSiteInput {
  organizationId?: string | null;
  siteId: string;
  title?: string | null;
  visibility?: string | null;
  hostname?: string | null;
  basename?: string | null;
  proxy?: string | null;
  defaultLevel?: string | null;
  adaptiveContent?: { enabled: boolean } | null;
  agentsContext?: string | null;
  defaultSiteSpace?: string | null;
  defaultSiteSection?: string | null;
}

/** The columns an update sets, from the fields given (absent ones stay). */
function settingsData(input: UpdateSiteInput): Prisma.SiteUncheckedUpdateInput {
  checkSiteTitle(input.title);
  checkHostname(input.hostname);
  checkBasename(input.basename);
  checkProxy(input.proxy);
  const data: Prisma.SiteUncheckedUpdateInput = {};
  if (input.title !== undefined) data.title = input.title!;
  if (input.visibility !== undefined) data.visibility = notNull('visibility', input.visibility);
  if (input.agentsContext !== undefined) data.agentsContext = notNull('agentsContext', input.agentsContext);
  if (input.adaptiveContent !== undefined) data.adaptiveContent = notNull('adaptiveContent', input.adaptiveContent)!.enabled;
  if (input.defaultLevel !== undefined) data.defaultLevel = defaultLevelIn(input.defaultLevel);
  // Nullable settings: null removes them.
  if (input.hostname !== undefined) data.hostname = input.hostname;
  if (input.basename !== undefined) data.basename = input.basename;
  // A proxy origin belongs to one site: stored in lower case, so that case variants are the same origin.
  if (input.proxy !== undefined) data.proxy = input.proxy?.toLowerCase() ?? null;
  return data;
}

export async function updateSite(ctx: Context, input: UpdateSiteInput, query: Query = {}) {
  const actor = requireActor(ctx);
  const data = settingsData(input);
  notNull('defaultSiteSpace', input.defaultSiteSpace);
  notNull('defaultSiteSection', input.defaultSiteSection);
  try {
    return await ctx.prisma.$transaction(async (tx) => {
      const site = await lockedSite(tx, actor, input.siteId, input.organizationId, 'update');
      if (input.hostname && (await tx.site.count({ where: { hostname: input.hostname, id: { not: site.id } } }))) throw hostnameTaken();
      if (typeof data.proxy === 'string' && (await tx.site.count({ where: { proxy: data.proxy, id: { not: site.id } } })))
        throw proxyTaken();
      if (input.defaultSiteSection) {
        const section = await tx.siteSection.findFirst({ where: { id: input.defaultSiteSection, siteId: site.id } });
        if (!section) throw badRequest('must name a section of this site', 'defaultSiteSection');
        data.defaultSiteSectionId = section.id;
      }
      const defaultSectionId = (data.defaultSiteSectionId as string | undefined) ?? site.defaultSiteSectionId;
      if (input.defaultSiteSpace) await setDefaultSiteSpace(tx, site.id, input.defaultSiteSpace, defaultSectionId, data);
      return tx.site.update({ ...query, where: { id: site.id }, data });
    });
  } catch (err) {
    // Two sites claiming one hostname or proxy at once: the unique index decides.
    const { code, meta } = err as { code?: string; meta?: { target?: unknown } };
    if (code === 'P2002') throw JSON.stringify(meta?.target ?? '').includes('proxy') ? proxyTaken() : hostnameTaken();
    throw err;
  }
}

const hostnameTaken = () => conflict('hostname: another site already uses this hostname');
const proxyTaken = () => conflict('proxy: another site already uses this proxy origin');

/** The default site space at the root, or (a site with sections) in its default section. */
async function setDefaultSiteSpace(
  tx: Tx,
  siteId: string,
  siteSpaceId: string,
  defaultSectionId: string | null,
  data: Prisma.SiteUncheckedUpdateInput,
) {
  const siteSpace = await tx.siteSpace.findFirst({ where: { id: siteSpaceId, siteId } });
  if (!siteSpace) throw badRequest('must name a site space of this site', 'defaultSiteSpace');
  if (siteSpace.sectionId === null) {
    data.defaultSiteSpaceId = siteSpace.id;
  } else if (siteSpace.sectionId === defaultSectionId) {
    await tx.siteSection.update({ where: { id: siteSpace.sectionId }, data: { defaultSiteSpaceId: siteSpace.id } });
  } else {
    throw badRequest('must be a site space at the root of the site or in its default section', 'defaultSiteSpace');
  }
}

export async function setSitePublished(
  ctx: Context,
  input: { siteId: string; organizationId?: string | null },
  published: boolean,
  query: Query = {},
) {
  const actor = requireActor(ctx);
  return ctx.prisma.$transaction(async (tx) => {
    const site = await lockedSite(tx, actor, input.siteId, input.organizationId, 'publish');
    return tx.site.update({ ...query, where: { id: site.id }, data: { published } });
  });
}

/** Deletes the site with its structure and share links. Idempotent: whether this call deleted it. */
export async function deleteSite(ctx: Context, input: { siteId: string; organizationId?: string | null }): Promise<boolean> {
  const actor = requireActor(ctx);
  return ctx.prisma.$transaction(async (tx) => {
    await lockSite(tx, input.siteId);
    const site = await loadSite(tx, actor, input.siteId, input.organizationId);
    if (!site || !can(sitePolicy, actor, site, 'view')) return false;
    authorize(sitePolicy, actor, site, 'delete');
    // The organization's default content no longer exists.
    await tx.organization.updateMany({
      where: { id: site.organizationId, defaultContentSiteId: site.id },
      data: { defaultContentSiteId: null },
    });
    await tx.site.delete({ where: { id: site.id } });
    return true;
  });
}
