// Static files served under /assets with content-hashed names, so a browser
// keeps them for a year (`immutable`) and a new version is a new name. Each is
// compressed once per encoding (brotli, gzip) on first request and kept; an
// `ETag` (the content hash) answers revalidations with 304. Big bundles can
// register lazily: the first request naming them loads them (GraphiQL's 9 MB
// bundle costs memory only once someone opens it). `builtOnce` answers a fixed
// path (a page, a document) the same way, revalidated on each use.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { preferredEncoding, type Encoding } from './encoding.js';
import { etagMatches } from './etag.js';

const compressors: Record<Exclude<Encoding, 'identity'>, (body: Buffer) => Promise<Buffer>> = {
  // Quality 5: GraphiQL's 5 MB script in 1.9 s here, 4 % larger than quality 9 (5.6 s), 10 % smaller than gzip -9.
  br: (body) =>
    promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};

interface Asset {
  body: Buffer;
  type: string;
  etag: string;
  encoded: Map<Encoding, Promise<Buffer>>;
}

const hashOf = (body: Buffer) => createHash('sha256').update(body).digest('base64url').slice(0, 16);

function assetOf(content: string | Buffer, type: string): Asset {
  const body = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
  return { body, type, etag: `"${hashOf(body)}"`, encoded: new Map() };
}

/** The body in one encoding, compressed on first use and kept. */
function encodedBody(asset: Asset, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'identity') return Promise.resolve(asset.body);
  let body = asset.encoded.get(encoding);
  if (!body) {
    body = compressors[encoding](asset.body);
    asset.encoded.set(encoding, body);
  }
  return body;
}

/** Answers GET/HEAD of `asset`: 304 when If-None-Match names its tag, else its body in the best encoding the client accepts. */
async function sendAsset(req: IncomingMessage, res: ServerResponse, asset: Asset, headers: Record<string, string>) {
  for (const [name, value] of Object.entries({ ...headers, ETag: asset.etag, Vary: 'Accept-Encoding' })) res.setHeader(name, value);
  if (etagMatches(req.headers['if-none-match'], asset.etag)) {
    res.writeHead(304).end();
    return;
  }
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  const body = await encodedBody(asset, encoding);
  res.writeHead(200, {
    'Content-Type': asset.type,
    'Content-Length': body.length,
    ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

const refuseWrites = (req: IncomingMessage, res: ServerResponse) => {
  if (req.method === 'GET' || req.method === 'HEAD') return false;
  res.writeHead(405, { Allow: 'GET, HEAD' }).end();
  return true;
};

/** Revalidated on every use: the answer may change with a new version of Quire, its tag says when. */
export const REVALIDATE = 'public, no-cache';

/**
 * A fixed answer made once on first request (a page, a document) and served like
 * an asset: compressed once per encoding, tagged, 304 on If-None-Match, but
 * revalidated on each use (`headers` default `Cache-Control: public, no-cache`).
 */
export function builtOnce(make: () => Promise<string | Buffer> | string | Buffer, type: string, headers: Record<string, string> = {}) {
  let asset: Promise<Asset> | undefined;
  return async (req: IncomingMessage, res: ServerResponse) => {
    if (refuseWrites(req, res)) return;
    asset ??= Promise.resolve(make()).then((content) => assetOf(content, type));
    asset.catch(() => (asset = undefined));
    await sendAsset(req, res, await asset, { 'Cache-Control': REVALIDATE, ...headers });
  };
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';

export function staticAssets(prefix = '/assets') {
  const byPath = new Map<string, Asset>();
  const lazy = new Map<string, () => Promise<void>>();
  const loading = new Map<string, Promise<void>>();

  /** Registers a file; answers its hashed path, e.g. /assets/graphiql.3f9a0c1d2e4b.js. */
  function add(name: string, content: string | Buffer, type: string): string {
    const asset = assetOf(content, type);
    const dot = name.lastIndexOf('.');
    const path = `${prefix}/${name.slice(0, dot)}.${asset.etag.slice(1, -1)}${name.slice(dot)}`;
    if (!byPath.has(path)) byPath.set(path, asset);
    return path;
  }

  /** `load` registers the files whose names start with `group` (e.g. `graphiql`) when one is first asked for. */
  function addLazy(group: string, load: () => Promise<void>) {
    lazy.set(group, load);
  }

  /** Runs the loader of `group` once; later calls share its promise. */
  function ensureLoaded(group: string): Promise<void> {
    let promise = loading.get(group);
    if (!promise) {
      promise = lazy.get(group)?.() ?? Promise.resolve();
      loading.set(group, promise);
      promise.catch(() => loading.delete(group));
    }
    return promise;
  }

  async function find(path: string) {
    const known = byPath.get(path);
    if (known) return known;
    const name = path.slice(prefix.length + 1);
    const group = [...lazy.keys()].find((g) => name.startsWith(`${g}.`) || name.startsWith(`${g}-`));
    if (!group) return undefined;
    await ensureLoaded(group);
    return byPath.get(path);
  }

  /** True when `path` is under the prefix (answered here, 404 included). */
  function owns(path: string) {
    return path.startsWith(`${prefix}/`);
  }

  /** Answers GET/HEAD of an asset; 404 for an unknown name, 405 for other methods. */
  async function serve(req: IncomingMessage, res: ServerResponse, path: string) {
    if (refuseWrites(req, res)) return;
    const asset = await find(path);
    if (!asset) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end(`No asset ${path}\n`);
      return;
    }
    await sendAsset(req, res, asset, { 'Cache-Control': IMMUTABLE });
  }

  return { add, addLazy, ensureLoaded, owns, serve };
}

export type StaticAssets = ReturnType<typeof staticAssets>;
