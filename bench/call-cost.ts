// `npx tsx bench/call-cost.ts`: CPU time of one database call, through Prisma
// and straight through node-postgres, on the benchmark's dataset. It explains
// the REST/GraphQL figures: every Prisma call costs a query compilation (the
// WebAssembly query compiler) on top of the round trip. N=… sets the calls per case.
import { migrate } from '../src/db/migrate.js';
import { createPrisma } from '../src/db/client.js';
import { rawQuery } from '../src/db/raw.js';
import { tokenStatement } from '../src/domain/auth/tokens.js';
import { orgId, seed, spaceId, tokenSecret } from './seed.js';
import { createBenchDatabase } from './servers.js';

const calls = Number(process.env.N ?? 2000);
const database = await createBenchDatabase();
const { prisma } = createPrisma(database.url);

/** Median CPU ms per call over three rounds (the machine is shared: rounds differ). */
async function measure(label: string, call: () => Promise<unknown>) {
  for (let i = 0; i < 200; i++) await call();
  const rounds: number[] = [];
  for (let round = 0; round < 3; round++) {
    const before = process.cpuUsage();
    for (let i = 0; i < calls / 3; i++) await call();
    const used = process.cpuUsage(before);
    rounds.push((used.user + used.system) / 1000 / (calls / 3));
  }
  console.log(`${label.padEnd(52)} ${rounds.sort((a, b) => a - b)[1].toFixed(3)} ms CPU per call`);
}

try {
  await migrate(database.url);
  await seed(database.url);
  const token = tokenStatement(tokenSecret(1, 1), new Date(), 60_000);
  const space = spaceId(1, 5);
  await measure('token check, node-postgres (db/raw.ts)', () => rawQuery(prisma, token.text, token.values));
  await measure('token check, Prisma $queryRawUnsafe', () => prisma.$queryRawUnsafe(token.text, ...token.values));
  await measure('space by id, node-postgres', () => rawQuery(prisma, 'SELECT * FROM "Space" WHERE id = $1', [space]));
  await measure('space by id, Prisma findUnique', () => prisma.space.findUnique({ where: { id: space } }));
  await measure('100 spaces, node-postgres', () =>
    rawQuery(prisma, 'SELECT * FROM "Space" WHERE "organizationId" = $1 ORDER BY "createdAt", id LIMIT 100', [orgId(1)]),
  );
  await measure('100 spaces, Prisma findMany', () =>
    prisma.space.findMany({ where: { organizationId: orgId(1) }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take: 100 }),
  );
  await measure('100 spaces + organization + parent + grandparent, Prisma', () =>
    prisma.space.findMany({
      where: { organizationId: orgId(1) },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: 100,
      include: { organization: true, parent: { include: { parent: true } } },
    }),
  );
} finally {
  await prisma.$disconnect();
  await database.drop();
}
