// HAProxy in front of several server processes, on loopback, for the "replicas"
// scenario: Debian's `haproxy` with a generated configuration (round robin,
// keep-alive to the servers, health checks on a path), run in the foreground.
// The group it fronts is a ServerProcess of its own: its address is the
// balancer's, its statements, CPU and RSS the sum of its servers'.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../src/db/embedded.js';
import { processCpuSeconds, type ServerProcess } from './servers.js';

/** Whether `haproxy` runs here (Debian: apt-get install haproxy). */
export const haproxyInstalled = () => spawnSync('haproxy', ['-v'], { encoding: 'utf8' }).status === 0;

const configuration = (port: number, statsPort: number, servers: ServerProcess[], checkPath: string) => `
global
  maxconn 4096
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  option httpchk GET ${checkPath}
  http-check expect status 200
  default-server inter 1s fall 2 rise 1
frontend api
  bind 127.0.0.1:${port}
  default_backend servers
frontend stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
backend servers
  balance roundrobin
${servers.map((s, i) => `  server s${i} ${new URL(s.baseUrl).host} check`).join('\n')}
`;

export interface BalancedGroup extends ServerProcess {
  /** CPU seconds HAProxy has used so far. */
  balancerCpuSeconds(): Promise<number | null>;
}

/** Starts HAProxy in front of `servers` and waits until it reports each of them UP; `stop` stops HAProxy and the servers. */
export async function behindHaproxy(name: string, servers: ServerProcess[], checkPath: string): Promise<BalancedGroup> {
  const [port, statsPort] = [await freePort(), await freePort()];
  const dir = await mkdtemp(path.join(tmpdir(), 'quire-bench-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  await writeFile(file, configuration(port, statsPort, servers, checkPath));
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stopBalancer = async () => {
    if (child.exitCode == null) child.kill('SIGTERM');
    await exit;
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await everyServerUp(`http://127.0.0.1:${statsPort}/stats;csv`, servers.length, () => child.exitCode != null);
  } catch (err) {
    await stopBalancer();
    throw new Error(`${name}: ${(err as Error).message}\n${output}`);
  }
  const sum = async (values: Promise<number | null>[]) => {
    const all = await Promise.all(values);
    return all.some((v) => v == null) ? null : all.reduce<number>((a, b) => a + b!, 0);
  };
  return {
    name,
    pid: child.pid!,
    baseUrl: `http://127.0.0.1:${port}`,
    statements: async () => (await Promise.all(servers.map((s) => s.statements()))).reduce((a, b) => a + b, 0),
    // The servers' resident sets together (HAProxy's own is a few MB and not counted).
    rss: () => sum(servers.map((s) => s.rss())),
    cpuSeconds: () => sum(servers.map((s) => s.cpuSeconds())),
    balancerCpuSeconds: () => processCpuSeconds(child.pid!),
    async stop() {
      await stopBalancer();
      await Promise.all(servers.map((s) => s.stop()));
    },
  };
}

/** Polls HAProxy's stats page (bounded) until `count` servers are UP. */
async function everyServerUp(statsUrl: string, count: number, exited: () => boolean) {
  let last = '';
  for (let i = 0; i < 300; i++) {
    if (exited()) throw new Error('haproxy exited');
    const csv = await fetch(statsUrl).then(
      (r) => r.text(),
      () => '',
    );
    const [header = '', ...rows] = csv.trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const states = rows
      .map((row) => row.split(','))
      .filter((cells) => cells[columns.indexOf('pxname')] === 'servers' && /^s\d+$/.test(cells[columns.indexOf('svname')] ?? ''))
      .map((cells) => cells[columns.indexOf('status')]);
    last = states.join(',');
    if (states.length === count && states.every((s) => s?.startsWith('UP'))) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`haproxy never reported every server UP (last: ${last || 'no answer'})`);
}
