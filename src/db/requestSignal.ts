// A client that disconnects stops the database work it started. Each HTTP
// request runs in an async scope carrying an AbortSignal (aborted when the
// connection closes before the answer is complete); every statement of a
// transaction sent from that scope checks it (every write runs in one):
// - a statement not yet sent is refused (as a cancelled statement, SQL state
//   57014), so the transaction it belongs to rolls back at once;
// - a statement running when the client leaves is cancelled on the server
//   (`pg_cancel_backend`), lock waits included.
// ROLLBACK always passes: it is what releases the work.
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

const scope = new AsyncLocalStorage<AbortSignal>();

/** Runs `fn` (one request) with `signal` as the signal of every statement it sends. */
export const runWithSignal = <T>(signal: AbortSignal, fn: () => T): T => scope.run(signal, fn);

/** An AbortSignal aborted when the client closes the connection before the answer is complete. */
export function signalOfRequest(res: { once(event: 'close', listener: () => void): unknown; writableFinished: boolean }): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

const clientGone = () => Object.assign(new Error('canceling statement: the client closed the request'), { code: '57014', severity: 'ERROR' });
const statementText = (config: unknown) => (typeof config === 'string' ? config : ((config as { text?: string })?.text ?? ''));

type Query = (...args: unknown[]) => unknown;

/**
 * Makes every connection of `pool` honour the signal of the request sending a
 * statement (see above), inside transactions only: a transaction's connection
 * serves one request, whereas a statement outside one may carry the work of
 * several (Prisma batches the lookups of a tick into one statement).
 */
export function honourRequestSignals(pool: pg.Pool) {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    let inTransaction = false;
    client.query = ((...args: unknown[]) => {
      const text = statementText(args[0]);
      if (/^\s*BEGIN/i.test(text)) inTransaction = true;
      else if (/^\s*(COMMIT|ROLLBACK)/i.test(text)) inTransaction = false;
      const signal = scope.getStore();
      const guarded = signal && inTransaction && !args.some((a) => typeof a === 'function');
      if (!guarded) return query(...args);
      if (signal.aborted) {
        inTransaction = false; // the caller's ROLLBACK follows
        return Promise.reject(clientGone());
      }
      const cancel = () => {
        // Outside the aborted scope (or the cancel itself would be refused); only
        // if this very statement still runs there, never a later one on the same connection.
        void scope.exit(() =>
          pool
            .query(`SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE pid = $1 AND state = 'active' AND left(query, 512) = left($2, 512)`, [
              (client as unknown as { processID: number }).processID,
              text,
            ])
            .catch(() => {}),
        );
      };
      signal.addEventListener('abort', cancel, { once: true });
      const done = () => signal.removeEventListener('abort', cancel);
      const result = query(...args) as Promise<unknown> | undefined;
      if (typeof result?.then === 'function') result.then(done, done);
      else done(); // a submittable (cursor, stream): not followed
      return result;
    }) as typeof client.query;
  });
}
