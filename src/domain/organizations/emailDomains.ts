// The e-mail domains an organization lets in (anyone with a verified address in
// one of them may join): checked, normalized, and never a public mailbox
// provider, which would let the whole world join.
import type { PrismaClient } from '../../generated/prisma/client.js';
import { badRequest, conflict, notFound } from '../../errors.js';

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** At most this many domains per organization. */
export const MAX_EMAIL_DOMAINS = 50;

/** Providers where anyone can get an address. */
const PUBLIC_PROVIDERS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'mail.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'qq.com',
  '163.com',
  '126.com',
  'zoho.com',
  'fastmail.com',
  'tutanota.com',
  'web.de',
  'free.fr',
  'orange.fr',
  'hey.com',
]);

/** Lower-cased, de-duplicated domains; a 400 names the first bad one (`emailDomains[i]`). */
export function parseEmailDomains(value: string[] | null): string[] {
  const domains = (value ?? []).map((d) => d.trim().toLowerCase());
  if (domains.length > MAX_EMAIL_DOMAINS) throw badRequest(`must list at most ${MAX_EMAIL_DOMAINS} domains`, 'emailDomains');
  domains.forEach((domain, i) => {
    const field = `emailDomains[${i}]`;
    if (!DOMAIN.test(domain)) throw badRequest('must be a domain name such as example.com', field);
    if (PUBLIC_PROVIDERS.has(domain)) throw badRequest('must not be a public e-mail provider: anyone could join', field);
  });
  return [...new Set(domains)];
}

type Db = Pick<PrismaClient, 'verifiedEmailDomain' | 'organization'>;

/**
 * Records that the organization owns `domain` (an operator's word, `quire domain verify`):
 * its SAML providers may then sign in any address of it. A domain belongs to one
 * organization at most: 409 when another one holds it.
 */
export async function verifyEmailDomain(db: Db, organizationId: string, domain: string) {
  const [normalized] = parseEmailDomains([domain]);
  if (!(await db.organization.findUnique({ where: { id: organizationId }, select: { id: true } }))) throw notFound('Organization');
  await db.verifiedEmailDomain.createMany({ data: [{ domain: normalized!, organizationId }], skipDuplicates: true });
  const row = await db.verifiedEmailDomain.findUniqueOrThrow({ where: { domain: normalized } });
  if (row.organizationId !== organizationId) throw conflict(`The domain ${normalized} is verified by another organization`);
  return row;
}

/** Withdraws the organization's claim on `domain`; `removed` tells whether it held it. */
export async function unverifyEmailDomain(db: Db, organizationId: string, domain: string) {
  const { count } = await db.verifiedEmailDomain.deleteMany({ where: { domain: domain.trim().toLowerCase(), organizationId } });
  return { organizationId, domain: domain.trim().toLowerCase(), removed: count === 1 };
}

export function listVerifiedEmailDomains(db: Db, organizationId: string) {
  return db.verifiedEmailDomain.findMany({ where: { organizationId }, orderBy: { domain: 'asc' } });
}
