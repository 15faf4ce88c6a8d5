// The service (`npm start`, loaded by src/main.ts once the process is prepared):
// opens the database (DATABASE_URL, or the embedded PostgreSQL), applies pending
// migrations, serves on $PORT with the settings of the environment
// (docs/configuration.md), runs the job worker (src/jobs: the hourly purge of
// deleted spaces among them; QUIRE_WORKER=off leaves it to `npm run worker`),
// purges old rate-limit counters hourly, and on SIGTERM/SIGINT stops gracefully:
// no new connections, subscriptions closed, requests in flight finished, then the
// database pool and the embedded database closed, exit code 0. Any failure to
// start exits non-zero (2: configuration, 1: anything else) after closing what
// was opened.
import type { AddressInfo } from 'node:net';
import { createQuire, type Quire } from './app.js';
import { storageSettingsFromEnv } from './storage/blobStore.js';
import { openDatabase, type Database } from './db/database.js';
import { databaseSettingsFromEnv, readReplicaSettingsFromEnv } from './db/settings.js';
import { fetchPolicyFromEnv } from './net/fetch.js';
import { openAPILimitsFromEnv } from './domain/openapiSpecs/limits.js';
import { translationProviderFromEnv } from './domain/translations/providers.js';
import { hostFromEnv, isEveryInterface, portFromEnv, settingsFromEnv } from './config/settings.js';
import { forgetServer, recordServer } from './config/serverRecord.js';
import { createLogger } from './logging/logger.js';
import { visitorClaimsKeyFromEnv } from './config/visitorClaimsKey.js';
import { siteTokenSettingsFromEnv } from './config/siteTokenKeys.js';
import { heapGrowthFromEnv } from './heapGrowth.js';
import { startOtlpTracing, tracingSettingsFromEnv, type Tracing } from './tracing/tracing.js';

const logger = createLogger();
const housekeepingIntervalMs = 60 * 60 * 1000;

/** Settings from the environment; a bad value names its variable and exits 2. */
function readConfiguration() {
  try {
    const port = portFromEnv(process.env);
    const host = hostFromEnv(process.env);
    const visitorClaims = visitorClaimsKeyFromEnv(process.env, process.env.PUBLIC_URL ?? `http://localhost:${port}`);
    const worker = process.env.QUIRE_WORKER ?? 'inline';
    if (worker !== 'inline' && worker !== 'off') throw new Error(`QUIRE_WORKER must be "inline" or "off" (got "${worker}")`);
    const fetchPolicy = fetchPolicyFromEnv(process.env);
    heapGrowthFromEnv(process.env); // applied by src/processStart.ts; read here to report a bad value
    return {
      settings: settingsFromEnv(process.env),
      databaseSettings: databaseSettingsFromEnv(process.env),
      readReplicas: readReplicaSettingsFromEnv(process.env),
      port,
      host,
      visitorClaims,
      siteTokens: siteTokenSettingsFromEnv(process.env),
      fetchPolicy,
      worker,
      translator: translationProviderFromEnv(process.env, fetchPolicy),
      openapiLimits: openAPILimitsFromEnv(process.env),
      tracing: tracingSettingsFromEnv(process.env),
    };
  } catch (err) {
    logger.fatal({ reason: (err as Error).message }, `invalid configuration: ${(err as Error).message}`);
    process.exit(2);
  }
}

async function openDatabaseOrExit(): Promise<Database> {
  try {
    const database = await openDatabase();
    logger.info(
      { database: database.location },
      database.embedded ? 'using the embedded PostgreSQL' : 'using the PostgreSQL server of DATABASE_URL',
    );
    logger.info(
      { migrations: database.applied },
      database.applied.length ? `applied ${database.applied.length} migration(s)` : 'database schema up to date',
    );
    return database;
  } catch (err) {
    logger.fatal({ err: { message: (err as Error).message } }, 'cannot start: database unavailable');
    process.exit(1);
  }
}

/** Listens on `host`:`port`; a port in use is a clear fatal error, not a hang. Answers the URL it is reached at. */
async function listenOrFail(quire: Quire, port: number, host: string) {
  try {
    await quire.listen(port, host);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const reason =
      code === 'EADDRINUSE'
        ? `port ${port} is already in use`
        : code === 'EACCES'
          ? `no permission to listen on port ${port}`
          : (err as Error).message;
    throw new Error(`cannot listen: ${reason} (set PORT to another port)`, { cause: err });
  }
  const { address, port: boundPort } = quire.server.address() as AddressInfo;
  const everyInterface = isEveryInterface(host);
  logger.info(
    { address, port: boundPort, graphql: '/graphql', rest: '/v1', reachableFrom: everyInterface ? 'any machine' : 'this address only' },
    `Quire listening on http://${address.includes(':') ? `[${address}]` : address}:${boundPort} ${
      everyInterface ? '(every interface: reachable from other machines)' : '(set HOST=0.0.0.0 to accept other machines)'
    }`,
  );
  return process.env.PUBLIC_URL ?? `http://localhost:${boundPort}`;
}

/**
 * Purges old rate-limit counters now and hourly (deleted spaces are purged by a scheduled job, src/jobs).
 * Answers a stop that also waits for a run in progress: closing the pool under
 * its open transaction would leave that connection checked out for good.
 */
function startHousekeeping(quire: Quire) {
  let running: Promise<void> = Promise.resolve();
  const housekeeping = async () => {
    try {
      const counters = (await quire.rateLimiter?.purge()) ?? 0;
      if (counters) logger.info({ count: counters }, 'purged old rate-limit counters');
    } catch (err) {
      logger.error({ err }, 'housekeeping failed');
    }
  };
  const run = () => void (running = housekeeping());
  run();
  const timer = setInterval(run, housekeepingIntervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

const {
  settings,
  databaseSettings,
  readReplicas,
  port,
  host,
  visitorClaims,
  siteTokens,
  fetchPolicy,
  worker,
  translator,
  openapiLimits,
  tracing,
} = readConfiguration();
logger.info(
  visitorClaims ? { alg: visitorClaims.alg, kid: visitorClaims.kid } : {},
  visitorClaims
    ? 'visitor claims signed by VISITOR_CLAIMS_PRIVATE_KEY'
    : 'VISITOR_CLAIMS_PRIVATE_KEY unset: ping answers no docsVisitorClaims',
);
const database = await openDatabaseOrExit();
let quire: Quire | undefined;
let tracer: Tracing | undefined;
let stopHousekeeping = async () => {};
let stopping = false;
let firstSignalAt = 0;
/**
 * Ctrl-C of `npm start` reaches node twice: from the terminal (to the whole process group)
 * and from npm, which forwards it to its child. A SIGINT this soon after the first is that one.
 */
const SAME_CTRL_C_MS = 500;

/** Stops everything this process opened, then exits with `code`. */
async function stop(reason: string, code: number) {
  // A second signal while draining means "now": an operator's second Ctrl-C or a supervisor's retry.
  if (stopping) {
    if (reason === 'SIGINT' && Date.now() - firstSignalAt < SAME_CTRL_C_MS) return;
    if (reason === 'SIGINT' || reason === 'SIGTERM') {
      logger.warn({ reason }, 'second signal while shutting down: exiting now');
      process.exit(1);
    }
    return;
  }
  stopping = true;
  firstSignalAt = Date.now();
  // A shutdown that hangs past its deadline still ends the process (non-zero).
  setTimeout(
    () => {
      logger.error('shutdown did not finish in time');
      process.exit(1);
    },
    settings.shutdownDelayMs + settings.shutdownTimeoutMs + 15_000,
  ).unref();
  try {
    if (quire) {
      logger.info({ reason, timeoutMs: settings.shutdownTimeoutMs }, 'shutting down: draining requests');
      await stopHousekeeping();
      const finished = await quire.close(settings.shutdownTimeoutMs);
      if (!finished) logger.warn('requests still in flight at the shutdown deadline were cut');
    }
    await database.close();
    await tracer?.stop();
    forgetServer();
    logger.info({ exitCode: code }, 'stopped');
  } catch (err) {
    logger.error({ err }, 'shutdown failed');
    code = code || 1;
  }
  process.exit(code);
}

process.on('SIGINT', () => void stop('SIGINT', 0));
process.on('SIGTERM', () => void stop('SIGTERM', 0));
process.on('uncaughtException', (err) => {
  logger.fatal({ err }, 'uncaught exception');
  void stop('uncaught exception', 1);
});
process.on('unhandledRejection', (err) => {
  logger.fatal({ err }, 'unhandled rejection');
  void stop('unhandled rejection', 1);
});

try {
  if (tracing) {
    tracer = await startOtlpTracing(tracing);
    logger.info({ endpoint: tracing.endpoint, serviceName: tracing.serviceName }, 'tracing on: spans sent over OTLP');
  }
  quire = createQuire({
    ...settings,
    databaseUrl: database.url,
    database: databaseSettings,
    redisUrl: process.env.REDIS_URL,
    publicUrl: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
    appUrl: process.env.APP_URL,
    visitorClaims,
    siteTokens,
    logger,
    jobs: { fetchPolicy, translator, openapiLimits },
    storage: storageSettingsFromEnv(process.env),
    filesSecret: process.env.FILES_URL_SECRET,
    readReplicas,
  });
  if (!process.env.FILES_URL_SECRET)
    logger.warn('FILES_URL_SECRET is not set: signed file URLs are valid only on this process and until it stops');
  if (worker === 'inline') await quire.startWorker();
  recordServer(await listenOrFail(quire, port, host));
  stopHousekeeping = startHousekeeping(quire);
} catch (err) {
  logger.fatal({ reason: (err as Error).message }, (err as Error).message);
  await stop('start-up failed', 1);
}
