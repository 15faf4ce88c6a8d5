// The Prisma client over node-postgres (driver adapter, no native engine).
// `onStatement` observes every SQL statement: tests pin query counts with it
// and benchmarks count statements per request.
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type { PrismaClient };
export type StatementListener = (sql: string) => void;

export function createPrisma(url: string, { poolSize = 10 } = {}) {
  const listeners = new Set<StatementListener>();
  const adapter = new PrismaPg({ connectionString: url, max: poolSize });
  const prisma = new PrismaClient({ adapter, log: [{ emit: 'event', level: 'query' }] });
  prisma.$on('query', (e) => {
    for (const l of listeners) l(e.query);
  });
  return {
    prisma,
    onStatement(listener: StatementListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
