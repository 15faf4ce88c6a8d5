// Site visitor tokens: the `apiToken` of a published URL's resolution
// (domain/published/urlResolution.ts), a JWT (HS256, keys in
// config/siteTokenKeys.ts) that a renderer presents as a bearer token for the
// reads of one page. Its claims follow the public document's `SiteAPIToken`.
// The signature and `exp` prove it was issued; what it opens is read again
// from the database each time (one statement): nothing once the site is
// unpublished, its share link deactivated, or a space left the site.
import { randomBytes } from 'node:crypto';
import { SignJWT, decodeProtectedHeader, jwtVerify } from 'jose';
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { SiteTokenKeys } from '../../config/siteTokenKeys.js';
import { rawQuery } from '../../db/raw.js';
import { siteVisitorActor, type Actor } from '../../policy/index.js';

const AUDIENCE = 'quire:site';
const JWT_SHAPE = /^eyJ[\w-]*\.[\w-]+\.[\w-]+$/;

/** Whether a bearer token is a JWT (a site visitor token) rather than an API token (`qt_…`). */
export const isSiteToken = (bearer: string) => JWT_SHAPE.test(bearer);

export interface SiteTokenClaims {
  organization: string;
  site: string;
  siteSection?: string;
  siteSpace: string;
  space: string;
  /** The site's spaces when it was issued: the token opens those the site still publishes. */
  spaces: string[];
  /** The share link it was issued through (its id: the token is readable by anyone who holds it). */
  shareLink?: string;
  visitorType?: 'human' | 'agent';
  /** Claims about the visitor (adaptive content). */
  claims?: Record<string, unknown>;
}

/** A signed token for `claims`, valid for the keys' lifetime from `now`. */
export async function issueSiteToken(keys: SiteTokenKeys, issuer: string, claims: SiteTokenClaims, now: Date) {
  const key = await keys.signing();
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ kind: 'site', ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: key.kid })
    .setIssuer(issuer)
    .setAudience(AUDIENCE)
    .setJti(randomBytes(16).toString('base64url'))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + keys.ttlSeconds)
    .sign(key.secret);
}

/** The claims of a token signed by one of our keys and not expired at `now`, or null. */
async function verifiedClaims(keys: SiteTokenKeys, token: string, now: Date) {
  try {
    const { kid } = decodeProtectedHeader(token);
    const key = kid ? await keys.verifying(kid) : undefined;
    if (!key) return null;
    const { payload } = await jwtVerify(token, key.secret, { algorithms: ['HS256'], audience: AUDIENCE, currentDate: now });
    const claims = payload as unknown as SiteTokenClaims & { jti?: string };
    const ids = [claims.organization, claims.site, claims.jti];
    if (ids.some((id) => typeof id !== 'string') || !Array.isArray(claims.spaces)) return null;
    return claims as SiteTokenClaims & { jti: string };
  } catch {
    return null;
  }
}

interface SiteRow {
  published: boolean;
  visibility: string;
  share_key: string | null;
  spaces: string[];
}

/** What the site opens now: its state, the share link's key if still active, the token's spaces it still publishes. */
const SITE_STATEMENT = `
  SELECT s.published, s.visibility,
    (SELECT l.key FROM "ShareLink" l WHERE l.id = $3 AND l."siteId" = s.id AND l.active) AS share_key,
    COALESCE((SELECT array_agg(DISTINCT ss."spaceId") FROM "SiteSpace" ss
      JOIN "Space" sp ON sp.id = ss."spaceId" AND sp."deletedAt" IS NULL
      WHERE ss."siteId" = s.id AND ss."spaceId" = ANY($4::text[])), '{}') AS spaces
  FROM "Site" s WHERE s.id = $1 AND s."organizationId" = $2`;

/** The visitor behind a site token, or null when it is not one of ours, has expired, or opens nothing any more. */
export async function authenticateSiteToken(prisma: PrismaClient, keys: SiteTokenKeys, token: string, now: Date): Promise<Actor | null> {
  const claims = await verifiedClaims(keys, token, now);
  if (!claims) return null;
  const [site] = await rawQuery<SiteRow>(prisma, SITE_STATEMENT, [
    claims.site,
    claims.organization,
    claims.shareLink ?? '',
    claims.spaces.filter((id) => typeof id === 'string'),
  ]);
  if (!site?.published || (site.visibility === 'share-link' && !site.share_key)) return null;
  return siteVisitorActor(`site-token:${claims.jti}`, {
    siteId: claims.site,
    organizationId: claims.organization,
    spaceIds: new Set(site.spaces),
    ...(site.share_key ? { shareKey: site.share_key } : {}),
    ...(claims.claims ? { claims: claims.claims } : {}),
  });
}
