// Headers every response carries. The API answers JSON only, so its policy
// forbids everything; GraphiQL (the HTML page on /graphql) loads its bundle and
// editor workers from /assets, keeps some styles inline, and talks back to this
// origin (HTTP and WS); the server-rendered pages (src/http/html.ts: `/`,
// `/app/…`, `/published/…`) run no script and style themselves inline.
import type { ServerResponse } from 'node:http';

const apiPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const pagePolicy =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const graphiqlPolicy = [
  "default-src 'self'",
  "script-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self' ws: wss: blob: data:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

const isPage = (path: string) => path === '/' || path === '/app' || path.startsWith('/app/') || path.startsWith('/published/');

export function securityHeaders(options: { hstsMaxAgeSeconds?: number }) {
  return (res: ServerResponse, path: string) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-site');
    res.setHeader('Content-Security-Policy', path === '/graphql' ? graphiqlPolicy : isPage(path) ? pagePolicy : apiPolicy);
    if (options.hstsMaxAgeSeconds !== undefined) {
      res.setHeader('Strict-Transport-Security', `max-age=${options.hstsMaxAgeSeconds}; includeSubDomains`);
    }
  };
}
