// Small HTTP clients for the REST API and GraphQL, as a legacy client or a front end would call them.
import { get as httpGet } from 'node:http';
import type { TestApp } from './app.js';

export interface HttpResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export async function request(
  app: TestApp,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<HttpResult> {
  const headers: Record<string, string> = { Accept: '*/*', ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['Content-Type'] ??= 'application/json';
  const res = await fetch(`${app.baseUrl}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** REST client bound to a token: `rest(app, token).get('/v1/orgs')`. */
export function rest(app: TestApp, token?: string) {
  const call = (method: string) => (path: string, body?: unknown) => request(app, method, path, { token, body });
  return { get: call('GET'), post: call('POST'), put: call('PUT'), patch: call('PATCH'), delete: call('DELETE') };
}

export async function graphql<T = any>(app: TestApp, token: string | undefined, query: string, variables?: Record<string, unknown>) {
  const res = await request(app, 'POST', '/graphql', { token, body: { query, variables } });
  return res.body as { data?: T; errors?: { message: string; extensions?: Record<string, unknown>; path?: string[] }[] };
}

/** A raw GET (node:http, no transparent decompression): status, headers and the bytes as sent. */
export function rawGet(app: TestApp, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer }>((resolve, reject) => {
    httpGet(`${app.baseUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}
