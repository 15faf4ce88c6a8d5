// Secrets of the installation that every process must share and that no one
// configured: made once, by whichever process asks first, and kept in the
// database (two processes racing both read the winner's).
import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '../generated/prisma/client.js';

/** The secret named `name` (32 random bytes, base64url), made on first use. */
export async function storedSecret(prisma: Pick<PrismaClient, 'serviceSecret'>, name: string): Promise<string> {
  const made = randomBytes(32).toString('base64url');
  await prisma.serviceSecret.createMany({ data: [{ name, value: made }], skipDuplicates: true });
  const { value } = await prisma.serviceSecret.findUniqueOrThrow({ where: { name }, select: { value: true } });
  return value;
}
