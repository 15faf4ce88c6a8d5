// Persisted operations (src/graphql/persisted.ts): an APQ round trip with a real
// client library (urql and its persisted exchange), and the trusted-documents
// mode, which refuses unknown documents yet keeps the REST routes working.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { print } from 'graphql';
import { Client, fetchExchange, gql } from '@urql/core';
import { createClient } from 'graphql-ws';
import { WebSocket } from 'ws';
import { persistedExchange } from '@urql/exchange-persisted';
import { startTestApp, useTestApp, useTestOrg, type TestApp } from '../support/app.js';
import { request, rest } from '../support/http.js';
import { memoryAPQStore, redisAPQStore, sha256 } from '../../src/graphql/persisted.js';
import { GetAuthenticatedUserDocument } from '../../src/generated/operations.js';

const VIEWER = gql`
  query PersistedViewer {
    viewer {
      id
      email
    }
  }
`;

/** An urql client with the persisted exchange, recording what it sends and the statuses it gets. */
function urqlClient(app: TestApp, token: string) {
  const sent: { method: string; url: string; body?: string; status: number }[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    sent.push({ method: init?.method ?? 'GET', url: String(input), body: init?.body as string | undefined, status: res.status });
    return res;
  };
  const client = new Client({
    url: `${app.baseUrl}/graphql`,
    exchanges: [persistedExchange(), fetchExchange],
    fetch: recordingFetch,
    fetchOptions: { headers: { Authorization: `Bearer ${token}` } },
    requestPolicy: 'network-only',
  });
  return { client, sent };
}

const post = (app: TestApp, token: string, body: unknown) => request(app, 'POST', '/graphql', { token, body });

describe('automatic persisted queries (the default mode)', () => {
  const app = useTestApp();
  const org = useTestOrg(app);

  it('answers an unknown hash PersistedQueryNotFound, then runs the hash alone once registered (urql)', async () => {
    const first = urqlClient(app, org.admin.token);
    const result = await first.client.query(VIEWER, {}).toPromise();
    expect(result.error).toBeUndefined();
    expect(result.data.viewer.email).toBe(org.admin.email);
    // The hash alone (a GET), refused as not found; then hash and document, which registers it.
    expect(first.sent).toHaveLength(2);
    expect(first.sent[0]!.url).toContain('persistedQuery');
    expect(first.sent[0]!.url).not.toContain('query=');
    expect(first.sent[0]!.status).toBe(404);
    expect(first.sent[1]!.status).toBe(200);

    // Another client (another process, say) sends the hash alone: one request, answered.
    const second = urqlClient(app, org.admin.token);
    const again = await second.client.query(VIEWER, {}).toPromise();
    expect(again.data.viewer.email).toBe(org.admin.email);
    expect(second.sent).toHaveLength(1);
    expect(second.sent[0]!.url).not.toContain('query=');
    expect(second.sent[0]!.status).toBe(200);
  });

  it('answers the shape APQ clients expect, refuses a hash that does not match its document, and counts look-ups', async () => {
    const hash = sha256('query Unknown { viewer { id } }');
    const missing = await post(app, org.admin.token, { extensions: { persistedQuery: { version: 1, sha256Hash: hash } } });
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0]).toMatchObject({ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } });

    const mismatch = await post(app, org.admin.token, {
      query: '{ viewer { id } }',
      extensions: { persistedQuery: { version: 1, sha256Hash: hash } },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_MISMATCH');

    const metrics = String((await request(app, 'GET', '/metrics')).body);
    expect(metrics).toMatch(/quire_cache_lookups_total\{cache="apq",result="miss"\} [1-9]/);
    expect(metrics).toMatch(/quire_cache_lookups_total\{cache="apq",result="hit"\} [1-9]/);
  });

  it('keeps full documents working as before', async () => {
    const res = await post(app, org.admin.token, { query: '{ viewer { id } }' });
    expect(res.status).toBe(200);
    expect(res.body.data.viewer.id).toBeTruthy();
  });
});

describe('automatic persisted queries across replicas (REDIS_URL)', () => {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const one = useTestApp({ redisUrl });
  const org = useTestOrg(one);

  it('runs by hash on one replica a document registered through another', async () => {
    const other = await startTestApp({ redisUrl });
    try {
      const query = `query Replicated { viewer { id } } # ${Math.random()}`;
      const persistedQuery = { version: 1, sha256Hash: sha256(query) };
      expect((await post(other, org.admin.token, { extensions: { persistedQuery } })).status).toBe(404);
      expect((await post(one, org.admin.token, { query, extensions: { persistedQuery } })).status).toBe(200);
      const byHash = await post(other, org.admin.token, { extensions: { persistedQuery } });
      expect(byHash.status).toBe(200);
      expect(byHash.body.data.viewer.id).toBeTruthy();
    } finally {
      await other.close();
    }
  });
});

describe('the Redis APQ store', () => {
  it('answers a miss, and skips a registration, while Redis is unreachable (clients then send documents in full)', async () => {
    const store = redisAPQStore('redis://127.0.0.1:1', 1024, 60);
    try {
      await expect(Promise.resolve(store.set('hash', '{ viewer { id } }'))).resolves.toBeUndefined();
      await expect(Promise.resolve(store.get('hash'))).resolves.toBeNull();
    } finally {
      store.close();
    }
  });
});

describe('the in-memory APQ store', () => {
  it('holds at most its bytes, the least recently used leaving first, and forgets documents past their age', () => {
    let now = 0;
    const store = memoryAPQStore(16 * 200, 60, () => now);
    const doc = (n: number) => `query Q${n} { ${'x'.repeat(40)} }`;
    for (let n = 0; n < 50; n++) store.set(String(n), doc(n));
    expect(store.bytes()).toBeLessThanOrEqual(3200);
    expect(store.bytes()).toBeGreaterThan(3000);
    expect(store.get('0')).toBeNull();
    expect(store.get('49')).toBe(doc(49));
    // One too large for its share is not kept.
    store.set('big', 'x'.repeat(1000));
    expect(store.get('big')).toBeNull();
    now = 61_000;
    expect(store.get('49')).toBeNull();
  });
});

describe('trusted documents', () => {
  const manifestDir = mkdtempSync(join(tmpdir(), 'quire-manifest-'));
  const listed = 'query ListedViewer { viewer { id displayName } }';
  const manifest = join(manifestDir, 'persisted-documents.json');
  writeFileSync(manifest, JSON.stringify({ [sha256(listed)]: listed }));
  const app = useTestApp({ persistedOperations: { mode: 'trusted', manifests: [manifest] } });
  const org = useTestOrg(app);

  it('refuses a document that is not trusted, with a clear error', async () => {
    const res = await post(app, org.admin.token, { query: '{ viewer { id email } }' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_ONLY');
    expect(res.body.errors[0].message).toMatch(/trusted documents only/);
    expect(res.body.data).toBeUndefined();

    const unknown = await post(app, org.admin.token, {
      extensions: { persistedQuery: { version: 1, sha256Hash: sha256('query Nope { viewer { id } }') } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } });

    // An APQ client cannot register one either.
    const urql = urqlClient(app, org.admin.token);
    const result = await urql.client.query(VIEWER, {}).toPromise();
    expect(result.data).toBeUndefined();
    expect(result.error?.graphQLErrors[0]?.extensions.code).toBe('PERSISTED_QUERY_ONLY');
  });

  it('refuses a subscription over graphql-ws whose document is not trusted', async () => {
    const client = createClient({
      url: `${app.baseUrl.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${org.admin.token}` },
      retryAttempts: 0,
    });
    try {
      const outcome = await new Promise<unknown>((resolve) =>
        client.subscribe(
          { query: 'subscription($id: ID!) { spaceChanged(id: $id) { id } }', variables: { id: 'space' } },
          { next: resolve, error: resolve, complete: () => resolve('complete') },
        ),
      );
      expect(outcome).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'PERSISTED_QUERY_ONLY' }) })]);
    } finally {
      await client.dispose();
    }
  });

  it("runs a manifest's document by its hash or in full, and Quire's own operations", async () => {
    const byHash = await post(app, org.admin.token, { extensions: { persistedQuery: { version: 1, sha256Hash: sha256(listed) } } });
    expect(byHash.status).toBe(200);
    expect(byHash.body.data.viewer.id).toBeTruthy();
    const inFull = await post(app, org.admin.token, { query: listed });
    expect(inFull.body.data.viewer.id).toBe(byHash.body.data.viewer.id);
    const own = await post(app, org.admin.token, { query: print(GetAuthenticatedUserDocument) });
    expect(own.status).toBe(200);
    expect(own.body.data.viewer.email).toBe(org.admin.email);
  });

  it('keeps the REST routes working (they run Quire’s own operations)', async () => {
    const user = await rest(app, org.admin.token).get('/v1/user');
    expect(user.status).toBe(200);
    expect(user.body.email).toBe(org.admin.email);
    const orgs = await rest(app, org.admin.token).get('/v1/orgs');
    expect(orgs.status).toBe(200);
    expect(orgs.body.items.map((o: { id: string }) => o.id)).toContain(org.organizationId);
  });
});
