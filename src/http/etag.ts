// Entity tags for answers built in memory: a hash of the bytes sent, and the
// weak comparison RFC 9110 §13.1.2 asks of If-None-Match.
import { hash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { stringifyJson } from '../json/stringify.js';

/** The opaque part of a tag: a hash of the bytes (one-shot: half of createHash().update().digest()'s cost on a small answer). */
const digestOf = (body: string | Buffer) => hash('sha256', body, 'base64url').slice(0, 27);

/** A weak tag (the same JSON may travel gzip'd, brotli'd or plain). */
export function etagOf(body: string | Buffer): string {
  return `W/"${digestOf(body)}"`;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** True when the If-None-Match header names `etag` (or is `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === wanted);
}

/**
 * A JSON representation with its tag: 304 (no body) when the client's
 * If-None-Match names it. The answer was computed once either way; the tag
 * saves the transfer. Answers depend on the caller's token: private, and
 * revalidated on every use. Serialised without recursion: a deeply nested
 * document is answered, not a RangeError.
 */
export function sendRepresentation(req: IncomingMessage, res: ServerResponse, body: unknown) {
  const payload = stringifyJson(body);
  const etag = etagOf(payload);
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', 'private, no-cache');
  if (etagMatches(req.headers['if-none-match'], etag)) return void res.writeHead(304).end();
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(payload) }).end(payload);
}

/** How long an answer addressed by immutable ids stays fresh: a year, the longest RFC 9111 caches are expected to keep. */
export const IMMUTABLE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * A JSON representation that never changes (what a revision holds): a strong
 * tag of its bytes, fresh for a year. `public, immutable` when anyone may read
 * it (shared caches may keep it), else `private` (the caller's own cache only).
 * 304 when the client's If-None-Match names the tag.
 */
export function sendImmutableRepresentation(req: IncomingMessage, res: ServerResponse, body: unknown, isPublic: boolean) {
  const payload = stringifyJson(body);
  const etag = `"${digestOf(payload)}"`;
  res.setHeader('ETag', etag);
  res.setHeader(
    'Cache-Control',
    isPublic ? `public, max-age=${IMMUTABLE_MAX_AGE_SECONDS}, immutable` : `private, max-age=${IMMUTABLE_MAX_AGE_SECONDS}`,
  );
  if (etagMatches(req.headers['if-none-match'], etag)) return void res.writeHead(304).end();
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(payload) }).end(payload);
}
