// Planned answers on /metrics: queries answered whole on the answering schema, and those
// run again on the schema itself (a plan that could not answer: execute.ts).
import { Counter, type Registry } from 'prom-client';
import { wholeAnswerOutcomes } from './execute.js';

export function registerPlannedAnswerMetrics(registry: Registry) {
  new Counter({
    name: 'quire_graphql_planned_answers_total',
    help: 'Queries run on the answering schema (src/schema/plan/execute.ts), by outcome: whole, or run again',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [outcome, count] of Object.entries(wholeAnswerOutcomes())) this.inc({ outcome }, count);
    },
  });
}
