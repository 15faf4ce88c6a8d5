// The benchmark's report: Quire and the baseline side by side with the ratios,
// the scaling table, and the targets of issue #4, as text and as JSON.
import type { LoadResult, SequentialPass } from './load.js';

export interface ScenarioReport {
  name: string;
  description: string;
  sequential: SequentialPass;
  runs: { connections: number; quire: LoadResult; baseline: LoadResult }[];
}

export interface ScalingReport {
  first: number;
  sequential: SequentialPass;
  quire: LoadResult;
  baseline: LoadResult;
}

export interface Target {
  name: string;
  value: string;
  pass: boolean;
}

const f = (n: number | null | undefined, digits = 1) => (n == null ? '—' : n.toFixed(digits));
const ratio = (a: number | null, b: number | null) => (a == null || !b ? '—' : f(a / b, 1));

function table(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function scenarioTable(reports: ScenarioReport[]) {
  const rows = reports.flatMap((r) =>
    r.runs.map(({ connections, quire: q, baseline: b }) => [
      r.name, String(connections),
      f(q.requestsPerSecond, 0), f(q.latencyMs.p50), f(q.latencyMs.p99), f(q.peakRssMB, 0), f(r.sequential.statementsPerRequest.quire), f(q.cpuMsPerRequest, 2),
      f(b.requestsPerSecond, 0), f(b.latencyMs.p50), f(b.latencyMs.p99), f(b.peakRssMB, 0), f(r.sequential.statementsPerRequest.baseline), f(b.cpuMsPerRequest, 2),
      f(q.requestsPerSecond / b.requestsPerSecond, 2), f(q.latencyMs.p99 / b.latencyMs.p99, 2), ratio(q.cpuMsPerRequest, b.cpuMsPerRequest),
    ]),
  );
  return table(
    ['scenario', 'conns', 'Q req/s', 'Q p50', 'Q p99', 'Q RSS', 'Q SQL', 'Q CPU', 'B req/s', 'B p50', 'B p99', 'B RSS', 'B SQL', 'B CPU',
      'req/s Q/B', 'p99 Q/B', 'CPU Q/B'],
    rows,
  );
}

export function scalingTable(reports: ScalingReport[]) {
  return table(
    ['spaces', 'Q SQL/req', 'Q req/s', 'Q p50', 'Q p99', 'Q CPU', 'B SQL/req', 'B req/s', 'B p50', 'B p99', 'B CPU', 'req/s Q/B', 'p99 Q/B', 'CPU Q/B'],
    reports.map(({ first, sequential, quire: q, baseline: b }) => [
      String(first),
      f(sequential.statementsPerRequest.quire), f(q.requestsPerSecond, 0), f(q.latencyMs.p50), f(q.latencyMs.p99), f(q.cpuMsPerRequest, 2),
      f(sequential.statementsPerRequest.baseline), f(b.requestsPerSecond, 0), f(b.latencyMs.p50), f(b.latencyMs.p99), f(b.cpuMsPerRequest, 2),
      f(q.requestsPerSecond / b.requestsPerSecond, 2), f(q.latencyMs.p99 / b.latencyMs.p99, 2), ratio(q.cpuMsPerRequest, b.cpuMsPerRequest),
    ]),
  );
}

/** Issue #4's targets, judged on this run. */
export function targets(reports: ScenarioReport[], scaling: ScalingReport[]): Target[] {
  const out: Target[] = [];
  const get = reports.find((r) => r.name === 'rest-get-space');
  if (get) {
    const worst = Math.min(...get.runs.map((r) => r.quire.requestsPerSecond / r.baseline.requestsPerSecond));
    out.push({ name: 'GET space throughput ≥ 0.5 × baseline (every concurrency)', value: f(worst, 2), pass: worst >= 0.5 });
  }
  const maxConnections = Math.max(...reports.flatMap((r) => r.runs.map((x) => x.connections)));
  const loaded = reports.flatMap((r) => r.runs.filter((x) => x.connections === maxConnections).map((x) => ({ name: r.name, ...x })));
  if (loaded.length) {
    const worst = loaded.reduce((a, b) => (a.quire.latencyMs.p99 / a.baseline.latencyMs.p99 >= b.quire.latencyMs.p99 / b.baseline.latencyMs.p99 ? a : b));
    const ratio = worst.quire.latencyMs.p99 / worst.baseline.latencyMs.p99;
    out.push({ name: `p99 ≤ 3 × baseline at ${maxConnections} connections (worst: ${worst.name})`, value: f(ratio, 2), pass: ratio <= 3 });
    const rss = Math.max(...loaded.map((x) => x.quire.peakRssMB ?? 0));
    out.push({ name: `Quire peak RSS < 300 MB at ${maxConnections} connections`, value: `${f(rss, 0)} MB`, pass: rss > 0 && rss < 300 });
  }
  if (scaling.length) {
    const counts = scaling.map((s) => s.sequential.statementsPerRequest.quire);
    out.push({
      name: 'statements per request independent of list size (GraphQL scaling)',
      value: counts.map((c) => f(c)).join(' / '),
      pass: counts.every((c) => c === counts[0]),
    });
  }
  const invalid = [...reports.flatMap((r) => r.runs.flatMap((x) => [x.quire, x.baseline])), ...scaling.flatMap((s) => [s.quire, s.baseline])]
    .filter((x) => x.non2xx || x.errors).length;
  const mismatched = [...reports, ...scaling].filter((r) => r.sequential.difference).length;
  out.push({ name: 'every answer 2xx under load, and equal bodies from both servers', value: `${invalid} bad runs, ${mismatched} mismatches`, pass: !invalid && !mismatched });
  return out;
}

export function targetLines(list: Target[]) {
  return list.map((t) => `${t.pass ? 'PASS' : 'FAIL'}  ${t.name}: ${t.value}`).join('\n');
}
