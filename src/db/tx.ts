// The client a Prisma interactive transaction hands its callback: every function that runs
// inside a caller's transaction takes one of these (and a PrismaClient works in its place).
import type { Prisma } from '../generated/prisma/client.js';

export type Tx = Prisma.TransactionClient;
