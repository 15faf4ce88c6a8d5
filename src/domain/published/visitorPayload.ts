// What a renderer tells about the visitor when it resolves a URL (the public
// document's `SiteVisitorPayload`): claims it signed nothing for
// (`unsignedClaims`), and a JWT of signed claims (`jwtToken`, or the GET
// form's `visitorAuthToken`) — Quire's own visitor claims, which `ping`
// answers members (domain/visitorClaims). A `visitor-auth` site opens only to
// a visitor whose JWT verifies; the claims ride in the site token (adaptive
// content reads them there).
import type { Context } from '../../context.js';
import { badRequest } from '../../errors.js';
import { verifiedVisitorClaims } from '../visitorClaims/service.js';

export interface VisitorPayload {
  type?: 'human' | 'agent' | null;
  jwtToken?: string | null;
  unsignedClaims?: Record<string, unknown> | null;
}

const MAX_UNSIGNED_CLAIMS_BYTES = 4096;
const MAX_JWT_LENGTH = 8192;

/**
 * The visitor's claims for the site: signed ones (verified) over unsigned
 * ones; undefined when there are none; null when the site admits the visitor
 * only with a verified JWT and there is none.
 */
export async function visitorClaimsOf(
  ctx: Context,
  site: { organizationId: string; visibility: string },
  input: { visitor?: VisitorPayload | null; visitorAuthToken?: string | null },
): Promise<Record<string, unknown> | null | undefined> {
  const unsigned = input.visitor?.unsignedClaims ?? undefined;
  if (unsigned && Buffer.byteLength(JSON.stringify(unsigned)) > MAX_UNSIGNED_CLAIMS_BYTES)
    throw badRequest(`must be at most ${MAX_UNSIGNED_CLAIMS_BYTES} bytes of JSON`, 'visitor.unsignedClaims');
  const jwt = input.visitor?.jwtToken || input.visitorAuthToken;
  if (jwt && jwt.length > MAX_JWT_LENGTH) throw badRequest(`must be at most ${MAX_JWT_LENGTH} characters`, 'visitor.jwtToken');
  const signed =
    jwt && ctx.visitorClaims ? await verifiedVisitorClaims(ctx.visitorClaims, jwt, site.organizationId, ctx.clock.now()) : null;
  if (site.visibility === 'visitor-auth' && !signed) return null;
  if (!signed && !unsigned) return undefined;
  return { ...unsigned, ...signed };
}
