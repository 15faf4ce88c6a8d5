// Stored files: the blob stores (local disk, S3-compatible through a local
// s3rver), and GET /files/<key> behind expiring signed URLs.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { createBlobStore, storageSettingsFromEnv, type BlobStore } from '../../src/storage/blobStore.js';
import { startTestApp, useTestApp } from '../support/app.js';

function storeContract(name: string, open: () => BlobStore) {
  describe(name, () => {
    it('puts, gets (body, size, content type), overwrites and deletes blobs', async () => {
      const store = open();
      await store.put('org_1/files/a.txt', Buffer.from('hello'), 'text/plain');
      const blob = await store.get('org_1/files/a.txt');
      expect(blob && { body: await text(blob.body), size: blob.size, contentType: blob.contentType }).toEqual({
        body: 'hello',
        size: 5,
        contentType: 'text/plain',
      });
      await store.put('org_1/files/a.txt', Buffer.from('bye!!!'), 'application/octet-stream');
      const again = (await store.get('org_1/files/a.txt'))!;
      expect([await text(again.body), again.contentType]).toEqual(['bye!!!', 'application/octet-stream']);
      await store.delete('org_1/files/a.txt');
      expect(await store.get('org_1/files/a.txt')).toBeNull();
      await store.delete('org_1/files/a.txt'); // deleting a missing key is fine
      expect(await store.get('org_1/never')).toBeNull();
    });

    it('writes a stream as it comes, and fails when the stream fails', async () => {
      const store = open();
      await store.put('org_1/files/s.txt', Readable.from([Buffer.from('hel'), Buffer.from('lo')]), 'text/plain', 5);
      const blob = (await store.get('org_1/files/s.txt'))!;
      expect([await text(blob.body), blob.size]).toEqual(['hello', 5]);
      await expect(store.put('org_1/files/f.txt', Readable.from(failing()), 'text/plain', 8)).rejects.toThrow(/went away/);
    });

    it('refuses keys that could leave its space', async () => {
      const store = open();
      for (const key of ['../etc/passwd', '/abs', 'a/../b', 'a//b', '', '.hidden'])
        await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid blob key/);
    });
  });
}

async function* failing() {
  yield Buffer.from('half');
  throw new Error('client went away');
}

const localDir = mkdtempSync(join(tmpdir(), 'quire-store-'));
afterAll(() => rmSync(localDir, { recursive: true, force: true }));
storeContract('local disk store', () => createBlobStore({ kind: 'local', directory: localDir }));

// S3 itself keeps nothing of a PUT shorter than its Content-Length (s3rver, a
// stand-in, does): the local store's temporary file is its own to clean.
it('the local disk store keeps nothing of a stream that fails half way', async () => {
  const store = createBlobStore({ kind: 'local', directory: localDir });
  await expect(store.put('org_1/files/f.txt', Readable.from(failing()), 'text/plain')).rejects.toThrow(/went away/);
  expect(await store.get('org_1/files/f.txt')).toBeNull();
  expect(readdirSync(join(localDir, 'org_1/files')).filter((name) => name.startsWith('f.txt'))).toEqual([]);
});

// s3rver: an S3-compatible server from npm, on a free port, with its own folder.
const s3Dir = mkdtempSync(join(tmpdir(), 'quire-s3-'));
let s3: S3rver | undefined;
let s3Endpoint = '';
beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'quire-test', configs: [] }],
  });
  const address = (await s3.run()) as unknown as { port: number };
  s3Endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await s3?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});
storeContract('S3-compatible store', () =>
  createBlobStore(
    storageSettingsFromEnv({
      S3_BUCKET: 'quire-test',
      S3_ENDPOINT: s3Endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: 'quire/',
    }),
  ),
);

// AWS S3 refuses a PUT without a Content-Length (411): a stand-in that does the same, and keeps what it got.
it('sends a stream of unknown length to S3 with its length (spooled first), and leaves no spool behind', async () => {
  const received: { length?: string; body: Buffer }[] = [];
  const strict = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ length: req.headers['content-length'], body: Buffer.concat(chunks) });
      res.statusCode = req.headers['content-length'] === undefined ? 411 : 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => strict.listen(0, '127.0.0.1', resolve));
  try {
    const port = (strict.address() as { port: number }).port;
    const store = createBlobStore(
      storageSettingsFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }),
    );
    const spools = () => readdirSync(tmpdir()).filter((name) => name.startsWith('quire-spool-')).length;
    const before = spools();
    await store.put('org_1/files/f.txt', Readable.from([Buffer.from('streamed '), Buffer.from('bytes')]), 'text/plain');
    expect(received.map((r) => [r.length, r.body.toString()])).toEqual([['14', 'streamed bytes']]);
    expect(spools()).toBe(before);
  } finally {
    await new Promise((resolve) => strict.close(resolve));
  }
});

describe('storageSettingsFromEnv', () => {
  it('is the local folder unless S3_BUCKET is set; path-style addressing with a custom endpoint', () => {
    expect(storageSettingsFromEnv({})).toEqual({ kind: 'local', directory: '.quire/files' });
    expect(storageSettingsFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://minio:9000' })).toMatchObject({
      kind: 's3',
      bucket: 'b',
      forcePathStyle: true,
      region: 'us-east-1',
      prefix: '',
    });
    expect(storageSettingsFromEnv({ S3_BUCKET: 'b' })).toMatchObject({ forcePathStyle: false });
  });
});

describe('GET /files/<key> (signed URLs)', () => {
  const app = useTestApp();

  const local = (url: string) => url.replace('http://quire.test', app.baseUrl);
  const put = async (key: string, body: string, type = 'application/pdf') => app.quire.files.store.put(key, Buffer.from(body), type);

  it('serves the file to the holder of a valid URL, without a token, privately cached until expiry', async () => {
    await put('org_x/exports/a.pdf', '%PDF-1.7 fake');
    const url = app.quire.files.signer.sign('org_x/exports/a.pdf', 3600, 'Guide été.pdf');
    expect(url).toMatch(/^http:\/\/quire\.test\/files\/org_x\/exports\/a\.pdf\?expires=\d+&name=.+&signature=/);
    const res = await fetch(local(url));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('%PDF-1.7 fake');
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Guide _t_.pdf"; filename*=UTF-8''Guide%20%C3%A9t%C3%A9.pdf`);
    const head = await fetch(local(url), { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, '13']);
  });

  it('refuses altered, re-pointed and expired URLs with 403, and unknown files with 404', async () => {
    await put('org_x/exports/b.pdf', 'b');
    await put('org_x/exports/c.pdf', 'c');
    const url = new URL(local(app.quire.files.signer.sign('org_x/exports/b.pdf', 60)));
    const status = async (u: URL | string) => (await fetch(u)).status;

    const repointed = new URL(url);
    repointed.pathname = '/files/org_x/exports/c.pdf';
    const stretched = new URL(url);
    stretched.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const renamed = new URL(url);
    renamed.searchParams.set('name', 'other.pdf');
    const unsigned = new URL(url);
    unsigned.search = '';
    for (const bad of [repointed, stretched, renamed, unsigned]) expect(await status(bad)).toBe(403);

    const body = await (await fetch(stretched)).json();
    expect(body).toEqual({ error: { code: 403, message: 'Invalid file link signature' } });

    app.clock.advance(61_000);
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect((await expired.json()).error.message).toMatch(/expired/);

    expect(await status(local(app.quire.files.signer.sign('org_x/exports/none.pdf', 60)))).toBe(404);
    expect(await status(`${app.baseUrl}/files/..%2F..%2Fetc%2Fpasswd`)).toBe(404);
    expect((await fetch(local(app.quire.files.signer.sign('org_x/exports/c.pdf', 60)), { method: 'DELETE' })).status).toBe(405);
  });

  it('URLs signed by one replica are valid on another that shares the secret, and only then', async () => {
    const other = await startTestApp({ filesSecret: 'shared-secret' });
    const same = await startTestApp({ filesSecret: 'shared-secret', storage: { kind: 'local', directory: localDir } });
    try {
      await same.quire.files.store.put('org_y/f.txt', Buffer.from('shared'), 'text/plain');
      const url = other.quire.files.signer.sign('org_y/f.txt', 60);
      expect((await fetch(url.replace('http://quire.test', same.baseUrl))).status).toBe(200);
      expect((await fetch(url.replace('http://quire.test', app.baseUrl))).status).toBe(403);
    } finally {
      await other.close();
      await same.close();
    }
  });
});
