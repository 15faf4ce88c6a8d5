// Expiring signed URLs for stored files: `/files/<key>?expires=<unix s>&name=…&signature=…`,
// where the signature is an HMAC-SHA256 of key, expiry and download name under
// `FILES_URL_SECRET`. Any replica sharing the secret verifies any other's URLs;
// nothing is stored per URL, and a URL cannot be stretched or re-pointed.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.js';
import { checkBlobKey } from './blobStore.js';

export interface FileUrlSigner {
  /** An absolute URL serving `key` until `ttlSeconds` from now, downloaded as `name` when given. */
  sign(key: string, ttlSeconds: number, name?: string): string;
  /** Whether the query of a `/files/<key>` request is a valid, unexpired signature for `key`. */
  verify(key: string, query: URLSearchParams): 'ok' | 'expired' | 'invalid';
}

/** A random secret for one process, when none is configured (URLs then die with the process). */
export const ephemeralFilesSecret = () => randomBytes(32).toString('base64url');

export function fileUrlSigner(secret: string, publicUrl: string, clock: Clock): FileUrlSigner {
  const mac = (key: string, expires: string, name: string) =>
    createHmac('sha256', secret).update(`${key}\n${expires}\n${name}`).digest('base64url');
  return {
    sign(key, ttlSeconds, name = '') {
      const expires = String(Math.floor(clock.now().getTime() / 1000) + Math.max(1, Math.floor(ttlSeconds)));
      const query = new URLSearchParams({ expires, ...(name ? { name } : {}), signature: mac(checkBlobKey(key), expires, name) });
      return `${publicUrl}/files/${key}?${query}`;
    },
    verify(key, query) {
      const expires = query.get('expires') ?? '';
      const given = Buffer.from(query.get('signature') ?? '');
      const expected = Buffer.from(mac(key, expires, query.get('name') ?? ''));
      if (!/^\d{1,12}$/.test(expires) || given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return Number(expires) * 1000 <= clock.now().getTime() ? 'expired' : 'ok';
    },
  };
}
