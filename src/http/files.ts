// GET/HEAD /files/<key>: serves a stored file to whoever holds a valid signed
// URL for it (src/storage/signedUrls.ts), without a token: the signature is
// the permission, given by the route that produced the URL after its own
// policy check. Expired or altered URLs answer 403, unknown files 404, and so do
// files whose space was deleted (or that were removed) since the link was made.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors.js';
import { isBlobKey, type BlobStore } from '../storage/blobStore.js';
import type { FileUrlSigner } from '../storage/signedUrls.js';

export const FILES_PREFIX = '/files/';

/** `attachment; filename=…` with a plain fallback and the RFC 5987 form for any other character. */
const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export function fileServer(store: BlobStore, signer: FileUrlSigner, stillServed: (key: string) => Promise<boolean>) {
  return async (req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new AppError(405, `Method ${req.method} not allowed on ${path}`);
    const key = path.slice(FILES_PREFIX.length);
    if (!isBlobKey(key)) throw new AppError(404, 'No such file');
    const verdict = signer.verify(key, query);
    if (verdict !== 'ok')
      throw new AppError(
        403,
        verdict === 'expired' ? 'This file link has expired: ask the API for a new one' : 'Invalid file link signature',
      );
    if (!(await stillServed(key))) throw new AppError(404, 'No such file');
    const blob = await store.get(key);
    if (!blob) throw new AppError(404, 'No such file');
    const remaining = Math.max(0, Number(query.get('expires')) - Math.floor(Date.now() / 1000));
    res.writeHead(200, {
      'Content-Type': blob.contentType,
      'Content-Length': String(blob.size),
      // Private: the URL is a credential; caches may keep it only as long as it is valid.
      'Cache-Control': `private, max-age=${remaining}`,
      ...(query.get('name') ? { 'Content-Disposition': contentDisposition(query.get('name')!) } : {}),
    });
    if (req.method === 'HEAD') return void (blob.body.destroy(), res.end());
    // The request's machinery (log line, metrics, fair share, request signal) already listens for the
    // response's 'close'; the pipeline's own listeners are not a leak.
    res.setMaxListeners(res.getMaxListeners() + 4);
    await pipeline(blob.body, res);
  };
}
