// The benchmark's HAProxy group (bench/balancer.ts): it waits until HAProxy
// reports every server up, spreads requests over all of them, answers for them
// together (statements, CPU, RSS), and stops HAProxy and the servers. Skipped
// where haproxy is not installed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { behindHaproxy, haproxyInstalled } from '../../bench/balancer.js';
import type { ServerProcess } from '../../bench/servers.js';

const installed = haproxyInstalled();
if (!installed) console.warn('balancer: haproxy is not installed (apt-get install haproxy): skipped');

/** A server that counts the requests it answered (its "statements"), with a /readyz. */
async function countingServer(name: string): Promise<ServerProcess & { answered: () => number; stopped: () => boolean }> {
  let answered = 0;
  let stopped = false;
  const server: Server = createServer((req, res) => {
    if (req.url !== '/readyz') answered++;
    res.end(name);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    name,
    pid: process.pid,
    baseUrl: `http://127.0.0.1:${port}`,
    statements: async () => answered,
    rss: async () => 100,
    cpuSeconds: async () => 1,
    answered: () => answered,
    stopped: () => stopped,
    async stop() {
      stopped = true;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!installed)('bench/balancer.ts: servers behind HAProxy', () => {
  const servers: Awaited<ReturnType<typeof countingServer>>[] = [];
  afterAll(async () => {
    await Promise.allSettled(servers.filter((s) => !s.stopped()).map((s) => s.stop()));
  });

  it('spreads requests over every server, sums their figures, and stops them all', async () => {
    servers.push(await countingServer('a'), await countingServer('b'));
    const group = await behindHaproxy('pair', servers, '/readyz');
    const names = [];
    for (let i = 0; i < 10; i++) names.push(await fetch(`${group.baseUrl}/work`).then((r) => r.text()));
    expect(names.filter((n) => n === 'a')).toHaveLength(5);
    expect(names.filter((n) => n === 'b')).toHaveLength(5);
    expect(await group.statements()).toBe(10);
    expect(await group.rss()).toBe(200);
    expect(await group.cpuSeconds()).toBe(2);
    expect(await group.balancerCpuSeconds()).toBeGreaterThanOrEqual(0);
    await group.stop();
    expect(servers.every((s) => s.stopped())).toBe(true);
    await expect(fetch(`${group.baseUrl}/work`)).rejects.toThrow();
  });
});
