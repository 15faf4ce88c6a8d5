// The Prisma client over node-postgres (driver adapter, no native engine).
// `onStatement` observes every SQL statement the pool sends (Prisma's, BEGIN
// and COMMIT included, and the raw ones of raw.ts): tests pin query counts with
// it and benchmarks count statements per request. Observing at the driver costs
// nothing while no one listens, unlike Prisma's query events.
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';
import { registerRawRunner } from './raw.js';
import { poolOptions, type DatabaseSettings } from './settings.js';
import { honourRequestSignals } from './requestSignal.js';
import { releaseDeadSessions } from './deadSessions.js';
import { statementNames } from './statementNames.js';

export type { PrismaClient };
export type StatementListener = (sql: string) => void;

type Query = pg.ClientBase['query'];

export function createPrisma(url: string, settings: Partial<DatabaseSettings> = {}) {
  const listeners = new Set<StatementListener>();
  const pool = new pg.Pool({ connectionString: url, ...poolOptions(settings) });
  honourRequestSignals(pool);
  releaseDeadSessions(pool);
  // Every statement of a connection goes through its `query`, whoever asked for it.
  pool.on('connect', (client) => {
    const query: Query = client.query.bind(client);
    client.query = ((config: string | { text: string }, ...rest: unknown[]) => {
      if (listeners.size) {
        const sql = typeof config === 'string' ? config : config.text;
        for (const l of listeners) l(sql);
      }
      return (query as (...args: unknown[]) => unknown)(config, ...rest);
    }) as Query;
  });
  const nameOf = statementNames();
  const adapter = new PrismaPg(pool, {
    disposeExternalPool: true,
    statementNameGenerator: (query) => nameOf(query.sql, query.args.length) as string,
  });
  // 'minimal': no call site in Prisma's error messages. Otherwise (unless NODE_ENV is
  // production, which `npm start` does not set) Prisma captures a stack trace on every
  // query to print one. Quire logs its own errors with their stacks.
  const prisma = new PrismaClient({ adapter, errorFormat: 'minimal' });
  registerRawRunner(prisma, {
    query: async (text, values) => (await pool.query({ name: nameOf(text, values.length), text, values })).rows,
  });
  return {
    prisma,
    onStatement(listener: StatementListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
