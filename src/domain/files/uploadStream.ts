// An upload read once, as a stream: its first bytes tell images apart, then
// every byte goes on to the blob store while its size and SHA-256 are counted
// on the way. No copy of the whole file is made here.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { AppError, badRequest } from '../../errors.js';

/** What a GraphQL multipart upload hands over: a file part, streamed (its size unknown until read). */
export interface Upload {
  name: string;
  type: string;
  size?: number;
  stream(): ReadableStream<Uint8Array>;
}

/** Enough of the head for image-size to read any header it knows (JPEG's may follow EXIF data). */
const SNIFF_BYTES = 256 * 1024;

export interface OpenedUpload {
  /** The first bytes (at least SNIFF_BYTES, or the whole file when shorter). */
  head: Buffer;
  /** Every byte of the upload, counted as it is read: 413 past `maxBytes`. */
  body: Readable;
  /** Size and SHA-256 of what `body` gave, once it has ended. */
  counted(): { size: number; sha256: string };
}

const tooLarge = (maxBytes: number, size?: number) =>
  new AppError(
    413,
    size === undefined
      ? `file: more than the ${maxBytes} bytes a file may have`
      : `file: is ${size} bytes, more than the ${maxBytes} bytes a file may have`,
    'file',
  );

export async function openUpload(upload: Upload, maxBytes: number): Promise<OpenedUpload> {
  if (upload.size !== undefined && upload.size > maxBytes) throw tooLarge(maxBytes, upload.size);
  const reader = upload.stream().getReader();
  const read = async () => {
    const next = await reader.read();
    return next.done ? undefined : Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
  };
  const head: Buffer[] = [];
  let headBytes = 0;
  while (headBytes < SNIFF_BYTES) {
    const chunk = await read();
    if (!chunk) break;
    head.push(chunk);
    headBytes += chunk.length;
  }
  if (headBytes === 0) throw badRequest('is empty', 'file');
  const hash = createHash('sha256');
  let size = 0;
  const count = (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge(maxBytes);
    hash.update(chunk);
    return chunk;
  };
  async function* bytes() {
    for (const chunk of head) yield count(chunk);
    for (let chunk = await read(); chunk; chunk = await read()) yield count(chunk);
  }
  let sha256: string | undefined;
  return {
    head: head.length === 1 ? head[0]! : Buffer.concat(head),
    body: Readable.from(bytes(), { objectMode: false }),
    counted: () => ({ size, sha256: (sha256 ??= hash.digest('hex')) }),
  };
}
