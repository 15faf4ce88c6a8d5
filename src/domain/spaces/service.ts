// Space rules: creation, settings, soft deletion (7-day retention), restore,
// duplication. Moves and transfers are shared with collections (../content).
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { authorize, can, collectionPolicy, organizationPolicy, spacePolicy } from '../../policy/index.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import { checkLength } from '../../validate.js';
import { DAY } from '../../clock.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { parseMergeRules } from '../shared/mergeRules.js';
import { defaultLevelIn } from '../shared/enums.js';
import { resolveLevel } from '../content/levels.js';
import { sortKeyAt } from '../content/position.js';
import { moveContent, type MoveInput } from '../content/contentMover.js';
import { transferContent, type TransferInput } from '../content/contentTransferrer.js';
import { randomBytes } from 'node:crypto';

export const SPACE_RETENTION_MS = 7 * DAY;
const TITLE_MAX = 50;

type Query = { include?: Prisma.SpaceInclude; select?: Prisma.SpaceSelect };

/** A space row unless it was deleted longer ago than the retention period. */
async function loadSpace(ctx: Context, id: string, query: Query = {}) {
  const space = await ctx.prisma.space.findUnique({ ...query, where: { id } });
  if (space?.deletedAt && space.deletedAt.getTime() < ctx.clock.now().getTime() - SPACE_RETENTION_MS) return null;
  return space;
}

export async function findSpace(ctx: Context, id: string, shareKey?: string | null, query: Query = {}) {
  const actor = requireActor(ctx);
  if (shareKey) actor.shareKeys.add(shareKey);
  return authorize(spacePolicy, actor, await loadSpace(ctx, id, query), 'view');
}

export interface CreateSpaceInput {
  title?: string | null;
  emoji?: string | null;
  parent?: string | null;
  language?: string | null;
  editMode?: 'live' | 'locked' | null;
  empty?: boolean | null;
}

export async function createSpace(ctx: Context, organizationId: string, input: CreateSpaceInput, query: Query = {}) {
  const actor = requireActor(ctx);
  checkLength('title', input.title, 0, TITLE_MAX);
  checkLength('emoji', input.emoji, 0, 50);
  const org = await ctx.prisma.organization.findUnique({ where: { id: organizationId } });
  let parentLevel: string | undefined;
  if (input.parent) {
    authorize(organizationPolicy, actor, org, 'view');
    const parent = await ctx.prisma.collection.findUnique({ where: { id: input.parent } });
    if (!parent || parent.organizationId !== organizationId) throw notFound('Collection');
    authorize(collectionPolicy, actor, parent, 'create');
    parentLevel = parent.memberLevel;
  } else {
    authorize(organizationPolicy, actor, org, 'createContent');
  }
  const id = newId('Space');
  const revisionId = newId('Revision');
  return ctx.prisma.$transaction(async (tx) => {
    await tx.space.create({
      data: {
        id,
        organizationId,
        parentId: input.parent ?? null,
        title: input.title ?? '',
        emoji: input.emoji ?? null,
        language: input.language ?? null,
        editMode: input.editMode ?? 'live',
        visibility: input.parent ? 'in-collection' : 'private',
        memberLevel: resolveLevel('inherit', parentLevel),
        shareKey: randomBytes(24).toString('base64url'),
        revisionId,
        sortKey: await sortKeyAt(tx, organizationId, input.parent ?? null, id),
      },
    });
    await tx.revision.create({ data: { id: revisionId, organizationId, spaceId: id } });
    if (!input.empty) {
      await tx.page.create({
        data: { id: newId('Page'), organizationId, revisionId, title: 'Untitled', slug: 'untitled', path: 'untitled' },
      });
    }
    return tx.space.findUniqueOrThrow({ ...query, where: { id } });
  });
}

export interface UpdateSpaceInput {
  title?: string | null;
  emoji?: string | null;
  editMode?: 'live' | 'locked' | null;
  defaultLevel?: string | null;
  language?: string | null;
  mergeRules?: unknown;
}

export async function updateSpace(ctx: Context, id: string, input: UpdateSpaceInput, query: Query = {}) {
  const space = authorize(spacePolicy, requireActor(ctx), await loadSpace(ctx, id), 'update');
  const data: Prisma.SpaceUpdateInput = {};
  if (input.title !== undefined) {
    if (input.title === null) throw badRequest('cannot be null', 'title');
    checkLength('title', input.title, 0, TITLE_MAX);
    data.title = input.title;
  }
  if (input.emoji !== undefined) {
    checkLength('emoji', input.emoji, 0, 50);
    data.emoji = input.emoji;
  }
  if (input.editMode !== undefined) {
    if (input.editMode === null) throw badRequest('cannot be null', 'editMode');
    data.editMode = input.editMode;
  }
  if (input.language !== undefined) data.language = input.language;
  if (input.mergeRules !== undefined) data.mergeRules = parseMergeRules(input.mergeRules, { allowInherit: true });
  if (input.defaultLevel !== undefined) {
    const defaultLevel = defaultLevelIn(input.defaultLevel);
    const parent = space.parentId ? await ctx.prisma.collection.findUnique({ where: { id: space.parentId }, select: { memberLevel: true } }) : null;
    data.defaultLevel = defaultLevel;
    data.memberLevel = resolveLevel(defaultLevel, parent?.memberLevel);
  }
  return ctx.prisma.space.update({ ...query, where: { id }, data });
}

/** Soft delete: hidden at once, restorable for 7 days, then purged. Idempotent. */
export async function deleteSpace(ctx: Context, id: string) {
  const actor = requireActor(ctx);
  const space = await loadSpace(ctx, id);
  // Absent, or invisible to the caller: nothing to delete (and nothing revealed).
  if (!space || !can(spacePolicy, actor, space, 'view') || space.deletedAt) return;
  authorize(spacePolicy, actor, space, 'delete');
  await ctx.prisma.space.update({ where: { id }, data: { deletedAt: ctx.clock.now() } });
}

export async function restoreSpace(ctx: Context, id: string, query: Query = {}) {
  const space = authorize(spacePolicy, requireActor(ctx), await loadSpace(ctx, id), 'restore');
  if (!space.deletedAt) throw conflict('The space is not deleted');
  return ctx.prisma.space.update({ ...query, where: { id }, data: { deletedAt: null } });
}

/** A copy of the space and of its current content, next to it. */
export async function duplicateSpace(ctx: Context, id: string, query: Query = {}) {
  const source = authorize(spacePolicy, requireActor(ctx), await loadSpace(ctx, id), 'duplicate');
  const pages = await ctx.prisma.page.findMany({ where: { revisionId: source.revisionId }, orderBy: { sortKey: 'asc' } });
  const copyId = newId('Space');
  const revisionId = newId('Revision');
  const pageIds = new Map(pages.map((p) => [p.id, newId('Page')]));
  return ctx.prisma.$transaction(async (tx) => {
    await tx.space.create({
      data: {
        ...source,
        id: copyId,
        title: `${source.title} (copy)`.slice(0, TITLE_MAX),
        mergeRules: source.mergeRules ?? undefined,
        shareKey: randomBytes(24).toString('base64url'),
        revisionId,
        sortKey: await sortKeyAt(tx, source.organizationId, source.parentId, copyId),
        createdAt: undefined,
        updatedAt: undefined,
        deletedAt: null,
      },
    });
    await tx.revision.create({ data: { id: revisionId, organizationId: source.organizationId, spaceId: copyId } });
    await tx.page.createMany({
      data: pages.map((p) => ({
        ...p,
        id: pageIds.get(p.id)!,
        revisionId,
        parentId: p.parentId ? (pageIds.get(p.parentId) ?? null) : null,
        createdAt: undefined,
        updatedAt: undefined,
      })),
    });
    return tx.space.findUniqueOrThrow({ ...query, where: { id: copyId } });
  });
}

export async function moveSpace(ctx: Context, id: string, input: MoveInput, query: Query = {}) {
  const space = authorize(spacePolicy, requireActor(ctx), await loadSpace(ctx, id), 'move');
  await moveContent(ctx, 'space', space, input);
  return ctx.prisma.space.findUniqueOrThrow({ ...query, where: { id } });
}

export async function transferSpace(ctx: Context, id: string, input: TransferInput, query: Query = {}) {
  const space = authorize(spacePolicy, requireActor(ctx), await loadSpace(ctx, id), 'transfer');
  await transferContent(ctx, 'space', space, input);
  return ctx.prisma.space.findUniqueOrThrow({ ...query, where: { id } });
}

/** Removes spaces deleted longer ago than the retention period; returns how many. */
export async function purgeDeletedSpaces(prisma: Context['prisma'], now: Date) {
  const { count } = await prisma.space.deleteMany({ where: { deletedAt: { lt: new Date(now.getTime() - SPACE_RETENTION_MS) } } });
  return count;
}
