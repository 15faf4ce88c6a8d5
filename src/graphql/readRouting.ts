// With standbys (DATABASE_READ_URL, src/db/readReplicas.ts), a query runs on
// the client the read router picks for its caller, and a mutation notes its
// caller's write once it has run, before the answer goes out, so the caller's
// next reads wait for a standby that has replayed it. Subscriptions stay on the
// primary: their events follow writes.
import { getOperationAST, type DocumentNode } from 'graphql';
import type { Context } from '../context.js';

interface Operation {
  document: DocumentNode;
  operationName?: string | null;
}

const kindOf = (operation: Operation) => getOperationAST(operation.document, operation.operationName ?? undefined)?.operation;

/** The context's database for the operation: a standby or the primary for a query; unchanged otherwise. */
export async function readTarget(ctx: Context, operation: Operation): Promise<Partial<Context>> {
  if (!ctx.reads || kindOf(operation) !== 'query') return {};
  return { prisma: await ctx.reads.clientFor(ctx.actor?.tokenId) };
}

/** After a mutation of a caller: remembers where the primary's WAL is, for that caller's next reads. */
export async function noteWrite(ctx: Context, operation: Operation): Promise<void> {
  if (ctx.reads && ctx.actor && kindOf(operation) === 'mutation') await ctx.reads.noteWrite(ctx.actor.tokenId);
}
