// The compute pool on /metrics: tasks handed to it by name, and threads alive.
import { Counter, Gauge, type Registry } from 'prom-client';
import type { ComputePool } from './pool.js';

export function registerComputeMetrics(registry: Registry, pool: ComputePool) {
  new Counter({
    name: 'quire_compute_tasks_total',
    help: 'Tasks handed to the compute pool (worker threads), by task',
    labelNames: ['task'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [task, count] of Object.entries(pool.counts())) this.inc({ task }, count);
    },
  });
  new Gauge({
    name: 'quire_compute_threads',
    help: 'Worker threads of the compute pool alive',
    registers: [registry],
    collect() {
      this.set(pool.threadCount());
    },
  });
}
