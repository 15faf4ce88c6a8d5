// The key that signs visitor claims (the `ping` answer's `docsVisitorClaims`):
// configured, never invented. Without VISITOR_CLAIMS_PRIVATE_KEY, ping answers
// no claims: a key made up at start would sign tokens that no site could verify
// after the next restart, nor on another replica.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

export interface VisitorClaimsKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** JWS algorithm, from the key type: ES256 (P-256), ES384 (P-384), EdDSA (Ed25519) or RS256 (RSA). */
  alg: string;
  kid?: string;
  issuer: string;
  ttlSeconds: number;
}

type Env = Record<string, string | undefined>;

function algorithmOf(key: KeyObject): string {
  const { asymmetricKeyType: type, asymmetricKeyDetails: details } = key;
  if (type === 'ec' && details?.namedCurve === 'prime256v1') return 'ES256';
  if (type === 'ec' && details?.namedCurve === 'secp384r1') return 'ES384';
  if (type === 'ed25519') return 'EdDSA';
  if (type === 'rsa' && (details?.modulusLength ?? 0) >= 2048) return 'RS256';
  throw new Error('VISITOR_CLAIMS_PRIVATE_KEY must be an EC P-256/P-384, Ed25519 or RSA (2048 bits or more) private key');
}

/** The signing key of the environment, or undefined when VISITOR_CLAIMS_PRIVATE_KEY is unset; a bad value throws naming the variable. */
export function visitorClaimsKeyFromEnv(env: Env, publicUrl: string): VisitorClaimsKey | undefined {
  const pem = env.VISITOR_CLAIMS_PRIVATE_KEY?.replace(/\\n/g, '\n').trim();
  if (!pem) return undefined;
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem);
  } catch {
    throw new Error('VISITOR_CLAIMS_PRIVATE_KEY must be a PEM private key (PKCS#8, SEC1 or PKCS#1)');
  }
  const ttl = env.VISITOR_CLAIMS_TTL_SECONDS ? Number(env.VISITOR_CLAIMS_TTL_SECONDS) : 3600;
  if (!Number.isInteger(ttl) || ttl < 60 || ttl > 7 * 86400)
    throw new Error('VISITOR_CLAIMS_TTL_SECONDS must be an integer from 60 to 604800');
  return {
    privateKey,
    publicKey: createPublicKey(privateKey),
    alg: algorithmOf(privateKey),
    kid: env.VISITOR_CLAIMS_KEY_ID || undefined,
    issuer: env.VISITOR_CLAIMS_ISSUER || publicUrl,
    ttlSeconds: ttl,
  };
}
