// An S3-compatible bucket (AWS S3, MinIO, R2, …) through the AWS SDK.
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { checkBlobKey, type BlobStore, type StorageSettings } from './blobStore.js';

type S3Settings = Extract<StorageSettings, { kind: 's3' }>;

const notFound = (err: unknown) => err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404);

export function s3Store(settings: S3Settings): BlobStore {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
  });
  const Bucket = settings.bucket;
  const Key = (key: string) => `${settings.prefix}${checkBlobKey(key)}`;

  return {
    kind: 's3',
    async put(key, data, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: Key(key), Body: data, ContentType: contentType, ContentLength: data.length }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
        return { body: answer.Body as Readable, size: answer.ContentLength ?? 0, contentType: answer.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
  };
}
