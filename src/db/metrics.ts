// The database pool on /metrics: connections in use and idle, callers waiting
// for one, and how long they waited (docs/metrics.md).
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { AcquireListener, PoolStats } from './client.js';

export function registerDatabaseMetrics(registry: Registry, db: { poolStats(): PoolStats; onAcquire(listener: AcquireListener): unknown }) {
  new Gauge({
    name: 'quire_db_pool_connections',
    help: 'Connections of the database pool, by state (in_use: lent to a query or transaction)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const { total, idle } = db.poolStats();
      this.set({ state: 'in_use' }, total - idle);
      this.set({ state: 'idle' }, idle);
    },
  });
  new Gauge({
    name: 'quire_db_pool_max_connections',
    help: 'Size of the database pool (DATABASE_POOL_SIZE)',
    registers: [registry],
    collect() {
      this.set(db.poolStats().max);
    },
  });
  new Gauge({
    name: 'quire_db_pool_waiting',
    help: 'Callers waiting for a connection of the database pool now',
    registers: [registry],
    collect() {
      this.set(db.poolStats().waiting);
    },
  });
  const wait = new Histogram({
    name: 'quire_db_pool_acquire_seconds',
    help: 'Time to obtain a connection of the database pool (waiting, or opening one)',
    buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const timeouts = new Counter({
    name: 'quire_db_pool_acquire_failures_total',
    help: 'Waits for a connection that failed (DATABASE_POOL_TIMEOUT_MS passed, or the database refused)',
    registers: [registry],
  });
  db.onAcquire((seconds, failed) => {
    wait.observe(seconds);
    if (failed) timeouts.inc();
  });
}
