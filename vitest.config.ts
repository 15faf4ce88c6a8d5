import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Node resolves `graphql` to its CommonJS entry for our dependencies; make
  // Vite resolve our own imports the same way, or two copies of graphql-js meet.
  // `quire/client` is its source here (package.json exports point consumers at the compiled dist/package).
  resolve: {
    alias: [
      { find: /^graphql$/, replacement: 'graphql/index.js' },
      { find: /^quire\/client$/, replacement: new URL('./src/client/index.ts', import.meta.url).pathname },
    ],
  },
  test: {
    // A guard against a hung test, not a speed check: tests that start processes (the CLI, `npm start`)
    // take 10–30 s on a loaded two-core machine, and a red run must mean a failure, not a slow machine.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // CI also writes a JSON report, from which .ci/run prints a plain closing line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.quire/test-results.json' }]] : ['default'],
    // Two cores here: a few files at a time keep the database busy without thrashing.
    maxWorkers: 3,
    // Two tiers, both run by `vitest run` (npm test). `npm run test:unit` runs the first alone.
    projects: [
      // Pure code (policy, Markdown, merges, limits, settings): no database, no server, no global setup.
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      // Against the real database and HTTP server (test/support/): one test database for the run.
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: ['test/unit/**'],
          globalSetup: ['test/support/globalSetup.ts'],
        },
      },
    ],
  },
});
