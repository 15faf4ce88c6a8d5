// Change request rules: creation (numbers 1, 2, 3… per space, no gap, no
// duplicate), lists and their filters, subject/description/status changes.
// Content writes, update and merge are in content.ts and merging.ts.
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { authorize, can, changeRequestPolicy, spacePolicy, visibleContentWhere, type ChangeRequestSubject } from '../../policy/index.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { lockChangeRequest, lockSpace } from '../spaces/locks.js';
import { newId } from '../../ids.js';
import { checkLength } from '../../validate.js';
import type { ChangeRequest, Prisma, Space } from '../../generated/prisma/client.js';
import { checkDocument } from '../agentInstructions/service.js';
import { loadSpace } from '../spaces/service.js';
import { transactionWithRetry } from '../../db/retry.js';
import type { Tx } from '../../db/tx.js';

type Db = Tx | Context['prisma'];
type Query = { include?: Prisma.ChangeRequestInclude; select?: Prisma.ChangeRequestSelect };
export type ChangeRequestAction = 'view' | 'update' | 'editContent' | 'bringUpToDate' | 'review' | 'requestReview' | 'merge';

export const STATUSES = ['draft', 'open', 'archived', 'merged'] as const;
export type ChangeRequestStatus = (typeof STATUSES)[number];
const SUBJECT_MAX = 200;

/** Rows answered by mutations carry their space: the type's policy reads it. */
export const withSpace = (query: Query): Query => (query.select || query.include ? query : { include: { space: true } });

export const changeRequestSubject = (space: Space, cr: Pick<ChangeRequest, 'status' | 'createdById'>): ChangeRequestSubject => ({
  space,
  status: cr.status,
  createdById: cr.createdById,
});

/** Users who wrote revisions on the change request's line: how many, and when last (newest first). */
export async function changeRequestContributors(ctx: Context, cr: { id: string }) {
  const groups = await ctx.prisma.revision.groupBy({
    by: ['createdById'],
    where: { changeRequestId: cr.id, createdById: { not: null } },
    _count: { _all: true },
    _max: { createdAt: true },
  });
  const users = await ctx.prisma.user.findMany({ where: { id: { in: groups.map((g) => g.createdById!) } } });
  const byId = new Map(users.map((u) => [u.id, u]));
  return groups
    .flatMap((g) =>
      byId.has(g.createdById!)
        ? [{ user: byId.get(g.createdById!)!, count: g._count._all, updatedAt: g._max.createdAt!, actionType: 'edit' as const }]
        : [],
    )
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || a.user.id.localeCompare(b.user.id));
}

/**
 * A change request by id or by number (`"12"`). With `lock` (inside a transaction), its space
 * row and then its own are locked first, in the one lock order (spaces/locks.ts), and
 * both are read after the locks.
 */
export async function loadChangeRequest(
  ctx: Context,
  db: Db,
  spaceId: string,
  key: string,
  action: ChangeRequestAction,
  opts: { lock?: boolean } = {},
) {
  const actor = requireActor(ctx);
  if (opts.lock) await lockSpace(db as Tx, spaceId);
  const space = await loadSpace(ctx, db, spaceId);
  if (!space || !can(spacePolicy, actor, space, 'locate')) throw notFound('ChangeRequest');
  const byNumber = /^\d+$/.test(key);
  if (byNumber && Number(key) > 2 ** 31 - 1) throw notFound('ChangeRequest'); // past the column's range: no such number
  const where = byNumber ? { spaceId_number: { spaceId, number: Number(key) } } : { id: key, spaceId };
  let cr = await db.changeRequest.findUnique({ where: where as Prisma.ChangeRequestWhereUniqueInput });
  if (cr && opts.lock) {
    await lockChangeRequest(db as Tx, spaceId, cr.id);
    cr = await db.changeRequest.findUnique({ where: { id: cr.id } });
  }
  if (!cr) throw notFound('ChangeRequest');
  // Refused only for the state it is in (a racing merge or archive got there first): a conflict of states, not a right missing.
  if (
    !changeRequestPolicy.rules(actor, changeRequestSubject(space, cr))[action] &&
    changeRequestPolicy.rules(actor, changeRequestSubject(space, { ...cr, status: 'open' }))[action]
  ) {
    throw conflict(`The change request is ${cr.status}: it does not take this change`);
  }
  authorize(changeRequestPolicy, actor, changeRequestSubject(space, cr), action);
  return { space, cr };
}

export async function findChangeRequest(ctx: Context, spaceId: string, key: string, query: Query = {}) {
  const { cr } = await loadChangeRequest(ctx, ctx.prisma, spaceId, key, 'view');
  return ctx.prisma.changeRequest.findUniqueOrThrow({ ...query, where: { id: cr.id } });
}

export interface CreateChangeRequestInput {
  subject?: string | null;
  agentTaskId?: string | null;
  conversationsIssuesCluster?: string | null;
}

/** A cluster a change request may be linked to: one of the space's organization (400 otherwise, saying nothing of other organizations). */
async function checkCluster(db: Db, organizationId: string, clusterId: string) {
  const found = await db.issuesCluster.findFirst({ where: { id: clusterId, organizationId }, select: { id: true } });
  if (!found) throw badRequest('is not an issues cluster of the organization', 'conversationsIssuesCluster');
  return found.id;
}

export async function createChangeRequest(ctx: Context, spaceId: string, input: CreateChangeRequestInput, query: Query = {}) {
  const actor = requireActor(ctx);
  const space = authorize(spacePolicy, actor, await loadSpace(ctx, ctx.prisma, spaceId), 'edit');
  if (input.subject != null) checkLength('subject', input.subject, 0, SUBJECT_MAX);
  if (input.agentTaskId != null) checkLength('agentTaskId', input.agentTaskId, 1, 100);
  const cluster =
    input.conversationsIssuesCluster != null
      ? await checkCluster(ctx.prisma, space.organizationId, input.conversationsIssuesCluster)
      : null;
  const id = newId('ChangeRequest');
  // One statement: the counter row lock serializes creations in the space only while it runs, and
  // numbers follow without gap (the insert and the increment commit or fail together).
  const created = await ctx.prisma.$executeRaw`
    WITH counter AS (
      UPDATE "Space" SET "changeRequestCounter" = "changeRequestCounter" + 1
      WHERE id = ${space.id} AND "deletedAt" IS NULL
      RETURNING "changeRequestCounter", "revisionId", "organizationId"
    )
    INSERT INTO "ChangeRequest" (id, "organizationId", "spaceId", number, subject, "agentTaskId", "conversationsIssuesClusterId", "createdById", "revisionId", "revisionInitialId", "updatedAt")
    SELECT ${id}, "organizationId", ${space.id}, "changeRequestCounter", ${input.subject ?? null}, ${input.agentTaskId ?? null}, ${cluster}, ${actor.userId}, "revisionId", "revisionId", now()
    FROM counter`;
  if (created === 0) throw notFound('Space');
  return ctx.prisma.changeRequest.findUniqueOrThrow({ ...withSpace(query), where: { id } });
}

/** PATCH status moves: merged is reached by merging only, and is final. */
export function checkStatusMove(from: string, to: string) {
  if (!(STATUSES as readonly string[]).includes(to)) throw badRequest(`must be one of ${STATUSES.join(', ')}`, 'status');
  if (from === to) return;
  if (from === 'merged') throw badRequest('a merged change request keeps its status', 'status');
  if (to === 'merged')
    throw badRequest('a change request becomes "merged" by merging it (POST …/merge), not by setting its status', 'status');
}

export interface UpdateChangeRequestInput {
  subject?: string | null;
  description?: unknown;
  status?: string | null;
  /** An issues cluster id links it; null unlinks it; absent leaves it */
  conversationsIssuesCluster?: string | null;
}

export async function updateChangeRequest(ctx: Context, spaceId: string, key: string, input: UpdateChangeRequestInput, query: Query = {}) {
  if (input.subject != null) checkLength('subject', input.subject, 0, SUBJECT_MAX);
  const description =
    input.description === undefined || input.description === null
      ? undefined
      : checkDocument(input.description, 'description', ctx.contentLimits);
  return transactionWithRetry(ctx.prisma, async (tx) => {
    const { cr } = await loadChangeRequest(ctx, tx, spaceId, key, 'update', { lock: true });
    if (input.status != null) checkStatusMove(cr.status, input.status);
    const cluster =
      input.conversationsIssuesCluster == null
        ? input.conversationsIssuesCluster
        : await checkCluster(tx, cr.organizationId, input.conversationsIssuesCluster);
    await tx.changeRequest.update({
      where: { id: cr.id },
      data: {
        ...(input.subject != null ? { subject: input.subject } : {}),
        ...(description ? { description: description as Prisma.InputJsonValue } : {}),
        ...(input.status != null ? { status: input.status } : {}),
        ...(cluster !== undefined ? { conversationsIssuesClusterId: cluster } : {}),
      },
    });
    return tx.changeRequest.findUniqueOrThrow({ ...withSpace(query), where: { id: cr.id } });
  });
}

export interface ChangeRequestFilters {
  status?: string | null;
  creator?: string | null;
  contributor?: string | null;
  requestedReviewer?: string | null;
  conversationsIssuesCluster?: string | null;
}

function filterWhere(filters: ChangeRequestFilters): Prisma.ChangeRequestWhereInput {
  const status = filters.status ?? 'open';
  if (!(STATUSES as readonly string[]).includes(status)) throw badRequest(`must be one of ${STATUSES.join(', ')}`, 'status');
  return {
    status,
    ...(filters.creator ? { createdById: filters.creator } : {}),
    // A contributor created the change request or wrote one of its revisions.
    ...(filters.contributor
      ? { OR: [{ createdById: filters.contributor }, { revisions: { some: { createdById: filters.contributor } } }] }
      : {}),
    ...(filters.requestedReviewer ? { requestedReviewers: { some: { userId: filters.requestedReviewer } } } : {}),
    ...(filters.conversationsIssuesCluster ? { conversationsIssuesClusterId: filters.conversationsIssuesCluster } : {}),
  };
}

/** The change requests a space lists (status `open` unless asked otherwise); the space is already authorized. */
export function spaceChangeRequestsWhere(space: { id: string }, filters: ChangeRequestFilters): Prisma.ChangeRequestWhereInput {
  return { spaceId: space.id, ...filterWhere(filters) };
}

/** The change requests of an organization's spaces the caller may see. */
export function organizationChangeRequestsWhere(
  ctx: Context,
  org: { id: string },
  filters: ChangeRequestFilters,
): Prisma.ChangeRequestWhereInput {
  const actor = requireActor(ctx);
  // The spaces the caller may list, content grants included: a guest sees its granted spaces' change requests.
  return {
    organizationId: org.id,
    space: { ...visibleContentWhere(actor, org.id), deletedAt: null },
    ...filterWhere(filters),
  };
}
