// `quire/client`: a thin typed client for TypeScript users. It carries the
// GraphQL operations the REST adapter runs (src/rest/operations/*.graphql) with
// their generated types (codegen.ts), so `client.request(ListTeamsDocument,
// {organizationId})` is typed end to end, and a small REST caller for /v1.
import { print, type DocumentNode } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';

export * from '../generated/operations.js';

export interface QuireClientOptions {
  /** Where Quire listens, e.g. http://localhost:4000. */
  baseUrl: string;
  /** An API token (`qt_…`), sent as `Authorization: Bearer`. */
  token?: string;
  /** The fetch to use (default: the global one). */
  fetch?: typeof globalThis.fetch;
}

/**
 * The GraphQL error code of each HTTP status (docs/graphql.md): a REST refusal
 * (`{"error":{"code":404,…}}`) carries only its status, so it gets the code a
 * GraphQL call would (src/errors.ts has the same table).
 */
export const errorCodeOfStatus: Readonly<Record<number, string>> = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

/** A refusal: the HTTP status, the GraphQL error code (on REST too, from the status), and the message. */
export class QuireError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'QuireError';
  }
}

interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string; status?: number } }[];
}

export function createQuireClient(options: QuireClientOptions) {
  const base = options.baseUrl.replace(/\/$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const headers = (json: boolean): Record<string, string> => ({
    Accept: 'application/json',
    ...(json ? { 'Content-Type': 'application/json' } : {}),
    ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
  });
  const printed = new WeakMap<DocumentNode, string>();

  return {
    /** Runs a typed operation on /graphql and answers its `data` (a QuireError on any error). */
    async request<TData, TVariables extends Record<string, unknown>>(
      document: TypedDocumentNode<TData, TVariables>,
      ...[variables]: Record<string, never> extends TVariables ? [TVariables?] : [TVariables]
    ): Promise<TData> {
      let query = printed.get(document);
      if (query === undefined) printed.set(document, (query = print(document)));
      const res = await fetchImpl(`${base}/graphql`, {
        method: 'POST',
        headers: headers(true),
        body: JSON.stringify({ query, variables }),
      });
      const answer = (await res.json()) as GraphQLAnswer<TData>;
      const [error] = answer.errors ?? [];
      if (error) throw new QuireError(error.extensions?.status ?? res.status, error.message, error.extensions?.code);
      if (!answer.data) throw new QuireError(res.status, 'The answer has no data');
      return answer.data;
    },

    /** Calls a /v1 route (`rest('GET', '/orgs')`); answers the JSON body, undefined for 204/205. */
    async rest<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
      const res = await fetchImpl(`${base}/v1${path}`, {
        method,
        headers: headers(body !== undefined),
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      const json = text ? parseJson(text) : undefined;
      if (!res.ok) throw new QuireError(res.status, json?.error?.message ?? res.statusText, errorCodeOfStatus[res.status]);
      return json as T;
    },
  };
}

export type QuireClient = ReturnType<typeof createQuireClient>;

/** A body that is not JSON (a proxy's HTML page) reads as none. */
function parseJson(text: string): { error?: { message?: string } } | undefined {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
