// Reviews of a change request (approved / changes-requested, against its current
// revision) and requests for review. The latest review of each reviewer counts.
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { badRequest } from '../../errors.js';
import { newId } from '../../ids.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { loadChangeRequest } from './service.js';
import { transactionWithRetry } from '../../db/retry.js';

export const REVIEW_STATUSES = ['approved', 'changes-requested'] as const;
type Query = { include?: Prisma.ChangeRequestReviewInclude; select?: Prisma.ChangeRequestReviewSelect };

export async function submitReview(ctx: Context, spaceId: string, key: string, status: string, query: Query = {}) {
  const actor = requireActor(ctx);
  if (!(REVIEW_STATUSES as readonly string[]).includes(status)) throw badRequest(`must be one of ${REVIEW_STATUSES.join(', ')}`, 'status');
  return transactionWithRetry(ctx.prisma, async (tx) => {
    const { cr } = await loadChangeRequest(ctx, tx, spaceId, key, 'review', { lock: true });
    if (cr.createdById === actor.userId) throw badRequest('the author of a change request cannot review it', 'status');
    const request = await tx.changeRequestReviewer.findUnique({
      where: { changeRequestId_userId: { changeRequestId: cr.id, userId: actor.userId } },
    });
    const id = newId('ChangeRequestReview');
    await tx.changeRequestReview.create({
      data: {
        id,
        organizationId: cr.organizationId,
        changeRequestId: cr.id,
        reviewerId: actor.userId,
        requestedById: request?.requestedById ?? null,
        status,
        revisionId: cr.revisionId,
      },
    });
    return tx.changeRequestReview.findUniqueOrThrow({ ...query, where: { id } });
  });
}

/** Asks organization members to review; answers the requested users (already-requested ones kept as they were). */
export async function requestReviewers(ctx: Context, spaceId: string, key: string, users: string[]) {
  const actor = requireActor(ctx);
  if (users.length === 0) throw badRequest('must name at least one user', 'users');
  return transactionWithRetry(ctx.prisma, async (tx) => {
    const { cr } = await loadChangeRequest(ctx, tx, spaceId, key, 'requestReview', { lock: true });
    const members = await tx.member.findMany({
      where: { organizationId: cr.organizationId, userId: { in: users }, disabled: false },
      select: { userId: true },
    });
    const known = new Set(members.map((m) => m.userId));
    users.forEach((u, i) => {
      if (!known.has(u)) throw badRequest(`"${u}" is not a member of this organization`, `users[${i}]`);
    });
    await tx.changeRequestReviewer.createMany({
      data: [...known].map((userId) => ({
        organizationId: cr.organizationId,
        changeRequestId: cr.id,
        userId,
        requestedById: actor.userId,
      })),
      skipDuplicates: true,
    });
    return tx.changeRequestReviewer.findMany({ where: { changeRequestId: cr.id, userId: { in: users } }, orderBy: { createdAt: 'asc' } });
  });
}
