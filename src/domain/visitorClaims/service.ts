// `ping`: records that the member is active and answers, when a signing key is
// configured, their visitor claims as a signed JWT (jose), for sites whose
// visibility is `visitor-auth` to admit them.
import { SignJWT, jwtVerify } from 'jose';
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { authorize, organizationPolicy } from '../../policy/index.js';
import { notFound } from '../../errors.js';
import type { VisitorClaimsKey } from '../../config/visitorClaimsKey.js';

/** What a visitor-auth site learns about the member (the JWT's payload, besides iss/sub/aud/iat/exp). */
export interface VisitorClaims {
  email: string;
  name: string;
  organizationId: string;
  /** Organization role; null for guests. */
  role: string | null;
  /** Ids of the member's teams in the organization. */
  teams: string[];
  sso: boolean;
}

export async function signVisitorClaims(key: VisitorClaimsKey, userId: string, claims: VisitorClaims, now: Date) {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: key.alg, typ: 'JWT', ...(key.kid ? { kid: key.kid } : {}) })
    .setIssuer(key.issuer)
    .setSubject(userId)
    .setAudience(claims.organizationId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + key.ttlSeconds)
    .sign(key.privateKey);
}

/**
 * The claims of a visitor JWT that `signVisitorClaims` signed for a member of
 * `organizationId` and that has not expired, without the registered claims;
 * null for any other token.
 */
export async function verifiedVisitorClaims(key: VisitorClaimsKey, token: string, organizationId: string, now: Date) {
  try {
    const { payload } = await jwtVerify(token, key.publicKey, {
      algorithms: [key.alg],
      issuer: key.issuer,
      audience: organizationId,
      currentDate: now,
    });
    const { iss: _iss, aud: _aud, iat: _iat, exp: _exp, nbf: _nbf, jti: _jti, ...claims } = payload;
    return claims;
  } catch {
    return null;
  }
}

/** Sets the caller's `lastSeenAt` in the organization (members); answers their signed visitor claims, or null without a key. */
export async function pingOrganization(ctx: Context, organizationId: string) {
  const actor = requireActor(ctx);
  const org = await ctx.prisma.organization.findUnique({ where: { id: organizationId }, select: { id: true, emailDomains: true } });
  authorize(organizationPolicy, actor, org, 'access');
  const now = ctx.clock.now();
  const { count } = await ctx.prisma.member.updateMany({ where: { organizationId, userId: actor.userId }, data: { lastSeenAt: now } });
  const member =
    count === 0
      ? null
      : await ctx.prisma.member.findUnique({
          where: { organizationId_userId: { organizationId, userId: actor.userId } },
          select: {
            role: true,
            sso: true,
            lastSeenAt: true,
            user: { select: { email: true, displayName: true } },
            teams: { select: { teamId: true }, orderBy: { teamId: 'asc' } },
          },
        });
  if (!member) throw notFound('Member'); // removed meanwhile
  const claims: VisitorClaims = {
    email: member.user.email,
    name: member.user.displayName,
    organizationId,
    role: member.role,
    teams: member.teams.map((t) => t.teamId),
    sso: member.sso,
  };
  const key = ctx.visitorClaims;
  return { lastSeenAt: member.lastSeenAt!, docsVisitorClaims: key ? await signVisitorClaims(key, actor.userId, claims, now) : null };
}
