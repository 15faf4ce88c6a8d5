// Read replicas on /metrics: reads per target, and each standby's lag and health.
import { Counter, Gauge, type Registry } from 'prom-client';
import type { ReadReplicas } from './readReplicas.js';

export function registerReadReplicaMetrics(registry: Registry, replicas: ReadReplicas) {
  new Counter({
    name: 'quire_database_reads_total',
    help: 'Read-only operations by the database they ran on (primary, standby1…)',
    labelNames: ['target'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [target, count] of Object.entries(replicas.state().reads)) this.inc({ target }, count);
    },
  });
  new Gauge({
    name: 'quire_database_standby_lag_seconds',
    help: 'How far each standby is behind the primary (+Inf while it does not answer)',
    labelNames: ['standby'],
    registers: [registry],
    collect() {
      for (const s of replicas.state().standbys) this.set({ standby: s.name }, s.lagMs / 1000);
    },
  });
  new Gauge({
    name: 'quire_database_standby_in_rotation',
    help: 'Whether each standby answers and is within the lag bound (1) or not (0)',
    labelNames: ['standby'],
    registers: [registry],
    collect() {
      for (const s of replicas.state().standbys) this.set({ standby: s.name }, s.healthy && s.inRotation ? 1 : 0);
    },
  });
}
