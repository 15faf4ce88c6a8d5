// SAML provider rules (spec 4.6): the limits of section 8, the certificate
// checked to be one X.509 certificate (PEM or bare base64, stored as PEM), the default team checked to be one of
// the organization's, and the service-provider URLs generated per provider.
import { X509Certificate } from 'node:crypto';
import type { Context, Urls } from '../../context.js';
import { requireActor } from '../../context.js';
import { authorize, organizationPolicy } from '../../policy/index.js';
import { samlProviderPolicy } from '../../policy/samlProvider.js';
import { badRequest, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import { checkLength, checkUrl } from '../../validate.js';
import { isRole, type Role } from '../../policy/roles.js';
import type { Prisma } from '../../generated/prisma/client.js';

type Query = { include?: Prisma.SamlProviderInclude; select?: Prisma.SamlProviderSelect };

export interface SamlProviderInput {
  label?: string | null;
  entityID?: string | null;
  certificate?: string | null;
  ssoURL?: string | null;
  defaultTeam?: string | null;
  /** null: guests; undefined: unchanged (create: `read`, the column's default). */
  defaultRole?: Role | null;
}

const PEM_CERTIFICATE = /^\s*-----BEGIN CERTIFICATE-----\r?\n[A-Za-z0-9+/=\r\n]+-----END CERTIFICATE-----\s*$/;
/** The body alone, as IdP metadata carries it (`<ds:X509Certificate>`): base64 of the DER, line breaks allowed. */
const BARE_BASE64 = /^[A-Za-z0-9+/\s]+={0,2}\s*$/;

/**
 * The certificate as stored: one X.509 certificate that parses, PEM-encoded (400 naming `certificate` otherwise).
 * A bare base64 body is accepted too and stored as PEM; it must decode to exactly one DER certificate.
 */
export function checkCertificate(text: string): string {
  checkLength('certificate', text, 1, 10_000);
  if (PEM_CERTIFICATE.test(text)) {
    parsedCertificate(text);
    return text.trim();
  }
  if (!BARE_BASE64.test(text))
    throw badRequest('must be one X.509 certificate, PEM-encoded (-----BEGIN CERTIFICATE-----) or bare base64', 'certificate');
  const body = text.replace(/\s+/g, '');
  const der = Buffer.from(body, 'base64');
  // Node's decoder skips what is not base64: re-encoding tells a clean body from one with stray characters.
  if (body.length % 4 !== 0 || der.toString('base64') !== body) throw badRequest('is not valid base64', 'certificate');
  const certificate = parsedCertificate(der);
  // Trailing bytes after the certificate (a second one, padding) are refused: exactly one certificate.
  if (!certificate.raw.equals(der)) throw badRequest('must be exactly one X.509 certificate', 'certificate');
  return certificate.toString().trim();
}

function parsedCertificate(encoded: string | Buffer): X509Certificate {
  try {
    return new X509Certificate(encoded);
  } catch {
    throw badRequest('is not a valid X.509 certificate', 'certificate');
  }
}

/** The fields to write, checked; `create` requires the label. Unknown default teams are a 400 naming `defaultTeam`. */
async function checkedData(ctx: Context, organizationId: string, input: SamlProviderInput, create: boolean) {
  if (create && input.label == null) throw badRequest('is required', 'label');
  if (input.label === null) throw badRequest('may not be null', 'label');
  checkLength('label', input.label, 1, 30);
  checkLength('entityID', input.entityID, 1, 1024);
  checkUrl('ssoURL', input.ssoURL, 2048);
  const certificate = input.certificate == null ? input.certificate : checkCertificate(input.certificate);
  if (input.defaultRole != null && !isRole(input.defaultRole)) throw badRequest('must be an organization role or null', 'defaultRole');
  if (input.defaultTeam != null) {
    const team = await ctx.prisma.team.findFirst({ where: { id: input.defaultTeam, organizationId }, select: { id: true } });
    if (!team) throw badRequest('is not a team of the organization', 'defaultTeam');
  }
  return {
    ...(input.label !== undefined ? { label: input.label! } : {}),
    ...(input.entityID !== undefined ? { entityID: input.entityID } : {}),
    ...(certificate !== undefined ? { certificate } : {}),
    ...(input.ssoURL !== undefined ? { ssoURL: input.ssoURL } : {}),
    ...(input.defaultTeam !== undefined ? { defaultTeamId: input.defaultTeam } : {}),
    ...(input.defaultRole !== undefined ? { defaultRole: input.defaultRole } : {}),
  };
}

/** The organization, authorized for `action` on its SAML providers (404 outside it, 403 for non-admins). */
async function authorizeProviders(ctx: Context, organizationId: string, action: 'read' | 'create' | 'update' | 'delete') {
  const actor = requireActor(ctx);
  const org = await ctx.prisma.organization.findUnique({ where: { id: organizationId }, select: { id: true, emailDomains: true } });
  authorize(organizationPolicy, actor, org, 'view');
  authorize(samlProviderPolicy, actor, { organizationId }, action);
}

/** The providers an organization lists (admins). */
export function samlProviderListWhere(ctx: Context, org: { id: string }): Prisma.SamlProviderWhereInput {
  authorize(samlProviderPolicy, requireActor(ctx), { organizationId: org.id }, 'read');
  return { organizationId: org.id };
}

export async function findSamlProvider(ctx: Context, organizationId: string, providerId: string, query: Query = {}) {
  authorize(samlProviderPolicy, requireActor(ctx), { organizationId }, 'read');
  const provider = await ctx.prisma.samlProvider.findFirst({ ...query, where: { id: providerId, organizationId } });
  if (!provider) throw notFound('SAML provider');
  return provider;
}

export async function createSamlProvider(ctx: Context, organizationId: string, input: SamlProviderInput, query: Query = {}) {
  await authorizeProviders(ctx, organizationId, 'create');
  const data = await checkedData(ctx, organizationId, input, true);
  return ctx.prisma.samlProvider.create({ ...query, data: { ...data, label: data.label!, id: newId('SamlProvider'), organizationId } });
}

export async function updateSamlProvider(
  ctx: Context,
  organizationId: string,
  providerId: string,
  input: SamlProviderInput,
  query: Query = {},
) {
  await authorizeProviders(ctx, organizationId, 'update');
  const data = await checkedData(ctx, organizationId, input, false);
  // Conditional: a provider deleted meanwhile is a 404, not a 500.
  const { count } = await ctx.prisma.samlProvider.updateMany({ where: { id: providerId, organizationId }, data });
  if (count === 0) throw notFound('SAML provider');
  return ctx.prisma.samlProvider.findUniqueOrThrow({ ...query, where: { id: providerId } });
}

/** Idempotent: true when this call deleted the provider, false when there was none (REST answers 204 either way). */
export async function deleteSamlProvider(ctx: Context, organizationId: string, providerId: string): Promise<boolean> {
  await authorizeProviders(ctx, organizationId, 'delete');
  const { count } = await ctx.prisma.samlProvider.deleteMany({ where: { id: providerId, organizationId } });
  return count === 1;
}

/** A provider is usable once the identity provider's entity id, certificate and sign-on URL are all known. */
export const samlProviderStatus = (p: { entityID: string | null; certificate: string | null; ssoURL: string | null }) =>
  p.entityID && p.certificate && p.ssoURL ? 'active' : 'pending';

/** The server's public base URL (urls.api less its `/v1`). */
const publicBase = (urls: Urls) => urls.api.replace(/\/v1$/, '');

/** What Quire is to the identity provider: its entity id, where responses are posted, where a login starts. */
export function serviceProviderUrls(urls: Urls, providerId: string) {
  const base = `${publicBase(urls)}/sso/saml/${providerId}`;
  return { entityID: base, acsURL: `${base}/acs`, startURL: `${base}/start` };
}

/** Login info of an organization's usable providers: `{id, label, startURL}` (anyone who can see the organization). */
export async function ssoLogins(ctx: Context, organizationId: string) {
  const org = await ctx.prisma.organization.findUnique({ where: { id: organizationId }, select: { id: true, emailDomains: true } });
  authorize(organizationPolicy, requireActor(ctx), org, 'view');
  const providers = await ctx.prisma.samlProvider.findMany({
    where: { organizationId, entityID: { not: null }, certificate: { not: null }, ssoURL: { not: null } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, label: true },
  });
  return providers.map((p) => ({ id: p.id, label: p.label, startURL: serviceProviderUrls(ctx.urls, p.id).startURL }));
}
