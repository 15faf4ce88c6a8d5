// A transaction PostgreSQL aborted as a deadlock victim (40P01) or for a
// serialization failure (40001) did nothing: running it again from the start
// is safe, and usually succeeds, since the other transaction has gone on.
// Writers that race on one space retry this way a few times before the
// request answers 503.
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Tx } from './tx.js';
import { sqlStateOf } from '../errors.js';

/** Tries of one transaction in all (the first one included). */
export const TRANSACTION_TRIES = 4;
const RETRIED_STATES = new Set(['40P01', '40001']);

/** Prisma reports these as P2034 ("write conflict or deadlock") when it does not pass the SQL state on. */
export const isRetriableConflict = (err: unknown) => {
  const state = sqlStateOf(err);
  return state ? RETRIED_STATES.has(state) : (err as { code?: unknown })?.code === 'P2034';
};

type Options = Parameters<PrismaClient['$transaction']>[1];

export async function transactionWithRetry<T>(
  prisma: Pick<PrismaClient, '$transaction'>,
  work: (tx: Tx) => Promise<T>,
  options?: Options,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await prisma.$transaction(work, options);
    } catch (err) {
      if (attempt >= TRANSACTION_TRIES || !isRetriableConflict(err)) throw err;
      // A short random pause: the two victims of one deadlock do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}
