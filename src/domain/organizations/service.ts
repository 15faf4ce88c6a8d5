// Organization rules: settings updates and joining by e-mail domain.
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { authorize, organizationPolicy } from '../../policy/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { checkLength, checkPattern, checkUrl } from '../../validate.js';
import { parseMergeRules } from '../shared/mergeRules.js';
import type { Role } from '../../policy/roles.js';
import { Prisma } from '../../generated/prisma/client.js';

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const HOSTNAME = /^[a-z0-9][a-z0-9-]*[a-z0-9]$/;

export interface UpdateOrganizationInput {
  title?: string | null;
  emailDomains?: string[] | null;
  hostname?: string | null;
  defaultRole?: Role | null;
  defaultContent?: { type: string; site: string } | null;
  logo?: string | null;
  sso?: boolean | null;
  ai?: boolean | null;
  inviteLinks?: boolean | null;
  mergeRules?: unknown;
}

/** An organization the caller may see, or 404. */
export async function findOrganization(ctx: Context, id: string, query: object = {}) {
  const org = await ctx.prisma.organization.findUnique({ ...query, where: { id } });
  return authorize(organizationPolicy, requireActor(ctx), org, 'view');
}

export async function updateOrganization(ctx: Context, id: string, input: UpdateOrganizationInput, query: object = {}) {
  const org = await ctx.prisma.organization.findUnique({ where: { id } });
  authorize(organizationPolicy, requireActor(ctx), org, 'update');

  const data: Prisma.OrganizationUpdateInput = {};
  if (input.title !== undefined) {
    if (input.title === null) throw badRequest('cannot be null', 'title');
    checkLength('title', input.title, 2, 255);
    checkPattern('title', input.title, /^\S.*\S$/s, 'free of leading and trailing spaces');
    data.title = input.title;
  }
  if (input.emailDomains !== undefined) {
    const domains = (input.emailDomains ?? []).map((d) => d.trim().toLowerCase());
    domains.forEach((d, i) => checkPattern(`emailDomains[${i}]`, d, DOMAIN, 'a domain name such as example.com'));
    data.emailDomains = [...new Set(domains)];
  }
  if (input.hostname !== undefined) {
    checkLength('hostname', input.hostname, 3, 32);
    checkPattern('hostname', input.hostname, HOSTNAME, 'lowercase letters, digits and dashes');
    data.hostname = input.hostname;
  }
  if (input.defaultRole !== undefined) data.defaultRole = input.defaultRole;
  if (input.defaultContent !== undefined) {
    if (input.defaultContent !== null) {
      const site = await ctx.prisma.site.findFirst({ where: { id: input.defaultContent.site, organizationId: id }, select: { id: true } });
      if (!site) throw badRequest('must name a site of this organization', 'defaultContent.site');
    }
    data.defaultContentSiteId = input.defaultContent?.site ?? null;
  }
  if (input.logo !== undefined) {
    checkUrl('logo', input.logo);
    data.logoURL = input.logo;
  }
  for (const flag of ['sso', 'ai', 'inviteLinks'] as const) {
    if (input[flag] === null) throw badRequest('cannot be null', flag);
    if (input[flag] !== undefined) data[flag] = input[flag];
  }
  if (input.mergeRules !== undefined) data.mergeRules = parseMergeRules(input.mergeRules, { allowInherit: false });

  try {
    return await ctx.prisma.organization.update({ ...query, where: { id }, data });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw conflict('hostname is already taken');
    throw err;
  }
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * Joins an organization whose allowed e-mail domains include the caller's
 * verified e-mail domain; the new member gets the organization's default role.
 */
export async function joinOrganization(ctx: Context, id: string) {
  const actor = requireActor(ctx);
  const org = await ctx.prisma.organization.findUnique({ where: { id }, select: { id: true, emailDomains: true, defaultRole: true } });
  if (!org) throw notFound('Organization');
  if (actor.memberships.has(id)) return org;
  if (!actor.emailVerified || !org.emailDomains.includes(domainOf(actor.email))) {
    throw badRequest('Your verified e-mail domain is not allowed to join this organization');
  }
  await ctx.prisma.member.create({ data: { organizationId: id, userId: actor.userId, role: org.defaultRole } });
  actor.memberships.set(id, org.defaultRole);
  return org;
}

/** Organizations a caller may join or belongs to, by their own verified e-mail domain. */
export async function organizationsForEmailDomain(ctx: Context, emailDomain: string, query: object = {}) {
  const actor = requireActor(ctx);
  const domain = emailDomain.toLowerCase();
  if (!actor.emailVerified || domainOf(actor.email) !== domain) {
    throw forbidden('You can only look up the domain of your own verified e-mail address');
  }
  return ctx.prisma.organization.findMany({ ...query, where: { emailDomains: { has: domain } }, orderBy: { createdAt: 'asc' } });
}
