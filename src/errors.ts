// Errors carry their HTTP status: GraphQL shows it in `extensions` with a code
// from the fixed list of docs/graphql.md, and the REST adapter answers
// `{"error":{"code":<status>,"message":…}}` with it.
import { GraphQLError } from 'graphql';

const codes = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
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

export const notFound = (what: string) => new AppError(404, `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, message);
export const badRequest = (message: string, field?: string) => new AppError(400, field ? `${field}: ${message}` : message, field);
export const conflict = (message: string) => new AppError(409, message);
export const preconditionFailed = (message: string) => new AppError(412, message);
export const unauthenticated = () => new AppError(401, 'A valid API token is required: Authorization: Bearer <token>');
