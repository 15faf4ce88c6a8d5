// `npm run bench:noisy`: the noisy-neighbour scenario. One tenant's single
// caller reads one space at a time (the quiet tenant); another tenant drives
// 64 connections of nested GraphQL queries with ONE token (the noisy one).
// It reports the quiet tenant's latency alone and beside the noisy one, with
// the fair-share limits at their defaults and with them lifted, side by side.
//   BENCH_DURATION=10           seconds per run
//   BENCH_NOISY_CONNECTIONS=64  the noisy tenant's connections
import { cpus } from 'node:os';
import type { BenchDataset } from './seed.js';
import { buildQuire, startQuire, type ServerProcess } from './servers.js';
import { quireEnv, withSeededDatabase } from './seededQuire.js';
import { benchGraphQLQuery, seededRandom, type BenchRequest, type Scenario } from './scenarios.js';
import { loadRun, settle, type LoadResult } from './load.js';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const noisyConnections = Number(process.env.BENCH_NOISY_CONNECTIONS ?? 64);
const log = (msg: string) => console.error(`[bench] ${msg}`);
const quireCommand = buildQuire();

/** The quiet tenant: GET /v1/spaces/{id} of its organization, one caller. */
const quiet: Scenario = {
  name: 'quiet-get-space',
  description: 'quiet tenant: REST GET /v1/spaces/{spaceId}, 1 connection',
  make: (data, seed = 11) => {
    const random = seededRandom(seed);
    const org = data.orgs[1];
    return (): BenchRequest => ({
      method: 'GET',
      path: `/v1/spaces/${org.spaceIds[Math.floor(random() * org.spaceIds.length)]}`,
      token: org.adminTokens[0],
    });
  },
};

/** The noisy tenant: one token, organization → 100 spaces → organization, parent, grandparent. */
const noisy: Scenario = {
  name: 'noisy-graphql',
  description: `noisy tenant: GraphQL organization → 100 spaces (nested), one token, ${noisyConnections} connections`,
  make: (data) => {
    const org = data.orgs[0];
    return (): BenchRequest => ({
      method: 'POST',
      path: '/graphql',
      token: org.adminTokens[0],
      body: { query: benchGraphQLQuery, variables: { id: org.id, first: 100 } },
    });
  },
};

interface Row {
  setting: string;
  alone: LoadResult;
  beside: LoadResult;
  noisy: LoadResult;
}

async function measure(setting: string, env: Record<string, string>, data: BenchDataset): Promise<Row> {
  const server: ServerProcess = await startQuire('quire', quireCommand, env);
  try {
    await loadRun(server, quiet, data, 1, 1); // warm-up
    await settle(server);
    const alone = await loadRun(server, quiet, data, 1, duration);
    await settle(server);
    const [beside, noisyResult] = await Promise.all([
      loadRun(server, quiet, data, 1, duration),
      loadRun(server, noisy, data, noisyConnections, duration),
    ]);
    log(
      `${setting}: quiet p50 ${alone.latencyMs.p50} → ${beside.latencyMs.p50} ms, p99 ${alone.latencyMs.p99} → ${beside.latencyMs.p99} ms`,
    );
    return { setting, alone, beside, noisy: noisyResult };
  } finally {
    await server.stop();
  }
}

await withSeededDatabase(async (database, data) => {
  const base = quireEnv(database.url);
  const rows = [
    await measure('fair share, defaults (2 per token, 4 per organization)', base, data),
    await measure('fair share, 1 per token', { ...base, CONCURRENT_REQUESTS_PER_TOKEN: '1' }, data),
    await measure(
      'fair share lifted (as before)',
      { ...base, CONCURRENT_REQUESTS_PER_TOKEN: '100000', CONCURRENT_REQUESTS_PER_ORGANIZATION: '100000' },
      data,
    ),
  ];
  const ms = (r: LoadResult) => `${r.latencyMs.p50} / ${r.latencyMs.p99}`;
  const mb = (r: LoadResult) => (r.peakRssMB == null ? '?' : r.peakRssMB.toFixed(0));
  console.log(`\nNoisy neighbour: ${cpus().length} CPUs, Node ${process.version}, ${duration} s per run, database ${database.server}.`);
  console.log(`${quiet.description}; ${noisy.description}. Latencies in ms (p50 / p99); RSS = peak MB of the server.\n`);
  console.log(
    '| setting | quiet alone | quiet beside noisy | quiet req/s alone → beside | noisy req/s (2xx) | noisy non-2xx | noisy p50 / p99 | RSS alone → beside |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    console.log(
      `| ${r.setting} | ${ms(r.alone)} | ${ms(r.beside)} | ${r.alone.requestsPerSecond.toFixed(0)} → ${r.beside.requestsPerSecond.toFixed(0)} | ${r.noisy.requestsPerSecond.toFixed(0)} | ${r.noisy.non2xx} | ${ms(r.noisy)} | ${mb(r.alone)} → ${mb(r.noisy)} |`,
    );
  }
});
