// The outbound fetch helper (src/net/fetch.ts) against local HTTP servers:
// the SSRF guard refuses loopback, private, link-local and metadata addresses
// (also behind a redirect) without connecting, unless the allow-list says so;
// deadlines, size caps and redirect bounds hold.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressAllowed, fetchOutbound, fetchPolicyFromEnv, FetchError, type FetchPolicy } from '../../src/net/fetch.js';

let server: http.Server;
let base: string;
let connections = 0;
const hanging = new Set<http.ServerResponse>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/ok') return void res.end('{"ok":true}');
    if (path === '/big') return void res.end('x'.repeat(2048));
    if (path === '/big-chunked') {
      res.write('x'.repeat(1024));
      return void setImmediate(() => res.end('x'.repeat(1024)));
    }
    if (path === '/hang') return void hanging.add(res);
    if (path.startsWith('/redirect/')) {
      const n = Number(path.split('/')[2]);
      res.writeHead(302, { location: n > 0 ? `/redirect/${n - 1}` : '/ok' });
      return void res.end();
    }
    if (path === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      return void res.end();
    }
    res.writeHead(404).end();
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const loopback: FetchPolicy = { timeoutMs: 2000, maxBytes: 1500, maxRedirects: 3, allow: ['127.0.0.0/8'] };
const strict: FetchPolicy = { ...loopback, allow: [] };

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FetchError);
  return err as FetchError;
}

describe('SSRF guard', () => {
  it('classifies addresses: public unicast passes; loopback, private, link-local, metadata, CGNAT, ULA and mapped ones do not', () => {
    for (const ok of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '8.8.8.8']) expect(addressAllowed(ok, []), ok).toBe(true);
    for (const bad of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.200',
      '0.0.0.0',
      '::1',
      '::',
      'fd00:ec2::254',
      'fe80::1',
      '::ffff:127.0.0.1',
      '224.0.0.1',
      'not-an-ip',
    ]) {
      expect(addressAllowed(bad, []), bad).toBe(false);
    }
    expect(addressAllowed('127.0.0.1', ['127.0.0.0/8'])).toBe(true);
    expect(addressAllowed('::ffff:127.0.0.1', ['127.0.0.0/8'])).toBe(true);
    expect(addressAllowed('10.0.0.1', ['127.0.0.0/8'])).toBe(false);
  });

  it('refuses a loopback address literal, and a name resolving to one, without opening a connection', async () => {
    const before = connections;
    expect((await failure(fetchOutbound(`${base}/ok`, strict))).code).toBe('DENIED');
    const port = (server.address() as AddressInfo).port;
    expect((await failure(fetchOutbound(`http://localhost:${port}/ok`, strict))).code).toBe('DENIED');
    expect(connections).toBe(before);
  });

  it('checks every redirect hop: a public-looking first hop cannot lead to the metadata address', async () => {
    const err = await failure(fetchOutbound(`${base}/to-metadata`, loopback));
    expect(err.code).toBe('DENIED');
    expect(err.message).toMatch(/169\.254\.169\.254/);
  });

  it('reaches an allow-listed range', async () => {
    const res = await fetchOutbound(`${base}/ok`, loopback);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({ ok: true });
  });
});

describe('bounds', () => {
  it('ends a source that never answers at the deadline (TIMEOUT)', async () => {
    const started = Date.now();
    const err = await failure(fetchOutbound(`${base}/hang`, { ...loopback, timeoutMs: 300 }));
    expect(err.code).toBe('TIMEOUT');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses bodies over the cap, declared or streamed (TOO_LARGE)', async () => {
    expect((await failure(fetchOutbound(`${base}/big`, loopback))).code).toBe('TOO_LARGE');
    expect((await failure(fetchOutbound(`${base}/big-chunked`, loopback))).code).toBe('TOO_LARGE');
  });

  it('follows redirects up to the bound, then stops (TOO_MANY_REDIRECTS)', async () => {
    expect((await fetchOutbound(`${base}/redirect/2`, loopback)).url).toBe(`${base}/ok`);
    expect((await failure(fetchOutbound(`${base}/redirect/3`, loopback))).code).toBe('TOO_MANY_REDIRECTS');
  });

  it('reports refused connections (UNREACHABLE), error statuses (HTTP_STATUS) and non-HTTP URLs (BAD_URL)', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect((await failure(fetchOutbound(`http://127.0.0.1:${port}/`, loopback))).code).toBe('UNREACHABLE');
    const notFound = await failure(fetchOutbound(`${base}/missing`, loopback));
    expect([notFound.code, notFound.status]).toEqual(['HTTP_STATUS', 404]);
    expect((await failure(fetchOutbound('file:///etc/passwd', loopback))).code).toBe('BAD_URL');
    expect((await failure(fetchOutbound('nonsense', loopback))).code).toBe('BAD_URL');
  });
});

describe('configuration', () => {
  it('reads OUTBOUND_* variables and refuses a bad CIDR naming the variable', () => {
    expect(fetchPolicyFromEnv({ OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8, ::1/128', OUTBOUND_TIMEOUT_MS: '500' })).toMatchObject({
      allow: ['127.0.0.0/8', '::1/128'],
      timeoutMs: 500,
    });
    expect(() => fetchPolicyFromEnv({ OUTBOUND_ALLOW_CIDRS: 'localhost' })).toThrow(/OUTBOUND_ALLOW_CIDRS/);
    expect(() => fetchPolicyFromEnv({ OUTBOUND_MAX_BYTES: 'lots' })).toThrow(/OUTBOUND_MAX_BYTES/);
  });
});
