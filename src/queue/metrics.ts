// The job queue on /metrics: jobs waiting and running by job (read from the
// queue's tables at each scrape), and the attempts this process ran, completed
// or failed, by job (docs/metrics.md).
import { Counter, Gauge, type Registry } from 'prom-client';
import type { createJobQueue } from './queue.js';

type JobQueue = Pick<ReturnType<typeof createJobQueue>, 'attemptCounts' | 'depths'>;

export function registerJobMetrics(registry: Registry, queue: JobQueue, onError: (err: unknown) => void) {
  new Gauge({
    name: 'quire_jobs_queued',
    help: 'Jobs in the queue by job and state (created: waiting; retry: waiting for a retry; active: running), all processes',
    labelNames: ['job', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      const depths = await queue.depths().catch((err) => void onError(err));
      for (const { name, state, count } of depths ?? []) this.set({ job: name, state }, count);
    },
  });
  new Counter({
    name: 'quire_job_attempts_total',
    help: 'Job attempts this process ran, by job and outcome (completed, failed: retried until its retry limit)',
    labelNames: ['job', 'outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [job, { completed, failed }] of queue.attemptCounts()) {
        this.inc({ job, outcome: 'completed' }, completed);
        this.inc({ job, outcome: 'failed' }, failed);
      }
    },
  });
}
