// Translations (spec 4.7): create, read, change instructions, delete, and ask
// for a run. A run is a job (runTranslation.ts); asking marks the translation
// `pending` (unless one is running) and queues at most one waiting run per
// translation (a stately queue keyed by its id), so repeated asks coalesce.
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { authorize, translationPolicy } from '../../policy/index.js';
import { badRequest, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { Prisma, Translation } from '../../generated/prisma/client.js';
import { checkDocument } from '../agentInstructions/service.js';
import { isTranslationLanguage, translationLanguages } from './languages.js';
import { RUN_TRANSLATION, type RunTranslationData } from './runTranslation.js';

const subject = (organizationId: string) => ({ organizationId });
const emptyDocument = { object: 'document', data: {}, nodes: [] };

function checkLanguage(value: unknown, field: string): string {
  if (value == null || value === '') throw badRequest('is required', field);
  if (!isTranslationLanguage(value)) throw badRequest(`must be one of ${translationLanguages.join(', ')}`, field);
  return value;
}

export interface CreateTranslationInput {
  language?: string | null;
  source?: { space?: string | null; language?: string | null } | null;
  instructions?: unknown;
}

export function announceTranslation(ctx: Pick<Context, 'pubsub'>, translationId: string) {
  ctx.pubsub.publish('translationChanged', translationId, { translationId });
}

/** The translation of the organization: 404 when absent or hidden from the caller. */
export async function findTranslation(ctx: Context, organizationId: string, id: string): Promise<Translation> {
  authorize(translationPolicy, requireActor(ctx), subject(organizationId), 'view');
  const translation = await ctx.prisma.translation.findFirst({ where: { id, organizationId } });
  if (!translation) throw notFound('Translation');
  return translation;
}

/** The translations an organization lists: members only (404 elsewhere). */
export function translationListWhere(ctx: Context, organizationId: string) {
  authorize(translationPolicy, requireActor(ctx), subject(organizationId), 'view');
  return { organizationId };
}

export async function createTranslation(ctx: Context, organizationId: string, input: CreateTranslationInput) {
  const language = checkLanguage(input.language, 'language');
  if (input.source == null) throw badRequest('is required ({space, language})', 'source');
  const sourceSpaceId = input.source.space;
  if (sourceSpaceId == null || sourceSpaceId === '') throw badRequest('is required', 'source.space');
  const sourceLanguage = checkLanguage(input.source.language, 'source.language');
  if (sourceLanguage === language) throw badRequest('must differ from source.language', 'language');
  const instructions =
    input.instructions === undefined ? emptyDocument : checkDocument(input.instructions, 'instructions', ctx.contentLimits);
  authorize(translationPolicy, requireActor(ctx), subject(organizationId), 'edit');
  const source = await ctx.prisma.space.findFirst({ where: { id: sourceSpaceId, organizationId, deletedAt: null }, select: { id: true } });
  if (!source) throw badRequest('is not a space of this organization', 'source.space');
  const translation = await ctx.prisma.translation.create({
    data: {
      id: newId('Translation'),
      organizationId,
      sourceSpaceId,
      sourceLanguage,
      language,
      instructions: instructions as Prisma.InputJsonValue,
    },
  });
  announceTranslation(ctx, translation.id);
  return translation;
}

/**
 * New instructions: the next run translates every page again with them (the
 * map of pages already translated is cleared), unless they are unchanged.
 */
export async function updateTranslation(ctx: Context, organizationId: string, id: string, input: { instructions?: unknown }) {
  const instructions = checkDocument(input.instructions, 'instructions', ctx.contentLimits) as Prisma.InputJsonValue;
  const translation = authorize(translationPolicy, requireActor(ctx), await findTranslation(ctx, organizationId, id), 'edit');
  const changed = JSON.stringify(translation.instructions) !== JSON.stringify(instructions);
  const { count } = await ctx.prisma.translation.updateMany({
    where: { id, organizationId },
    data: changed ? { instructions, versionMap: {} } : { instructions },
  });
  if (count === 0) throw notFound('Translation');
  announceTranslation(ctx, id);
  return ctx.prisma.translation.findUniqueOrThrow({ where: { id } });
}

/** Idempotent: true when this call deleted it (REST answers 204 either way). The result space stays: it is content of its own. */
export async function deleteTranslation(ctx: Context, organizationId: string, id: string): Promise<boolean> {
  authorize(translationPolicy, requireActor(ctx), subject(organizationId), 'edit');
  const { count } = await ctx.prisma.translation.deleteMany({ where: { id, organizationId } });
  if (count === 1) announceTranslation(ctx, id);
  return count === 1;
}

/** Queues a run (at most one waits per translation); `pending` unless a run is under way. */
export async function runTranslation(ctx: Context, organizationId: string, id: string) {
  const translation = authorize(translationPolicy, requireActor(ctx), await findTranslation(ctx, organizationId, id), 'edit');
  await ctx.prisma.translation.updateMany({ where: { id, status: { not: 'running' } }, data: { status: 'pending' } });
  const data: RunTranslationData = { translationId: translation.id };
  await ctx.jobs.send(RUN_TRANSLATION, data, { singletonKey: translation.id });
  announceTranslation(ctx, id);
  return ctx.prisma.translation.findUniqueOrThrow({ where: { id } });
}
