// The keys of site visitor tokens (domain/auth/siteTokens.ts): HMAC secrets.
// SITE_TOKEN_SECRETS lists them, the first signing and every one verifying,
// so a key rotates by putting the new one first and dropping the old one once
// the tokens it signed have expired (SITE_TOKEN_TTL_SECONDS). Unset, the
// installation makes one secret and keeps it in the database
// (db/serviceSecrets.ts): every replica and every restart verifies the tokens
// of the others, and `npm start` needs no configuration.
import { createHash } from 'node:crypto';

export interface SiteTokenKey {
  /** The key's id (the JWT header's `kid`): a digest of the secret, which it does not reveal. */
  kid: string;
  secret: Uint8Array;
}

export interface SiteTokenKeys {
  ttlSeconds: number;
  /** The key that signs new tokens. */
  signing(): Promise<SiteTokenKey>;
  /** The key a token names, if it is still one of ours. */
  verifying(kid: string): Promise<SiteTokenKey | undefined>;
}

export interface SiteTokenSettings {
  secrets?: readonly string[];
  ttlSeconds?: number;
}

type Env = Record<string, string | undefined>;

const MIN_SECRET_LENGTH = 32;

const keyOf = (secret: string): SiteTokenKey => ({
  kid: createHash('sha256').update(secret).digest('base64url').slice(0, 16),
  secret: new TextEncoder().encode(secret),
});

/** The settings of the environment; a bad value throws naming the variable. */
export function siteTokenSettingsFromEnv(env: Env): SiteTokenSettings {
  const secrets = env.SITE_TOKEN_SECRETS?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (secrets?.some((s) => s.length < MIN_SECRET_LENGTH))
    throw new Error(`SITE_TOKEN_SECRETS: every secret must be at least ${MIN_SECRET_LENGTH} characters`);
  const ttl = env.SITE_TOKEN_TTL_SECONDS ? Number(env.SITE_TOKEN_TTL_SECONDS) : undefined;
  if (ttl !== undefined && (!Number.isInteger(ttl) || ttl < 300 || ttl > 7 * 86400))
    throw new Error('SITE_TOKEN_TTL_SECONDS must be an integer from 300 to 604800');
  return { ...(secrets?.length ? { secrets } : {}), ...(ttl ? { ttlSeconds: ttl } : {}) };
}

/** `storedSecret`: the installation's own secret, when none is configured (db/serviceSecrets.ts). */
export function siteTokenKeys(storedSecret: () => Promise<string>, settings: SiteTokenSettings = {}): SiteTokenKeys {
  let keys: Promise<SiteTokenKey[]> | undefined;
  const load = () => {
    keys ??= settings.secrets?.length ? Promise.resolve(settings.secrets.map(keyOf)) : storedSecret().then((secret) => [keyOf(secret)]);
    // A failed read (database down) is tried again by the next caller.
    keys.catch(() => (keys = undefined));
    return keys;
  };
  return {
    ttlSeconds: settings.ttlSeconds ?? 3600,
    signing: async () => (await load())[0],
    verifying: async (kid) => (await load()).find((key) => key.kid === kid),
  };
}
