// Prisma CLI configuration (Prisma 7: the connection URL lives here, not in
// schema.prisma). Only `prisma generate` runs through the CLI here: diffs use
// the WASM schema engine from a script (scripts/migration-diff.ts), since the
// CLI's other commands need a native engine it would download.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' },
});
