// Change requests for the comment tests, put straight into the database (an
// open change request on the space's active revision, without the routes' checks).
import { newId } from '../../src/ids.js';
import type { TestApp } from './app.js';

/** A change request of the space with the next number; answers its id and number. */
export async function insertChangeRequest(app: TestApp, space: { id: string }, createdById: string) {
  // The number comes from the space's counter, as the change-request routes allocate it.
  const row = await app.prisma.space.update({ where: { id: space.id }, data: { changeRequestCounter: { increment: 1 } } });
  const number = row.changeRequestCounter;
  const id = newId('ChangeRequest');
  await app.prisma.changeRequest.create({
    data: {
      id,
      organizationId: row.organizationId,
      spaceId: space.id,
      number,
      createdById,
      status: 'open',
      revisionId: row.revisionId,
      revisionInitialId: row.revisionId,
    },
  });
  return { id, number };
}
