// GraphQL multipart requests (https://github.com/jaydenseric/graphql-multipart-request-spec),
// read as they come: `operations` and `map` first (bounded, JSON depth checked), then
// the one file part, handed to the operation as a live stream. No file is held whole:
// its bytes go on to the resolver (and the blob store) while the request is read.
import type { IncomingMessage } from 'node:http';
import { PassThrough, Readable, Transform } from 'node:stream';
import { Busboy, type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import { type AppError, badRequest } from '../errors.js';
import { checkJsonDepth, tooLarge } from '../http/body.js';

/** What a resolver receives for a file variable (src/domain/files/uploadStream.ts reads it). */
export interface StreamedUpload {
  name: string;
  type: string;
  /** Unknown until the stream has ended: the reader counts it. */
  size: undefined;
  stream(): ReadableStream<Uint8Array>;
}

export interface MultipartLimits {
  /** The whole body (operations, map and the file). */
  maxBytes: number;
  /** Each of `operations` and `map`. */
  maxFieldBytes: number;
  maxJsonDepth: number;
}

export interface MultipartRequest {
  /** The JSON text of `operations` (its file variables null). */
  operations: string;
  /** The files by their path in the operation's params (`variables.input.file`). */
  uploads: Map<string, StreamedUpload>;
  /**
   * Settles once the whole body was read: with the error that ends the request
   * (400, 413, a client gone) or undefined. A file the operation left unread is
   * drained first (call after the operation ran).
   */
  finish(): Promise<AppError | Error | undefined>;
}

/** At most this many files per request: the schema takes one (uploadFile). */
const MAX_FILES = 1;

/**
 * Reads the body up to its first file part (or its end) and answers the operation
 * with that file as a stream. The file's bytes reach the operation's reader only
 * while the rest of the body is valid: a part past the map, a body past the limit or
 * a client that leaves fails the stream, so nothing half-sent is stored.
 */
export function readMultipart(req: IncomingMessage, limits: MultipartLimits): Promise<MultipartRequest> {
  return new Promise((resolve, reject) => {
    let operations: string | undefined;
    let map: Map<string, string[]> | undefined;
    let started = false;
    let failure: Error | undefined;
    let ended = false;
    let endedBody: () => void = () => {};
    const bodyEnded = new Promise<void>((done) => (endedBody = done));
    let file: { source: BusboyFileStream; sink: PassThrough } | undefined;

    const fail = (err: Error) => {
      if (failure || ended) return;
      failure = err;
      file?.sink.destroy(err);
      file?.source.resume();
      req.unpipe(counted);
      counted.unpipe(parser);
      req.resume();
      if (started) endedBody();
      else reject(err);
    };
    const done = () => {
      if (failure) return;
      ended = true;
      file?.sink.end();
      endedBody();
    };

    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        size += chunk.length;
        if (size <= limits.maxBytes) return next(null, chunk);
        next();
        fail(tooLarge(limits.maxBytes));
      },
    });
    let parser: BusboyInstance;
    try {
      parser = new Busboy({
        headers: req.headers as { 'content-type': string },
        limits: { fieldSize: limits.maxFieldBytes, fields: 2, files: MAX_FILES + 1, parts: 2 + MAX_FILES + 1 },
      });
    } catch {
      return reject(badRequest('The multipart body has no boundary'));
    }

    const start = (uploads: Map<string, StreamedUpload>) => {
      started = true;
      resolve({
        operations: operations ?? '',
        uploads,
        async finish() {
          // A file the operation never read, or stopped reading (413): the rest is discarded so the body ends.
          if (file) {
            file.source.unpipe(file.sink);
            file.source.resume();
            file.sink.destroy();
          }
          await bodyEnded;
          return failure;
        },
      });
    };

    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (file) return fail(badRequest('Multipart fields come before the files'));
      if (valueTruncated) return fail(tooLarge(limits.maxFieldBytes));
      if (name === 'operations' && operations === undefined) {
        checkOrFail(() => checkJsonDepth(value, limits.maxJsonDepth, 'The operations field'));
        operations = value;
      } else if (name === 'map' && operations !== undefined && map === undefined) {
        checkOrFail(() => (map = parseMap(value, limits.maxJsonDepth)));
      } else fail(badRequest(`Unexpected multipart field ${JSON.stringify(name)}: send operations, then map, then the files`));
    });
    parser.on('file', (name, source, fileName, _encoding, mimeType) => {
      if (failure) return void source.resume();
      if (!operations || !map) {
        source.resume();
        return fail(badRequest('The operations and map fields come before the files'));
      }
      const paths = map.get(name);
      if (file || !paths) {
        source.resume();
        return fail(badRequest(file ? 'More file parts than the map names' : `The map names no file part ${JSON.stringify(name)}`));
      }
      // The reader sees the end of the file only once the whole body was read and found valid.
      const sink = new PassThrough();
      // Its failures reach the reader (through stream()); unread, they end nothing else.
      sink.on('error', () => {});
      source.pipe(sink, { end: false });
      file = { source, sink };
      const upload: StreamedUpload = {
        name: fileName,
        type: mimeType,
        size: undefined,
        stream: () => Readable.toWeb(sink) as ReadableStream<Uint8Array>,
      };
      start(new Map(paths.map((path) => [path, upload])));
    });
    parser.on('filesLimit', () => fail(badRequest('More file parts than the map names')));
    parser.on('fieldsLimit', () => fail(badRequest('Only the operations and map fields are read')));
    parser.on('partsLimit', () => fail(badRequest('More file parts than the map names')));
    parser.on('error', () => fail(badRequest('The multipart body is malformed')));
    parser.on('finish', () => {
      if (failure) return;
      if (!operations || !map) return fail(badRequest('The operations and map fields are missing'));
      if (!file && map.size > 0) return fail(badRequest('The file parts the map names are missing'));
      if (!started) start(new Map());
      done();
    });
    counted.on('error', (err) => fail(err));
    req.on('error', (err) => fail(err));
    req.on('aborted', () => fail(new Error('The client went away before the end of the upload')));
    req.on('close', () => {
      if (!req.complete) fail(new Error('The client went away before the end of the upload'));
    });
    req.pipe(counted).pipe(parser);

    function checkOrFail(check: () => void) {
      try {
        check();
      } catch (err) {
        fail(err as Error);
      }
    }
  });
}

/** The `map` field: file part names to the paths (in the operation's variables) they fill. */
function parseMap(text: string, maxJsonDepth: number) {
  checkJsonDepth(text, maxJsonDepth, 'The map field');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('The map field is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest('The map field must be an object');
  const entries = Object.entries(value);
  if (entries.length > MAX_FILES) throw badRequest(`At most ${MAX_FILES} file may be sent per request`);
  const map = new Map<string, string[]>();
  for (const [name, paths] of entries) {
    if (!Array.isArray(paths) || paths.length === 0 || !paths.every((p) => typeof p === 'string' && p.startsWith('variables.')))
      throw badRequest(`The map field: ${JSON.stringify(name)} must list paths under variables`);
    map.set(name, paths);
  }
  return map;
}

/** Puts `value` at a dotted `path` of `params` (`variables.input.file`); 400 when the path leads nowhere. */
export function setAtPath(params: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  if (keys.some((key) => key === '__proto__' || key === 'constructor' || key === 'prototype'))
    throw badRequest(`The map field: ${path} is not a variable of the operation`);
  let at: unknown = params;
  for (const key of keys.slice(0, -1)) {
    at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined;
    if (typeof at !== 'object' || at === null) throw badRequest(`The map field: ${path} is not a variable of the operation`);
  }
  (at as Record<string, unknown>)[keys[keys.length - 1]!] = value;
}
