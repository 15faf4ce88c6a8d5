// A session the server ended (idle_in_transaction_session_timeout, an admin's
// pg_terminate_backend, a restart) must leave the pool, not leak from it.
// Prisma ends a failed transaction by sending ROLLBACK and only then hands the
// connection back; on a dead connection that ROLLBACK fails and the connection
// was never handed back: one pool slot lost per such event, and `pool.end()`
// (shutdown) waiting forever. Here, a ROLLBACK on a dead connection succeeds at
// once (the server rolled the transaction back when it ended the session), so
// the connection is released, and the pool drops it as broken.
import type pg from 'pg';

type Query = (...args: unknown[]) => unknown;
const rolledBack = { command: 'ROLLBACK', rowCount: 0, rows: [], fields: [] };

export function releaseDeadSessions(pool: pg.Pool) {
  // An idle connection ended by the server is reported here; the pool removes it itself.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    let dead = false;
    client.on('error', () => (dead = true));
    client.on('end', () => (dead = true));
    const query = client.query.bind(client) as Query;
    client.query = ((...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '');
      if (!dead || !/^\s*ROLLBACK/i.test(text)) return query(...args);
      const callback = args.find((a) => typeof a === 'function') as ((err: null, res: unknown) => void) | undefined;
      if (callback) return void process.nextTick(() => callback(null, rolledBack));
      return Promise.resolve(rolledBack);
    }) as typeof client.query;
  });
}
