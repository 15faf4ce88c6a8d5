// `npm start`: opens the database (DATABASE_URL, or the embedded PostgreSQL),
// applies pending migrations, serves on $PORT, purges expired deleted spaces
// hourly, and stops cleanly on SIGINT/SIGTERM.
import { openDatabase } from './db/database.js';
import { createQuire } from './app.js';
import { purgeDeletedSpaces } from './domain/spaces/service.js';

const port = Number(process.env.PORT ?? 4000);
const log = (entry: Record<string, unknown>) => console.log(JSON.stringify({ time: new Date().toISOString(), ...entry }));

const database = await openDatabase();
const quire = createQuire({
  databaseUrl: database.url,
  redisUrl: process.env.REDIS_URL,
  publicUrl: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
  appUrl: process.env.APP_URL,
  log,
});
await quire.listen(port);
log({ level: 'info', msg: `Quire listening on http://localhost:${port}`, graphql: '/graphql', rest: '/v1', database: database.embedded ? 'embedded' : 'DATABASE_URL' });

const purge = async () => {
  try {
    const purged = await purgeDeletedSpaces(quire.prisma, new Date());
    if (purged) log({ level: 'info', msg: 'purged deleted spaces', count: purged });
  } catch (err) {
    log({ level: 'error', msg: 'purge failed', error: String(err) });
  }
};
void purge();
const purgeTimer = setInterval(purge, 60 * 60 * 1000);
purgeTimer.unref();

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log({ level: 'info', msg: `${signal}: shutting down` });
  clearInterval(purgeTimer);
  await quire.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
