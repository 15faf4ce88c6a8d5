// Change requests for the comment tests, put straight into the database (the
// change-request routes are the content area's).
import { newId } from '../../src/ids.js';
import type { TestApp } from './app.js';

/** A change request of the space with the next number; answers its id and number. */
export async function insertChangeRequest(app: TestApp, space: { id: string }, createdById: string) {
  const row = await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } });
  const number = (await app.prisma.changeRequest.count({ where: { spaceId: space.id } })) + 1;
  const id = newId('ChangeRequest');
  await app.prisma.changeRequest.create({ data: { id, organizationId: row.organizationId, spaceId: space.id, number, createdById, status: 'open' } });
  return { id, number };
}
