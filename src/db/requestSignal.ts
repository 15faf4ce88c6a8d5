// A client that disconnects stops the database work it started. Each HTTP
// request's context holds the database through `withRequestSignal`, whose
// transactions carry the request's AbortSignal (aborted when the connection
// closes before the answer is complete); every statement of such a transaction
// checks it (every write runs in one):
// - a statement not yet sent is refused (as a cancelled statement, SQL state
//   57014), so the transaction it belongs to rolls back at once;
// - a statement running when the client leaves is cancelled on the server
//   (`pg_cancel_backend`), lock waits included.
// ROLLBACK always passes: it is what releases the work.
//
// The signal travels explicitly, not in an AsyncLocalStorage scope: on Node 20
// such a scope hooks every promise of the process, which cost 18–40% of the CPU
// of a read (bench/README.md). A transaction names its signal to the connection
// it runs on with its first statement, `SELECT $1::int` (one round trip per write).
import type pg from 'pg';
import type { PrismaClient } from '../generated/prisma/client.js';
import { shareRawRunner } from './raw.js';

/** The statement a transaction opens with to name its request's signal to its connection. */
const SIGNAL_STATEMENT = 'SELECT $1::int AS "requestSignal"';
/** The signals of the transactions under way, by the number their first statement carries. */
const signals = new Map<number, AbortSignal>();
let lastSignalNumber = 0;

/** An AbortSignal aborted when the client closes the connection before the answer is complete. */
export function signalOfRequest(res: { once(event: 'close', listener: () => void): unknown; writableFinished: boolean }): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

type TransactionRunner = PrismaClient['$transaction'];

/**
 * The database as one request sees it: `prisma` itself, except that its
 * transactions (interactive or batched) honour `signal` (see above).
 */
export function withRequestSignal(prisma: PrismaClient, signal: AbortSignal): PrismaClient {
  const $transaction = ((work: unknown, options?: unknown) => {
    const number = (lastSignalNumber = (lastSignalNumber % 2_000_000_000) + 1);
    signals.set(number, signal);
    const forget = <T>(result: Promise<T>) => result.finally(() => signals.delete(number));
    const nameSignal = (db: Pick<PrismaClient, '$queryRawUnsafe'>) => db.$queryRawUnsafe(SIGNAL_STATEMENT, number);
    if (Array.isArray(work)) {
      // A batch: the naming statement goes first in the same transaction.
      return forget(prisma.$transaction([nameSignal(prisma), ...work], options as never).then((results) => results.slice(1)));
    }
    const interactive = work as (tx: unknown) => Promise<unknown>;
    return forget(
      prisma.$transaction(async (tx) => {
        await nameSignal(tx);
        return interactive(tx);
      }, options as never),
    );
  }) as TransactionRunner;
  const view = new Proxy(prisma, {
    get: (target, property) => (property === '$transaction' ? $transaction : Reflect.get(target, property, target)),
  });
  shareRawRunner(view, prisma);
  return view;
}

const clientGone = () =>
  Object.assign(new Error('canceling statement: the client closed the request'), { code: '57014', severity: 'ERROR' });
const statementOf = (config: unknown) =>
  typeof config === 'string'
    ? { text: config, values: undefined }
    : { text: (config as { text?: string })?.text ?? '', values: (config as { values?: unknown[] })?.values };

type Query = (...args: unknown[]) => unknown;

/**
 * Makes every connection of `pool` honour the signal its current transaction
 * named (see above). Statements outside a transaction carry none: such a
 * statement may hold the work of several requests (Prisma batches the lookups
 * of a tick into one).
 */
export function honourRequestSignals(pool: pg.Pool) {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    let signal: AbortSignal | undefined;
    client.query = ((...args: unknown[]) => {
      const { text, values } = statementOf(args[0]);
      if (text === SIGNAL_STATEMENT) signal = signals.get(Number(values?.[0]));
      else if (/^\s*(COMMIT|ROLLBACK)/i.test(text)) signal = undefined;
      const guarded = signal && !args.some((a) => typeof a === 'function');
      if (!guarded) return query(...args);
      if (signal!.aborted) {
        signal = undefined; // the caller's ROLLBACK follows
        return Promise.reject(clientGone());
      }
      const cancel = () =>
        // Only if this very statement still runs there, never a later one on the same connection.
        void pool
          .query(
            `SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE pid = $1 AND state = 'active' AND left(query, 512) = left($2, 512)`,
            [(client as unknown as { processID: number }).processID, text],
          )
          .catch(() => {});
      const watched = signal!;
      watched.addEventListener('abort', cancel, { once: true });
      const done = () => watched.removeEventListener('abort', cancel);
      const result = query(...args) as Promise<unknown> | undefined;
      if (typeof result?.then === 'function') result.then(done, done);
      else done(); // a submittable (cursor, stream): not followed
      return result;
    }) as typeof client.query;
  });
}
