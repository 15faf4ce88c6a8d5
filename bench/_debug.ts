import { migrate } from '../src/db/migrate.js';
import { seed } from './seed.js';
import { createBenchDatabase, startServer } from './servers.js';
import { scalingScenario } from './scenarios.js';
const db = await createBenchDatabase();
await migrate(db.url);
const data = await seed(db.url);
const q = await startServer('quire', 'src/main.ts', { DATABASE_URL: db.url, LOG_LEVEL: 'warn', RATE_LIMIT_PER_TOKEN: '1000000000' });
for (const n of [10, 100, 1000, 10, 100]) {
  const next = scalingScenario(n).make(data, 1000);
  const counts = [];
  for (let i = 0; i < 6; i++) {
    const r = next();
    const before = await q.statements();
    const res = await fetch(q.baseUrl + r.path, { method: r.method, headers: { authorization: `Bearer ${r.token}`, 'content-type': 'application/json' }, body: r.body ? JSON.stringify(r.body) : undefined });
    const body = await res.json();
    counts.push(`${(await q.statements()) - before}${body.errors ? '!' : ''}${r.token.includes('u000') || r.token.includes('u0010') ? 'a' : 'm'}`);
  }
  console.log(n, counts.join(' '));
}
await q.stop(); await db.drop();
