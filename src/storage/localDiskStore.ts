// The default store: files under one directory, each with a small JSON side
// file for its content type. Writes go to a temporary name first and are
// renamed into place, so a reader never sees half a file.
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { checkBlobKey, type BlobStore } from './blobStore.js';

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

export function localDiskStore(directory: string): BlobStore {
  const root = resolve(directory);
  const pathOf = (key: string) => join(root, checkBlobKey(key));
  const metaOf = (key: string) => `${pathOf(key)}.meta.json`;

  return {
    kind: 'local',
    async put(key, data, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomUUID()}.tmp`;
      try {
        if (Buffer.isBuffer(data)) await writeFile(temporary, data);
        else await pipeline(data, createWriteStream(temporary));
      } catch (err) {
        await rm(temporary, { force: true });
        throw err;
      }
      await writeFile(`${temporary}.meta`, JSON.stringify({ contentType }));
      await rename(`${temporary}.meta`, metaOf(key));
      await rename(temporary, path);
    },
    async get(key) {
      try {
        const [info, meta] = await Promise.all([stat(pathOf(key)), readFile(metaOf(key), 'utf8')]);
        return { body: createReadStream(pathOf(key)), size: info.size, contentType: JSON.parse(meta).contentType };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
      await rm(metaOf(key), { force: true });
    },
  };
}
