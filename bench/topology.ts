// The scale-out scenarios (issue #30), each a comparison of deployments rather
// than of servers:
//   replicas      one Quire process against two behind HAProxy, the floor likewise;
//   read-replica  Quire with DATABASE_READ_URL on a streaming standby of the bench
//                 database against Quire on the primary alone.
// Each runs the same request scenarios (scenarios.ts) against each side in turn
// and reports the ratios. Where HAProxy or PostgreSQL's programs are absent the
// scenario says so and is skipped.
import pg from 'pg';
import { createScratchDatabase } from '../test/support/testDatabase.js';
import { postgresBinaries, startPrimaryWithStandby } from '../test/support/standby.js';
import { migrate } from '../src/db/migrate.js';
import { redisClient } from '../src/net/redis.js';
import { behindHaproxy, haproxyInstalled } from './balancer.js';
import { loadRun, settle, type LoadResult } from './load.js';
import type { Scenario } from './scenarios.js';
import { seed, type BenchDataset } from './seed.js';
import { benchRedisUrl, databaseCpu, startQuire, startServer, type DatabaseCpu, type QuireCommand, type ServerProcess } from './servers.js';

export const topologyScenarioNames = ['replicas', 'read-replica'] as const;
export type TopologyScenarioName = (typeof topologyScenarioNames)[number];

export interface TopologyRun {
  scenario: string;
  connections: number;
  side: string;
  result: LoadResult;
  /** HAProxy's CPU per answered request, in ms (replicas, balanced sides). */
  balancerCpuMsPerRequest?: number | null;
  /** The standby's backends' CPU per answered request, in ms (read-replica). */
  standbyDbCpuMsPerRequest?: number | null;
  /** Share of Quire's read operations that ran on the standby (read-replica, from /metrics). */
  standbyReadShare?: number | null;
}

export interface TopologyReport {
  name: TopologyScenarioName;
  description: string;
  /** Each compared side → the side it is compared with (the ratio columns). */
  comparedWith: Record<string, string>;
  /** Why it did not run, when it did not. */
  skipped?: string;
  runs: TopologyRun[];
}

export interface TopologyContext {
  data: BenchDataset;
  databaseUrl: string;
  quireCommand: QuireCommand;
  /** Quire's environment (DATABASE_URL included), and the floor's. */
  quireEnv: Record<string, string>;
  serverEnv: Record<string, string>;
  scenarios: Scenario[];
  connections: number[];
  duration: number;
  warmup: number;
  log(msg: string): void;
}

interface Side {
  label: string;
  server: ServerProcess;
  balancerCpu?: () => Promise<number | null>;
  /** Statements the side sends in 300 ms while idle (see settle). */
  background?: number;
}

const perRequest = (before: number | null, after: number | null, result: LoadResult) => {
  const answered = result.requestsPerSecond * result.durationSeconds + result.non2xx;
  return before == null || after == null || !answered ? null : ((after - before) * 1000) / answered;
};

/** Quire's read operations per target so far, from its /metrics. */
async function readsPerTarget(server: ServerProcess): Promise<Record<string, number>> {
  const text = await fetch(`${server.baseUrl}/metrics`).then((r) => r.text());
  const reads: Record<string, number> = {};
  for (const [, target, count] of text.matchAll(/^quire_database_reads_total\{target="([^"]+)"\} (\d+)/gm)) reads[target!] = Number(count);
  return reads;
}

/**
 * Every request scenario against every side, at every concurrency level, one side at a time
 * (all of them idle first); the order rotates between levels so no side always runs on a
 * warmer machine. `extra` measures around each run what loadRun does not.
 */
async function runSides(
  ctx: TopologyContext,
  sides: Side[],
  scenario: Scenario,
  dbCpu: DatabaseCpu,
  extra?: (side: Side) => Promise<(result: LoadResult) => Promise<Partial<TopologyRun>>>,
): Promise<TopologyRun[]> {
  const runs: TopologyRun[] = [];
  for (const [i, connections] of ctx.connections.entries()) {
    const order = sides.map((_, k) => sides[(k + i) % sides.length]!);
    for (const side of order) {
      const idle = async () => {
        for (const s of sides) await settle(s.server, 60_000, s.background);
      };
      await idle();
      if (i === 0 && ctx.warmup > 0) {
        await loadRun(side.server, scenario, ctx.data, connections, ctx.warmup);
        await idle();
      }
      const lbBefore = (await side.balancerCpu?.()) ?? null;
      const finish = await extra?.(side);
      const result = await loadRun(side.server, scenario, ctx.data, connections, ctx.duration, dbCpu);
      const lbAfter = (await side.balancerCpu?.()) ?? null;
      runs.push({
        scenario: scenario.name,
        connections,
        side: side.label,
        result,
        ...(side.balancerCpu ? { balancerCpuMsPerRequest: perRequest(lbBefore, lbAfter, result) } : {}),
        ...(finish ? await finish(result) : {}),
      });
      ctx.log(`${scenario.name} @${connections} ${side.label}: ${result.requestsPerSecond.toFixed(0)} req/s`);
    }
  }
  return runs;
}

/** Starts `count` processes of one server, behind HAProxy when more than one. */
async function startSide(label: string, count: number, start: (i: number) => Promise<ServerProcess>, checkPath: string): Promise<Side> {
  const servers: ServerProcess[] = [];
  try {
    for (let i = 0; i < count; i++) servers.push(await start(i));
    if (count === 1) return { label, server: servers[0]! };
    const group = await behindHaproxy(label, servers, checkPath);
    return { label, server: group, balancerCpu: () => group.balancerCpuSeconds() };
  } catch (err) {
    await Promise.allSettled(servers.map((s) => s.stop()));
    throw err;
  }
}

const replicasDescription =
  'one process against two behind HAProxy on the same machine (round robin, keep-alive), for Quire and for the floor';

/** One Quire process against two behind HAProxy; the floor (bench/baseline.ts) likewise. */
export async function replicasScenario(ctx: TopologyContext): Promise<TopologyReport> {
  const report: TopologyReport = {
    name: 'replicas',
    description: replicasDescription,
    comparedWith: { 'quire ×2': 'quire ×1', 'floor ×2': 'floor ×1' },
    runs: [],
  };
  if (!haproxyInstalled()) return { ...report, skipped: 'haproxy is not installed (Debian: apt-get install haproxy)' };
  const dbCpu = databaseCpu(ctx.databaseUrl);
  try {
    for (const scenario of ctx.scenarios) {
      // Fresh processes per scenario, so each peak RSS belongs to it.
      const sides: Side[] = [];
      try {
        const quire = (i: number) => startQuire(`quire-${i}`, ctx.quireCommand, ctx.quireEnv);
        const floor = (i: number) => startServer(`floor-${i}`, 'bench/baseline.ts', ctx.serverEnv);
        sides.push(await startSide('quire ×1', 1, quire, '/readyz'));
        sides.push(await startSide('quire ×2', 2, quire, '/readyz'));
        sides.push(await startSide('floor ×1', 1, floor, '/healthz'));
        sides.push(await startSide('floor ×2', 2, floor, '/healthz'));
        report.runs.push(...(await runSides(ctx, sides, scenario, dbCpu)));
      } finally {
        await Promise.allSettled(sides.map((s) => s.server.stop()));
      }
    }
  } finally {
    await dbCpu.close();
  }
  return report;
}

const readReplicaDescription =
  'Quire with DATABASE_READ_URL on a streaming standby of the bench database (pg_basebackup, same machine) against Quire on the primary alone';

/** Waits (bounded) until the standby has replayed everything the primary has written so far. */
async function standbyCaughtUp(primaryUrl: string, standbyUrl: string) {
  const [primary, standby] = [new pg.Client({ connectionString: primaryUrl }), new pg.Client({ connectionString: standbyUrl })];
  await primary.connect();
  await standby.connect();
  try {
    const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    for (let i = 0; i < 1200; i++) {
      const { rows: replayed } = await standby.query<{ done: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [
        rows[0]!.lsn,
      ]);
      if (replayed[0]?.done) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the standby did not catch up with the seed within 2 minutes');
  } finally {
    await Promise.allSettled([primary.end(), standby.end()]);
  }
}

/**
 * The seed's token ids are the same in every run, and Quire keeps each token's last write
 * position in Redis for 5 minutes (src/db/readReplicas.ts, `quire:lastwrite:<token id>`): a
 * run soon after another would find positions of the earlier run's primary, ahead of this
 * one's, and send those tokens' reads to the primary. They are forgotten first.
 */
async function forgetEarlierWrites(databaseUrl: string) {
  const redisUrl = benchRedisUrl();
  if (!redisUrl) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ id: string }>('SELECT id FROM "ApiToken"').finally(() => client.end());
  const redis = redisClient(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    for (let i = 0; i < rows.length; i += 500) await redis.del(...rows.slice(i, i + 500).map(({ id }) => `quire:lastwrite:${id}`));
  } finally {
    redis.disconnect();
  }
}

/**
 * Quire on a primary alone against Quire reading from a streaming standby of it: a primary
 * and standby of its own (test/support/standby.ts: initdb, pg_basebackup -R, no apply delay),
 * the bench database created, migrated and seeded on that primary.
 */
export async function readReplicaScenario(ctx: TopologyContext): Promise<TopologyReport> {
  const report: TopologyReport = {
    name: 'read-replica',
    description: readReplicaDescription,
    comparedWith: { 'with standby': 'primary only' },
    runs: [],
  };
  const bin = postgresBinaries();
  if (!bin) return { ...report, skipped: 'no PostgreSQL programs (pg_basebackup) under /usr/lib/postgresql' };
  const cluster = await startPrimaryWithStandby(bin, { applyDelayMs: 0 });
  try {
    const database = await createScratchDatabase(cluster.primaryUrl, 'quire_bench');
    const standbyUrl = Object.assign(new URL(database.url), { port: new URL(cluster.standbyUrl).port }).toString();
    await migrate(database.url);
    const data = await seed(database.url);
    await standbyCaughtUp(database.url, standbyUrl);
    await forgetEarlierWrites(database.url);
    ctx.log(`read-replica: primary ${new URL(database.url).host}, standby ${new URL(standbyUrl).host}, seeded and replayed`);
    const env = { ...ctx.quireEnv, DATABASE_URL: database.url };
    const [primaryCpu, standbyCpu] = [databaseCpu(database.url), databaseCpu(standbyUrl)];
    const sides: Side[] = [];
    try {
      sides.push({ label: 'primary only', server: await startQuire('quire-primary', ctx.quireCommand, env) });
      sides.push({
        label: 'with standby',
        server: await startQuire('quire-standby', ctx.quireCommand, { ...env, DATABASE_READ_URL: standbyUrl }),
        // Quire reads the standby's replayed position and the primary's WAL end every
        // DATABASE_READ_CHECK_INTERVAL_MS (250): 2 statements, twice in 300 ms at most, and a margin.
        background: 6,
      });
      const measureStandby = async (side: Side) => {
        const [cpuBefore, readsBefore] = [await standbyCpu.sample(), await readsPerTarget(side.server)];
        return async (result: LoadResult): Promise<Partial<TopologyRun>> => {
          const [cpuAfter, readsAfter] = [await standbyCpu.sample(), await readsPerTarget(side.server)];
          const delta = (target: string) => (readsAfter[target] ?? 0) - (readsBefore[target] ?? 0);
          const all = Object.keys(readsAfter).reduce((n, target) => n + delta(target), 0);
          const seconds = standbyCpu.between(cpuBefore, cpuAfter);
          return {
            standbyDbCpuMsPerRequest: seconds == null ? null : perRequest(0, seconds, result),
            standbyReadShare: all ? (all - delta('primary')) / all : null,
          };
        };
      };
      for (const scenario of ctx.scenarios)
        report.runs.push(...(await runSides({ ...ctx, data }, sides, scenario, primaryCpu, measureStandby)));
    } finally {
      await Promise.allSettled(sides.map((s) => s.server.stop()));
      await Promise.allSettled([primaryCpu.close(), standbyCpu.close()]);
    }
  } finally {
    cluster.stop();
  }
  return report;
}
