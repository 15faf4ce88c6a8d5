// Compressed answers: brotli or gzip when the client's Accept-Encoding allows
// it and the body is worth it (the `compression` middleware: it sets
// `Vary: Accept-Encoding`, skips bodies below the threshold, HEAD, 304s and
// answers already encoded, such as the precompressed static assets).
// Server-sent events stay plain: each event must reach the client as sent.
// Stored files (/files/…) stream plain with their length: PDFs and images are
// compressed already.
import compression from 'compression';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FILES_PREFIX } from './files.js';

/** Bodies below this many bytes go plain: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

const isEventStream = (res: ServerResponse) => String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream');

export function compressAnswers(thresholdBytes = COMPRESSION_THRESHOLD_BYTES) {
  const middleware = compression({
    threshold: thresholdBytes,
    filter: (req, res) => !isEventStream(res) && !req.url?.startsWith(FILES_PREFIX) && compression.filter(req, res),
  });
  /** Wraps `res` so what is written through it is compressed as negotiated. */
  return (req: IncomingMessage, res: ServerResponse) =>
    new Promise<void>((resolve, reject) => middleware(req as never, res as never, (err?: unknown) => (err ? reject(err) : resolve())));
}
