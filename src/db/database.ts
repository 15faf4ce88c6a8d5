// Where the database is: DATABASE_URL when set, else the embedded PostgreSQL
// whose data persists under `.quire/pgdata` (git-ignored).
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from './embedded.js';
import { migrate } from './migrate.js';

export const defaultDataDir = fileURLToPath(new URL('../../.quire/pgdata', import.meta.url));

export interface Database {
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

/** Resolves the database and brings its schema up to date. */
export async function openDatabase(env = process.env): Promise<Database> {
  if (env.DATABASE_URL) {
    await migrate(env.DATABASE_URL);
    return { url: env.DATABASE_URL, embedded: false, close: async () => {} };
  }
  const embedded = await startEmbeddedPostgres(env.QUIRE_DATA_DIR ?? defaultDataDir);
  try {
    await migrate(embedded.url);
  } catch (err) {
    await embedded.stop();
    throw err;
  }
  return { url: embedded.url, embedded: true, close: () => embedded.stop() };
}
