// The job worker alone (`npm run worker`, loaded by src/jobs/main.ts once the
// process is prepared), for deployments that scale workers apart from the API (run
// `npm start` with QUIRE_WORKER=off there). Same DATABASE_URL (or embedded
// database), REDIS_URL (status events reach the API processes' subscribers only
// through Redis), OUTBOUND_* and TRANSLATION_PROVIDER_* settings. On SIGTERM/SIGINT
// it stops taking jobs, lets running ones finish (at most SHUTDOWN_TIMEOUT_MS;
// unfinished ones are retried by another worker), exits 0.
import { openDatabase } from '../db/database.js';
import { createPrisma } from '../db/client.js';
import { databaseSettingsFromEnv } from '../db/settings.js';
import { createEvents } from '../events.js';
import { createLogger } from '../logging/logger.js';
import { settingsFromEnv } from '../config/settings.js';
import { systemClock } from '../clock.js';
import { fetchPolicyFromEnv } from '../net/fetch.js';
import { openAPILimitsFromEnv } from '../domain/openapiSpecs/limits.js';
import { translationProviderFromEnv } from '../domain/translations/providers.js';
import { createJobQueue } from '../queue/queue.js';
import { jobDefinitions } from './definitions.js';
import type { JobServices } from './services.js';
import { heapGrowthFromEnv } from '../heapGrowth.js';
import { createComputePool } from '../compute/pool.js';
import { startOtlpTracing, tracingSettingsFromEnv } from '../tracing/tracing.js';

const logger = createLogger();
/** Settings from the environment; a bad value names its variable and exits 2. */
function readConfiguration() {
  try {
    const fetchPolicy = fetchPolicyFromEnv(process.env);
    heapGrowthFromEnv(process.env); // applied by src/processStart.ts; read here to report a bad value
    const settings = settingsFromEnv(process.env);
    return {
      fetchPolicy,
      openapiLimits: openAPILimitsFromEnv(process.env),
      translator: translationProviderFromEnv(process.env, fetchPolicy),
      database: databaseSettingsFromEnv(process.env),
      shutdownTimeoutMs: settings.shutdownTimeoutMs,
      compute: settings.compute,
      tracing: tracingSettingsFromEnv(process.env),
    };
  } catch (err) {
    logger.fatal({ reason: (err as Error).message }, `invalid configuration: ${(err as Error).message}`);
    process.exit(2);
  }
}
const config = readConfiguration();
// Jobs continue the traces of the requests that sent them (src/tracing).
const tracer = config.tracing ? await startOtlpTracing(config.tracing) : undefined;
const database = await openDatabase().catch((err: Error) => {
  logger.fatal({ err: { message: err.message } }, 'cannot start: database unavailable');
  process.exit(1);
});
const { prisma } = createPrisma(database.url, config.database);
const events = createEvents(process.env.REDIS_URL);
const queue = createJobQueue<JobServices>(jobDefinitions, { databaseUrl: database.url, logger, schema: process.env.QUIRE_JOBS_SCHEMA });
// Parsing pages and specs runs on worker threads here too, so one large page does not hold every job of the process.
const compute = createComputePool(config.compute);
const services: JobServices = {
  prisma,
  pubsub: events.pubsub,
  fetchPolicy: config.fetchPolicy,
  clock: systemClock,
  logger,
  translator: config.translator,
  openapiLimits: config.openapiLimits,
  compute,
};

let stopping = false;
async function stop(reason: string, code: number) {
  if (stopping) return;
  stopping = true;
  logger.info({ reason }, 'worker stopping: finishing running jobs');
  try {
    await queue.stop(config.shutdownTimeoutMs);
    await compute.close();
    await events.close();
    await prisma.$disconnect();
    await database.close();
    await tracer?.stop();
  } catch (err) {
    logger.error({ err }, 'worker shutdown failed');
    code = code || 1;
  }
  logger.info({ exitCode: code }, 'worker stopped');
  process.exit(code);
}
process.on('SIGINT', () => void stop('SIGINT', 0));
process.on('SIGTERM', () => void stop('SIGTERM', 0));

try {
  await queue.work(services);
} catch (err) {
  logger.fatal({ reason: (err as Error).message }, 'worker failed to start');
  await stop('start-up failed', 1);
}
