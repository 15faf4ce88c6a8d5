// A login through a SAML provider: the identity provider posts a SAML Response
// to the provider's ACS URL (HTTP-POST binding); its signature is checked
// against the provider's certificate by @node-saml/node-saml (with the audience
// and validity times), the issuer, recipient and destination here (node-saml
// checks them only for logouts), a response is consumed once, and the user it
// names is provisioned as an SSO member. A provider vouches only for addresses
// of its organization's verified e-mail domains, or for users it created: an
// organization's identity provider cannot sign in another organization's users.
import type { SAML, Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import type { PrismaClient, SamlProvider } from '../../generated/prisma/client.js';
import type { Tx } from '../../db/tx.js';
import type { Urls } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import { issueToken } from '../auth/tokens.js';
import { providerMayVouch } from '../../policy/samlProvider.js';
import { samlProviderStatus, serviceProviderUrls } from './service.js';

/** Tolerated difference between the identity provider's clock and ours. */
const CLOCK_SKEW_MS = 60_000;
/** How long a consumed assertion is remembered when it states no expiry. */
const DEFAULT_ASSERTION_LIFETIME_MS = 60 * 60_000;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * The node-saml service provider of one usable provider (404 for an absent one,
 * 409 for a pending one). node-saml (about 15 MB resident) loads with the first login.
 */
async function samlFor(urls: Urls, provider: SamlProvider | null): Promise<SAML> {
  if (!provider) throw notFound('SAML provider');
  if (samlProviderStatus(provider) !== 'active')
    throw new AppError(409, 'This SAML provider is not fully configured (entityID, certificate and ssoURL are needed)');
  const sp = serviceProviderUrls(urls, provider.id);
  const { SAML, ValidateInResponseTo } = await import('@node-saml/node-saml');
  return new SAML({
    idpCert: provider.certificate!,
    idpIssuer: provider.entityID!,
    entryPoint: provider.ssoURL!,
    issuer: sp.entityID,
    audience: sp.entityID,
    callbackUrl: sp.acsURL,
    wantAssertionsSigned: true,
    // The assertion's own signature is required; a signature of the whole response is optional.
    wantAuthnResponseSigned: false,
    // Identity-provider-initiated logins carry no request of ours to match; replays are refused below instead.
    validateInResponseTo: ValidateInResponseTo.never,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  });
}

const loadProvider = (prisma: PrismaClient, providerId: string) => prisma.samlProvider.findUnique({ where: { id: providerId } });

/** Where a login through the provider starts: the identity provider's sign-on URL with an AuthnRequest (HTTP-Redirect binding). */
export async function loginRedirectUrl(prisma: PrismaClient, urls: Urls, providerId: string, relayState = '') {
  const saml = await samlFor(urls, await loadProvider(prisma, providerId));
  return saml.getAuthorizeUrlAsync(relayState, undefined, {});
}

/** Quire's service-provider metadata for the provider (XML), served at its entity id. */
export async function serviceProviderMetadata(prisma: PrismaClient, urls: Urls, providerId: string) {
  return (await samlFor(urls, await loadProvider(prisma, providerId))).generateServiceProviderMetadata(null, null);
}

/** The e-mail address the assertion vouches for: an e-mail attribute, else an e-mail NameID. */
function assertedEmail(profile: Profile): string {
  const candidates = [
    profile.email,
    profile.mail,
    profile['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'],
    profile.nameID,
  ];
  const email = candidates.find((c): c is string => typeof c === 'string' && EMAIL.test(c.trim()));
  if (!email) throw new AppError(401, 'SAML Response rejected: the assertion names no e-mail address');
  return email.trim().toLowerCase();
}

type ParsedAssertion = {
  Issuer?: ({ _?: string } | string)[];
  Subject?: { SubjectConfirmation?: { SubjectConfirmationData?: { $?: { Recipient?: string } }[] }[] }[];
};

const text = (node: { _?: string } | string | undefined) => (typeof node === 'string' ? node : node?._)?.trim();

/**
 * The checks node-saml leaves to us for a login: the assertion's issuer is the
 * provider's entity id, every bearer confirmation names our ACS URL as its
 * recipient, and the response (when it states one) was sent to our ACS URL.
 */
function checkAddressing(profile: Profile, provider: SamlProvider, acsURL: string) {
  const assertion = (profile.getAssertion?.() as { Assertion?: ParsedAssertion })?.Assertion;
  if (text(assertion?.Issuer?.[0]) !== provider.entityID)
    throw new AppError(401, "SAML Response rejected: the assertion's Issuer is not the provider's entityID");
  const confirmations = (assertion?.Subject?.[0]?.SubjectConfirmation ?? []).flatMap((c) => c.SubjectConfirmationData ?? []);
  if (confirmations.length === 0 || confirmations.some((d) => d.$?.Recipient !== acsURL)) {
    throw new AppError(401, "SAML Response rejected: the assertion's Recipient is not this provider's ACS URL");
  }
  const response = new DOMParser().parseFromString(profile.getSamlResponseXml?.() ?? '', 'text/xml').documentElement;
  const destination = response?.getAttribute('Destination');
  if (destination && destination !== acsURL)
    throw new AppError(401, "SAML Response rejected: its Destination is not this provider's ACS URL");
}

/** The domain of an e-mail address (lower case). */
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/** The assertion's id and the end of its validity (for the replay check). */
function assertionIdentity(profile: Profile, now: Date) {
  const assertion = (profile.getAssertion?.() as { Assertion?: { $?: { ID?: string }; Conditions?: { $?: { NotOnOrAfter?: string } }[] } })
    ?.Assertion;
  const id = assertion?.$?.ID;
  if (!id) throw new AppError(401, 'SAML Response rejected: the assertion has no ID');
  const notOnOrAfter = Date.parse(assertion?.Conditions?.[0]?.$?.NotOnOrAfter ?? '');
  const expiresAt = new Date(
    (Number.isFinite(notOnOrAfter) ? notOnOrAfter : now.getTime() + DEFAULT_ASSERTION_LIFETIME_MS) + CLOCK_SKEW_MS,
  );
  return { id, expiresAt };
}

/**
 * The user the organization's provider may sign in as `email`: a new user (the
 * organization is recorded as its provisioner), one it provisioned before, or any
 * user of a domain the organization has verified. 403 for anyone else: the
 * address may belong to a user of another organization.
 */
async function vouchedUser(tx: Tx, organizationId: string, email: string) {
  const domainVerified = (await tx.verifiedEmailDomain.count({ where: { domain: domainOf(email), organizationId } })) > 0;
  const existing = await tx.user.findUnique({ where: { email } });
  if (!existing) {
    // The address counts as verified only where the organization proved it owns the domain.
    const created = await tx.user.createMany({
      data: [
        {
          id: newId('User'),
          email,
          emailVerified: domainVerified,
          displayName: email.slice(0, email.indexOf('@')),
          provisionedByOrganizationId: organizationId,
        },
      ],
      skipDuplicates: true,
    });
    // Another login created the same address at the same moment: judge that user like any existing one.
    if (created.count === 1) return tx.user.findUniqueOrThrow({ where: { email } });
  }
  const user = existing ?? (await tx.user.findUniqueOrThrow({ where: { email } }));
  if (providerMayVouch(organizationId, user, domainVerified)) return user;
  throw new AppError(
    403,
    `SAML Response rejected: this identity provider may not sign in ${email}: ` +
      'the address is not in a verified e-mail domain of the organization, and the user was not created by its sign-on',
  );
}

export interface SsoLogin {
  organizationId: string;
  userId: string;
  email: string;
  /** True when this login made the user a member of the organization. */
  joined: boolean;
  /** An API token (shown once) that sees only this organization. */
  token: string;
  tokenId: string;
}

/**
 * Verifies a SAML Response posted to the provider's ACS URL and logs its user
 * in: a new user is created (their address verified by the identity provider),
 * a user new to the organization joins it with the provider's `defaultRole`
 * and `defaultTeam`, and every such member is marked `sso`. The answer carries
 * a new API token bound to the organization; it replaces the user's previous
 * token from the same provider (revoked), so logins do not pile tokens up.
 * 401 for a response that does not verify or was already used; 403 for a
 * disabled member.
 */
export async function consumeSamlResponse(
  prisma: PrismaClient,
  urls: Urls,
  providerId: string,
  samlResponse: string,
  now: Date,
): Promise<SsoLogin> {
  const provider = await loadProvider(prisma, providerId);
  const saml = await samlFor(urls, provider);
  let profile: Profile;
  try {
    const result = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse });
    if (!result.profile || result.loggedOut) throw new Error('no assertion');
    profile = result.profile;
  } catch (err) {
    throw new AppError(401, `SAML Response rejected: ${(err as Error).message}`);
  }
  checkAddressing(profile, provider!, serviceProviderUrls(urls, providerId).acsURL);
  const email = assertedEmail(profile);
  const assertion = assertionIdentity(profile, now);
  const { organizationId, defaultRole, defaultTeamId } = provider!;
  const label = `sso:${providerId}`;

  return prisma.$transaction(async (tx) => {
    await tx.samlAssertion.deleteMany({ where: { providerId, expiresAt: { lt: now } } });
    const { count } = await tx.samlAssertion.createMany({
      data: [{ providerId, assertionId: assertion.id, expiresAt: assertion.expiresAt }],
      skipDuplicates: true,
    });
    if (count === 0) throw new AppError(401, 'SAML Response rejected: this assertion was already used');

    const user = await vouchedUser(tx, organizationId, email);
    const created = await tx.member.createMany({
      data: [{ organizationId, userId: user.id, role: defaultRole, sso: true }],
      skipDuplicates: true,
    });
    const joined = created.count === 1;
    const member = await tx.member.update({
      where: { organizationId_userId: { organizationId, userId: user.id } },
      data: { sso: true },
      select: { disabled: true },
    });
    if (member.disabled) throw new AppError(403, 'This membership is disabled');
    if (joined && defaultTeamId) {
      await tx.teamMember.createMany({
        data: [{ teamId: defaultTeamId, organizationId, userId: user.id, role: 'member' }],
        skipDuplicates: true,
      });
    }
    await tx.apiToken.updateMany({ where: { userId: user.id, label, revokedAt: null }, data: { revokedAt: now } });
    const token = await issueToken(tx, user.id, { label, organizationId });
    return { organizationId, userId: user.id, email, joined, token: token.secret, tokenId: token.id };
  });
}
