// Site customization (the public document's SiteCustomizationSettings): the
// site's settings, replaced whole by a PUT, and each site space's overrides,
// patched member by member (null resets one). Reads fill the defaults: a site
// never customized answers them, a site space without overrides its site's.
// Writes hold the site's row lock, so concurrent writers apply in turn.
import type { Context } from '../../../context.js';
import { requireActor } from '../../../context.js';
import type { Tx } from '../../../db/tx.js';
import { badRequest, notFound } from '../../../errors.js';
import { isoTimestampSql, rawQuery } from '../../../db/raw.js';
import { liveSiteSpace } from '../structure/scopes.js';
import { lockedSite } from '../service.js';
import { defaultCustomization, layered, type Settings } from './defaults.js';
import { checkJsonSize, checkShape, isObject } from './shapes.js';

/** Longest settings (or overrides) accepted, as JSON text: they are read with every published page. */
export const CUSTOMIZATION_MAX_JSON = 64_000;

interface SiteRef {
  siteId: string;
  organizationId?: string | null;
}

type Stored = { settings?: unknown; overrides?: unknown; updatedAt: Date } | null;

/** The site's effective settings (defaults under what it stored), with `updatedAt` once customized. */
export function siteSettings(stored: Stored): Settings {
  const settings = layered(defaultCustomization(), (stored?.settings as Settings) ?? {});
  return stored ? { ...settings, updatedAt: stored.updatedAt.toISOString() } : settings;
}

/** A site space's effective settings: its overrides over its site's, and whether it has any. */
export function siteSpaceSettings(site: Settings, overrides: Stored): Settings {
  const own = (overrides?.overrides as Settings) ?? {};
  const updatedAt = overrides?.updatedAt.toISOString() ?? site.updatedAt;
  return { ...layered(site, own), ...(updatedAt ? { updatedAt } : {}), hasOverrides: Object.keys(own).length > 0 };
}

export async function siteCustomization(ctx: Context, siteId: string) {
  return siteSettings(await ctx.prisma.siteCustomization.findUnique({ where: { siteId } }));
}

export async function siteSpaceCustomization(ctx: Context, siteId: string, siteSpaceId: string) {
  const [site, siteSpace] = await Promise.all([
    siteCustomization(ctx, siteId),
    ctx.prisma.siteSpace.findFirst({ where: { id: siteSpaceId, siteId, ...liveSiteSpace }, select: { customization: true } }),
  ]);
  if (!siteSpace) throw notFound('Site space');
  return siteSpaceSettings(site, siteSpace.customization);
}

/**
 * The site's settings and each live site space's overrides, in id order: one prepared
 * statement, where Prisma's relation joins would take two, one of them (LATERAL) planned
 * again on every published page.
 */
const PUBLISHED_CUSTOMIZATIONS = `
  SELECT c.settings, ${isoTimestampSql('c."updatedAt"')} AS updated_at,
    COALESCE((
      SELECT json_agg(json_build_array(x.id, o.overrides, ${isoTimestampSql('o."updatedAt"')}) ORDER BY x.id)
      FROM "SiteSpace" x
      JOIN "Space" s ON s.id = x."spaceId" AND s."deletedAt" IS NULL
      LEFT JOIN "SiteSpaceCustomization" o ON o."siteSpaceId" = x.id
      WHERE x."siteId" = $1
    ), '[]') AS site_spaces
  FROM (SELECT 1) one LEFT JOIN "SiteCustomization" c ON c."siteId" = $1`;

interface PublishedCustomizationsRow {
  settings: unknown;
  updated_at: string | null;
  site_spaces: [id: string, overrides: unknown, updatedAt: string | null][];
}

/** A stored settings (or overrides) row as the settings functions read it; null when there is none. */
const stored = (key: 'settings' | 'overrides', value: unknown, updatedAt: string | null): Stored =>
  updatedAt === null ? null : { [key]: value, updatedAt: new Date(updatedAt) };

/** The published profile's `customizations`: the site's settings and every site space's. */
export async function publishedCustomizations(ctx: Context, siteId: string) {
  const [row] = await rawQuery<PublishedCustomizationsRow>(ctx.prisma, PUBLISHED_CUSTOMIZATIONS, [siteId]);
  const site = siteSettings(stored('settings', row!.settings, row!.updated_at));
  const siteSpaces = Object.fromEntries(
    row!.site_spaces.map(([id, overrides, updatedAt]) => [id, siteSpaceSettings(site, stored('overrides', overrides, updatedAt))]),
  );
  return { site, siteSpaces };
}

/** 400 unless `value` is a JSON object of at most CUSTOMIZATION_MAX_JSON characters. */
function checkObject(value: unknown, field: string): asserts value is Settings {
  if (!isObject(value)) throw badRequest('must be a JSON object', field);
  checkJsonSize(value, CUSTOMIZATION_MAX_JSON, field);
}

/** Replaces the site's settings (site admins); answers the effective ones. */
export async function updateSiteCustomization(ctx: Context, input: SiteRef & { settings?: unknown }) {
  const actor = requireActor(ctx);
  checkObject(input.settings, 'settings');
  checkShape('SiteCustomizationSettingsBase', input.settings, '');
  const stored = await ctx.prisma.$transaction(async (tx) => {
    const site = await lockedSite(tx, actor, input.siteId, input.organizationId, 'customize');
    const data = { settings: input.settings as object, updatedAt: ctx.clock.now() };
    return tx.siteCustomization.upsert({
      where: { siteId: site.id },
      create: { siteId: site.id, organizationId: site.organizationId, ...data },
      update: data,
    });
  });
  return siteSettings(stored);
}

async function siteSpaceOf(tx: Tx, siteId: string, siteSpaceId: string) {
  const siteSpace = await tx.siteSpace.findFirst({ where: { id: siteSpaceId, siteId, ...liveSiteSpace }, select: { id: true } });
  if (!siteSpace) throw notFound('Site space');
  return siteSpace;
}

/** Lays `overrides` over the site space's (null members reset theirs); answers its effective settings. */
export async function overrideSiteSpaceCustomization(ctx: Context, input: SiteRef & { siteSpaceId: string; overrides?: unknown }) {
  const actor = requireActor(ctx);
  checkObject(input.overrides, 'overrides');
  checkShape('SiteSpaceCustomizationOverrides', input.overrides, '');
  await ctx.prisma.$transaction(async (tx) => {
    const site = await lockedSite(tx, actor, input.siteId, input.organizationId, 'customize');
    const siteSpace = await siteSpaceOf(tx, site.id, input.siteSpaceId);
    const current = await tx.siteSpaceCustomization.findUnique({ where: { siteSpaceId: siteSpace.id } });
    const overrides = layered((current?.overrides as Settings) ?? {}, input.overrides as Settings);
    checkJsonSize(overrides, CUSTOMIZATION_MAX_JSON, 'overrides');
    const data = { overrides: overrides as object, updatedAt: ctx.clock.now() };
    await tx.siteSpaceCustomization.upsert({
      where: { siteSpaceId: siteSpace.id },
      create: { siteSpaceId: siteSpace.id, siteId: site.id, organizationId: site.organizationId, ...data },
      update: data,
    });
  });
  return siteSpaceCustomization(ctx, input.siteId, input.siteSpaceId);
}

/** Removes the site space's overrides. Idempotent: whether there were any. */
export async function deleteSiteSpaceCustomization(ctx: Context, input: SiteRef & { siteSpaceId: string }): Promise<boolean> {
  const actor = requireActor(ctx);
  return ctx.prisma.$transaction(async (tx) => {
    const site = await lockedSite(tx, actor, input.siteId, input.organizationId, 'customize');
    const { count } = await tx.siteSpaceCustomization.deleteMany({ where: { siteSpaceId: input.siteSpaceId, siteId: site.id } });
    return count > 0;
  });
}
