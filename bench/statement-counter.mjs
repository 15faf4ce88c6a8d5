// Preloaded (`node --import ./bench/statement-counter.mjs …`) into both servers
// under test, Quire and the baseline alike: it counts every statement the
// process sends to PostgreSQL at the driver (`pg.Client#query`, under Prisma's
// adapter and under the baseline's pool), BEGIN and COMMIT included, and answers
// the count over the IPC channel the benchmark opened. No application code changes.
import { createRequire } from 'node:module';

const require = createRequire(`${process.cwd()}/package.json`);
const pg = require('pg');

let statements = 0;
// STATEMENT_LOG=1 also prints each statement (its first 160 characters, or STATEMENT_LOG_CHARS) to stderr,
// to see what a count is made of.
const logEach = process.env.STATEMENT_LOG === '1';
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
  // Quire's write of a token's last use runs outside requests, once per token and minute
  // (src/domain/auth/activity.ts): not a statement of the request that happened to trigger it.
  if (!String(text).startsWith('/* quire:activity */')) statements += 1;
  if (logEach) {
    process.stderr.write(
      `[statement] ${String(text)
        .trim()
        .slice(0, Number(process.env.STATEMENT_LOG_CHARS ?? 160))
        .replace(/\s+/g, ' ')}\n`,
    );
  }
  return query.apply(this, args);
};

if (process.send) {
  process.on('message', (message) => {
    if (message === 'statements?') process.send({ statements });
  });
  // The IPC channel must not keep a stopping server alive.
  process.channel?.unref();
}
