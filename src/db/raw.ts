// Raw statements on the hot path (the token check runs on every request) go
// straight to the node-postgres pool under the Prisma client: Prisma would
// otherwise compile each one into a query plan first, which costs more CPU than
// the statement itself. Statement observers (client.ts) see them all the same.
import type { PrismaClient } from '../generated/prisma/client.js';

export interface RawRunner {
  query<Row>(text: string, values: unknown[]): Promise<Row[]>;
}

const runners = new WeakMap<object, RawRunner>();

/** Declares the pool a Prisma client runs on (src/db/client.ts). */
export function registerRawRunner(prisma: object, runner: RawRunner) {
  runners.set(prisma, runner);
}

/** Lets `view` (a request's view of `prisma`, src/db/requestSignal.ts) run raw statements as `prisma` does. */
export function shareRawRunner(view: object, prisma: object) {
  const runner = runners.get(prisma);
  if (runner) runners.set(view, runner);
}

/**
 * Runs one statement with $1… placeholders. Parameters must be strings, numbers,
 * booleans or arrays of them (dates as ISO strings): they reach PostgreSQL as
 * text either way. A client created elsewhere falls back to `$queryRawUnsafe`.
 */
export function rawQuery<Row>(prisma: PrismaClient, text: string, values: unknown[]): Promise<Row[]> {
  const runner = runners.get(prisma);
  return runner ? runner.query<Row>(text, values) : prisma.$queryRawUnsafe<Row[]>(text, ...values);
}

/**
 * A `timestamp` column (which holds UTC) as its ISO text with milliseconds, as
 * `Date#toISOString` writes it: node-postgres would read it in the process's zone.
 */
export const isoTimestampSql = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
