// A real Quire HTTP server on a free port over the run's database, with a
// manual clock and a recorder of the SQL statements it issues.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { defaultFetchPolicy } from '../../src/net/fetch.js';
import { createQuire, type QuireOptions } from '../../src/app.js';
import { manualClock } from '../../src/clock.js';
import type { SettingsOverrides } from '../../src/config/settings.js';
import { silentLogger } from '../../src/logging/logger.js';
import { createMigratedDatabase } from './testDatabase.js';
import { createOrg, type OrgFixture } from './factories.js';

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * Rate limiting is off unless `options.rateLimit` is given, and so are the per-caller concurrency
 * limits unless `options.tenants` sets them (concurrency tests fire many requests of one token at once);
 * other settings keep their defaults (`database`: pool size and statement bounds; `logger`: silent unless given).
 * `databaseUrl` defaults to the run's shared database (a suite that needs one of its own passes it).
 */
export async function startTestApp(
  options: Partial<
    Pick<
      QuireOptions,
      'redisUrl' | 'readReplicas' | 'databaseUrl' | 'database' | 'logger' | 'storage' | 'filesSecret' | 'jobs' | 'visitorClaims'
    >
  > &
    SettingsOverrides & { worker?: boolean } = {},
) {
  const clock = manualClock(new Date());
  const tenants = { concurrentPerToken: 10_000, concurrentPerOrganization: 10_000, concurrentPerProcess: 10_000, ...options.tenants };
  // Each app stores files in a folder of its own, removed when it closes.
  const filesDirectory = options.storage ? undefined : mkdtempSync(join(tmpdir(), 'quire-files-'));
  const storage = options.storage ?? { kind: 'local' as const, directory: filesDirectory! };
  // Each app has a job queue schema of its own (its worker takes only its own jobs), and its
  // jobs may fetch from loopback only (the local servers of the tests): the SSRF allow-list.
  const jobs = {
    schema: `jobs_${randomBytes(4).toString('hex')}`,
    pollingIntervalSeconds: 0.5,
    ...options.jobs,
    fetchPolicy: { ...defaultFetchPolicy, allow: ['127.0.0.0/8'], ...options.jobs?.fetchPolicy },
  };
  const quire = createQuire({
    ...options,
    storage,
    jobs,
    tenants,
    databaseUrl: options.databaseUrl ?? inject('databaseUrl'),
    clock,
    publicUrl: 'http://quire.test',
    logger: options.logger ?? silentLogger(),
  });
  if (options.worker) await quire.startWorker();
  const port = await quire.listen(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    quire,
    prisma: quire.prisma,
    clock,
    baseUrl,
    /**
     * Runs `fn` and returns the SQL statements issued meanwhile. Token-use writes go out a little
     * after the request that made them due (src/domain/auth/activity.ts): those of earlier requests
     * are done before the recording starts, and those `fn`'s requests made due are in it.
     */
    async recordStatements<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
      await quire.activity.settled();
      const statements: string[] = [];
      const stop = quire.onStatement((sql) => statements.push(sql));
      try {
        const result = await fn();
        await quire.activity.settled();
        return { result, statements };
      } finally {
        stop();
      }
    },
    /** Graceful stop (see Quire.close); true when every request finished within `timeoutMs`. */
    close: async (timeoutMs?: number) => {
      const finished = await quire.close(timeoutMs);
      if (filesDirectory) rmSync(filesDirectory, { recursive: true, force: true });
      return finished;
    },
  };
}

/**
 * An app on a database of its own, dropped when the app closes. For a test whose work
 * reaches past its own organizations: a purge of every space deleted, or of every rate-limit
 * window over, before its advanced clock would remove the rows of the test files running
 * alongside in the shared database; the search catch-up would index all of theirs.
 */
export async function startIsolatedTestApp(options: Parameters<typeof startTestApp>[0] = {}): Promise<TestApp> {
  const db = await createMigratedDatabase(inject('serverUrl'));
  const app = await startTestApp({ ...options, databaseUrl: db.url });
  return {
    ...app,
    close: async (timeoutMs?: number) => {
      try {
        return await app.close(timeoutMs);
      } finally {
        await db.drop();
      }
    },
  };
}

type StartOptions = Parameters<typeof startTestApp>[0];

/**
 * A stand-in for a value a `beforeAll` hook makes: it reads through to the value once made, and
 * a read before then (at the top of a file, outside a hook or test) fails saying so.
 */
function madeBeforeAll<T extends object>(what: string) {
  let value: T | undefined;
  const current = (): T => {
    if (value === undefined) throw new Error(`${what} is made in beforeAll: use it in a hook or a test`);
    return value;
  };
  const handle = new Proxy({} as T, {
    // Not a thenable: `await handle` or returning it from an async function gives the handle itself.
    get: (_, key) => (key === 'then' && value === undefined ? undefined : Reflect.get(current(), key)),
    has: (_, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(current(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    set: () => {
      throw new Error(`${what} is read-only`);
    },
  });
  return { handle, set: (made: T) => void (value = made), get: () => value };
}

function useApp(start: () => Promise<TestApp>): TestApp {
  const app = madeBeforeAll<TestApp>('The test app');
  beforeAll(async () => app.set(await start()));
  afterAll(() => app.get()?.close());
  return app.handle;
}

/**
 * The app of a test file (or of the `describe` block that calls it): started before its tests
 * (`beforeAll`), closed after them (`afterAll`). Options as `startTestApp`'s.
 *
 *     const app = useTestApp();
 *     const org = useTestOrg(app);
 */
export const useTestApp = (options: StartOptions = {}): TestApp => useApp(() => startTestApp(options));

/** As `useTestApp`, on a database of its own (`startIsolatedTestApp`). */
export const useIsolatedTestApp = (options: StartOptions = {}): TestApp => useApp(() => startIsolatedTestApp(options));

/** An organization made for the file (or `describe` block) once its app is up: `createOrg(app, options)` in `beforeAll`. */
export function useTestOrg(app: TestApp, options?: Parameters<typeof createOrg>[1]): OrgFixture {
  const org = madeBeforeAll<OrgFixture>('The test organization');
  beforeAll(async () => org.set(await createOrg(app, options)));
  return org.handle;
}
