import { migrate } from '../src/db/migrate.js';
import { seed, spaceId } from './seed.js';
import { createBenchDatabase } from './servers.js';
import { createPrisma } from '../src/db/client.js';
const db = await createBenchDatabase();
await migrate(db.url); await seed(db.url);
const { prisma } = createPrisma(db.url);
const N = Number(process.env.N ?? 1500);
async function measure(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 200; i++) await fn();
  const c0 = process.cpuUsage(); const t0 = performance.now();
  for (let i = 0; i < N; i++) await fn();
  const c = process.cpuUsage(c0); const t = performance.now() - t0;
  console.log(`${label.padEnd(40)} cpu ${((c.user + c.system) / 1000 / N).toFixed(3)} ms/call, wall ${(t / N).toFixed(3)} ms/call`);
}
const which = process.env.WHICH ?? 'all';
for (let round = 0; round < 2; round++) {
  if (which === 'all' || which === 'fu') await measure('space findUnique', () => prisma.space.findUnique({ where: { id: spaceId(1, 5) } }));
  if (which === 'all') await measure('space findFirst', () => prisma.space.findFirst({ where: { id: spaceId(1, 5) } }));
  if (which === 'all') await measure('org findUnique', () => prisma.organization.findUnique({ where: { id: 'org_bench1' } }));
  if (which === 'all') await measure('space findMany 100', () => prisma.space.findMany({ where: { organizationId: 'org_bench1' }, take: 100 }));
  if (which === 'all') await measure('space findMany 100 +org+parent', () => prisma.space.findMany({ where: { organizationId: 'org_bench1' }, take: 100, include: { organization: true, parent: { include: { parent: true } } } }));
}
await prisma.$disconnect(); await db.drop();
