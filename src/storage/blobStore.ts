// Where uploaded files and rendered documents (PDF exports) live: behind one
// small interface, on the local disk by default or in an S3-compatible bucket
// when configured (docs/configuration.md, "Files"). Quire never hands out the
// store's own addresses: readers get expiring signed URLs that Quire serves
// itself (signedUrls.ts, src/http/files.ts), so both stores behave the same.
import type { Readable } from 'node:stream';
import { localDiskStore } from './localDiskStore.js';
import { s3Store } from './s3Store.js';

export interface StoredBlob {
  body: Readable;
  size: number;
  contentType: string;
}

export interface BlobStore {
  readonly kind: 'local' | 's3';
  /**
   * Stores `data` under `key`. A stream is written as it arrives (nothing
   * half-written is ever readable); `size` is its length in bytes when known
   * (S3 needs it for a stream).
   */
  put(key: string, data: Buffer | Readable, contentType: string, size?: number): Promise<void>;
  /** The blob under `key`, or null when there is none. */
  get(key: string): Promise<StoredBlob | null>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

export type StorageSettings =
  | { kind: 'local'; directory: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint?: string;
      forcePathStyle: boolean;
      accessKeyId?: string;
      secretAccessKey?: string;
      prefix: string;
    };

type Env = Record<string, string | undefined>;

/** Storage from the environment: S3 when `S3_BUCKET` is set, else `QUIRE_FILES_DIR` (default `.quire/files`). */
export function storageSettingsFromEnv(env: Env = process.env): StorageSettings {
  if (!env.S3_BUCKET) return { kind: 'local', directory: env.QUIRE_FILES_DIR ?? '.quire/files' };
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? 'us-east-1',
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || (env.S3_FORCE_PATH_STYLE === undefined && !!env.S3_ENDPOINT),
    ...(env.S3_ACCESS_KEY_ID ? { accessKeyId: env.S3_ACCESS_KEY_ID } : {}),
    ...(env.S3_SECRET_ACCESS_KEY ? { secretAccessKey: env.S3_SECRET_ACCESS_KEY } : {}),
    prefix: env.S3_PREFIX ?? '',
  };
}

export function createBlobStore(settings: StorageSettings): BlobStore {
  return settings.kind === 's3' ? s3Store(settings) : localDiskStore(settings.directory);
}

// Keys are Quire's own (organization/space/file ids): a conservative alphabet,
// so no key can climb out of the local directory or name another bucket path.
const KEY = /^[A-Za-z0-9_][A-Za-z0-9_.-]*(\/[A-Za-z0-9_][A-Za-z0-9_.-]*)*$/;

export function checkBlobKey(key: string): string {
  if (!KEY.test(key) || key.length > 512) throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
  return key;
}

export const isBlobKey = (key: string) => KEY.test(key) && key.length <= 512;
