// Prisma CLI configuration: the JS engine with a driver adapter, so `prisma generate`
// and `prisma migrate diff` run offline (no native schema engine download).
import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';

// The CLI resolves env("DATABASE_URL") even for commands that never connect
// (generate); without it, it falls back to downloading a native engine.
process.env.DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: 'prisma/schema.prisma',
  async adapter() {
    return new PrismaPg({ connectionString: process.env.DATABASE_URL });
  },
});
