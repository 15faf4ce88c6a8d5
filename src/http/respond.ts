// Refusals the HTTP layer answers itself (413, 400, 429, 404…), in the shape of
// the surface asked: REST's `{"error":{"code","message"}}` or a GraphQL result.
import type { ServerResponse } from 'node:http';
import { UnavailableError, type AppError } from '../errors.js';

export type Surface = 'rest' | 'graphql' | 'other';

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(payload) }).end(payload);
}

export function sendError(res: ServerResponse, surface: Surface, error: AppError) {
  if (res.headersSent) return void res.destroy();
  // A refused body may still be arriving: do not keep reading it for the next request.
  if (error.status === 413) res.setHeader('Connection', 'close');
  if (error instanceof UnavailableError) res.setHeader('Retry-After', String(error.retryAfterSeconds));
  if (surface === 'graphql') {
    const { code, status } = error.extensions as { code: string; status: number };
    return sendJson(res, error.status, { errors: [{ message: error.message, extensions: { code, status } }] });
  }
  sendJson(res, error.status, { error: { code: error.status, message: error.message } });
}

/** RFC 6750's challenge for a 401: `invalid_token` when a token came and was refused. */
export function bearerChallenge(authorization: string | null | undefined) {
  return authorization ? 'Bearer realm="Quire", error="invalid_token"' : 'Bearer realm="Quire"';
}
