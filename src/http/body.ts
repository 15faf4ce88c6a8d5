// Request bodies, read within limits: at most `maxBytes` (413), JSON nested at
// most `maxDepth` levels (400) — checked on the text before parsing, so a
// hostile body never reaches a recursive parser or coercer.
import type { IncomingMessage } from 'node:http';
import { AppError, badRequest } from '../errors.js';

export interface BodyLimits {
  maxBodyBytes: number;
  maxJsonDepth: number;
}

export const tooLarge = (maxBytes: number) => new AppError(413, `The body exceeds ${maxBytes} bytes`);

/** 413 at once when Content-Length announces too much. */
/** A GraphQL multipart request (file uploads, src/domain/files). */
export const isMultipart = (req: IncomingMessage) => (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');

/** The largest body a request may send: multipart GraphQL requests may carry one upload on top of the usual limit. */
export function bodyLimit(req: IncomingMessage, surface: string, limits: { maxBodyBytes: number; maxUploadBytes: number }) {
  return surface === 'graphql' && isMultipart(req) ? limits.maxBodyBytes + limits.maxUploadBytes : limits.maxBodyBytes;
}

export function checkDeclaredLength(req: IncomingMessage, maxBytes: number) {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
}

/**
 * The whole body, or 413 once it passes `maxBytes`. Past the limit the rest is
 * discarded rather than the socket destroyed, so the client reads the 413
 * (the answer then closes the connection).
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    try {
      checkDeclaredLength(req, maxBytes);
    } catch (err) {
      req.resume();
      return reject(err);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      req.off('data', onData).off('end', onEnd).off('error', onError);
      req.resume();
      reject(tooLarge(maxBytes));
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    const onError = (err: Error) => reject(err);
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/** Throws 400 when JSON `text` nests arrays/objects deeper than `maxDepth`. */
export function checkJsonDepth(text: string, maxDepth: number, what = 'The body') {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) throw badRequest(`${what} nests JSON deeper than ${maxDepth} levels`);
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
}

/** The JSON body of a REST request (undefined when empty). */
export async function readJsonBody(req: IncomingMessage, limits: BodyLimits): Promise<unknown> {
  const text = (await readBody(req, limits.maxBodyBytes)).toString('utf8');
  if (text.trim() === '') return undefined;
  checkJsonDepth(text, limits.maxJsonDepth);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('The body is not valid JSON');
  }
}
