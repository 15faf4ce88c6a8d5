// The HTTP gate in front of REST and GraphQL: body, header and JSON-depth
// limits, slow clients, CORS, security headers, request ids and /metrics.
import { describe, expect, it } from 'vitest';
import http from 'node:http';
import net from 'node:net';
import { startTestApp, type TestApp, useTestApp, useTestOrg } from '../support/app.js';
import { graphql, request } from '../support/http.js';

const app = useTestApp({
  http: { maxBodyBytes: 10_000, maxJsonDepth: 8, maxHeaderBytes: 8192, requestTimeoutMs: 1500, headersTimeoutMs: 1000 },
  cors: { origins: ['https://app.example.com'], maxAgeSeconds: 120 },
  hstsMaxAgeSeconds: 31_536_000,
});
const org = useTestOrg(app);

/** Writes raw bytes on a new connection and returns everything the server sends until it closes. */
function raw(app: TestApp, chunks: string[], { pauseMs = 0 } = {}): Promise<string> {
  const port = Number(new URL(app.baseUrl).port);
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => (received += d.toString('latin1')));
    socket.on('close', () => resolve(received));
    socket.on('error', (err) => (received ? resolve(received) : reject(err)));
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        socket.write(chunk);
        if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
      }
    });
  });
}

/** A chunked request (no Content-Length) whose body is `body`. */
function chunked(app: TestApp, method: string, path: string, body: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = http.request(`${app.baseUrl}${path}`, { method, headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    for (let i = 0; i < body.length; i += 4096) req.write(body.slice(i, i + 4096));
    req.end();
  });
}

/** The value of one sample line in Prometheus text (0 when absent). */
const metricValue = (text: string, series: string) =>
  Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${series} `))
      ?.slice(series.length + 1) ?? 0,
  );

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('request limits', () => {
  it('answers 413 to a REST body over the limit, announced or streamed, in the REST error shape', async () => {
    const big = JSON.stringify({ title: 'x'.repeat(12_000) });
    const announced = await request(app, 'PATCH', `/v1/orgs/${org.organizationId}`, { token: org.admin.token, rawBody: big });
    expect(announced.status).toBe(413);
    expect(announced.body).toEqual({ error: { code: 413, message: 'The body exceeds 10000 bytes' } });
    const streamed = await chunked(app, 'PATCH', `/v1/orgs/${org.organizationId}`, big, { Authorization: `Bearer ${org.admin.token}` });
    expect(streamed).toEqual({ status: 413, body: { error: { code: 413, message: 'The body exceeds 10000 bytes' } } });
    // The title did not change.
    const after = await request(app, 'GET', `/v1/orgs/${org.organizationId}`, { token: org.admin.token });
    expect(after.body.title).not.toMatch(/^x+$/);
  });

  it('answers 413 to a GraphQL body over the limit, as a GraphQL error', async () => {
    const query = `{ viewer { id } } # ${'x'.repeat(12_000)}`;
    const announced = await request(app, 'POST', '/graphql', { token: org.admin.token, body: { query } });
    expect(announced.status).toBe(413);
    expect(announced.body).toEqual({
      errors: [{ message: 'The body exceeds 10000 bytes', extensions: { code: 'PAYLOAD_TOO_LARGE', status: 413 } }],
    });
    const streamed = await chunked(app, 'POST', '/graphql', JSON.stringify({ query }), { Authorization: `Bearer ${org.admin.token}` });
    expect(streamed.status).toBe(413);
    expect(streamed.body.errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
    // Just under the limit is served.
    const fits = await request(app, 'POST', '/graphql', {
      token: org.admin.token,
      body: { query: `{ viewer { id } } # ${'x'.repeat(9_000)}` },
    });
    expect(fits.body.data.viewer.id).toBe(org.admin.userId);
  });

  it('answers 431 to request headers over the limit', async () => {
    const res = await request(app, 'GET', '/v1/orgs', { token: org.admin.token, headers: { 'X-Padding': 'p'.repeat(10_000) } });
    expect(res.status).toBe(431);
    expect(res.body).toEqual({ error: { code: 431, message: 'Request header fields too large' } });
    const fits = await request(app, 'GET', '/v1/orgs', { token: org.admin.token, headers: { 'X-Padding': 'p'.repeat(4_000) } });
    expect(fits.status).toBe(200);
  });

  it('answers 400 to JSON nested deeper than the limit: REST bodies, GraphQL bodies and variables parameters', async () => {
    const rest = await request(app, 'PATCH', `/v1/orgs/${org.organizationId}`, {
      token: org.admin.token,
      rawBody: `{"title":${nested(9)}}`,
    });
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ error: { code: 400, message: 'The body nests JSON deeper than 8 levels' } });
    const gql = await request(app, 'POST', '/graphql', {
      token: org.admin.token,
      rawBody: `{"query":"{ viewer { id } }","variables":{"a":${nested(8)}}}`,
    });
    expect(gql.status).toBe(400);
    expect(gql.body.errors[0]).toEqual({
      message: 'The body nests JSON deeper than 8 levels',
      extensions: { code: 'BAD_USER_INPUT', status: 400 },
    });
    const get = await request(
      app,
      'GET',
      `/graphql?query=${encodeURIComponent('{ viewer { id } }')}&variables=${encodeURIComponent(`{"a":${nested(8)}}`)}`,
      { token: org.admin.token },
    );
    expect(get.status).toBe(400);
    expect(get.body.errors[0].message).toBe('The variables parameter nests JSON deeper than 8 levels');
    // Brackets inside strings do not count; 8 levels pass.
    const ok = await request(app, 'POST', '/graphql', {
      token: org.admin.token,
      rawBody: JSON.stringify({ query: '{ viewer { id } }', variables: { s: '[[[[[[[[[[[[', a: JSON.parse(nested(6)) } }),
    });
    expect(ok.body, JSON.stringify(ok.body)).toHaveProperty('data.viewer.id', org.admin.userId);
  });

  it('answers 408 to a client too slow to send its request, and closes the connection', async () => {
    const answer = await raw(app, [
      'POST /graphql HTTP/1.1\r\nHost: quire\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query":',
    ]);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe('CORS', () => {
  it('answers a preflight from an allowed origin with the allowed methods and headers', async () => {
    for (const path of ['/graphql', '/v1/orgs']) {
      const res = await request(app, 'OPTIONS', path, {
        headers: {
          Origin: 'https://app.example.com',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type',
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
      expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
      expect(res.headers.get('access-control-allow-headers')).toMatch(/Content-Type/);
      expect(res.headers.get('access-control-max-age')).toBe('120');
      expect(res.headers.get('vary')).toContain('Origin');
    }
  });

  it('gives another origin no CORS permission', async () => {
    const preflight = await request(app, 'OPTIONS', '/graphql', {
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
    const get = await request(app, 'GET', '/v1/orgs', { token: org.admin.token, headers: { Origin: 'https://evil.example' } });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets allowed origins read answers and the rate-limit and request-id headers', async () => {
    const res = await request(app, 'GET', '/v1/orgs', { token: org.admin.token, headers: { Origin: 'https://app.example.com' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/X-RateLimit-Remaining.*|X-Request-Id/);
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('sends no CORS headers when no origin is configured (the default)', async () => {
    const plain = await startTestApp();
    try {
      const res = await request(plain, 'OPTIONS', '/graphql', {
        headers: { Origin: 'https://app.example.com', 'Access-Control-Request-Method': 'POST' },
      });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      // Yoga's own CORS (which would reflect any origin) is off.
      const post = await request(plain, 'POST', '/graphql', {
        body: { query: '{ __typename }' },
        headers: { Origin: 'https://evil.example' },
      });
      expect(post.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await plain.close();
    }
  });
});

describe('security headers', () => {
  it('are on every answer: REST, GraphQL, probes, errors and 404s', async () => {
    const answers = [
      await request(app, 'GET', '/v1/orgs', { token: org.admin.token }),
      await request(app, 'GET', '/v1/orgs'),
      await request(app, 'POST', '/graphql', { body: { query: '{ viewer { id } }' } }),
      await request(app, 'GET', '/healthz'),
      await request(app, 'GET', '/nothing-here'),
    ];
    for (const res of answers) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    expect(answers[0].headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    expect(answers[4].status).toBe(404);
    expect(answers[4].body).toEqual({ error: { code: 404, message: 'No route for /nothing-here' } });
  });

  it('serve GraphiQL self-contained (no CDN) under a policy that allows nothing from elsewhere', async () => {
    const page = await request(app, 'GET', '/graphql', { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = String(page.body);
    expect(html).toContain('GraphiQL');
    // Its assets come from this origin's /assets: the page names no other origin to load from.
    expect([...html.matchAll(/<(?:script|link)[^>]+(?:src|href)=["']?(https?:[^"' >]+)/g)]).toEqual([]);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toMatch(/connect-src 'self'/);
    expect(csp).not.toMatch(/https?:/);
    expect(csp).not.toMatch(/script-src [^;]*\*/);
  });

  it('leave out Strict-Transport-Security unless configured', async () => {
    const plain = await startTestApp();
    try {
      expect((await request(plain, 'GET', '/healthz')).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await plain.close();
    }
  });
});

describe('request ids', () => {
  it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
    const given = await request(app, 'GET', '/v1/orgs', { token: org.admin.token, headers: { 'X-Request-Id': 'lb-7f3a:42' } });
    expect(given.headers.get('x-request-id')).toBe('lb-7f3a:42');
    const insane = await request(app, 'GET', '/v1/orgs', { token: org.admin.token, headers: { 'X-Request-Id': 'a b\u00e9'.repeat(3) } });
    const made = insane.headers.get('x-request-id')!;
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    const other = await request(app, 'POST', '/graphql', { body: { query: '{ __typename }' } });
    expect(other.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(other.headers.get('x-request-id')).not.toBe(made);
    const tooLong = await request(app, 'GET', '/healthz', { headers: { 'X-Request-Id': 'x'.repeat(200) } });
    expect(tooLong.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('metrics', () => {
  it('counts requests and their latency per REST route and GraphQL operation name', async () => {
    const restLine = 'quire_http_requests_total{method="GET",operation="/v1/orgs/:organizationId",status="200"}';
    const before = metricValue(String((await request(app, 'GET', '/metrics')).body), restLine);
    await request(app, 'GET', `/v1/orgs/${org.organizationId}`, { token: org.admin.token });
    await graphql(app, org.admin.token, 'query MetricsProbe { viewer { id } }');
    await graphql(app, org.admin.token, 'query MetricsProbe { viewer { id } }');
    await graphql(
      app,
      org.admin.token,
      `query TooDeepForMetrics { ${'organizations(first: 1) { edges { node { '.repeat(5)} id ${'} } } '.repeat(5)} }`,
    );
    const res = await request(app, 'GET', '/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = String(res.body);
    expect(metricValue(text, restLine)).toBe(before + 1);
    expect(text).toContain('quire_http_requests_total{method="POST",operation="graphql:MetricsProbe",status="200"} 2');
    expect(text).toMatch(
      /quire_http_request_duration_seconds_bucket\{le="0\.005",method="POST",operation="graphql:MetricsProbe",status="200"\} \d/,
    );
    expect(text).toContain('quire_http_request_duration_seconds_count{method="POST",operation="graphql:MetricsProbe",status="200"} 2');
    expect(text).toContain('quire_http_requests_total{method="POST",operation="graphql:TooDeepForMetrics",status="400"} 1');
    expect(text).toMatch(/quire_graphql_rejected_total\{code="DEPTH_LIMIT"\} [1-9]/);
    expect(text).toContain('quire_http_requests_in_flight 1');
    expect(text).toContain('quire_process_cpu_user_seconds_total');
  });

  it('bounds the labels clients choose: operation names past the limit share graphql:other', async () => {
    const few = await startTestApp({ metrics: { maxOperationNames: 3 } });
    try {
      for (let i = 0; i < 6; i++) await graphql(few, org.admin.token, `query ClientChosen${i} { viewer { id } }`);
      const text = String((await request(few, 'GET', '/metrics')).body);
      const names = new Set(text.match(/operation="graphql:ClientChosen\d"/g));
      expect(names.size).toBe(3);
      expect(text).toContain('quire_http_requests_total{method="POST",operation="graphql:other",status="200"} 3');
    } finally {
      await few.close();
    }
  });

  it('logs and counts a request the client abandoned as 499, not as the status it never received', async () => {
    const line = 'quire_http_requests_total{method="POST",operation="/v1/orgs/:organizationId/spaces",status="499"}';
    const before = metricValue(String((await request(app, 'GET', '/metrics')).body), line);
    // The body is announced but never finished: the client leaves while the server waits for it.
    const socket = net.connect(Number(new URL(app.baseUrl).port), '127.0.0.1');
    await new Promise((resolve) => socket.on('connect', resolve));
    socket.write(
      `POST /v1/orgs/${org.organizationId}/spaces HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${org.admin.token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"title":`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    await expect.poll(async () => metricValue(String((await request(app, 'GET', '/metrics')).body), line)).toBe(before + 1);
  });

  it('can require a token, and can be turned off', async () => {
    const guarded = await startTestApp({ metrics: { token: 'scrape-secret' } });
    const off = await startTestApp({ metrics: { enabled: false } });
    try {
      expect((await request(guarded, 'GET', '/metrics')).status).toBe(401);
      expect((await request(guarded, 'GET', '/metrics', { token: 'wrong' })).status).toBe(401);
      const ok = await request(guarded, 'GET', '/metrics', { token: 'scrape-secret' });
      expect(ok.status).toBe(200);
      expect(String(ok.body)).toContain('quire_http_requests_in_flight');
      expect((await request(off, 'GET', '/metrics')).status).toBe(404);
    } finally {
      await guarded.close();
      await off.close();
    }
  });
});
