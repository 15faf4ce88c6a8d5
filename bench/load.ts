// Driving one server: a sequential pass that counts statements per request and
// checks Quire and the baseline answer the same bodies, and load runs with
// autocannon at a fixed number of connections, sampling the server's RSS.
import autocannon, { type Client } from 'autocannon';
import type { BenchDataset } from './seed.js';
import type { BenchRequest, Scenario } from './scenarios.js';
import type { DatabaseCpu, ServerProcess } from './servers.js';

const headersOf = (req: BenchRequest) => ({
  ...(req.token ? { authorization: `Bearer ${req.token}` } : {}),
  ...(req.body === undefined ? {} : { 'content-type': 'application/json' }),
});

async function send(server: ServerProcess, req: BenchRequest) {
  const res = await fetch(server.baseUrl + req.path, {
    method: req.method,
    headers: headersOf(req),
    body: req.body === undefined ? undefined : JSON.stringify(req.body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** Whether a status is the answer a request should get: 2xx, or the status it expects. */
const answered = (req: BenchRequest, status: number) => (req.expect ? status === req.expect : status >= 200 && status <= 299);

/** The first place where two JSON values differ, ignoring `volatile` keys; null when equal. */
export function difference(a: unknown, b: unknown, volatile: string[], at = ''): string | null {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${at}: ${a.length} items vs ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = difference(a[i], b[i], volatile, `${at}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)].filter((k) => !volatile.includes(k)));
    for (const k of keys) {
      const d = difference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], volatile, `${at}.${k}`);
      if (d) return d;
    }
    return null;
  }
  return Object.is(a, b) ? null : `${at || 'body'}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
}

/**
 * Waits until a server has stopped sending statements (twice the same count, 300 ms
 * apart): when a load run ends, the server still works through the requests it had
 * accepted, and that work must neither be counted in the next measure nor steal the
 * CPU of the next server's run.
 */
export async function settle(server: ServerProcess, timeoutMs = 60_000, background = 0) {
  const deadline = Date.now() + timeoutMs;
  let last = await server.statements();
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 300));
    const now = await server.statements();
    // `background`: statements a quiet server still sends in 300 ms (a standby's position, read on a timer).
    if (now - last <= background) return;
    last = now;
  }
  throw new Error(`${server.name} did not settle within ${timeoutMs / 1000} s`);
}

export interface SequentialPass {
  requests: number;
  statementsPerRequest: Record<string, number>;
  /** Non-2xx answers, per server. */
  failures: Record<string, number>;
  /** Null when every pair of bodies was equal. */
  difference: string | null;
}

/**
 * Sends the same `count` requests, one at a time, to each server in turn and
 * counts the statements each one issued: exact figures, free of the noise of
 * requests in flight when a load run stops. The same requests go once before,
 * uncounted: a token's first use in a minute adds one write of its `lastUsedAt`
 * outside the request (src/domain/auth/activity.ts), a cost per token and minute, not
 * per request.
 */
export async function sequentialPass(
  servers: ServerProcess[],
  scenario: Scenario,
  data: BenchDataset,
  count: number,
): Promise<SequentialPass> {
  const warmUp = scenario.make(data, 1000);
  for (let i = 0; i < count; i++) {
    const req = warmUp();
    for (const server of servers) await send(server, req);
  }
  const next = scenario.make(data, 1000);
  const statements: Record<string, number> = Object.fromEntries(servers.map((s) => [s.name, 0]));
  const failures: Record<string, number> = Object.fromEntries(servers.map((s) => [s.name, 0]));
  let firstDifference: string | null = null;
  for (const server of servers) await settle(server);
  for (let i = 0; i < count; i++) {
    const req = next();
    const bodies: unknown[] = [];
    for (const server of servers) {
      const before = await server.statements();
      const res = await send(server, req);
      statements[server.name] += (await server.statements()) - before;
      if (!answered(req, res.status)) failures[server.name]++;
      bodies.push(res.body);
    }
    if (!firstDifference) {
      const d = difference(bodies[0], bodies[1], scenario.volatile ?? []);
      if (d) firstDifference = `${req.method} ${req.path} → ${d}`;
    }
  }
  return {
    requests: count,
    statementsPerRequest: Object.fromEntries(servers.map((s) => [s.name, statements[s.name] / count])),
    failures,
    difference: firstDifference,
  };
}

export interface LatencyMs {
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/**
 * Each answer's latency, and from when the run is steady: once every connection has had its
 * first answer. autocannon opens its connections when a run starts and each sends its first
 * request at once, so a run opens with a burst of `connections` simultaneous requests, which
 * every one of them waits through. Those are `connections` answers whichever the server, so
 * they are a larger share of a slower server's answers: at 64 connections, 1.3 % of a 5 s
 * run at 1,000 requests a second, where its p99 falls, against 0.5 % at 2,500 (bench/README.md,
 * "Round three, session 23"). The percentiles are the steady answers'; the burst is kept apart.
 */
export function latencyRecorder(now: () => number = () => performance.now()) {
  const sentAt: number[] = [];
  const latency: number[] = [];
  let steadyFrom = 0;
  return {
    /** autocannon's setupClient: each client's answers, with the time its first one came. */
    watch(client: Client) {
      let answered = false;
      client.on('response', (_status, _bytes, ms) => {
        const at = now();
        sentAt.push(at - ms);
        latency.push(ms);
        if (!answered) (answered = true), (steadyFrom = Math.max(steadyFrom, at));
      });
    },
    /** The steady answers' percentiles, and the slowest of the opening burst's. */
    summary(): { steady: LatencyMs; start: { answers: number; maxMs: number } } {
      const steady: number[] = [];
      let start = 0;
      let startMax = 0;
      for (let i = 0; i < latency.length; i++) {
        if (sentAt[i]! >= steadyFrom) steady.push(latency[i]!);
        else start++, (startMax = Math.max(startMax, latency[i]!));
      }
      const sorted = (steady.length ? steady : latency).sort((a, b) => a - b);
      const at = (q: number) => round1(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
      return { steady: { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1) }, start: { answers: start, maxMs: round1(startMax) } };
    },
  };
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;

export interface LoadResult {
  connections: number;
  durationSeconds: number;
  requestsPerSecond: number;
  /** Of the answers to requests sent once the run was steady (latencyRecorder). */
  latencyMs: LatencyMs;
  /** The opening burst (latencyRecorder): how many answers, the slowest, and the p99 of every answer, the burst's too. */
  startBurst: { answers: number; maxMs: number; p99WithBurstMs: number };
  /** Answers other than 2xx, connection errors and timeouts: any makes the run invalid. */
  non2xx: number;
  errors: number;
  peakRssMB: number | null;
  /**
   * CPU time the server process spent per answered request, in ms: its efficiency, which the
   * other processes sharing the machine (PostgreSQL, the load generator, other work) do not blur
   * the way they blur throughput and latency.
   */
  cpuMsPerRequest: number | null;
  /** PostgreSQL CPU (the bench database's backends) per answered request, in ms; null unless PostgreSQL runs on this machine. */
  dbCpuMsPerRequest: number | null;
  /** Statements sent during the run per completed request (requests in flight at the end blur it slightly). */
  statementsPerRequest: number;
}

/** One load run; the caller lets every server settle first (see settle). */
export async function loadRun(
  server: ServerProcess,
  scenario: Scenario,
  data: BenchDataset,
  connections: number,
  duration: number,
  dbCpu?: DatabaseCpu,
): Promise<LoadResult> {
  const next = scenario.make(data);
  let peak = 0;
  const sample = async () => {
    const rss = await server.rss();
    if (rss != null && rss > peak) peak = rss;
  };
  await sample();
  const sampler = setInterval(() => void sample(), 100);
  // Answers of the status a request expects (not 2xx): counted as answered, not as failures.
  let expected = 0;
  const before = await server.statements();
  const cpuBefore = await server.cpuSeconds();
  const dbBefore = (await dbCpu?.sample()) ?? null;
  const latencies = latencyRecorder();
  try {
    const result = await autocannon({
      url: server.baseUrl,
      connections,
      duration,
      timeout: 30,
      setupClient: (client) => latencies.watch(client),
      requests: [
        {
          setupRequest: (request, context) => {
            const req = next();
            (context as { expect?: number }).expect = req.expect;
            return {
              ...request,
              method: req.method,
              path: req.path,
              headers: { ...request.headers, ...headersOf(req) },
              body: req.body === undefined ? undefined : JSON.stringify(req.body),
            };
          },
          onResponse: (status, _body, context) => {
            if ((context as { expect?: number }).expect === status) expected++;
          },
        },
      ],
    });
    const statements = (await server.statements()) - before;
    const cpuAfter = await server.cpuSeconds();
    const dbSeconds = dbCpu ? dbCpu.between(dbBefore, await dbCpu.sample()) : null;
    await sample();
    const completed = result['2xx'] + result.non2xx;
    const { steady, start } = latencies.summary();
    return {
      connections,
      durationSeconds: result.duration,
      requestsPerSecond: (result['2xx'] + expected) / result.duration,
      latencyMs: steady,
      startBurst: { ...start, p99WithBurstMs: result.latency.p99 },
      non2xx: result.non2xx - expected,
      errors: result.errors,
      peakRssMB: peak ? peak / 2 ** 20 : null,
      cpuMsPerRequest: cpuBefore != null && cpuAfter != null && completed ? ((cpuAfter - cpuBefore) * 1000) / completed : null,
      dbCpuMsPerRequest: dbSeconds != null && completed ? (dbSeconds * 1000) / completed : null,
      statementsPerRequest: completed ? statements / completed : 0,
    };
  } finally {
    clearInterval(sampler);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * One server's rounds of a measure taken in turns with the other servers (bench/run.ts): their
 * requests, CPU and statements added up, their latencies the median round's (a pause in one round
 * moves it no more than a fast round does), their peak memory the highest.
 */
export function mergeRounds(rounds: LoadResult[]): LoadResult {
  if (rounds.length === 1) return rounds[0]!;
  const answered = rounds.map((r) => r.requestsPerSecond * r.durationSeconds);
  const total = answered.reduce((a, b) => a + b, 0);
  const seconds = rounds.reduce((a, r) => a + r.durationSeconds, 0);
  /** The rounds' per-request values, weighted by the requests each answered; null when one is unknown. */
  const perRequest = (of: (r: LoadResult) => number | null) =>
    rounds.some((r) => of(r) == null) || total === 0 ? null : rounds.reduce((a, r, i) => a + of(r)! * answered[i]!, 0) / total;
  const rssValues = rounds.map((r) => r.peakRssMB).filter((v): v is number => v != null);
  return {
    connections: rounds[0]!.connections,
    durationSeconds: seconds,
    requestsPerSecond: total / seconds,
    latencyMs: {
      p50: median(rounds.map((r) => r.latencyMs.p50)),
      p90: median(rounds.map((r) => r.latencyMs.p90)),
      p99: median(rounds.map((r) => r.latencyMs.p99)),
      max: Math.max(...rounds.map((r) => r.latencyMs.max)),
    },
    startBurst: {
      answers: rounds.reduce((a, r) => a + r.startBurst.answers, 0),
      maxMs: Math.max(...rounds.map((r) => r.startBurst.maxMs)),
      p99WithBurstMs: median(rounds.map((r) => r.startBurst.p99WithBurstMs)),
    },
    non2xx: rounds.reduce((a, r) => a + r.non2xx, 0),
    errors: rounds.reduce((a, r) => a + r.errors, 0),
    peakRssMB: rssValues.length ? Math.max(...rssValues) : null,
    cpuMsPerRequest: perRequest((r) => r.cpuMsPerRequest),
    dbCpuMsPerRequest: perRequest((r) => r.dbCpuMsPerRequest),
    statementsPerRequest: perRequest((r) => r.statementsPerRequest) ?? 0,
  };
}

/** A server of a cross-server comparison, with its spelling of the requests and of the answers. */
export interface ComparedServer {
  server: ServerProcess;
  scenario: Scenario;
  /** The answer in the first server's spelling (identity when absent). */
  normalize?: (body: unknown) => unknown;
}

/**
 * The sequential pass of servers that spell the same reads differently (Quire and
 * PostGraphile): each request once per server, one at a time, statements counted,
 * each answer (normalized) compared with the first server's.
 */
export async function comparedPass(servers: ComparedServer[], data: BenchDataset, count: number): Promise<SequentialPass> {
  const sequences = servers.map((s) => s.scenario.make(data, 1000));
  const statements: Record<string, number> = Object.fromEntries(servers.map((s) => [s.server.name, 0]));
  const failures: Record<string, number> = Object.fromEntries(servers.map((s) => [s.server.name, 0]));
  let firstDifference: string | null = null;
  for (const { server } of servers) await settle(server);
  for (let i = 0; i < count; i++) {
    const bodies: unknown[] = [];
    for (const [k, { server, normalize }] of servers.entries()) {
      const req = sequences[k]!();
      const before = await server.statements();
      const res = await send(server, req);
      statements[server.name] += (await server.statements()) - before;
      if (!answered(req, res.status) || (res.body as { errors?: unknown })?.errors) failures[server.name]++;
      bodies.push(normalize ? normalize(res.body) : res.body);
      const d: string | null = k > 0 && !firstDifference ? difference(bodies[0], bodies[k], []) : null;
      if (d) firstDifference = `${server.name}: ${req.method} ${req.path} → ${d}`;
    }
  }
  return {
    requests: count,
    statementsPerRequest: Object.fromEntries(servers.map((s) => [s.server.name, statements[s.server.name] / count])),
    failures,
    difference: firstDifference,
  };
}
