// What the single-server benchmarks share (hostile-inputs, pdf-rss,
// noisy-neighbour): a fresh database, migrated and seeded; Quire started on it
// from dist/, as `npm start` runs it, with the rate limits out of the way; and
// the JSON request they send.
import { migrate } from '../src/db/migrate.js';
import { seed, type BenchDataset } from './seed.js';
import { buildQuire, createBenchDatabase, emptyBenchRedis, startQuire, type BenchDatabase, type ServerProcess } from './servers.js';

/**
 * Runs `work` on a fresh bench database, migrated and seeded, with the bench's Redis database
 * empty (the seed's ids are the same every run: counters a run leaves would spend the next one's
 * hourly budgets); both are cleaned up after, whatever happens.
 */
export async function withSeededDatabase<T>(work: (database: BenchDatabase, data: BenchDataset) => Promise<T>): Promise<T> {
  const database = await createBenchDatabase();
  try {
    await emptyBenchRedis();
    await migrate(database.url);
    return await work(database, await seed(database.url));
  } finally {
    await emptyBenchRedis().catch(() => {});
    await database.drop();
  }
}

/** Rate limits too high to refuse anything a benchmark sends: every budget, the hourly user's and organization's too. */
export const unrefusedRates = {
  RATE_LIMIT_PER_TOKEN: '1000000000',
  RATE_LIMIT_PER_USER: '1000000000',
  RATE_LIMIT_PER_ORGANIZATION: '1000000000',
  RATE_LIMIT_PER_ADDRESS: '1000000000',
};

/** The environment of a benchmarked Quire: production mode, quiet logs, rate limits too high to matter; `extra` on top. */
export const quireEnv = (databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> => ({
  DATABASE_URL: databaseUrl,
  PUBLIC_URL: 'http://bench.quire.test',
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  ...unrefusedRates,
  ...extra,
});

/** Builds Quire, starts it on the database (`quireEnv`, `extra` on top), runs `work`, and stops it after. */
export async function withQuire<T>(
  databaseUrl: string,
  extra: Record<string, string>,
  work: (server: ServerProcess) => Promise<T>,
): Promise<T> {
  const server = await startQuire('quire', buildQuire(), quireEnv(databaseUrl, extra));
  try {
    return await work(server);
  } finally {
    await server.stop();
  }
}

/** A request with the bearer token (if any) and a JSON body (if any). */
export const jsonRequest = (token: string | undefined, method: string, body?: unknown): RequestInit => ({
  method,
  headers: {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  },
  body: body === undefined ? undefined : JSON.stringify(body),
});
