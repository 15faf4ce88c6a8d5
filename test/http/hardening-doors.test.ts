// The doors under hostile requests (issue #26): a caller without a valid token
// is refused before its body is read, uploads are never walked as text.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { startTestApp, useTestApp, useTestOrg } from '../support/app.js';
import { graphql, request } from '../support/http.js';
import { insertPages } from '../support/content.js';
import { createSpace } from '../support/factories.js';
import { download, uploadOk } from '../support/files.js';
import { fieldWithUnstorableText } from '../../src/text.js';
import { settingsFromEnv } from '../../src/config/settings.js';

/** What the server logged at warn and above (access lines are at info). */
const logged: Record<string, any>[] = [];
const app = useTestApp({ logger: pino({ level: 'warn' }, { write: (line: string) => void logged.push(JSON.parse(line)) }) });
const org = useTestOrg(app);

/**
 * Sends the head of a multipart upload and one small part of its body, then
 * waits for the answer without sending the rest: a server that reads the whole
 * body first never answers (the test times out).
 */
function answerToHalfSentUpload(token: string | undefined) {
  const boundary = 'quireboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${JSON.stringify({
    query: 'mutation($input: UploadFileInput!) { uploadFile(input: $input) { revision } }',
    variables: { input: { spaceId: 'spc_x', file: null } },
  })}\r\n--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="big.bin"\r\n\r\n`;
  const url = new URL('/graphql', app.baseUrl);
  return new Promise<{ status: number; headers: Record<string, unknown>; body: any }>((resolve, reject) => {
    const req = httpRequest(url, {
      method: 'POST',
      headers: {
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(Buffer.byteLength(head) + 8 * 1024 * 1024),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res
        .setEncoding('utf8')
        .on('data', (c: string) => (text += c))
        .on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) });
        });
    });
    req.on('error', reject);
    req.write(head);
    req.write(Buffer.alloc(64 * 1024));
  });
}

describe('authentication before the body', () => {
  it('refuses an upload without a token before reading its body', async () => {
    const answer = await answerToHalfSentUpload(undefined);
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Bearer realm="Quire"');
    expect(answer.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('refuses an upload with a refused token before reading its body', async () => {
    const answer = await answerToHalfSentUpload('not-a-token');
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Bearer realm="Quire", error="invalid_token"');
  });

  it('refuses any GraphQL request with a refused token; without a token __typename still answers', async () => {
    const refused = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer not-a-token' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(refused.status).toBe(401);
    expect((await refused.json()).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(await graphql(app, undefined, '{ __typename }')).toEqual({ data: { __typename: 'Query' } });
    expect((await graphql(app, org.admin.token, '{ __typename }')).data).toEqual({ __typename: 'Query' });
  });
});

describe('request shape', () => {
  it.each([{ operationName: 5 }, { operationName: true }, { operationName: {} }, { operationName: ['Op'] }])(
    'answers operationName $operationName with a 400 naming the parameter, and logs no error',
    async ({ operationName }) => {
      logged.length = 0;
      const answer = await fetch(`${app.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${org.admin.token}` },
        body: JSON.stringify({ query: '{ __typename }', operationName }),
      });
      expect(answer.status).toBe(400);
      const body = await answer.json();
      expect(body.errors[0].message).toMatch(/^Expected "operationName" param to be a string, but given /);
      expect(body.errors[0].extensions.code).toBe('BAD_REQUEST');
      expect(body.data).toBeUndefined();
      expect(logged).toEqual([]);
    },
  );
});

describe('the event loop watch', () => {
  it('exports the loop delay as a histogram and logs a request that held the loop past the threshold, with its id and operation', async () => {
    const warnings: Record<string, any>[] = [];
    // A threshold of 1 ms: the walk over 100 000 variables below holds the loop longer on any machine.
    const watched = await startTestApp({
      metrics: { eventLoopBlockedMs: 1 },
      logger: pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line)) }),
    });
    try {
      const requestId = `heavy-${Date.now()}`;
      const answer = await fetch(`${watched.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId, Authorization: `Bearer ${org.admin.token}` },
        body: JSON.stringify({
          query: 'query Heavy($x: [ID!]!, $n: Int) { nodes(ids: $x) { id } organizations(first: $n) { totalCount } }',
          variables: { x: Array.from({ length: 100_000 }, (_, i) => `s${i}`), n: 100_000 },
        }),
      });
      // Refused (the page size), but only after the checks walked every id.
      expect(answer.status).toBe(400);
      await answer.text();
      const blocked = warnings.filter((w) => w.msg === 'event loop blocked' && w.requestId === requestId);
      expect(blocked.map((w) => w.operation)).toContain('graphql:Heavy');
      expect(blocked.every((w) => Number.isInteger(w.blockedMs) && w.blockedMs >= 1)).toBe(true);
      const metrics = await (await fetch(`${watched.baseUrl}/metrics`)).text();
      expect(metrics).toMatch(/^# TYPE quire_event_loop_delay_seconds histogram$/m);
      expect(metrics).toMatch(/^quire_event_loop_delay_seconds_count [1-9]\d*$/m);
    } finally {
      await watched.close();
    }
  });

  it('reads EVENT_LOOP_BLOCKED_MS (default 200 ms)', () => {
    expect(settingsFromEnv({}).metrics.eventLoopBlockedMs).toBe(200);
    expect(settingsFromEnv({ EVENT_LOOP_BLOCKED_MS: '50' }).metrics.eventLoopBlockedMs).toBe(50);
    expect(() => settingsFromEnv({ EVENT_LOOP_BLOCKED_MS: '0' })).toThrow(/EVENT_LOOP_BLOCKED_MS/);
  });
});

describe('GraphQL cost counted on what is returned', () => {
  it('refuses page documents past GRAPHQL_MAX_DOCUMENTS, whatever length the static count assumed for the list', async () => {
    const space = await createSpace(app, org, { empty: true });
    // In batches: one transaction for 601 pages outlasts its timeout on a loaded machine.
    for (let from = 0; from < 601; from += 100) {
      await insertPages(
        app,
        space,
        Array.from({ length: Math.min(100, 601 - from) }, (_, i) => ({ path: `p${from + i}`, markdown: `# Page ${from + i}` })),
      );
    }
    const query = `query Bodies($id: ID!) { space(id: $id) { content { pages { id document } } } }`;
    const refused = await request(app, 'POST', '/graphql', { token: org.admin.token, body: { query, variables: { id: space.id } } });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors).toHaveLength(1);
    expect(refused.body.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 500 });
    expect(refused.body.errors[0].message).toMatch(/more than 500 page documents/);
    // Without the bodies, the same list is fine: 601 nodes.
    const titles = await graphql(app, org.admin.token, `query($id: ID!) { space(id: $id) { content { pages { id } } } }`, { id: space.id });
    expect(titles.errors).toBeUndefined();
    expect(titles.data.space.content.pages).toHaveLength(601);
  });

  it('counts plain lists at their real length against the node limit', async () => {
    const small = await startTestApp({ graphql: { maxNodes: 100, defaultListSize: 1 } });
    try {
      const space = await createSpace(small, org, { empty: true });
      await insertPages(
        small,
        space,
        Array.from({ length: 120 }, (_, i) => ({ path: `p${i}` })),
      );
      const answer = await request(small, 'POST', '/graphql', {
        token: org.admin.token,
        body: { query: `query($id: ID!) { space(id: $id) { content { pages { id } } } }`, variables: { id: space.id } },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 100 });
    } finally {
      await small.close();
    }
  });
});

describe('uploads', () => {
  it('stores a large binary upload byte for byte, its size and SHA-256 counted on the way', async () => {
    const space = await createSpace(app, org, { empty: true });
    const data = randomBytes(3 * 1024 * 1024 + 17);
    data[0] = 0; // NUL bytes are data here, not text
    const uploaded = await uploadOk(app, org.admin.token, { spaceId: space.id, data, fileName: 'big.bin' });
    expect(uploaded.file.size).toBe(data.length);
    const stored = await app.prisma.file.findFirstOrThrow({ where: { id: uploaded.file.id } });
    expect(stored.sha256).toBe(createHash('sha256').update(data).digest('hex'));
    expect(Buffer.from(await (await download(app, uploaded.file.downloadURL)).arrayBuffer()).equals(data)).toBe(true);
  });
});

describe('the unstorable-text check and binary values', () => {
  /** A value whose walk reads a property that throws: proof the check looked inside. */
  const tripwire = <T extends object>(value: T) =>
    Object.defineProperty(value, 'tripwire', {
      enumerable: true,
      get: () => {
        throw new Error('walked into binary data');
      },
    });

  it('never walks into files, blobs or byte arrays', () => {
    const upload = {
      input: { file: tripwire(new File(['\u0000'], 'a.bin')), bytes: tripwire(new Uint8Array(4)), blob: tripwire(new Blob(['x'])) },
    };
    expect(fieldWithUnstorableText(upload, '')).toBeUndefined();
  });

  it('still finds NUL in the text around them', () => {
    expect(fieldWithUnstorableText({ input: { file: new File(['x'], 'a.bin'), name: 'a\u0000' } }, '')).toBe('input.name');
  });
});

describe('multipart uploads within the limits', () => {
  /**
   * Streams a multipart upload of `fileBytes` with no Content-Length (chunked), a chunk at a time,
   * asking for /healthz between chunks; stops sending once the server answered.
   */
  async function chunkedUpload(base: string, token: string, spaceId: string, fileBytes: number) {
    const boundary = 'quirechunked';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${JSON.stringify({
      query: 'mutation($input: UploadFileInput!) { uploadFile(input: $input) { revision } }',
      variables: { input: { spaceId, file: null } },
    })}\r\n--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n${JSON.stringify({ 0: ['variables.input.file'] })}\r\n--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const healthz: number[] = [];
    const probes: Promise<number>[] = [];
    const answer = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = httpRequest(new URL('/graphql', base), {
        method: 'POST',
        headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Authorization: `Bearer ${token}` },
      });
      let answered = false;
      req.on('response', (res) => {
        answered = true;
        let text = '';
        res
          .setEncoding('utf8')
          .on('data', (c: string) => (text += c))
          .on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode!, body: JSON.parse(text) });
          });
      });
      req.on('error', (err) => (answered ? undefined : reject(err)));
      req.write(head);
      const chunk = Buffer.alloc(256 * 1024, 7);
      let sent = 0;
      const next = async () => {
        if (answered) return;
        if (sent >= fileBytes) return void req.end(`\r\n--${boundary}--\r\n`);
        const probe = fetch(`${base}/healthz`).then(
          (r) => r.status,
          () => 0,
        );
        probes.push(probe);
        healthz.push(await probe);
        if (answered) return;
        sent += chunk.length;
        if (!req.write(chunk)) req.once('drain', () => void next());
        else setImmediate(() => void next());
      };
      void next();
    });
    await Promise.all(probes);
    return { answer, healthz };
  }

  it('refuses a chunked upload past the limit with a 413, /healthz answering all along', async () => {
    const small = await startTestApp({ http: { maxBodyBytes: 64 * 1024, maxUploadBytes: 1024 * 1024 } as never });
    try {
      const space = await createSpace(small, org);
      const { answer, healthz } = await chunkedUpload(small.baseUrl, org.admin.token, space.id, 4 * 1024 * 1024);
      expect(answer.status).toBe(413);
      // The documented 413 of a body over the limit (MAX_BODY_BYTES + MAX_UPLOAD_BYTES for a multipart request).
      expect(answer.body).toEqual({
        errors: [{ message: 'The body exceeds 1114112 bytes', extensions: { code: 'PAYLOAD_TOO_LARGE', status: 413 } }],
      });
      expect(healthz.length).toBeGreaterThan(3);
      expect(new Set(healthz)).toEqual(new Set([200]));
      expect((await fetch(`${small.baseUrl}/healthz`)).status).toBe(200);
      // Within the limit, the same upload is stored.
      const fits = await chunkedUpload(small.baseUrl, org.admin.token, space.id, 768 * 1024);
      expect(fits.answer.status, JSON.stringify(fits.answer.body)).toBe(200);
      expect(fits.answer.body.data.uploadFile.revision).toMatch(/\S/);
    } finally {
      await small.close();
    }
  });
});

describe('GraphQL multipart uploads stream (issue #26)', () => {
  const boundary = 'quirestream';
  const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const filePart = (name: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const operations = (spaceId: string) =>
    JSON.stringify({
      query: 'mutation($input: UploadFileInput!) { uploadFile(input: $input) { revision file { id size } } }',
      variables: { input: { spaceId, file: null } },
    });
  const map = JSON.stringify({ 0: ['variables.input.file'] });

  /** Opens a multipart POST to /graphql; the caller writes the body. */
  function open(base: string, token: string) {
    const req = httpRequest(new URL('/graphql', base), {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Authorization: `Bearer ${token}` },
    });
    const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res
          .setEncoding('utf8')
          .on('data', (c: string) => (text += c))
          .on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      });
      req.on('error', reject);
    });
    return { req, answer };
  }

  /** Bytes of the blob store's unfinished files (the local store writes `<key>.<uuid>.tmp` first). */
  function temporaryBytes(directory: string): number {
    let total = 0;
    for (const entry of readdirSync(directory, { recursive: true, withFileTypes: true }))
      if (entry.isFile() && entry.name.endsWith('.tmp')) total += statSync(join(entry.parentPath, entry.name)).size;
    return total;
  }

  it('writes the file to the blob store while the client is still sending it, and stores it whole', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'quire-stream-'));
    const streaming = await startTestApp({ storage: { kind: 'local', directory } });
    try {
      const space = await createSpace(streaming, org, { empty: true });
      const data = randomBytes(9 * 1024 * 1024 + 5);
      const sentFirst = 8 * 1024 * 1024;
      const { req, answer } = open(streaming.baseUrl, org.admin.token);
      req.write(part('operations', operations(space.id)) + part('map', map) + filePart('0'));
      for (let at = 0; at < sentFirst; at += 64 * 1024) req.write(data.subarray(at, Math.min(at + 64 * 1024, sentFirst)));
      // A server that holds the file until the body ends never writes a byte of it before then:
      // this waits (until the test's timeout) for 7 MiB of the file to reach the store's temporary file.
      while (temporaryBytes(directory) < 7 * 1024 * 1024) await new Promise((r) => setTimeout(r, 20));
      req.end(Buffer.concat([data.subarray(sentFirst), Buffer.from(`\r\n--${boundary}--\r\n`)]));
      const { status, body } = await answer;
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.data.uploadFile.file.size).toBe(data.length);
      const stored = await streaming.prisma.file.findFirstOrThrow({ where: { id: body.data.uploadFile.file.id } });
      expect(stored.sha256).toBe(createHash('sha256').update(data).digest('hex'));
      const blob = (await streaming.quire.files.store.get(stored.blobKey))!;
      expect(
        createHash('sha256')
          .update(Buffer.from(await new Response(Readable.toWeb(blob.body) as ReadableStream).arrayBuffer()))
          .digest('hex'),
      ).toBe(stored.sha256);
    } finally {
      await streaming.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('keeps nothing of an upload whose client goes away half way', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'quire-stream-'));
    const streaming = await startTestApp({ storage: { kind: 'local', directory } });
    try {
      const space = await createSpace(streaming, org, { empty: true });
      const { req, answer } = open(streaming.baseUrl, org.admin.token);
      answer.catch(() => {});
      req.write(part('operations', operations(space.id)) + part('map', map) + filePart('0'));
      for (let i = 0; i < 32; i++) req.write(randomBytes(64 * 1024));
      while (temporaryBytes(directory) < 1024 * 1024) await new Promise((r) => setTimeout(r, 20));
      req.destroy();
      // The store removes its temporary file once the stream fails; nothing is recorded.
      while (readdirSync(directory, { recursive: true }).some((name) => String(name).endsWith('.tmp')))
        await new Promise((r) => setTimeout(r, 20));
      expect(readdirSync(join(directory, 'spaces', space.id, 'files'))).toEqual([]);
      expect(await streaming.prisma.file.count({ where: { spaceId: space.id } })).toBe(0);
      expect((await fetch(`${streaming.baseUrl}/healthz`)).status).toBe(200);
    } finally {
      await streaming.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('refuses a file part beyond the map, and a map after the file, with 400 and stores nothing', async () => {
    const space = await createSpace(app, org, { empty: true });
    const second = open(app.baseUrl, org.admin.token);
    second.req.end(
      `${part('operations', operations(space.id)) + part('map', map)}${filePart('0')}one\r\n${filePart('1')}two\r\n--${boundary}--\r\n`,
    );
    const late = open(app.baseUrl, org.admin.token);
    late.req.end(`${part('operations', operations(space.id))}${filePart('0')}one\r\n${part('map', map)}--${boundary}--\r\n`);
    for (const [{ status, body }, message] of [
      [await second.answer, 'More file parts than the map names'],
      [await late.answer, 'The operations and map fields come before the files'],
    ] as const) {
      expect(status).toBe(400);
      expect(body).toEqual({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT', status: 400 } }] });
    }
    expect(await app.prisma.file.count({ where: { spaceId: space.id } })).toBe(0);
  });
});
