// Every request has an id: the caller's X-Request-Id when it is a sane token
// (a proxy's or a client's, so logs line up across hops), else a new UUID. It
// is echoed in the X-Request-Id response header and tags every log line.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const sane = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && sane.test(given) ? given : randomUUID();
}
