// OpenAPI specifications (spec 4.11): create, put (create or update), change
// visibility, reprocess, delete — each (re)processing request bumps the spec's
// generation and queues a processing job for it (processSpec.ts).
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { authorize, openAPISpecPolicy } from '../../policy/index.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { OpenAPISpec } from '../../generated/prisma/client.js';
import { PROCESS_OPENAPI_SPEC, type ProcessSpecData } from './processSpec.js';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX = 100;
const URL_MAX = 2048;
export type SpecVisibility = 'private' | 'public';

export function checkSlug(slug: string | null | undefined, field = 'slug'): string {
  if (slug == null || slug === '') throw badRequest('is required', field);
  if (slug.length > SLUG_MAX || !SLUG.test(slug))
    throw badRequest(`must be lowercase letters and digits in dash-separated words (${SLUG}), at most ${SLUG_MAX} characters`, field);
  return slug;
}

export interface SourceInput {
  url?: string | null;
  text?: string | null;
}

/** The source URL: absolute http(s), at most 2048 characters. */
export function checkSource(source: SourceInput | null | undefined): string {
  if (source == null) throw badRequest('is required', 'source');
  if (source.text != null) throw badRequest('text sources are not supported: give source.url', 'source.text');
  const { url } = source;
  if (url == null || url === '') throw badRequest('is required', 'source.url');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest('must be an absolute URL', 'source.url');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw badRequest('must be an http or https URL', 'source.url');
  if (url.length > URL_MAX) throw badRequest(`must be at most ${URL_MAX} characters`, 'source.url');
  return url;
}

const subject = (organizationId: string) => ({ organizationId });

/** The spec `slug` of the organization: 404 when absent or hidden from the caller. */
export async function findSpec(ctx: Context, organizationId: string, slug: string): Promise<OpenAPISpec> {
  authorize(openAPISpecPolicy, requireActor(ctx), subject(organizationId), 'view');
  const spec = await ctx.prisma.openAPISpec.findUnique({ where: { organizationId_slug: { organizationId, slug } } });
  if (!spec) throw notFound('OpenAPI spec');
  return spec;
}

/** The specs an organization lists: members only (404 elsewhere), openapi:read. */
export function specListWhere(ctx: Context, organizationId: string) {
  authorize(openAPISpecPolicy, requireActor(ctx), subject(organizationId), 'view');
  return { organizationId };
}

async function queueProcessing(ctx: Context, spec: OpenAPISpec) {
  const data: ProcessSpecData = { specId: spec.id, generation: spec.generation };
  await ctx.jobs.send(PROCESS_OPENAPI_SPEC, data);
  ctx.pubsub.publish('openAPISpecChanged', spec.id, { specId: spec.id });
  return spec;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === 'P2002';

export async function createSpec(ctx: Context, organizationId: string, input: { slug?: string | null; source?: SourceInput | null }) {
  authorize(openAPISpecPolicy, requireActor(ctx), subject(organizationId), 'edit');
  const slug = checkSlug(input.slug);
  const sourceURL = checkSource(input.source);
  const spec = await ctx.prisma.openAPISpec
    .create({ data: { id: newId('OpenAPISpec'), organizationId, slug, sourceURL, generation: 1 } })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw conflict(`An OpenAPI spec with the slug "${slug}" already exists`);
      throw err;
    });
  return queueProcessing(ctx, spec);
}

/**
 * Creates the spec `slug`, or points it at a new source; processing starts
 * again either way. One statement (INSERT … ON CONFLICT), so parallel puts
 * leave one row. `created` tells which (REST 201 / 200).
 */
export async function putSpec(ctx: Context, organizationId: string, slugParam: string, input: { source?: SourceInput | null }) {
  authorize(openAPISpecPolicy, requireActor(ctx), subject(organizationId), 'edit');
  const slug = checkSlug(slugParam, 'specSlug');
  const sourceURL = checkSource(input.source);
  const [row] = await ctx.prisma.$queryRaw<{ id: string; inserted: boolean }[]>`
    INSERT INTO "OpenAPISpec" (id, "organizationId", slug, "sourceURL", generation, "updatedAt")
    VALUES (${newId('OpenAPISpec')}, ${organizationId}, ${slug}, ${sourceURL}, 1, now())
    ON CONFLICT ("organizationId", slug) DO UPDATE
      SET "sourceURL" = EXCLUDED."sourceURL", generation = "OpenAPISpec".generation + 1, "processingState" = 'pending', "updatedAt" = now()
    RETURNING id, (xmax = 0) AS inserted`;
  const spec = await ctx.prisma.openAPISpec.findUniqueOrThrow({ where: { id: row.id } });
  return { spec: await queueProcessing(ctx, spec), created: row.inserted };
}

export async function setSpecVisibility(ctx: Context, organizationId: string, slug: string, visibility: SpecVisibility | null | undefined) {
  const spec = await findSpec(ctx, organizationId, slug);
  authorize(openAPISpecPolicy, requireActor(ctx), spec, 'edit');
  if (visibility == null) throw badRequest('is required (private or public)', 'visibility');
  const { count } = await ctx.prisma.openAPISpec.updateMany({ where: { id: spec.id }, data: { visibility } });
  if (count === 0) throw notFound('OpenAPI spec');
  ctx.pubsub.publish('openAPISpecChanged', spec.id, { specId: spec.id });
  return ctx.prisma.openAPISpec.findUniqueOrThrow({ where: { id: spec.id } });
}

/** Processes the spec's source again (a new version when it parses). */
export async function reprocessSpec(ctx: Context, organizationId: string, slug: string) {
  const spec = await findSpec(ctx, organizationId, slug);
  authorize(openAPISpecPolicy, requireActor(ctx), spec, 'edit');
  const bumped = await ctx.prisma.openAPISpec
    .update({ where: { id: spec.id }, data: { generation: { increment: 1 }, processingState: 'pending' } })
    .catch(() => null);
  if (!bumped) throw notFound('OpenAPI spec');
  return queueProcessing(ctx, bumped);
}

/** Deletes the spec and its versions. Idempotent: true when this call deleted it (REST 205 / 204). */
export async function deleteSpec(ctx: Context, organizationId: string, slug: string): Promise<boolean> {
  authorize(openAPISpecPolicy, requireActor(ctx), subject(organizationId), 'edit');
  const { count } = await ctx.prisma.openAPISpec.deleteMany({ where: { organizationId, slug } });
  return count === 1;
}
