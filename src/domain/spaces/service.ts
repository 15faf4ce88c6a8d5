// Space rules: creation, settings, soft deletion (7-day retention, then a
// scheduled purge), restore, duplication. Moves and transfers are shared with
// collections (../content). Input is checked before authorization, as the REST
// adapter already does for unknown fields and enum values: a malformed request
// is a 400 whoever sends it, and reveals nothing.
import { randomBytes } from 'node:crypto';
import type { Context } from '../../context.js';
import { announceSpaceChange } from './announceSpaceChange.js';
import { requireActor } from '../../context.js';
import { authorize, can, spaceLookupScope, spacePolicy } from '../../policy/index.js';
import type { SpaceSubject } from '../../policy/space.js';
import { badRequest, conflict } from '../../errors.js';
import { newId } from '../../ids.js';
import { checkLength, checkUrl } from '../../validate.js';
import { DAY } from '../../clock.js';
import type { Prisma } from '../../generated/prisma/client.js';
import type { Tx } from '../../db/tx.js';
import { checkReviewersAreMembers, parseMergeRules } from '../changeRequests/mergeRules.js';
import { defaultLevelIn } from '../../schema/enums.js';
import { resolveLevel } from '../content/levels.js';
import { isSortKeyTaken, sortKeyAt } from '../content/position.js';
import { levelForNewContentIn, visibilityUnder } from '../content/placement.js';
import { moveContent, type MoveInput } from '../content/contentMover.js';
import { transferContent, type TransferInput } from '../content/contentTransferrer.js';
import { loadLocked, lockContentTrees } from '../content/treeLock.js';
import { syncSearchIndex } from '../search/indexer.js';
import { emojiIn } from './spaceEmoji.js';
import { commitRevision, copyPages, newPageNode, emptyContent } from '../revisions/index.js';
import { copyFileSet } from '../files/fileSets.js';
import { LONG_STATEMENT_TIMEOUT_MS } from '../../db/settings.js';

export const SPACE_RETENTION_MS = 7 * DAY;
const TITLE_MAX = 50;

type Query = { include?: Prisma.SpaceInclude; select?: Prisma.SpaceSelect };
type Db = Pick<Tx, 'space'>;

const newShareKey = () => randomBytes(24).toString('base64url');

/** Spaces deleted at or before this moment are gone. */
const retentionStart = (ctx: Context) => new Date(ctx.clock.now().getTime() - SPACE_RETENTION_MS);

/** Whether a space was deleted longer ago than the retention period: it is gone then, purged or not. */
export const isPastRetention = (space: { deletedAt: Date | null }, now: Date) =>
  space.deletedAt != null && space.deletedAt.getTime() <= now.getTime() - SPACE_RETENTION_MS;

/** The filter of the space `id` among those the caller's organizations (or share keys) reach. */
export const spaceLookupWhere = (ctx: Context, id: string) => ({ id, ...spaceLookupScope(requireActor(ctx)) });

/** A space row the caller's organizations (or share keys) reach, unless it is past retention; the caller's rights are the policy's to check. */
export async function loadSpace(ctx: Context, db: Db, id: string, query: Query = {}) {
  const space = await db.space.findFirst({ ...query, where: spaceLookupWhere(ctx, id) });
  return space && isPastRetention(space, ctx.clock.now()) ? null : space;
}

/** A space that is not deleted: a deleted space can be read, restored or deleted again, nothing else. */
async function loadLiveSpace(ctx: Context, db: Db, id: string) {
  const space = await loadSpace(ctx, db, id);
  return space?.deletedAt ? null : space;
}

/** A space the caller may view: through their rights, or a share key of the request (its grants, fixed when it entered). */
export async function findSpace(ctx: Context, id: string, query: Query = {}) {
  return authorize(spacePolicy, requireActor(ctx), await loadSpace(ctx, ctx.prisma, id, query), 'view');
}

/**
 * Whether `findSpace` answers the row `spaceLookupWhere` found (the read planner's lookup,
 * src/schema/plan): false, or a throw (a missing scope), where it answers an error.
 */
export const findSpaceAnswers = (ctx: Context, space: SpaceSubject) =>
  !isPastRetention(space, ctx.clock.now()) && can(spacePolicy, requireActor(ctx), space, 'view');

export interface CreateSpaceInput {
  title?: string | null;
  emoji?: string | null;
  parent?: string | null;
  language?: string | null;
  editMode?: 'live' | 'locked' | null;
  empty?: boolean | null;
  template?: unknown;
  computedSource?: unknown;
}

export async function createSpace(ctx: Context, organizationId: string, input: CreateSpaceInput, query: Query = {}) {
  const actor = requireActor(ctx);
  // The public document offers these variants; Quire has no templates nor computed content.
  if (input.template != null) throw badRequest('creating a space from a template is not supported', 'template');
  if (input.computedSource != null) throw badRequest('creating a space from a computed content source is not supported', 'computedSource');
  if (input.title === null) throw badRequest('cannot be null', 'title');
  checkLength('title', input.title, 0, TITLE_MAX);
  const emoji = emojiIn(input.emoji);
  const parentId = input.parent ?? null;
  const id = newId('Space');
  const revisionId = newId('Revision');

  return ctx.prisma.$transaction(async (tx) => {
    await lockContentTrees(tx, [organizationId]); // the parent and the siblings' keys stay as read
    const parentLevel = await levelForNewContentIn(tx, actor, organizationId, parentId);
    await tx.space.create({
      data: {
        id,
        organizationId,
        parentId,
        title: input.title ?? '',
        emoji,
        language: input.language ?? null,
        editMode: input.editMode ?? 'live',
        visibility: visibilityUnder('private', parentId),
        memberLevel: resolveLevel('inherit', parentLevel),
        shareKey: newShareKey(),
        revisionId,
        sortKey: await sortKeyAt(tx, organizationId, parentId, id),
      },
    });
    const space = { id, organizationId };
    // Like the app, a new space opens on one empty page unless asked to be empty.
    const pages = input.empty ? [] : [await newPageNode(tx, space, emptyContent('Untitled'), 'untitled', ctx.clock.now())];
    await commitRevision(tx, space, { id: revisionId, parents: [], pages, createdById: actor.userId });
    await syncSearchIndex(tx, id); // searchable from the start: the first search does not index it
    return tx.space.findUniqueOrThrow({ ...query, where: { id } });
  });
}

/**
 * Who may read a space (GraphQL only: the REST API of the spec has no such
 * operation). "in-collection" needs a parent collection; a space turned
 * "share-link" is read with its share key (`Space.shareKey`, admins only).
 */
export async function setSpaceVisibility(ctx: Context, id: string, visibility: string, query: Query = {}) {
  const actor = requireActor(ctx);
  const result = await ctx.prisma.$transaction(async (tx) => {
    // Locked: "in-collection" is checked against the parent, which a concurrent move changes.
    const space = authorize(spacePolicy, actor, await loadLocked(tx, (db) => loadLiveSpace(ctx, db, id)), 'update');
    if (visibility === 'in-collection' && !space.parentId)
      throw badRequest('"in-collection" is only for spaces in a collection', 'visibility');
    return tx.space.update({ ...query, where: { id }, data: { visibility } });
  });
  return announceSpaceChange(ctx, id, result);
}

export interface UpdateSpaceInput {
  title?: string | null;
  emoji?: string | null;
  /** URL of an icon; a space shows an emoji or an icon, so setting one clears the other. */
  icon?: string | null;
  editMode?: 'live' | 'locked' | null;
  defaultLevel?: string | null;
  language?: string | null;
  mergeRules?: unknown;
}

export async function updateSpace(ctx: Context, id: string, input: UpdateSpaceInput, query: Query = {}) {
  const actor = requireActor(ctx);
  const data: Prisma.SpaceUncheckedUpdateInput = {};
  if (input.title !== undefined) {
    if (input.title === null) throw badRequest('cannot be null', 'title');
    checkLength('title', input.title, 0, TITLE_MAX);
    data.title = input.title;
  }
  if (input.emoji != null && input.icon != null) throw badRequest('give either an emoji or an icon, not both', 'icon');
  if (input.emoji !== undefined) {
    data.emoji = emojiIn(input.emoji);
    if (data.emoji) data.iconURL = null;
  }
  if (input.icon !== undefined) {
    checkUrl('icon', input.icon);
    data.iconURL = input.icon;
    if (input.icon) data.emoji = null;
  }
  if (input.editMode !== undefined) {
    if (input.editMode === null) throw badRequest('cannot be null', 'editMode');
    data.editMode = input.editMode;
  }
  if (input.language !== undefined) data.language = input.language;
  const mergeRules = input.mergeRules === undefined ? undefined : parseMergeRules(input.mergeRules, { allowInherit: true });

  const result = await ctx.prisma.$transaction(async (tx) => {
    const load = (db: Db) => loadLiveSpace(ctx, db, id);
    // A level change reads the parent's level: the tree must hold still until commit.
    const space = authorize(spacePolicy, actor, await (input.defaultLevel !== undefined ? loadLocked(tx, load) : load(tx)), 'update');
    if (mergeRules) {
      await checkReviewersAreMembers(tx, space.organizationId, mergeRules);
      data.mergeRules = mergeRules;
    }
    if (input.defaultLevel !== undefined) {
      // null: members get no access by default ("guest"); the level a space resolves to follows its parents.
      const parent = space.parentId
        ? await tx.collection.findUnique({ where: { id: space.parentId }, select: { memberLevel: true } })
        : null;
      data.defaultLevel = defaultLevelIn(input.defaultLevel);
      data.memberLevel = resolveLevel(data.defaultLevel, parent?.memberLevel);
    }
    return tx.space.update({ ...query, where: { id }, data });
  });
  return announceSpaceChange(ctx, id, result);
}

/**
 * Soft delete: hidden at once, restorable for 7 days, then purged. Idempotent:
 * answers whether this call deleted the space (false when it was absent,
 * already deleted, or hidden from the caller, whose existence is not revealed).
 */
export async function deleteSpace(ctx: Context, id: string): Promise<boolean> {
  const actor = requireActor(ctx);
  const result = await ctx.prisma.$transaction(async (tx) => {
    // Locked like every tree change: a move of this space waits, then finds it deleted.
    const space = await loadLocked(tx, (db) => loadLiveSpace(ctx, db, id));
    if (!space || !can(spacePolicy, actor, space, 'view')) return false;
    authorize(spacePolicy, actor, space, 'delete');
    // Conditional: of concurrent deletes, only the one that changed the row says it deleted it.
    const { count } = await tx.space.updateMany({ where: { id, deletedAt: null }, data: { deletedAt: ctx.clock.now() } });
    return count === 1;
  });
  return result ? announceSpaceChange(ctx, id, result) : result;
}

/** Undeletes a space deleted less than 7 days ago; later it is gone (404). */
export async function restoreSpace(ctx: Context, id: string, query: Query = {}) {
  const actor = requireActor(ctx);
  const result = await ctx.prisma.$transaction(async (tx) => {
    const space = authorize(spacePolicy, actor, await loadLocked(tx, (db) => loadSpace(ctx, db, id)), 'restore');
    // Conditional: of concurrent restores, only the one that changed the row succeeds.
    const { count } = await tx.space.updateMany({
      where: { id, deletedAt: { not: null, gt: retentionStart(ctx) } },
      data: { deletedAt: null },
    });
    if (count === 0) throw conflict('The space is not deleted');
    // Back among its siblings, where one placed meanwhile may hold its old key: then it goes last.
    if (await isSortKeyTaken(tx, space.organizationId, space.parentId, space)) {
      await tx.space.update({ where: { id }, data: { sortKey: await sortKeyAt(tx, space.organizationId, space.parentId, id) } });
    }
    return tx.space.findUniqueOrThrow({ ...query, where: { id } });
  });
  return announceSpaceChange(ctx, id, result);
}

/** A copy of the space and of its current content, next to it (where the caller must be allowed to create). */
export async function duplicateSpace(ctx: Context, id: string, query: Query = {}) {
  const actor = requireActor(ctx);
  const copyId = newId('Space');
  const revisionId = newId('Revision');
  return ctx.prisma.$transaction(async (tx) => {
    // Locked: the copy's place (parent, siblings' keys) stays as read until commit.
    const source = authorize(spacePolicy, actor, await loadLocked(tx, (db) => loadLiveSpace(ctx, db, id)), 'duplicate');
    const parentLevel = await levelForNewContentIn(tx, actor, source.organizationId, source.parentId, { named: false });
    const sourceRevision = await tx.revision.findUniqueOrThrow({ where: { id: source.revisionId }, select: { tree: true, fileSet: true } });
    await tx.space.create({
      data: {
        ...source,
        id: copyId,
        // The copy has no comments or change requests yet (the triggers count from here).
        changeRequestCounter: 0,
        openCommentsCount: 0,
        changeRequestsCount: 0,
        openChangeRequestsCount: 0,
        draftChangeRequestsCount: 0,
        title: `${source.title} (copy)`.slice(0, TITLE_MAX),
        mergeRules: source.mergeRules ?? undefined,
        memberLevel: resolveLevel(source.defaultLevel, parentLevel),
        shareKey: newShareKey(),
        revisionId,
        sortKey: await sortKeyAt(tx, source.organizationId, source.parentId, copyId),
        createdAt: undefined,
        updatedAt: undefined,
        deletedAt: null,
      },
    });
    const copy = { id: copyId, organizationId: source.organizationId };
    const pages = await copyPages(tx, source, sourceRevision.tree, copy);
    const fileSet = await copyFileSet(tx, source, sourceRevision.fileSet, copy);
    await commitRevision(tx, copy, { id: revisionId, parents: [], pages, fileSet, createdById: actor.userId });
    await syncSearchIndex(tx, copyId);
    return tx.space.findUniqueOrThrow({ ...query, where: { id: copyId } });
  });
}

export async function moveSpace(ctx: Context, id: string, input: MoveInput, query: Query = {}) {
  const actor = requireActor(ctx);
  await moveContent(ctx, 'space', async (tx) => authorize(spacePolicy, actor, await loadLiveSpace(ctx, tx, id), 'move'), input);
  return announceSpaceChange(ctx, id, await ctx.prisma.space.findUniqueOrThrow({ ...query, where: { id } }));
}

export async function transferSpace(ctx: Context, id: string, input: TransferInput, query: Query = {}) {
  const actor = requireActor(ctx);
  await transferContent(ctx, 'space', async (tx) => authorize(spacePolicy, actor, await loadLiveSpace(ctx, tx, id), 'transfer'), input);
  return announceSpaceChange(ctx, id, await ctx.prisma.space.findUniqueOrThrow({ ...query, where: { id } }));
}

/**
 * Removes spaces deleted longer ago than the retention period (with everything
 * in them); returns how many. A job, not a request: a large purge gets the long
 * statement bound rather than a request's.
 */
export async function purgeDeletedSpaces(prisma: Context['prisma'], now: Date) {
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL statement_timeout = ${LONG_STATEMENT_TIMEOUT_MS}`);
      const { count } = await tx.space.deleteMany({ where: { deletedAt: { lte: new Date(now.getTime() - SPACE_RETENTION_MS) } } });
      return count;
    },
    { timeout: LONG_STATEMENT_TIMEOUT_MS },
  );
}
