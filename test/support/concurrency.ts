// Fires requests truly at once against the real server, so a test can race
// conflicting writes and then check both the answers and the database.
//
// Each request gets its own keep-alive connection, opened beforehand (a cheap
// GET /healthz on each); then every request is written in the same tick, so all
// of them reach the server together instead of one connection's worth at a time.
import http from 'node:http';
import type { TestApp } from './app.js';
import type { HttpResult } from './http.js';

export interface RacedRequest {
  method: string;
  path: string;
  token?: string;
  body?: unknown;
  /** A body sent as is (e.g. a multipart upload), instead of `body` as JSON. */
  raw?: { data: Buffer; contentType: string };
}

/** A REST call to race: `restCall(token, 'DELETE', '/v1/spaces/…')`. */
export const restCall = (token: string | undefined, method: string, path: string, body?: unknown): RacedRequest => ({
  method,
  path,
  token,
  body,
});

/** A GraphQL operation to race (POST /graphql). */
export const graphqlCall = (token: string | undefined, query: string, variables?: Record<string, unknown>): RacedRequest => ({
  method: 'POST',
  path: '/graphql',
  token,
  body: { query, variables },
});

/** The same request n times. */
export const times = (n: number, request: RacedRequest): RacedRequest[] => Array.from({ length: n }, () => request);

/** How many answers had each status: `{ 205: 1, 204: 19 }`. */
export const statusCounts = (results: HttpResult[]) =>
  results.reduce<Record<number, number>>((counts, r) => {
    counts[r.status] = (counts[r.status] ?? 0) + 1;
    return counts;
  }, {});

function send(agent: http.Agent, url: URL, request: RacedRequest) {
  const payload = request.raw?.data ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (request.token) headers.Authorization = `Bearer ${request.token}`;
  if (payload !== undefined) {
    headers['Content-Type'] = request.raw?.contentType ?? 'application/json';
    headers['Content-Length'] = String(Buffer.byteLength(payload));
  }
  const req = http.request(new URL(request.path, url), { method: request.method, headers, agent });
  const answer = new Promise<HttpResult>((resolve, reject) => {
    req.once('error', reject);
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.once('error', reject);
      res.once('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text || undefined;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          /* not JSON */
        }
        const resHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') resHeaders.set(name, value);
        resolve({ status: res.statusCode ?? 0, body, headers: resHeaders });
      });
    });
  });
  return { fire: () => req.end(payload), answer };
}

/**
 * Sends all `requests` at the same moment, each over its own connection, and
 * returns every answer in the order of `requests`.
 */
export async function race(app: TestApp, requests: RacedRequest[]): Promise<HttpResult[]> {
  const url = new URL(app.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: requests.length, maxFreeSockets: requests.length });
  try {
    // Open one connection per request first: all of them pending at once makes the agent open them all.
    const warmUps = requests.map(() => send(agent, url, { method: 'GET', path: '/healthz' }));
    warmUps.forEach((w) => w.fire());
    await Promise.all(warmUps.map((w) => w.answer));
    // The barrier: every request is built, then all are written in one synchronous loop.
    const sends = requests.map((r) => send(agent, url, r));
    for (const s of sends) s.fire();
    return await Promise.all(sends.map((s) => s.answer));
  } finally {
    agent.destroy();
  }
}
