// Every row that belongs to a space carries the space's organizationId. When a
// space changes organization, all of them move with it: each table that holds
// space-owned rows is listed here, once.
import type { Tx } from '../../db/tx.js';

export const spaceOwnedTables: ((tx: Tx, spaceIds: string[], organizationId: string) => Promise<unknown>)[] = [
  (tx, spaceIds, organizationId) => tx.revision.updateMany({ where: { spaceId: { in: spaceIds } }, data: { organizationId } }),
  (tx, spaceIds, organizationId) => tx.pageVersion.updateMany({ where: { spaceId: { in: spaceIds } }, data: { organizationId } }),
  (tx, spaceIds, organizationId) => tx.pageTree.updateMany({ where: { spaceId: { in: spaceIds } }, data: { organizationId } }),
  (tx, spaceIds, organizationId) => tx.file.updateMany({ where: { spaceId: { in: spaceIds } }, data: { organizationId } }),
  (tx, spaceIds, organizationId) => tx.fileSet.updateMany({ where: { spaceId: { in: spaceIds } }, data: { organizationId } }),
  (tx, spaceIds, organizationId) => tx.changeRequest.updateMany({ where: { spaceId: { in: spaceIds } }, data: { organizationId } }),
  (tx, spaceIds, organizationId) =>
    tx.changeRequestReview.updateMany({ where: { changeRequest: { spaceId: { in: spaceIds } } }, data: { organizationId } }),
  (tx, spaceIds, organizationId) =>
    tx.changeRequestReviewer.updateMany({ where: { changeRequest: { spaceId: { in: spaceIds } } }, data: { organizationId } }),
  (tx, spaceIds, organizationId) => tx.comment.updateMany({ where: { spaceId: { in: spaceIds } }, data: { organizationId } }),
  (tx, spaceIds, organizationId) =>
    tx.commentReply.updateMany({ where: { comment: { spaceId: { in: spaceIds } } }, data: { organizationId } }),
  (tx, spaceIds, organizationId) =>
    tx.commentReaction.updateMany({ where: { comment: { spaceId: { in: spaceIds } } }, data: { organizationId } }),
  (tx, spaceIds, organizationId) => tx.searchIndexState.updateMany({ where: { spaceId: { in: spaceIds } }, data: { organizationId } }),
  (tx, spaceIds, organizationId) => tx.searchPage.updateMany({ where: { spaceId: { in: spaceIds } }, data: { organizationId } }),
  (tx, spaceIds, organizationId) => tx.searchSection.updateMany({ where: { spaceId: { in: spaceIds } }, data: { organizationId } }),
];

export async function moveSpacesToOrganization(tx: Tx, spaceIds: string[], organizationId: string) {
  await tx.space.updateMany({ where: { id: { in: spaceIds } }, data: { organizationId } });
  for (const moveTable of spaceOwnedTables) await moveTable(tx, spaceIds, organizationId);
}

/**
 * Content leaving its organization leaves its grants (they name that
 * organization's teams and members) and its invite links behind.
 */
export async function dropAccessGrants(tx: Tx, contentIds: string[]) {
  await tx.contentGrant.deleteMany({ where: { contentId: { in: contentIds } } });
  await tx.invite.deleteMany({ where: { OR: [{ spaceId: { in: contentIds } }, { collectionId: { in: contentIds } }] } });
}
