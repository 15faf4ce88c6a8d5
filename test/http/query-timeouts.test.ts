// No query runs unbounded: every session of the pool carries a statement
// timeout and an idle-in-transaction timeout, and a statement cancelled by them
// answers 503 in the documented error shape (REST and GraphQL) with a log line,
// rather than a hang. A statement is made slow by a lock another connection holds.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import pg from 'pg';
import { pino } from 'pino';
import { startTestApp, type TestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { createOrg, createSpace } from '../support/factories.js';
import { expectSchema } from '../support/openapi.js';
import { databaseSettingsFromEnv, defaultDatabaseSettings, poolOptions } from '../../src/db/settings.js';
import { databaseUnavailable } from '../../src/errors.js';
import { withRequestSignal } from '../../src/db/requestSignal.js';

const STATEMENT_TIMEOUT_MS = 400;
let app: TestApp;
const logLines: Record<string, unknown>[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  }),
);

beforeAll(async () => {
  app = await startTestApp({ database: { statementTimeoutMs: STATEMENT_TIMEOUT_MS, idleInTransactionTimeoutMs: 1_500 }, logger });
});
afterAll(() => app.close());

/** Holds `sql` (a lock) in a transaction of its own connection while `fn` runs. */
async function whileLocked<T>(sql: string, fn: () => Promise<T>): Promise<T> {
  const blocker = new pg.Client({ connectionString: inject('databaseUrl') });
  await blocker.connect();
  try {
    await blocker.query('BEGIN');
    await blocker.query(sql);
    return await fn();
  } finally {
    await blocker.query('ROLLBACK').catch(() => {});
    await blocker.end();
  }
}

describe('statement bounds', () => {
  it('every pooled session carries the statement and idle-in-transaction timeouts', async () => {
    const rows = await app.prisma.$queryRaw<{ statement: string; idle: string }[]>`
      SELECT current_setting('statement_timeout') AS statement, current_setting('idle_in_transaction_session_timeout') AS idle`;
    expect(rows).toEqual([{ statement: `${STATEMENT_TIMEOUT_MS}ms`, idle: '1500ms' }]);
  });

  it('a REST write stuck behind a lock answers 503 in the error shape, with a log line, after the statement timeout', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    logLines.length = 0;
    const started = Date.now();
    const res = await whileLocked(`SELECT 1 FROM "Space" WHERE id = '${space.id}' FOR UPDATE`, () =>
      rest(app, org.admin.token).patch(`/v1/spaces/${space.id}`, { title: 'Blocked' }),
    );
    const elapsed = Date.now() - started;
    expect(res.status).toBe(503);
    expectSchema(res.body, 'Error');
    expect(res.body.error.code).toBe(503);
    expect(elapsed).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS);
    expect(elapsed).toBeLessThan(10_000);
    expect(logLines.some((l) => JSON.stringify(l).includes('statement timeout'))).toBe(true);
    // Nothing half-written, and the pool still serves.
    expect((await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).title).not.toBe('Blocked');
    expect((await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}`, { title: 'Free' })).status).toBe(200);
  });

  it('a GraphQL read stuck behind a lock answers an error with code SERVICE_UNAVAILABLE (status 503)', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const res = await whileLocked('LOCK TABLE "Space" IN ACCESS EXCLUSIVE MODE', () =>
      graphql(app, org.admin.token, 'query($id: ID!) { node(id: $id) { id } }', { id: space.id }),
    );
    expect(res.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/try again/),
      extensions: { code: 'SERVICE_UNAVAILABLE', status: 503 },
    });
  });

  it('a transaction left idle is ended by the server: the work fails as unavailable (503), the connection leaves the pool', async () => {
    // One connection: were the dead one kept (or lost), the next request could not be served.
    const small = await startTestApp({ database: { poolSize: 1, idleInTransactionTimeoutMs: 300, acquireTimeoutMs: 2_000 } });
    try {
      const failure = await small.prisma
        .$transaction(
          async (tx) => {
            await tx.$executeRaw`SELECT 1`;
            await new Promise((resolve) => setTimeout(resolve, 1_000));
            await tx.$executeRaw`SELECT 1`;
          },
          { timeout: 10_000 },
        )
        .then(
          () => undefined,
          (err: unknown) => err,
        );
      expect(databaseUnavailable(failure)?.status).toBe(503);
      const org = await createOrg(small);
      expect((await rest(small, org.admin.token).get(`/v1/orgs/${org.organizationId}`)).status).toBe(200);
    } finally {
      // Shutdown does not wait for a connection that never came back.
      expect(await small.close(5_000)).toBe(true);
    }
  });

  it('a request whose authentication itself is stuck answers 503 too', async () => {
    const org = await createOrg(app);
    const res = await whileLocked('LOCK TABLE "ApiToken" IN ACCESS EXCLUSIVE MODE', () =>
      rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}`),
    );
    expect(res.status).toBe(503);
    expectSchema(res.body, 'Error');
  });
});

describe('database settings from the environment', () => {
  it('reads DATABASE_POOL_SIZE and the timeouts, defaults otherwise, and names a bad variable', () => {
    // Idle connections stay minutes, not node-postgres' 10 s (a new one costs a backend start and its statements prepared again).
    expect(poolOptions(databaseSettingsFromEnv({}))).toMatchObject({ max: 10, idleTimeoutMillis: 300_000 });
    expect(databaseSettingsFromEnv({})).toEqual(defaultDatabaseSettings);
    expect(
      databaseSettingsFromEnv({ DATABASE_POOL_SIZE: '4', DATABASE_STATEMENT_TIMEOUT_MS: '2500', DATABASE_POOL_IDLE_TIMEOUT_MS: '60000' }),
    ).toMatchObject({ poolSize: 4, statementTimeoutMs: 2500, idleTimeoutMs: 60_000 });
    expect(() => databaseSettingsFromEnv({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => databaseSettingsFromEnv({ DATABASE_STATEMENT_TIMEOUT_MS: '0' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
  });
});

describe('a client that disconnects', () => {
  let patient: TestApp;
  beforeAll(async () => {
    // Statements may wait long here: only the client's leaving can stop them.
    patient = await startTestApp({ database: { statementTimeoutMs: 60_000 } });
  });
  afterAll(() => patient.close());

  it('refuses the statements of a transaction whose client left: it rolls back, and its connection comes back clean', async () => {
    const small = await startTestApp({ database: { poolSize: 1 } });
    try {
      const org = await createOrg(small);
      const space = await createSpace(small, org);
      const client = new AbortController();
      const failure = await withRequestSignal(small.prisma, client.signal)
        .$transaction(async (tx) => {
          await tx.space.update({ where: { id: space.id }, data: { title: 'Half written' } });
          client.abort();
          await tx.space.update({ where: { id: space.id }, data: { language: 'fr' } });
        })
        .then(
          () => undefined,
          (err: unknown) => err,
        );
      expect(databaseUnavailable(failure)?.status).toBe(503);
      expect((await small.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).title).not.toBe('Half written');
      // The one connection is not left inside the aborted transaction.
      const [{ fresh }] = await small.prisma.$queryRaw<{ fresh: boolean }[]>`SELECT now() = statement_timestamp() AS fresh`;
      expect(fresh).toBe(true);
    } finally {
      await small.close();
    }
  });

  it('refuses a batched transaction of a request whose client already left, and answers a live one as Prisma does', async () => {
    const org = await createOrg(patient);
    const space = await createSpace(patient, org);
    const gone = new AbortController();
    gone.abort();
    const write = (db: typeof patient.prisma, title: string) =>
      db.$transaction([db.space.update({ where: { id: space.id }, data: { title } }), db.space.count({ where: { id: space.id } })]);
    const failure = await write(withRequestSignal(patient.prisma, gone.signal), 'Never written').then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(databaseUnavailable(failure)?.status).toBe(503);
    expect((await patient.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).title).not.toBe('Never written');
    const [updated, count] = await write(withRequestSignal(patient.prisma, new AbortController().signal), 'Written');
    expect([updated.title, count]).toEqual(['Written', 1]);
  });

  it('cancels the statement its request was waiting on, and the write never happens', async () => {
    const org = await createOrg(patient);
    const space = await createSpace(patient, org);
    const blocker = new pg.Client({ connectionString: inject('databaseUrl') });
    await blocker.connect();
    const waitingBehind = async () => {
      const { rows } = await blocker.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))',
      );
      return rows[0].n;
    };
    try {
      await blocker.query('BEGIN');
      await blocker.query(`SELECT 1 FROM "Space" WHERE id = $1 FOR UPDATE`, [space.id]);
      const controller = new AbortController();
      const request = fetch(`${patient.baseUrl}/v1/spaces/${space.id}`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${org.admin.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: 'Abandoned' }),
        signal: controller.signal,
      }).catch((err: Error) => err);
      await expect.poll(waitingBehind, { timeout: 30_000 }).toBe(1);
      controller.abort();
      expect(await request).toBeInstanceOf(Error);
      // The statement stops waiting while the lock is still held: it was cancelled.
      await expect.poll(waitingBehind, { timeout: 30_000 }).toBe(0);
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    // Released, the lock lets nothing through: the request's transaction is gone.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await patient.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).title).not.toBe('Abandoned');
    // And the pool still serves.
    expect((await rest(patient, org.admin.token).get(`/v1/spaces/${space.id}`)).status).toBe(200);
  });
});
