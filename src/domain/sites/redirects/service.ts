// Site redirects: a source path (unique per site among its live redirects, and
// among its drafts) leading to a destination. Writes hold the site's row lock
// (so a bulk upsert applies whole, and the per-site bound holds); the unique
// index still decides a race with a writer that did not take it (409).
import type { Context } from '../../../context.js';
import { requireActor } from '../../../context.js';
import type { Tx } from '../../../db/tx.js';
import type { Prisma, SiteRedirect } from '../../../generated/prisma/client.js';
import { badRequest, conflict, notFound } from '../../../errors.js';
import { newId } from '../../../ids.js';
import { authorize, can, sitePolicy } from '../../../policy/index.js';
import { notNull } from '../limits.js';
import { loadSite, lockedSite } from '../service.js';
import { checkShape, isObject } from '../customization/shapes.js';
import { presentShareKey, siteSubject } from '../shareLinks/shareKeys.js';
import { destinationResolver, destinationUrl, refusal, type Destination } from './destinations.js';

/** Most redirects a site holds (live and draft), and most items of one bulk upsert (the public document's). */
export const REDIRECT_LIMITS = { perSite: 10_000, perBulk: 500 };

interface SiteRef {
  siteId: string;
  organizationId?: string | null;
}

const taken = (source: string) => conflict(`source: a redirect from ${source} already exists on this site`);
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === 'P2002';

async function checkRoom(tx: Tx, siteId: string, adding: number) {
  const count = await tx.siteRedirect.count({ where: { siteId } });
  if (count + adding > REDIRECT_LIMITS.perSite) throw badRequest(`a site holds at most ${REDIRECT_LIMITS.perSite} redirects`);
}

/** Runs `work` on the site (locked, the caller allowed to manage its redirects); a unique violation is a 409. */
async function withRedirectsOf<T>(
  ctx: Context,
  input: SiteRef,
  source: string | undefined,
  work: (tx: Tx, site: { id: string; organizationId: string }) => Promise<T>,
) {
  const actor = requireActor(ctx);
  try {
    return await ctx.prisma.$transaction(async (tx) =>
      work(tx, await lockedSite(tx, actor, input.siteId, input.organizationId, 'manageRedirects')),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw taken(source ?? 'this source');
    throw err;
  }
}

export interface CreateRedirectInput extends SiteRef {
  source: string;
  destination?: unknown;
  captureWildcard?: boolean | null;
  draft?: boolean | null;
  permanent?: boolean | null;
}

export async function createSiteRedirect(ctx: Context, input: CreateRedirectInput) {
  checkShape('SiteRedirectSourcePath', input.source, 'source');
  const draft = notNull('draft', input.draft) ?? false;
  return withRedirectsOf(ctx, input, input.source, async (tx, site) => {
    const destination = await destinationResolver(tx, site.id)(input.destination, 'destination');
    if (await tx.siteRedirect.count({ where: { siteId: site.id, draft, source: input.source } })) throw taken(input.source);
    await checkRoom(tx, site.id, 1);
    return tx.siteRedirect.create({
      data: {
        id: newId('SiteRedirect'),
        organizationId: site.organizationId,
        siteId: site.id,
        source: input.source,
        draft,
        captureWildcard: notNull('captureWildcard', input.captureWildcard) ?? false,
        permanent: notNull('permanent', input.permanent) ?? false,
        destination: destination as object,
        createdAt: ctx.clock.now(),
        changedAt: ctx.clock.now(),
      },
    });
  });
}

export interface UpdateRedirectInput extends SiteRef {
  siteRedirectId: string;
  source?: string | null;
  destination?: unknown;
  captureWildcard?: boolean | null;
  draft?: boolean | null;
  permanent?: boolean | null;
}

/** Changes the fields given; the redirect becomes the user's (an automatic one is no longer replaced by page moves). */
export async function updateSiteRedirect(ctx: Context, input: UpdateRedirectInput) {
  const source = notNull('source', input.source);
  if (source !== undefined) checkShape('SiteRedirectSourcePath', source, 'source');
  if (input.destination === null) throw badRequest('may not be null', 'destination');
  return withRedirectsOf(ctx, input, source, async (tx, site) => {
    const redirect = await tx.siteRedirect.findFirst({ where: { id: input.siteRedirectId, siteId: site.id } });
    if (!redirect) throw notFound('Site redirect');
    const data: Prisma.SiteRedirectUncheckedUpdateInput = { automatic: false, updatedAt: ctx.clock.now(), changedAt: ctx.clock.now() };
    if (source !== undefined) data.source = source;
    if (input.destination !== undefined)
      data.destination = (await destinationResolver(tx, site.id)(input.destination, 'destination', 'stored')) as object;
    for (const key of ['captureWildcard', 'draft', 'permanent'] as const) {
      const value = notNull(key, input[key]);
      if (value !== undefined) data[key] = value;
    }
    const draft = (data.draft as boolean | undefined) ?? redirect.draft;
    const clash = await tx.siteRedirect.count({
      where: { siteId: site.id, draft, source: source ?? redirect.source, id: { not: redirect.id } },
    });
    if (clash) throw taken(source ?? redirect.source);
    return tx.siteRedirect.update({ where: { id: redirect.id }, data });
  });
}

/** Deletes the redirect. Idempotent: whether this call deleted it. */
export async function deleteSiteRedirect(ctx: Context, input: SiteRef & { siteRedirectId: string }): Promise<boolean> {
  const actor = requireActor(ctx);
  return ctx.prisma.$transaction(async (tx) => {
    const site = await lockedSite(tx, actor, input.siteId, input.organizationId, 'manageRedirects');
    const { count } = await tx.siteRedirect.deleteMany({ where: { id: input.siteRedirectId, siteId: site.id } });
    return count > 0;
  });
}

// Bulk upserts: each item is applied in order, in one transaction; an item whose
// destination names nothing of the site answers `error` and changes nothing.

export type BulkResult =
  | { status: 'created' | 'updated' | 'published'; source: string; draft: boolean; id: string }
  | { status: 'deleted'; source: string; draft: boolean }
  | { status: 'error'; source: string; draft: boolean; error: string };

interface BulkItem {
  source: string;
  intent?: 'live' | 'draft' | 'publish';
  destination?: unknown;
  captureWildcard?: boolean;
  permanent?: boolean;
}

const BULK_ITEM_KEYS = new Set(['source', 'intent', 'destination', 'captureWildcard', 'permanent']);

function checkBulkItem(item: unknown, field: string): asserts item is BulkItem {
  if (!isObject(item)) throw badRequest('must be an object', field);
  for (const key of Object.keys(item)) if (!BULK_ITEM_KEYS.has(key)) throw badRequest('is not a known field', `${field}.${key}`);
  checkShape('SiteRedirectSourcePath', item.source, `${field}.source`);
  const intent = item.intent ?? 'live';
  if (intent !== 'live' && intent !== 'draft' && intent !== 'publish')
    throw badRequest('must be live, draft or publish', `${field}.intent`);
  if (intent !== 'publish' && !('destination' in item)) throw badRequest('is required', `${field}.destination`);
  for (const key of ['captureWildcard', 'permanent'] as const)
    if (item[key] !== undefined && typeof item[key] !== 'boolean') throw badRequest('must be a boolean', `${field}.${key}`);
}

export async function bulkUpsertSiteRedirects(ctx: Context, input: SiteRef & { redirects: readonly unknown[] }) {
  const { redirects } = input;
  if (redirects.length < 1 || redirects.length > REDIRECT_LIMITS.perBulk)
    throw badRequest(`must hold 1 to ${REDIRECT_LIMITS.perBulk} redirects`, 'redirects');
  redirects.forEach((item, i) => checkBulkItem(item, `redirects[${i}]`));
  return withRedirectsOf(ctx, input, undefined, async (tx, site) => {
    const resolve = destinationResolver(tx, site.id);
    const results: BulkResult[] = [];
    for (const [i, item] of (redirects as BulkItem[]).entries()) results.push(await applyBulkItem(ctx, tx, site, resolve, item, i));
    await checkRoom(tx, site.id, 0);
    return results;
  });
}

async function applyBulkItem(
  ctx: Context,
  tx: Tx,
  site: { id: string; organizationId: string },
  resolve: ReturnType<typeof destinationResolver>,
  item: BulkItem,
  i: number,
): Promise<BulkResult> {
  const { source } = item;
  if (item.intent === 'publish') return publishDraft(ctx, tx, site, source);
  const draft = item.intent === 'draft';
  const key = { siteId_draft_source: { siteId: site.id, draft, source } };
  if (item.destination === null) {
    await tx.siteRedirect.deleteMany({ where: { siteId: site.id, draft, source } });
    return { status: 'deleted', source, draft };
  }
  let destination: Destination;
  try {
    destination = await resolve(item.destination, `redirects[${i}].destination`);
  } catch (err) {
    const error = refusal(err);
    if (error === undefined) throw err;
    return { status: 'error', source, draft, error };
  }
  const now = ctx.clock.now();
  const fields = { destination: destination as object, automatic: false, ...flags(item) };
  const existing = await tx.siteRedirect.findUnique({ where: key, select: { id: true } });
  if (existing) {
    await tx.siteRedirect.update({ where: { id: existing.id }, data: { ...fields, updatedAt: now, changedAt: now } });
    return { status: 'updated', source, draft, id: existing.id };
  }
  const id = newId('SiteRedirect');
  await tx.siteRedirect.create({
    data: { id, organizationId: site.organizationId, siteId: site.id, source, draft, ...fields, createdAt: now, changedAt: now },
  });
  return { status: 'created', source, draft, id };
}

const flags = (item: { captureWildcard?: boolean; permanent?: boolean }) => ({
  ...(item.captureWildcard !== undefined ? { captureWildcard: item.captureWildcard } : {}),
  ...(item.permanent !== undefined ? { permanent: item.permanent } : {}),
});

/** The draft redirect of `source` made live (replacing the live one), the draft removed. */
async function publishDraft(ctx: Context, tx: Tx, site: { id: string; organizationId: string }, source: string): Promise<BulkResult> {
  const draft = await tx.siteRedirect.findUnique({ where: { siteId_draft_source: { siteId: site.id, draft: true, source } } });
  if (!draft) return { status: 'error', source, draft: false, error: 'source: no draft redirect of this source to publish' };
  const now = ctx.clock.now();
  const fields = {
    destination: draft.destination as object,
    captureWildcard: draft.captureWildcard,
    permanent: draft.permanent,
    automatic: false,
  };
  await tx.siteRedirect.delete({ where: { id: draft.id } });
  const live = await tx.siteRedirect.upsert({
    where: { siteId_draft_source: { siteId: site.id, draft: false, source } },
    create: {
      id: newId('SiteRedirect'),
      organizationId: site.organizationId,
      siteId: site.id,
      source,
      ...fields,
      createdAt: now,
      changedAt: now,
    },
    update: { ...fields, updatedAt: now, changedAt: now },
  });
  return { status: 'published', source, draft: false, id: live.id };
}

/** The live redirect a visitor's path follows: the exact source, else the longest wildcard source it starts with. */
export async function redirectForPath(tx: Tx, siteId: string, path: string): Promise<SiteRedirect | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM "SiteRedirect"
    WHERE "siteId" = ${siteId} AND draft = false
      AND (source = ${path}
        OR (right(source, 1) = '*' AND left(${path}, length(source) - 1) = left(source, length(source) - 1)))
    ORDER BY (source = ${path}) DESC, length(source) DESC
    LIMIT 1`;
  return rows.length ? tx.siteRedirect.findUnique({ where: { id: rows[0].id } }) : null;
}

/**
 * getSiteRedirectBySource: the redirect a path of the site follows and the URL it
 * leads to, for whoever may read the published site (a share-link site's readers
 * with their key) and its members (the policy's `lookupRedirect`); 404 when none.
 */
export async function lookupSiteRedirect(ctx: Context, input: SiteRef & { source: string; shareKey?: string | null }) {
  const actor = requireActor(ctx);
  checkShape('SiteRedirectSourcePath', input.source, 'source');
  presentShareKey(ctx, input.siteId, input.shareKey);
  const row = await loadSite(ctx.prisma, actor, input.siteId, input.organizationId);
  const site = authorize(sitePolicy, actor, row && (await siteSubject(ctx, row)), 'view');
  if (!can(sitePolicy, actor, site, 'lookupRedirect')) throw notFound('Site redirect');
  const redirect = await redirectForPath(ctx.prisma, site.id, input.source);
  if (!redirect) throw notFound('Site redirect');
  const target = await destinationUrl(ctx.prisma, ctx.urls, site, redirect.destination as Destination);
  // A wildcard source hands what its `*` matched to the destination when asked to.
  const suffix = redirect.captureWildcard && redirect.source.endsWith('*') ? input.source.slice(redirect.source.length - 1) : '';
  return { redirect, target: suffix ? `${target.replace(/\/$/, '')}/${suffix.replace(/^\//, '')}` : target };
}
