// Headers every response carries. The API answers JSON only, so its policy
// forbids everything; GraphiQL (the HTML page on /graphql) carries its bundle
// and styles inline, starts its editor workers from blobs, and talks back to
// this origin (HTTP and WS).
import type { ServerResponse } from 'node:http';

const apiPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const graphiqlPolicy = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' blob:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self' ws: wss: blob: data:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

export function securityHeaders(options: { hstsMaxAgeSeconds?: number }) {
  return (res: ServerResponse, path: string) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-site');
    res.setHeader('Content-Security-Policy', path === '/graphql' ? graphiqlPolicy : apiPolicy);
    if (options.hstsMaxAgeSeconds !== undefined) {
      res.setHeader('Strict-Transport-Security', `max-age=${options.hstsMaxAgeSeconds}; includeSubDomains`);
    }
  };
}
