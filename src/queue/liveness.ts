// Which active jobs still have a live worker. pg-boss only learns that a worker
// died when its job expires (30 minutes for a translation run). Each worker
// here holds a PostgreSQL session advisory lock per running job, on one
// connection of its own; the database drops those locks the moment that
// connection dies (a kill, a crash). A sweep fails the active jobs that no
// live session holds, so pg-boss retries them within seconds.
import pg from 'pg';
import type { Logger } from '../logging/logger.js';

/** First key of every job lock (the second is the hash of the job id). */
const LOCK_NAMESPACE = 7_420_114;

export interface JobLiveness {
  /** Marks the job as running here; false when the lock could not be taken (a hash shared with another job). */
  hold(jobId: string): Promise<boolean>;
  release(jobId: string): Promise<void>;
  /** Active jobs started more than `graceSeconds` ago that no live worker holds. */
  orphans(graceSeconds: number): Promise<{ id: string; name: string }[]>;
  close(): Promise<void>;
}

export function jobLiveness(databaseUrl: string, schema: string, logger: Logger): JobLiveness {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`job queue schema "${schema}" is not a plain identifier`);
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'quire-jobs-liveness' });
  client.on('error', (err) => logger.warn({ err: { message: err.message } }, 'job liveness connection lost'));
  let connecting: Promise<unknown> | undefined;
  const ready = () => (connecting ??= client.connect());
  return {
    async hold(jobId) {
      await ready();
      const { rows } = await client.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS held', [
        LOCK_NAMESPACE,
        jobId,
      ]);
      return rows[0]!.held;
    },
    async release(jobId) {
      await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_NAMESPACE, jobId]);
    },
    async orphans(graceSeconds) {
      await ready();
      // pg_locks shows a two-key advisory lock as classid = first key, objid = second key (unsigned), objsubid = 2.
      const { rows } = await client.query<{ id: string; name: string }>(
        `SELECT j.id::text AS id, j.name FROM ${schema}.job j
         WHERE j.state = 'active' AND j.started_on < now() - make_interval(secs => $1)
           AND NOT EXISTS (
             SELECT 1 FROM pg_locks l
             WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2 AND l.classid = $2::oid
               AND l.objid::bigint = (hashtext(j.id::text)::bigint & 4294967295))`,
        [graceSeconds, LOCK_NAMESPACE],
      );
      return rows;
    },
    async close() {
      if (connecting) await client.end().catch(() => undefined);
    },
  };
}
