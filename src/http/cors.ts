// CORS for browser front ends on other origins. Callers authenticate with a
// bearer token (never cookies), so credentials are not allowed; allowed
// origins are listed (CORS_ORIGINS) or '*'. Preflights are answered here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CorsSettings } from '../config/settings.js';

const allowedHeaders = 'Authorization, Content-Type, Accept, X-Request-Id, If-Match, If-None-Match';
const exposedHeaders = 'X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Location, ETag';
const methods = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';

export function cors(settings: CorsSettings) {
  const allows = (origin: string) => settings.origins === '*' || settings.origins.includes(origin);
  /** Sets the CORS headers; true when the request was a preflight and is answered. */
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const origin = req.headers.origin;
    const preflight = req.method === 'OPTIONS' && origin !== undefined && req.headers['access-control-request-method'] !== undefined;
    if (origin !== undefined) res.setHeader('Vary', 'Origin');
    const allowed = origin !== undefined && allows(origin);
    if (allowed) {
      res.setHeader('Access-Control-Allow-Origin', settings.origins === '*' ? '*' : origin);
      res.setHeader('Access-Control-Expose-Headers', exposedHeaders);
    }
    if (!preflight) return false;
    if (allowed) {
      res.setHeader('Access-Control-Allow-Methods', methods);
      res.setHeader('Access-Control-Allow-Headers', allowedHeaders);
      res.setHeader('Access-Control-Max-Age', String(settings.maxAgeSeconds));
    }
    // A refused origin gets no Allow-* headers: the browser blocks the call.
    res.writeHead(204).end();
    return true;
  };
}
