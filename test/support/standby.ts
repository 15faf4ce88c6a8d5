// A PostgreSQL primary and a streaming standby of it, made by the test with
// PostgreSQL's own tools (initdb, pg_basebackup -R, pg_ctl) in a temporary
// folder, on loopback ports: the read-replica tests' databases. The standby
// applies each transaction `applyDelayMs` late (recovery_min_apply_delay), so
// its lag is visible. As root the servers run as the `postgres` user
// (PostgreSQL refuses root).
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The folder of a PostgreSQL installation's programs (Debian's layout), or undefined. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => path.join(root, v, 'bin')).find((bin) => existsSync(path.join(bin, 'pg_basebackup')));
}

const asRoot = process.getuid?.() === 0;
const postgresUser = asRoot ? spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }) : undefined;

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = (probe.address() as AddressInfo) ?? { port: 0 };
      probe.close(() => resolve(port));
    });
  });

export interface PrimaryWithStandby {
  primaryUrl: string;
  standbyUrl: string;
  stopStandby(): void;
  startStandby(): void;
  stop(): void;
}

export async function startPrimaryWithStandby(bin: string, { applyDelayMs }: { applyDelayMs: number }): Promise<PrimaryWithStandby> {
  if (asRoot && postgresUser?.status !== 0) throw new Error('running as root, and there is no postgres user to run PostgreSQL as');
  const dir = mkdtempSync(path.join(tmpdir(), 'quire-standby-'));
  if (asRoot)
    chownSync(dir, Number(postgresUser!.stdout.trim()), Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()));
  const run = (program: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args], { stdio: 'pipe', cwd: dir })
      : execFileSync(path.join(bin, program), args, { stdio: 'pipe', cwd: dir });
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const primary = path.join(dir, 'primary');
  const standby = path.join(dir, 'standby');
  const settings = (port: number) =>
    `\nport = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\nfsync = off\nmax_connections = 60\n`;

  run('initdb', ['-D', primary, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  appendFileSync(primary + '/postgresql.conf', `${settings(primaryPort)}wal_level = replica\nmax_wal_senders = 4\n`);
  run('pg_ctl', ['-D', primary, '-l', path.join(dir, 'primary.log'), '-w', 'start']);
  run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', standby, '-R', '-X', 'stream', '--no-sync']);
  appendFileSync(standby + '/postgresql.conf', `${settings(standbyPort)}recovery_min_apply_delay = '${applyDelayMs}ms'\n`);
  const startStandby = () => void run('pg_ctl', ['-D', standby, '-l', path.join(dir, 'standby.log'), '-w', 'start']);
  const stopStandby = () => void run('pg_ctl', ['-D', standby, '-m', 'immediate', '-w', 'stop']);
  startStandby();

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    for (const data of [standby, primary])
      spawnSync(
        asRoot ? 'runuser' : path.join(bin, 'pg_ctl'),
        asRoot
          ? ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop']
          : ['-D', data, '-m', 'immediate', 'stop'],
      );
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  return {
    primaryUrl: `postgresql://postgres@127.0.0.1:${primaryPort}/postgres`,
    standbyUrl: `postgresql://postgres@127.0.0.1:${standbyPort}/postgres`,
    stopStandby,
    startStandby,
    stop,
  };
}
