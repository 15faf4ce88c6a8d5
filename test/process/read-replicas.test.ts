// Reads on a real streaming standby (DATABASE_READ_URL, src/db/readReplicas.ts)
// that applies every transaction 1.5 s late: a caller reads their own writes at
// once (from the primary) while another caller still reads the standby's older
// state; once the standby has replayed, both read from it. A standby past the
// lag bound, or down, is out of the rotation and every read still answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lsnValue } from '../../src/db/readReplicas.js';
import { migrate } from '../../src/db/migrate.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { addMember, createOrg, type OrgFixture } from '../support/factories.js';
import { rest } from '../support/http.js';
import { postgresBinaries, startPrimaryWithStandby, type PrimaryWithStandby } from '../support/standby.js';

const bin = postgresBinaries();
if (!bin) console.warn('read-replicas: no PostgreSQL programs (pg_basebackup) under /usr/lib/postgresql: skipped');

const APPLY_DELAY_MS = 1500;

let servers: PrimaryWithStandby;
let app: TestApp;
let org: OrgFixture;
let member: { token: string };
const apps: TestApp[] = [];

const replicasOf = (target: TestApp) => target.quire.readReplicas!;

/** Waits (polling state) until the standby has replayed everything the primary has written so far. */
async function standbyCaughtUp(target: TestApp) {
  const [{ lsn }] = await target.prisma.$queryRawUnsafe<{ lsn: string }[]>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
  for (let i = 0; i < 600; i++) {
    await replicasOf(target).checked();
    const [standby] = replicasOf(target).state().standbys;
    if (standby.healthy && standby.replayed >= lsnValue(lsn) && standby.lagMs === 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(
    `the standby never caught up: ${JSON.stringify(replicasOf(target).state(), (_k, v) => (typeof v === 'bigint' ? String(v) : v))}`,
  );
}
const readsOn = (target: TestApp, name: string) => replicasOf(target).state().reads[name] ?? 0;

describe.skipIf(!bin)('read replicas: a real streaming standby', () => {
  beforeAll(async () => {
    servers = await startPrimaryWithStandby(bin!, { applyDelayMs: APPLY_DELAY_MS });
    await migrate(servers.primaryUrl);
    app = await startTestApp({
      databaseUrl: servers.primaryUrl,
      readReplicas: { urls: [servers.standbyUrl], maxLagMs: 30_000, checkIntervalMs: 50 },
    });
    apps.push(app);
    org = await createOrg(app);
    member = await addMember(app, org.organizationId, 'read');
    await standbyCaughtUp(app);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    servers?.stop();
  });

  it('sends reads to the standby', async () => {
    const before = readsOn(app, 'standby1');
    expect((await rest(app, member.token).get(`/v1/orgs/${org.organizationId}`)).status).toBe(200);
    expect(readsOn(app, 'standby1')).toBe(before + 1);
  });

  it("reads a caller's own write at once while the standby lags, and another caller's reads show the lag", async () => {
    const created = await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/spaces`, { title: 'Fresh' });
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    // The writer, at once: the primary answers (the standby applies 1.5 s late).
    const primaryReads = readsOn(app, 'primary');
    const own = await rest(app, org.admin.token).get(`/v1/spaces/${id}`);
    expect(own.status).toBe(200);
    expect(own.body.title).toBe('Fresh');
    expect(readsOn(app, 'primary')).toBe(primaryReads + 1);

    // Another caller reads the standby, which has not applied the write yet: the injected lag is real.
    expect((await rest(app, member.token).get(`/v1/spaces/${id}`)).status).toBe(404);

    await rest(app, org.admin.token).patch(`/v1/spaces/${id}`, { title: 'Renamed' });
    expect((await rest(app, org.admin.token).get(`/v1/spaces/${id}`)).body.title).toBe('Renamed');

    // Once the standby has replayed both writes, both callers read it there.
    await standbyCaughtUp(app);
    const standbyReads = readsOn(app, 'standby1');
    expect((await rest(app, member.token).get(`/v1/spaces/${id}`)).body.title).toBe('Renamed');
    expect((await rest(app, org.admin.token).get(`/v1/spaces/${id}`)).body.title).toBe('Renamed');
    expect(readsOn(app, 'standby1')).toBe(standbyReads + 2);
  });

  it('takes a standby past the lag bound out of the rotation until it catches up', async () => {
    const strict = await startTestApp({
      databaseUrl: servers.primaryUrl,
      readReplicas: { urls: [servers.standbyUrl], maxLagMs: 300, checkIntervalMs: 50 },
    });
    apps.push(strict);
    await standbyCaughtUp(strict);
    const created = await rest(strict, org.admin.token).post(`/v1/orgs/${org.organizationId}/spaces`, { title: 'Lagging' });
    // The standby is 1.5 s behind: past the bound, so even another caller reads the primary.
    for (let i = 0; i < 600 && replicasOf(strict).state().standbys[0].inRotation; i++) {
      await replicasOf(strict).checked();
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(replicasOf(strict).state().standbys[0].inRotation).toBe(false);
    expect((await rest(strict, member.token).get(`/v1/spaces/${created.body.id}`)).status).toBe(200);
    await standbyCaughtUp(strict);
    expect(replicasOf(strict).state().standbys[0].inRotation).toBe(true);
  });

  it('answers every read from the primary while the standby is down, and takes it back when it returns', async () => {
    servers.stopStandby();
    try {
      for (let i = 0; i < 600 && replicasOf(app).state().standbys[0].healthy; i++) await replicasOf(app).checked();
      expect(replicasOf(app).state().standbys[0].healthy).toBe(false);
      const primaryReads = readsOn(app, 'primary');
      expect((await rest(app, member.token).get(`/v1/orgs/${org.organizationId}`)).status).toBe(200);
      expect(readsOn(app, 'primary')).toBe(primaryReads + 1);
      const metrics = await fetch(`${app.baseUrl}/metrics`).then((r) => r.text());
      expect(metrics).toMatch(/quire_database_standby_in_rotation\{standby="standby1"\} 0/);
      expect(metrics).toMatch(/quire_database_reads_total\{target="primary"\} \d+/);
    } finally {
      servers.startStandby();
    }
    await standbyCaughtUp(app);
    const before = readsOn(app, 'standby1');
    expect((await rest(app, member.token).get(`/v1/orgs/${org.organizationId}`)).status).toBe(200);
    expect(readsOn(app, 'standby1')).toBe(before + 1);
  });
});

// The LSN arithmetic the routing compares with.
describe('WAL positions', () => {
  it('orders positions across the 32-bit boundary', () => {
    expect(lsnValue('0/FFFFFFFF') < lsnValue('1/0')).toBe(true);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
  });
});
