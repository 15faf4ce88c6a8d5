// Share links (spec 4.5): secret keys that open a share-link site, managed by
// its admins. A deactivated link stops opening the site at once (the key is
// checked against `active` on every read).
import { randomBytes } from 'node:crypto';
import type { Context } from '../../../context.js';
import { requireActor } from '../../../context.js';
import { badRequest, notFound } from '../../../errors.js';
import { newId } from '../../../ids.js';
import type { Prisma } from '../../../generated/prisma/client.js';
import { authorize, can, sitePolicy } from '../../../policy/index.js';
import { checkLength } from '../../../validate.js';
import { loadSite } from '../service.js';
import { notNull } from '../limits.js';

type Query = { include?: Prisma.ShareLinkInclude; select?: Prisma.ShareLinkSelect };
const NAME_MAX = 50;

interface SiteRef {
  siteId: string;
  organizationId?: string | null;
}

const newShareKey = () => randomBytes(24).toString('base64url');

function checkName(value: string | null | undefined) {
  checkLength('name', notNull('name', value), 0, NAME_MAX);
}

async function siteFor(ctx: Context, ref: SiteRef, action: 'viewShareLinks' | 'manageShareLinks') {
  const actor = requireActor(ctx);
  return authorize(sitePolicy, actor, await loadSite(ctx.prisma, actor, ref.siteId, ref.organizationId), action);
}

export async function createShareLink(ctx: Context, input: SiteRef & { name?: string | null }, query: Query = {}) {
  checkName(input.name);
  if (input.name === undefined) throw badRequest('is required', 'name');
  const site = await siteFor(ctx, input, 'manageShareLinks');
  return ctx.prisma.shareLink.create({
    ...query,
    data: { id: newId('ShareLink'), organizationId: site.organizationId, siteId: site.id, name: input.name!, key: newShareKey() },
  });
}

export async function updateShareLink(
  ctx: Context,
  input: SiteRef & { shareLinkId: string; name?: string | null; active?: boolean | null },
  query: Query = {},
) {
  if (input.name !== undefined) checkName(input.name);
  const active = notNull('active', input.active);
  if (input.name === undefined && active === undefined) throw badRequest('give at least one of active and name');
  const site = await siteFor(ctx, input, 'manageShareLinks');
  const { count } = await ctx.prisma.shareLink.updateMany({
    where: { id: input.shareLinkId, siteId: site.id },
    data: { name: input.name ?? undefined, active },
  });
  if (!count) throw notFound('Share link');
  return ctx.prisma.shareLink.findUniqueOrThrow({ ...query, where: { id: input.shareLinkId } });
}

/** Idempotent: whether this call deleted the link. */
export async function deleteShareLink(ctx: Context, input: SiteRef & { shareLinkId: string }): Promise<boolean> {
  const actor = requireActor(ctx);
  const site = await loadSite(ctx.prisma, actor, input.siteId, input.organizationId);
  // Hidden sites delete nothing; reading the site takes no scope here (site:auth:write is the route's).
  if (!site || !can(sitePolicy, actor, site, 'locate')) return false;
  authorize(sitePolicy, actor, site, 'manageShareLinks');
  const { count } = await ctx.prisma.shareLink.deleteMany({ where: { id: input.shareLinkId, siteId: site.id } });
  return count > 0;
}
