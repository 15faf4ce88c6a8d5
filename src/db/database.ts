// Where the database is: DATABASE_URL when set, else the embedded PostgreSQL
// whose data persists under `.quire/pgdata` (git-ignored).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from './embedded.js';
import { migrate } from './migrate.js';

export const defaultDataDir = fileURLToPath(new URL('../../.quire/pgdata', import.meta.url));

export interface Database {
  url: string;
  embedded: boolean;
  /** Where the data lives, for the start-up log (never a password). */
  location: Record<string, string | number>;
  /** Migrations this start applied. */
  applied: string[];
  close(): Promise<void>;
}

/** Errors of a server that is not (yet) accepting connections: worth another try. */
const transient = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EAI_AGAIN', '57P03']);

/**
 * Migrates the server at `url`, retrying while it is not reachable yet (a
 * database starting next to the service); `attempts` tries, a second apart.
 */
async function migrateWhenReachable(url: string, attempts: number) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrate(url);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= attempts || !code || !transient.has(code)) {
        const where = new URL(url);
        throw new Error(`Cannot open the database at ${where.hostname}:${where.port || 5432}${where.pathname}: ${(err as Error).message}`, {
          cause: err,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** Resolves the database and brings its schema up to date. */
export async function openDatabase(env = process.env): Promise<Database> {
  if (env.DATABASE_URL) {
    const applied = await migrateWhenReachable(env.DATABASE_URL, Number(env.DATABASE_CONNECT_ATTEMPTS ?? 10));
    const { hostname, port, pathname } = new URL(env.DATABASE_URL);
    const location = { host: hostname, port: Number(port || 5432), database: decodeURIComponent(pathname.slice(1)) };
    return { url: env.DATABASE_URL, embedded: false, location, applied, close: async () => {} };
  }
  const embedded = await startEmbeddedPostgres(path.resolve(env.QUIRE_DATA_DIR ?? defaultDataDir));
  try {
    const applied = await migrate(embedded.url);
    const location = { embeddedDataDir: embedded.dataDir, server: embedded.origin, port: Number(new URL(embedded.url).port) };
    return { url: embedded.url, embedded: true, location, applied, close: () => embedded.stop() };
  } catch (err) {
    await embedded.stop();
    throw err;
  }
}
