// `npm run bench`: seeds a fresh database, starts Quire and the baseline as
// separate processes, and drives them in turn with autocannon. See bench/README.md.
//   BENCH_DURATION=5        seconds per scenario, per server, per concurrency level
//   BENCH_ROUNDS=1          rounds those seconds are measured in, the servers taking turns (e.g. 3 with BENCH_DURATION=15)
//   BENCH_CONNECTIONS=8,64  concurrency levels
//   BENCH_SCALE_DURATION=3  seconds per size in the scaling table (at the lowest level)
//   BENCH_WARMUP=1          seconds of warm-up per scenario and server
//   BENCH_SCENARIOS=a,b     only these scenarios (names in scenarios.ts); BENCH_SCALING=0 skips the table
//   BENCH_QUIRE_ENV=K=V,…   extra environment for Quire (e.g. RATE_LIMIT=false, LOG_LEVEL=warn)
//   BENCH_QUIRE_NODE_FLAGS  Node/V8 flags for Quire, space-separated (e.g. --max-semi-space-size=32)
//   BENCH_PROFILE=1         run Quire with --cpu-prof (profiles under bench/results/profiles); =both: the baseline too;
//                           =alloc: sample what Quire allocates, garbage included (bench/alloc-profile.mjs, alloc-summary.ts)
//   BENCH_POSTGRAPHILE=0    skips the PostGraphile comparison (bench/postgraphile, installed with npm on first use)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { migrate } from '../src/db/migrate.js';
import { BENCH_PUBLIC_URL, SITE_TOKEN_SECRET, seed, userIdOfToken } from './seed.js';
import {
  createBenchDatabase,
  databaseCpu,
  emptyBenchRedis,
  repoRoot,
  buildQuire,
  startQuire,
  startServer,
  type ServerProcess,
} from './servers.js';
import {
  inQuireSpelling,
  referenceScenarios,
  referenceSides,
  type ReferenceSide,
  scenarios,
  scaleSizes,
  scalingScenario,
  siteScaleSizes,
  siteScalingScenario,
  type Scenario,
} from './scenarios.js';
import { comparedPass, loadRun, mergeRounds, sequentialPass, settle, type LoadResult } from './load.js';
import { POSTGRAPHILE_JWT_SECRET, postgraphileJwt, setUpRls } from './postgraphileRls.js';
import { unrefusedRates } from './seededQuire.js';
import { measureTransfer, transferTable, type TransferReport } from './transfer.js';
import { readReplicaScenario, replicasScenario, topologyScenarioNames, type TopologyReport } from './topology.js';
import {
  referenceTable,
  scalingTable,
  topologyTable,
  scenarioTable,
  targetLines,
  targets,
  type ReferenceReport,
  type ScalingReport,
  type ScenarioReport,
} from './report.js';

const env = process.env;
const config = {
  duration: Number(env.BENCH_DURATION ?? 5),
  connections: (env.BENCH_CONNECTIONS ?? '8,64').split(',').map(Number),
  scaleDuration: Number(env.BENCH_SCALE_DURATION ?? 3),
  warmup: Number(env.BENCH_WARMUP ?? 1),
  rounds: Math.max(1, Number(env.BENCH_ROUNDS ?? 1)),
  scenarios: env.BENCH_SCENARIOS?.split(','),
  scaling: env.BENCH_SCALING !== '0',
  profile: env.BENCH_PROFILE === '1' || env.BENCH_PROFILE === 'both',
  profileBaseline: env.BENCH_PROFILE === 'both',
  allocProfile: env.BENCH_PROFILE === 'alloc',
  sequentialRequests: 20,
  postgraphile: env.BENCH_POSTGRAPHILE !== '0',
  quireNodeFlags: (env.BENCH_QUIRE_NODE_FLAGS ?? '').split(' ').filter(Boolean),
};
const resultsDir = path.join(repoRoot, 'bench/results');

/** Whether bench/postgraphile has every dependency of its package.json installed. */
function installed(folder: string) {
  const { dependencies } = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  return (
    existsSync(path.join(folder, 'node_modules/.bin/node')) &&
    Object.keys(dependencies).every((d) => existsSync(path.join(folder, 'node_modules', d)))
  );
}
const log = (msg: string) => console.error(`[bench] ${msg}`);

const database = await createBenchDatabase();
const servers: ServerProcess[] = [];
/** Drops PostGraphile's RLS role (a cluster object) once the database is gone. */
let dropRole: (() => Promise<void>) | undefined;
let stopping = false;
async function cleanUp() {
  if (stopping) return;
  stopping = true;
  await Promise.allSettled(servers.map((s) => s.stop()));
  await emptyBenchRedis().catch((err) => log(`could not empty the benchmark's Redis database: ${err}`));
  await database.drop().catch((err) => log(`could not drop the database: ${err}`));
  await dropRole?.().catch((err) => log(`could not drop the PostGraphile role: ${err}`));
}
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

try {
  log(`database on ${database.server}`);
  await emptyBenchRedis();
  await migrate(database.url);
  const t = performance.now();
  const data = await seed(database.url);
  const seedSeconds = (performance.now() - t) / 1000;
  log(`seeded in ${seedSeconds.toFixed(1)} s`);

  const quireCommand = buildQuire();
  // Both servers sign and verify site visitor tokens with the same key, which the load generator signs with too.
  const serverEnv = {
    DATABASE_URL: database.url,
    PUBLIC_URL: BENCH_PUBLIC_URL,
    NODE_ENV: 'production',
    SITE_TOKEN_SECRETS: SITE_TOKEN_SECRET,
  };
  // Quire runs with its production defaults: access log, metrics, rate limiting (its counter
  // statement included), with limits too high to refuse anything the benchmark sends. The
  // per-organization concurrency limit (fair share) would hold the load of one organization
  // to a few requests in flight: it is lifted here and measured by `npm run bench:noisy`.
  const quireEnv = {
    ...serverEnv,
    ...unrefusedRates,
    CONCURRENT_REQUESTS_PER_TOKEN: '100000',
    CONCURRENT_REQUESTS_PER_ORGANIZATION: '100000',
    // The job worker polls PostgreSQL on its own schedule: its statements would count against
    // whichever requests were running (more, the longer they take), and its CPU against their
    // throughput. Deployments may run it apart (`npm run worker`); the benchmark measures requests.
    QUIRE_WORKER: 'off',
    ...Object.fromEntries(
      (env.BENCH_QUIRE_ENV ?? '')
        .split(',')
        .filter(Boolean)
        .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
    ),
  };
  const profileDir = path.join(resultsDir, 'profiles');
  if (config.profile) await mkdir(profileDir, { recursive: true });
  // One folder per server: tsx's loader thread writes a (small) profile of its own next to the main thread's.
  const profileFlags = (name: string) => ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, name)}`];
  const allocFlags = ['--import', path.join(repoRoot, 'bench/alloc-profile.mjs')];
  /**
   * Fresh processes for each scenario: a peak RSS then belongs to its scenario, not to the
   * largest heap an earlier one left behind (V8 keeps the memory it grew into).
   */
  async function withServers<T>(label: string, fn: (pair: ServerProcess[]) => Promise<T>): Promise<T> {
    const started = performance.now();
    const quireFlags = [
      ...config.quireNodeFlags,
      ...(config.profile ? profileFlags('quire') : []),
      ...(config.allocProfile ? allocFlags : []),
    ];
    const allocEnv: Record<string, string> = config.allocProfile ? { BENCH_ALLOC_PROFILE_DIR: path.join(profileDir, 'alloc', label) } : {};
    const quire = await startQuire('quire', quireCommand, { ...quireEnv, ...allocEnv }, quireFlags);
    servers.push(quire);
    const baseline = await startServer('baseline', 'bench/baseline.ts', serverEnv, config.profileBaseline ? profileFlags('baseline') : []);
    servers.push(baseline);
    log(
      `${label}: servers up in ${((performance.now() - started) / 1000).toFixed(1)} s (quire pid ${quire.pid}, baseline pid ${baseline.pid})`,
    );
    try {
      return await fn([quire, baseline]);
    } finally {
      for (const server of [quire, baseline]) {
        await server.stop();
        servers.splice(servers.indexOf(server), 1);
      }
    }
  }
  /** A load run on one server while the other is idle too (nothing left over from the previous run). */
  const dbCpu = databaseCpu(database.url);
  const run = async (pair: ServerProcess[], server: ServerProcess, scenario: Scenario, connections: number, seconds: number) => {
    for (const s of pair) await settle(s);
    return loadRun(server, scenario, data, connections, seconds, dbCpu);
  };
  /**
   * Measures each side `config.rounds` times, for its share of `seconds`, in turns (who goes first
   * rotates with `start` and every round), so that each runs on the machine as the others find it:
   * the machine's speed changed by half between two runs seconds apart (bench/README.md, session 20).
   */
  async function inTurns<K extends string>(
    sides: readonly K[],
    start: number,
    seconds: number,
    measure: (side: K, seconds: number) => Promise<LoadResult>,
  ): Promise<Record<K, LoadResult>> {
    const rounds = new Map<K, LoadResult[]>(sides.map((side) => [side, []]));
    for (let r = 0; r < config.rounds; r++)
      for (let k = 0; k < sides.length; k++) {
        const side = sides[(k + start + r) % sides.length]!;
        rounds.get(side)!.push(await measure(side, seconds / config.rounds));
      }
    return Object.fromEntries(sides.map((side) => [side, mergeRounds(rounds.get(side)!)])) as Record<K, LoadResult>;
  }
  /** Quire and the floor on one scenario at one level, in turns (`inTurns`), each warmed up first when `warm`. */
  async function pairInTurns(
    pair: ServerProcess[],
    scenario: Scenario,
    connections: number,
    start: number,
    seconds: number,
    warm: boolean,
  ) {
    if (warm && config.warmup > 0) for (const server of pair) await run(pair, server, scenario, connections, config.warmup);
    const named = new Map(pair.map((server) => [server.name, server]));
    return inTurns([...named.keys()], start, seconds, (name, share) => run(pair, named.get(name)!, scenario, connections, share));
  }

  const chosen = scenarios.filter((s) => !config.scenarios || config.scenarios.includes(s.name));
  const reports: ScenarioReport[] = [];
  for (const scenario of chosen) {
    await withServers(scenario.name, async (pair) => {
      const sequential = await sequentialPass(pair, scenario, data, scenario.sequentialRequests ?? config.sequentialRequests);
      if (sequential.difference) log(`${scenario.name}: bodies differ: ${sequential.difference}`);
      const runs: ScenarioReport['runs'] = [];
      for (const [i, connections] of config.connections.entries()) {
        const results = await pairInTurns(pair, scenario, connections, i, config.duration, i === 0);
        runs.push({ connections, quire: results.quire, baseline: results.baseline });
        log(
          `${scenario.name} @${connections}: quire ${results.quire.requestsPerSecond.toFixed(0)} req/s, baseline ${results.baseline.requestsPerSecond.toFixed(0)} req/s; p99 ${results.quire.latencyMs.p99} / ${results.baseline.latencyMs.p99} ms, with the opening burst ${results.quire.startBurst.p99WithBurstMs} / ${results.baseline.startBurst.p99WithBurstMs} (its slowest ${results.quire.startBurst.maxMs} / ${results.baseline.startBurst.maxMs})`,
        );
      }
      reports.push({ name: scenario.name, description: scenario.description, sequential, runs });
    });
  }

  // The scale-out comparisons (issue #30): deployments side by side, on the read scenarios
  // (and, for the read replica, the mixed one, whose writes pin their callers' reads to the primary).
  const topology: TopologyReport[] = [];
  const byName = (names: string[]) => scenarios.filter((s) => names.includes(s.name));
  for (const name of topologyScenarioNames.filter((n) => !config.scenarios || config.scenarios.includes(n))) {
    const context = {
      data,
      databaseUrl: database.url,
      quireCommand,
      quireEnv,
      serverEnv,
      connections: config.connections,
      duration: config.duration,
      warmup: config.warmup,
      log,
    };
    const report =
      name === 'replicas'
        ? await replicasScenario({ ...context, scenarios: byName(['rest-get-space', 'rest-list-spaces']) })
        : await readReplicaScenario({ ...context, scenarios: byName(['rest-get-space', 'rest-list-spaces', 'mixed']) });
    if (report.skipped) log(`${name}: skipped: ${report.skipped}`);
    topology.push(report);
  }

  const scaling: ScalingReport[] = [];
  if (config.scaling) {
    const connections = Math.min(...config.connections);
    await withServers('scaling', async (pair) => {
      const series = [
        ...scaleSizes.map((first) => ({ series: 'spaces' as const, first, scenario: scalingScenario(first) })),
        ...siteScaleSizes.map((first) => ({ series: 'sections' as const, first, scenario: siteScalingScenario(first) })),
      ];
      for (const { series: name, first, scenario } of series) {
        const sequential = await sequentialPass(pair, scenario, data, 5);
        if (sequential.difference) log(`${scenario.name}: bodies differ: ${sequential.difference}`);
        const results = await pairInTurns(pair, scenario, connections, 0, config.scaleDuration, true);
        scaling.push({ series: name, first, sequential, quire: results.quire, baseline: results.baseline });
        log(`scaling ${name} ${first}: quire ${sequential.statementsPerRequest.quire} SQL/req, ${results.quire.latencyMs.p50} ms p50`);
      }
    });
  }

  // PostGraphile v5 beside Quire on the same database: it needs Node 22, which its own
  // folder brings as an npm package (the project keeps running on its own Node). Two
  // configurations: without authorization, and with JWTs and row-level security.
  const references: ReferenceReport[] = [];
  if (config.postgraphile) {
    const folder = path.join(repoRoot, 'bench/postgraphile');
    const node22 = path.join(folder, 'node_modules/.bin/node');
    if (!installed(folder)) {
      log('installing PostGraphile and Node 22 in bench/postgraphile (npm ci, once)');
      execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: folder, stdio: ['ignore', process.stderr, process.stderr] });
    }
    const rls = await setUpRls(database.url);
    dropRole = rls.drop;
    // Each reader's JWT for PostGraphile with RLS, signed before the runs (the load generator only looks it up).
    const jwts = new Map<string, string>();
    for (const org of data.orgs)
      for (const token of [...org.adminTokens, ...org.memberTokens]) jwts.set(token, await postgraphileJwt(userIdOfToken(token)));
    const launch = { execPath: node22, cwd: folder };
    // Each scenario on servers of its own, as in the main table: a peak RSS is that scenario's, not the
    // heap an earlier one left behind.
    const startSides = async (): Promise<Record<ReferenceSide, ServerProcess>> => ({
      quire: await startQuire('quire', quireCommand, quireEnv, config.quireNodeFlags),
      postgraphile: await startServer('postgraphile', 'server.mjs', { ...serverEnv, GRAPHILE_ENV: 'production' }, [], launch),
      'postgraphile-rls': await startServer(
        'postgraphile-rls',
        'server.mjs',
        { ...serverEnv, GRAPHILE_ENV: 'production', PG_JWT_SECRET: POSTGRAPHILE_JWT_SECRET, PG_RLS_ROLE: rls.role },
        [],
        launch,
      ),
    });
    for (const reference of referenceScenarios((token) => jwts.get(token)!)) {
      const started = performance.now();
      const sides = await startSides();
      const all = referenceSides.map((side) => sides[side]);
      servers.push(...all);
      log(`postgraphile, ${reference.name}: servers up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      try {
        const compared = referenceSides.map((side) => ({
          server: sides[side],
          scenario: reference.sides[side],
          ...(side === 'quire' ? {} : { normalize: inQuireSpelling }),
        }));
        await comparedPass(compared, data, config.sequentialRequests); // warm-up (a token's first use writes lastUsedAt)
        const sequential = await comparedPass(compared, data, config.sequentialRequests);
        if (sequential.difference) log(`${reference.name}: bodies differ: ${sequential.difference}`);
        const runs: ReferenceReport['runs'] = [];
        for (const [i, connections] of config.connections.entries()) {
          if (i === 0 && config.warmup > 0)
            for (const side of referenceSides) await run(all, sides[side], reference.sides[side], connections, config.warmup);
          const results = await inTurns(referenceSides, i, config.duration, (side, seconds) =>
            run(all, sides[side], reference.sides[side], connections, seconds),
          );
          runs.push({ connections, results });
          log(
            `${reference.name} @${connections}: ${referenceSides.map((side) => `${side} ${results[side].requestsPerSecond.toFixed(0)} req/s`).join(', ')}`,
          );
        }
        references.push({ name: reference.name, description: reference.description, sequential, runs });
      } finally {
        for (const server of all) {
          await server.stop();
          servers.splice(servers.indexOf(server), 1);
        }
      }
    }
  }

  const transfer: TransferReport[] = await withServers('transfer', ([quire]) => measureTransfer(quire, data));

  const verdicts = targets(reports, scaling, references);
  console.log(
    `\nQuire (Q) against the baseline (B): node:http + pg, minimal SQL. ${cpus().length} CPUs, Node ${process.version}, database: ${database.server}.`,
  );
  console.log(
    `${config.duration} s per server and level, in ${config.rounds} rounds taken in turns (latencies: the median round's, each of the answers sent once every connection had answered once); latencies in ms; RSS = peak resident set of the server process in MB; SQL = statements per request; CPU = server CPU ms per request; DB = PostgreSQL CPU ms per request (the bench database's backends).\n`,
  );
  for (const r of reports) console.log(`  ${r.name}: ${r.description}`);
  if (reports.length) console.log(`\n${scenarioTable(reports)}\n`);
  if (references.length)
    console.log(
      `Quire against PostGraphile 5 (amber preset) without authorization and with JWT + row-level security, same database, the same readers (admins and members), each scenario on servers of its own; ratios are Quire's to that server:\n\n${referenceTable(references)}\n`,
    );
  for (const t of topology)
    console.log(
      t.skipped
        ? `${t.name}: skipped: ${t.skipped}\n`
        : `${t.name}: ${t.description}; ratios of ×2 to ×1 and of "with standby" to "primary only". RSS = the side's servers together (MB); CPU = their CPU ms per request${t.name === 'replicas' ? `; LB = HAProxy's. Redis: ${env.REDIS_URL ? 'shared limits' : 'unset (limits per process)'}` : ''}:\n\n${topologyTable(t)}\n`,
    );
  if (scaling.length)
    console.log(
      `GraphQL scaling (${Math.min(...config.connections)} connections, ${config.scaleDuration} s):\n\n${scalingTable(scaling)}\n`,
    );
  console.log(
    `Bytes sent for the nested GraphQL query (organization → 100 spaces → organization, parent, grandparent):\n\n${transferTable(transfer)}\n`,
  );
  console.log(`${targetLines(verdicts)}\n`);

  await mkdir(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const json = JSON.stringify(
    {
      startedAt: new Date().toISOString(),
      machine: { cpus: cpus().length, node: process.version },
      database: database.server,
      config,
      quireEnv: env.BENCH_QUIRE_ENV ?? '',
      seedSeconds,
      scenarios: reports,
      scaling,
      postgraphile: references,
      transfer,
      topology,
      targets: verdicts,
    },
    null,
    2,
  );
  await writeFile(path.join(resultsDir, `bench-${stamp}.json`), json);
  await writeFile(path.join(resultsDir, 'latest.json'), json);
  log(`results written to bench/results/bench-${stamp}.json`);
  await dbCpu.close();
} finally {
  await cleanUp();
}
