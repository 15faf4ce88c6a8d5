// Errors carry their HTTP status: GraphQL shows it in `extensions` with a code
// from the fixed list of docs/graphql.md, and the REST adapter answers
// `{"error":{"code":<status>,"message":…}}` with it.
import { GraphQLError } from 'graphql';

/** The code of each status (quire/client keeps a copy: test/rest/client-package.test.ts holds them equal). */
export const codes = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
} as const;
export type ErrorStatus = keyof typeof codes;

export class AppError extends GraphQLError {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly field?: string,
  ) {
    super(message, { extensions: { code: codes[status], status, ...(field ? { field } : {}) } });
  }
}

/** A 503 that says when to try again: `Retry-After` (seconds) on REST and GraphQL answers. */
export class UnavailableError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, message);
    // graphql-yoga sets headers named here on the response, and leaves `http` out of the body.
    this.extensions.http = { headers: { 'Retry-After': String(retryAfterSeconds) } };
  }
}

export const notFound = (what: string) => new AppError(404, `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, message);
export const badRequest = (message: string, field?: string) => new AppError(400, field ? `${field}: ${message}` : message, field);
export const conflict = (message: string) => new AppError(409, message);
export const preconditionFailed = (message: string) => new AppError(412, message);
export const unauthenticated = () => new AppError(401, 'A valid API token is required: Authorization: Bearer <token>');

/**
 * PostgreSQL codes that say "the database gave up on this work, try again",
 * not "the request is wrong": a statement cancelled (statement_timeout, or a
 * cancel), a session ended for idling in a transaction, a server shutting down
 * or full, a deadlock victim.
 */
const retryableSqlStates = new Set(['57014', '25P03', '57P01', '57P03', '53300', '40P01', '55P03']);
/** The same, for errors with no SQL state: the pool's or Prisma's own waits (P2028: a transaction timed out or never started; P2024: no connection in time). */
const retryableMessages =
  /timeout exceeded when trying to connect|Connection terminated|connection error and is not queryable|P2028|P2024|Transaction already closed|Unable to start a transaction/i;

/** The SQL state of a node-postgres error, as is or wrapped by Prisma's driver adapter. */
export function sqlStateOf(err: unknown): string | undefined {
  const e = err as {
    code?: unknown;
    meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; code?: unknown } } };
    cause?: unknown;
  };
  const adapter = e?.meta?.driverAdapterError?.cause;
  const state = adapter?.originalCode ?? adapter?.code ?? e?.code;
  if (typeof state === 'string' && /^[0-9A-Z]{5}$/.test(state)) return state;
  return e?.cause ? sqlStateOf(e.cause) : undefined;
}

/**
 * A 503 for database errors that a later try may not meet (see above), else
 * undefined: such a request is answered "unavailable, retry", never a 500 nor a hang.
 */
export function databaseUnavailable(err: unknown): AppError | undefined {
  const state = sqlStateOf(err);
  const retryable = state ? retryableSqlStates.has(state) : false;
  const code = (err as { code?: unknown })?.code;
  if (!retryable && !retryableMessages.test(`${typeof code === 'string' ? code : ''} ${(err as Error)?.message ?? ''}`)) return undefined;
  return new AppError(503, 'The database did not answer in time: try again later');
}
