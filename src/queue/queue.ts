// Quire's one durable job queue: pg-boss, in its own PostgreSQL schema of the
// service's database. Jobs are rows: they survive a crash or a restart (an
// active job whose worker died is failed within seconds, see liveness.ts, or
// at the latest at its expiry, and retried), retry
// with exponential backoff, and time out (`expireInSeconds`; the handler's
// signal aborts then). Any Quire process may send; the worker (in `npm start`,
// or alone with `npm run worker`) runs the handlers and the schedules.
import PgBoss from 'pg-boss';
import type { Logger } from '../logging/logger.js';
import { jobLiveness, type JobLiveness } from './liveness.js';
import { SpanKind, extractTraceContext, inSpan, injectTraceContext, tracingOn } from '../tracing/tracing.js';

/** The member of a job's data carrying the trace context of its sender (tracing on), taken off before its handler runs. */
const TRACE_MEMBER = '_trace';

/** The job's own data, and the trace context its sender left in it. */
function withoutTrace(data: unknown): { data: unknown; trace?: Record<string, string> } {
  if (!data || typeof data !== 'object' || !(TRACE_MEMBER in data)) return { data };
  const { [TRACE_MEMBER]: trace, ...own } = data as Record<string, unknown>;
  return { data: own, trace: trace as Record<string, string> };
}

export interface JobPolicy {
  /** Retries after the first attempt. */
  retryLimit: number;
  /** Seconds before the first retry; doubled at each next one (backoff). */
  retryDelay: number;
  /** Longest run of one attempt: then it fails (and is retried) and its signal aborts. */
  expireInSeconds: number;
  /** pg-boss queue policy: `stately` keeps at most one queued and one running job per singleton key. */
  policy?: 'standard' | 'stately';
}

export interface JobAttempt<Data> {
  id: string;
  data: Data;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
  /** Aborted when the attempt times out or the worker stops. */
  signal: AbortSignal;
}

export interface JobDefinition<Data, Services> {
  name: string;
  policy: JobPolicy;
  /** A cron schedule (UTC) on which the worker sends this job with `{}` data. */
  cron?: string;
  run(services: Services, attempt: JobAttempt<Data>): Promise<void>;
}

/** What request handlers may do with the queue. */
export interface JobSender {
  /** Queues job `name`; with `singletonKey`, at most one is waiting per key (stately queues). */
  send(name: string, data: object, options?: { singletonKey?: string }): Promise<void>;
}

export interface JobQueueOptions {
  databaseUrl: string;
  logger: Logger;
  /** PostgreSQL schema of the queue's tables (tests give each app its own). */
  schema?: string;
  /** Connections of the queue's own pool. */
  poolSize?: number;
  /** Job policies overridden by name (tests: short retries and expiries). */
  policies?: Record<string, Partial<JobPolicy>>;
  /** How often an idle worker polls for jobs (seconds, ≥ 0.5). */
  pollingIntervalSeconds?: number;
  /** How often the worker expires jobs of dead workers and archives old ones (seconds). */
  maintenanceIntervalSeconds?: number;
  /** How often the worker fails the active jobs whose worker is gone (seconds; liveness.ts). */
  orphanSweepSeconds?: number;
}

/** SQLSTATE of a connection terminated by the server's shutdown. */
const ADMIN_SHUTDOWN = '57P01';

export function createJobQueue<Services>(definitions: readonly JobDefinition<any, Services>[], options: JobQueueOptions) {
  const { logger } = options;
  const policyOf = (definition: JobDefinition<unknown, Services>): JobPolicy => ({
    ...definition.policy,
    ...options.policies?.[definition.name],
  });
  let boss: PgBoss | undefined;
  let starting: Promise<PgBoss> | undefined;
  let working = false;
  const workerIds = new Map<string, string>();
  const running = new Set<AbortController>();
  const schema = options.schema ?? 'pgboss';
  let liveness: JobLiveness | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  /** Attempts this process ran, by job and outcome (/metrics). */
  const attempts = new Map<string, { completed: number; failed: number }>();
  const countAttempt = (name: string, outcome: 'completed' | 'failed') => {
    const counts = attempts.get(name) ?? { completed: 0, failed: 0 };
    attempts.set(name, counts);
    counts[outcome]++;
  };
  let databaseStopping = false;

  /** Starts pg-boss (installing or migrating its schema) and declares the queues; once. */
  const started = (asWorker: boolean) =>
    (starting ??= (async () => {
      boss = new PgBoss({
        connectionString: options.databaseUrl,
        schema,
        max: options.poolSize ?? 3,
        application_name: 'quire-jobs',
        supervise: asWorker,
        schedule: asWorker,
        maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
      });
      boss.on('error', (err) => {
        // PostgreSQL shutting down (57P01, admin_shutdown: a stop of the server, e.g. the embedded one on Ctrl-C)
        // closes the queue's connections: said once, not an error of Quire's; pg-boss reconnects if it comes back.
        if ((err as { code?: string }).code !== ADMIN_SHUTDOWN) return void logger.error({ err }, 'job queue error');
        if (!databaseStopping) logger.info('job queue: the database server is shutting down, its connections closed');
        databaseStopping = true;
      });
      await boss.start();
      for (const definition of definitions) {
        const policy = policyOf(definition);
        const queue = {
          name: definition.name,
          policy: policy.policy ?? 'standard',
          retryLimit: policy.retryLimit,
          retryDelay: policy.retryDelay,
          retryBackoff: true,
          expireInSeconds: policy.expireInSeconds,
        };
        await boss.createQueue(definition.name, queue);
        await boss.updateQueue(definition.name, queue);
      }
      return boss;
    })());

  const definitionOf = (name: string) => {
    const definition = definitions.find((d) => d.name === name);
    if (!definition) throw new Error(`unknown job ${name}`);
    return definition;
  };

  /** Runs one attempt with a signal that aborts at its expiry or when the worker stops. */
  async function runAttempt(definition: JobDefinition<unknown, Services>, services: Services, job: PgBoss.JobWithMetadata<unknown>) {
    const controller = new AbortController();
    const expiry = AbortSignal.timeout(job.expireInSeconds * 1000);
    const signal = AbortSignal.any([controller.signal, expiry]);
    running.add(controller);
    // Without the lock (a connection problem, a shared hash) the job still runs: it is then failed at its expiry only.
    const held = await liveness
      ?.hold(job.id)
      .catch((err) => (logger.warn({ err: { message: (err as Error).message } }, 'job liveness lock failed'), false));
    const { data, trace } = withoutTrace(job.data);
    try {
      await inSpan(
        `job ${definition.name}`,
        {
          kind: SpanKind.CONSUMER,
          // The sender's context; else a trace of its own (not whatever request woke the worker up).
          parent: tracingOn() ? extractTraceContext(trace ?? {}) : undefined,
          attributes: {
            'messaging.operation.type': 'process',
            'quire.job': definition.name,
            'quire.job_id': job.id,
            'quire.job_attempt': job.retryCount + 1,
          },
        },
        () => definition.run(services, { id: job.id, data, retryCount: job.retryCount, retryLimit: job.retryLimit, signal }),
      );
      countAttempt(definition.name, 'completed');
    } catch (err) {
      countAttempt(definition.name, 'failed');
      logger.warn(
        { job: definition.name, jobId: job.id, attempt: job.retryCount + 1, err: { message: (err as Error).message } },
        'job attempt failed',
      );
      throw err;
    } finally {
      running.delete(controller);
      if (held) await liveness?.release(job.id).catch(() => undefined);
    }
  }

  /** Fails the active jobs whose worker is gone, so that pg-boss retries them now rather than at their expiry. */
  async function sweepOrphans(queue: PgBoss, graceSeconds: number) {
    for (const orphan of await liveness!.orphans(graceSeconds)) {
      await queue.fail(orphan.name, orphan.id, { message: 'its worker is gone' });
      logger.warn({ job: orphan.name, jobId: orphan.id }, 'job of a worker that is gone: failed, to be retried');
    }
  }

  return {
    async send(name: string, data: object, sendOptions: { singletonKey?: string } = {}) {
      const policy = policyOf(definitionOf(name));
      const queue = await started(working);
      // The job row carries its retry and expiry policy (pg-boss copies it at insert): whichever worker
      // runs it, and whatever another process declared for the queue since, it expires and retries as sent.
      const perJob = {
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelay,
        retryBackoff: true,
        expireInSeconds: policy.expireInSeconds,
      };
      const options = sendOptions.singletonKey ? { ...perJob, singletonKey: sendOptions.singletonKey } : perJob;
      if (!tracingOn()) await queue.send(name, data, options);
      else
        await inSpan(
          `send ${name}`,
          { kind: SpanKind.PRODUCER, attributes: { 'messaging.operation.type': 'send', 'quire.job': name } },
          () => {
            const trace: Record<string, string> = {};
            injectTraceContext(trace);
            return queue.send(name, { ...data, [TRACE_MEMBER]: trace }, options);
          },
        );
      const workerId = workerIds.get(name);
      if (workerId) queue.notifyWorker(workerId); // the worker of this process starts at once rather than at its next poll
    },

    /** Runs the handlers of every job in this process, and their schedules. */
    async work(services: Services, concurrency = 2) {
      if (starting && !working) throw new Error('the job queue was started as a sender: start the worker first');
      working = true;
      const queue = await started(true);
      liveness = jobLiveness(options.databaseUrl, schema, logger);
      const sweepSeconds = options.orphanSweepSeconds ?? 15;
      sweeper = setInterval(() => {
        sweepOrphans(queue, sweepSeconds).catch((err) =>
          logger.warn({ err: { message: (err as Error).message } }, 'orphan job sweep failed'),
        );
      }, sweepSeconds * 1000);
      sweeper.unref();
      for (const definition of definitions) {
        const id = await queue.work<unknown>(
          definition.name,
          { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
          async ([job]) => runAttempt(definition, services, job),
        );
        workerIds.set(definition.name, id);
        for (let extra = 1; extra < concurrency; extra++) {
          await queue.work<unknown>(
            definition.name,
            { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
            async ([job]) => runAttempt(definition, services, job),
          );
        }
        if (definition.cron) await queue.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
      }
      logger.info({ jobs: definitions.map((d) => d.name) }, 'job worker started');
    },

    /**
     * Stops taking jobs, lets running attempts finish for `timeoutMs`, then
     * aborts them (they fail and are retried by a later worker) and closes the pool.
     */
    async stop(timeoutMs = 10_000) {
      if (!starting) return;
      const queue = await starting.catch(() => undefined);
      if (!queue) return;
      const abortLate = setTimeout(
        () => running.forEach((c) => c.abort(new Error('the worker is stopping'))),
        Math.max(0, timeoutMs - 500),
      );
      clearInterval(sweeper);
      try {
        await queue.stop({ graceful: true, timeout: Math.max(1000, timeoutMs), wait: true, close: true });
      } finally {
        clearTimeout(abortLate);
        await liveness?.close();
      }
    },

    /** Attempts this process ran, by job: completed and failed (each failed attempt, retried or not). */
    attemptCounts: (): ReadonlyMap<string, { completed: number; failed: number }> => attempts,

    /**
     * Jobs waiting (`created`), waiting for a retry (`retry`) and running (`active`), by job, from the
     * queue's tables: undefined while this process has not started the queue (nothing sent, no worker).
     */
    async depths(): Promise<{ name: string; state: string; count: number }[] | undefined> {
      if (!starting) return undefined;
      const queue = await starting;
      const result = await queue
        .getDb()
        .executeSql(
          `SELECT name, state::text AS state, count(*)::int AS count FROM "${schema}".job WHERE state IN ('created', 'retry', 'active') GROUP BY name, state`,
          [],
        );
      return result.rows as { name: string; state: string; count: number }[];
    },

    /** The pg-boss instance (tests read job states through it). */
    boss: () => started(working),
  };
}
