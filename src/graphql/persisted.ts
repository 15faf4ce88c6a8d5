// Persisted operations on /graphql (docs/configuration.md, "Persisted operations"):
// - `apq`: Apollo's automatic persisted queries. A client sends the SHA-256 of
//   its document alone; an unknown hash answers `PersistedQueryNotFound`, the
//   client then sends hash and document, which registers it. The store is
//   bounded: in memory by bytes (least recently used out first) and age, in
//   Redis (shared by the replicas) by age.
// - `trusted`: only documents of the manifests run: Quire's own operations (the
//   REST adapter's, which `quire/client` sends too) and the JSON manifests of
//   the configuration (a client's codegen output). A client sends a document's
//   hash, or the document itself when its SHA-256 is listed.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { GraphQLError, Kind, print, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { useAPQ, type APQStore } from '@graphql-yoga/plugin-apq';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import * as quireOperations from '../generated/operations.js';
import { redisClient } from '../net/redis.js';
import type { PersistedOperationSettings } from '../config/settings.js';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Look-ups of persisted documents by hash: found (hits) or not (misses), for /metrics. */
export interface LookupCounts {
  hits: number;
  misses: number;
}

/** A registered document weighs at most this share of the memory store (a larger one is not kept). */
const MAX_ENTRY_SHARE = 16;

/** An in-memory APQ store bounded by the bytes of its documents and their age; least recently used out first. */
export function memoryAPQStore(maxBytes: number, ttlSeconds: number, now = () => Date.now()): APQStore & { bytes(): number } {
  const entries = new Map<string, { query: string; expires: number }>();
  let bytes = 0;
  const remove = (hash: string) => {
    const entry = entries.get(hash);
    if (entry) entries.delete(hash), (bytes -= entry.query.length * 2);
  };
  return {
    get(hash) {
      const entry = entries.get(hash);
      if (!entry) return null;
      remove(hash);
      if (entry.expires <= now()) return null;
      // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
      entries.set(hash, entry);
      bytes += entry.query.length * 2;
      return entry.query;
    },
    set(hash, query) {
      const weight = query.length * 2;
      if (weight > maxBytes / MAX_ENTRY_SHARE) return;
      remove(hash);
      entries.set(hash, { query, expires: now() + ttlSeconds * 1000 });
      bytes += weight;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        remove(oldest);
      }
    },
    bytes: () => bytes,
  };
}

/**
 * An APQ store in Redis, shared by every replica: each document expires `ttlSeconds` after its last registration.
 * Redis unreachable, a look-up is a miss and a registration is skipped: clients send their documents in full meanwhile.
 */
export function redisAPQStore(url: string, maxDocumentBytes: number, ttlSeconds: number): APQStore & { close(): void } {
  const redis = redisClient(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  redis.on('error', () => {}); // each failed command is a miss (or a skipped registration), below
  const key = (hash: string) => `quire:apq:${hash}`;
  return {
    get: (hash) => redis.get(key(hash)).catch(() => null),
    async set(hash, query) {
      if (Buffer.byteLength(query) > maxDocumentBytes) return;
      await redis.set(key(hash), query, 'EX', ttlSeconds).catch(() => undefined);
    },
    close: () => redis.disconnect(),
  };
}

/** Trusted documents by id: each manifest's own ids, and the SHA-256 of every document's text. */
export type TrustedDocuments = ReadonlyMap<string, string>;

/** Quire's own operations (src/rest/operations, as `quire/client` prints them): always trusted. */
export function quireDocuments(): Map<string, string> {
  const documents = new Map<string, string>();
  for (const value of Object.values(quireOperations) as unknown[]) {
    if ((value as DocumentNode | undefined)?.kind !== Kind.DOCUMENT) continue;
    const text = print(value as DocumentNode);
    documents.set(sha256(text), text);
  }
  return documents;
}

/**
 * One manifest's documents: `{ "<id>": "<document>" }` (GraphQL Code Generator's persisted documents,
 * Relay's persisted queries) or Apollo's `{ "format": "apollo-persisted-query-manifest", "operations": [{ "id", "body" }] }`.
 */
export function manifestDocuments(json: unknown, source: string): Map<string, string> {
  const entries: [unknown, unknown][] =
    json && typeof json === 'object' && (json as { format?: unknown }).format === 'apollo-persisted-query-manifest'
      ? (((json as { operations?: unknown }).operations as { id: unknown; body: unknown }[] | undefined)?.map((o) => [o?.id, o?.body]) ??
        [])
      : json && typeof json === 'object' && !Array.isArray(json)
        ? Object.entries(json)
        : [];
  if (!entries.length) throw new Error(`${source}: not a manifest of trusted documents ({ "<hash>": "<document>" }, or Apollo's)`);
  const documents = new Map<string, string>();
  for (const [id, body] of entries) {
    if (typeof id !== 'string' || typeof body !== 'string') throw new Error(`${source}: every entry needs a string id and document`);
    documents.set(id, body);
    documents.set(sha256(body), body);
  }
  return documents;
}

/** Quire's own documents and those of the manifest files named by the configuration. */
export function trustedDocuments(manifests: readonly string[]): TrustedDocuments {
  const documents = quireDocuments();
  for (const path of manifests) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(path, 'utf8'));
    } catch (err) {
      throw new Error(`GRAPHQL_TRUSTED_DOCUMENTS: cannot read ${path}: ${(err as Error).message}`);
    }
    for (const [id, body] of manifestDocuments(json, path)) documents.set(id, body);
  }
  return documents;
}

const refused = (message: string, code: string, status = 400) => new GraphQLError(message, { extensions: { code, http: { status } } });

/** A document sent in full whose SHA-256 is trusted: looked up by that hash, as if the client had sent the hash alone. */
function useTrustedText(documents: TrustedDocuments): Plugin {
  return {
    onParams({ params, setParams }) {
      if (typeof params.query !== 'string') return;
      const hash = sha256(params.query);
      if (!documents.has(hash)) return;
      setParams({ ...params, query: undefined, extensions: { ...params.extensions, persistedQuery: { version: 1, sha256Hash: hash } } });
    },
  };
}

export interface PersistedOperationsOptions {
  settings: PersistedOperationSettings;
  /** The APQ store is shared through Redis when given. */
  redisUrl?: string;
  /** Largest document registered (the request body limit). */
  maxDocumentBytes: number;
}

/** The Yoga plugins of the configured mode, and what closes their store. */
export function persistedOperations({ settings, redisUrl, maxDocumentBytes }: PersistedOperationsOptions): {
  plugins: Plugin[];
  lookups: LookupCounts;
  /** graphql-ws subscribe messages (documents in full): the refusal of one not trusted. */
  refuseOverWs(query: string): GraphQLError | undefined;
  close(): void;
} {
  const lookups: LookupCounts = { hits: 0, misses: 0 };
  const count = (found: boolean) => void (found ? lookups.hits++ : lookups.misses++);
  const admitAll = () => undefined;
  if (settings.mode === 'off') return { plugins: [], lookups, refuseOverWs: admitAll, close: () => {} };
  if (settings.mode === 'trusted') {
    const documents = trustedDocuments(settings.manifests);
    const persisted = usePersistedOperations({
      allowArbitraryOperations: false,
      getPersistedOperation(hash) {
        const text = documents.get(hash) ?? null;
        count(text !== null);
        return text;
      },
      customErrors: {
        // The message APQ clients look for: they send the document next, which is then refused as not trusted.
        notFound: { message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND', http: { status: 400 } } },
        persistedQueryOnly: () =>
          refused(
            'This server runs trusted documents only: this document is not one of them (send a listed document, or its hash)',
            'PERSISTED_QUERY_ONLY',
          ),
        keyNotFound: () =>
          refused(
            'This server runs trusted documents only: send extensions.persistedQuery { version: 1, sha256Hash }',
            'PERSISTED_QUERY_ID_REQUIRED',
          ),
      },
    });
    const refuseOverWs = (query: string) => {
      const trusted = documents.has(sha256(query));
      count(trusted);
      return trusted
        ? undefined
        : refused('This server runs trusted documents only: this document is not one of them', 'PERSISTED_QUERY_ONLY');
    };
    return { plugins: [useTrustedText(documents), persisted as Plugin], lookups, refuseOverWs, close: () => {} };
  }
  const maxEntry = Math.min(maxDocumentBytes, Math.floor(settings.apqMaxBytes / MAX_ENTRY_SHARE));
  const store = redisUrl
    ? redisAPQStore(redisUrl, maxEntry, settings.apqTtlSeconds)
    : memoryAPQStore(settings.apqMaxBytes, settings.apqTtlSeconds);
  const counted: APQStore = {
    async get(hash) {
      const query = await store.get(hash);
      count(query != null);
      return query;
    },
    set: (hash, query) => store.set(hash, query),
  };
  // Hashed with node:crypto; the answers keep APQ's status codes (404 not found, 400 mismatch), which clients expect.
  return {
    plugins: [useAPQ({ store: counted, hash: sha256 })],
    lookups,
    refuseOverWs: admitAll,
    close: () => (store as { close?: () => void }).close?.(),
  };
}
