// The long fuzz run of the REST API (test/rest/fuzz.test.ts; CI runs a short one):
//   npm run fuzz                          20 000 requests, a new random seed (printed)
//   FUZZ_RUNS=100000 FUZZ_SEED=42 npm run fuzz
//   FUZZ_SEED=42 FUZZ_PATH="123:4:0" npm run fuzz     replays a reported failure
// Like the tests, it uses DATABASE_URL's server (a database of its own), or an
// embedded PostgreSQL when unset. It ends with a per-route table of answers.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const runs = process.env.FUZZ_RUNS ?? '20000';
const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
console.log(
  `Fuzzing the REST API: ${runs} requests, seed ${seed}${process.env.FUZZ_PATH ? `, replaying path ${process.env.FUZZ_PATH}` : ''}`,
);

const vitest = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'test/rest/fuzz.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed, FUZZ_REPORT: '1' },
});
if (vitest.status !== 0)
  console.error(`\nReplay with: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz (add FUZZ_PATH from the report above)`);
process.exit(vitest.status ?? 1);
