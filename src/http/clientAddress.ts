// The caller's address, for rate limiting anonymous calls and for logs. Behind
// N trusted reverse proxies (TRUST_PROXY_HOPS), the address is the one the
// outermost trusted proxy saw: the Nth entry from the right of X-Forwarded-For
// (entries further left are whatever the client claimed).
import type { IncomingMessage } from 'node:http';

export function clientAddress(req: IncomingMessage, trustProxyHops: number): string {
  const socketAddress = (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
  if (trustProxyHops <= 0) return socketAddress;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return hops[hops.length - trustProxyHops] ?? hops[0] ?? socketAddress;
}
