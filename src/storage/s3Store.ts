// An S3-compatible bucket (AWS S3, MinIO, R2, …) through the AWS SDK. The SDK
// (about 25 MB resident) loads on the first call: a process on local disk never pays it.
import type { S3Client } from '@aws-sdk/client-s3';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkBlobKey, type BlobStore, type StorageSettings } from './blobStore.js';

type S3Settings = Extract<StorageSettings, { kind: 's3' }>;
type Sdk = typeof import('@aws-sdk/client-s3');

const notFound = (sdk: Sdk, err: unknown) =>
  err instanceof sdk.NoSuchKey || (err instanceof sdk.S3ServiceException && err.$metadata.httpStatusCode === 404);

/** Writes `data` to a temporary file, then hands `put` a stream of it and its length; the file is removed after. */
async function spooled(data: Readable, put: (file: Readable, length: number) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-spool-'));
  try {
    const path = join(dir, 'blob');
    await pipeline(data, createWriteStream(path));
    await put(createReadStream(path), (await stat(path)).size);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function s3Store(settings: S3Settings): BlobStore {
  let connected: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const connect = () =>
    (connected ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        forcePathStyle: settings.forcePathStyle,
        // Streamed uploads as plain bodies of a known length: S3-compatible
        // servers (MinIO, R2, s3rver) do not all read aws-chunked checksum trailers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        ...(settings.accessKeyId && settings.secretAccessKey
          ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
          : {}),
      }),
    })));
  const Bucket = settings.bucket;
  const Key = (key: string) => `${settings.prefix}${checkBlobKey(key)}`;

  return {
    kind: 's3',
    async put(key, data, contentType, size) {
      // S3 takes no stream of unknown length in one PUT (411): such a body (a GraphQL upload,
      // counted as it arrives) is spooled to a temporary file first, bounded by the upload limit.
      if (!Buffer.isBuffer(data) && size === undefined) return spooled(data, (file, length) => this.put(key, file, contentType, length));
      const { sdk, client } = await connect();
      const length = Buffer.isBuffer(data) ? data.length : size;
      const put = new sdk.PutObjectCommand({
        Bucket,
        Key: Key(key),
        Body: data,
        ContentType: contentType,
        ...(length !== undefined ? { ContentLength: length } : {}),
      });
      if (Buffer.isBuffer(data)) return void (await client.send(put));
      // The SDK does not notice a body stream failing half way: stop the request
      // ourselves (S3 keeps no object of an unfinished PUT).
      const abort = new AbortController();
      const failed = new Promise<never>((_, reject) => data.once('error', reject));
      try {
        await Promise.race([client.send(put, { abortSignal: abort.signal }), failed]);
      } catch (err) {
        abort.abort();
        throw err;
      }
    },
    async get(key) {
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: Key(key) }));
        return {
          body: answer.Body as Readable,
          size: answer.ContentLength ?? 0,
          contentType: answer.ContentType ?? 'application/octet-stream',
        };
      } catch (err) {
        if (notFound(sdk, err)) return null;
        throw err;
      }
    },
    async delete(key) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
  };
}
