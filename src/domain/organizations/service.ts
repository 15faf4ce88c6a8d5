// Organization rules: settings updates and joining by e-mail domain.
import type { Context } from '../../context.js';
import { answerAs, requireActor } from '../../context.js';
import {
  authorize,
  mayLookUpEmailDomain,
  organizationPolicy,
  selfJoinRefusal,
  verifiedEmailDomain,
  withMembership,
} from '../../policy/index.js';
import { badRequest, conflict, forbidden } from '../../errors.js';
import { checkLength, checkPattern, checkUrl } from '../../validate.js';
import { checkReviewersAreMembers, parseMergeRules } from '../changeRequests/mergeRules.js';
import type { Role } from '../../policy/roles.js';
import { Prisma } from '../../generated/prisma/client.js';
import { parseEmailDomains } from './emailDomains.js';

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
  // null clears the list: nobody joins by e-mail domain any more.
  if (input.emailDomains !== undefined) data.emailDomains = parseEmailDomains(input.emailDomains);
  if (input.hostname !== undefined) {
    // Hostnames are case-insensitive: stored in lower case. null removes it.
    const hostname = input.hostname?.toLowerCase() ?? null;
    checkLength('hostname', hostname, 3, 32);
    checkPattern('hostname', hostname, HOSTNAME, 'lowercase letters, digits and dashes, not starting or ending with a dash');
    data.hostname = hostname;
  }
  if (input.defaultRole !== undefined) data.defaultRole = input.defaultRole;
  if (input.defaultContent !== undefined) {
    // Only a site can be the default content (the REST/GraphQL enum already says so).
    if (input.defaultContent !== null) {
      if (input.defaultContent.type !== 'site') throw badRequest('must be "site"', 'defaultContent.type');
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
  if (input.mergeRules !== undefined) {
    const mergeRules = parseMergeRules(input.mergeRules, { allowInherit: false });
    await checkReviewersAreMembers(ctx.prisma, id, mergeRules);
    data.mergeRules = mergeRules;
  }

  try {
    if (data.sso !== true) return await ctx.prisma.organization.update({ ...query, where: { id }, data });
    // Turning SSO on cuts off the tokens of non-SSO members (auth/tokens.ts): the admin who does it
    // becomes an SSO member, so the organization keeps an admin who can reach it.
    return await ctx.prisma.$transaction(async (tx) => {
      await tx.member.updateMany({ where: { organizationId: id, userId: requireActor(ctx).userId }, data: { sso: true } });
      return tx.organization.update({ ...query, where: { id }, data });
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') throw conflict('hostname is already taken');
    throw err;
  }
}

/**
 * Joins an organization whose allowed e-mail domains include the caller's
 * verified e-mail domain; the new member gets the organization's default role
 * (null: guest). Joining again is a no-op that keeps the member's role; a
 * disabled membership stays disabled (403): joining is no way around an admin.
 * Joining is no oracle: a caller without a verified address gets 400 whatever
 * the id, and an organization that does not let the caller's domain in answers
 * 404 exactly like one that does not exist (the policy's `view` rule).
 */
export async function joinOrganization(ctx: Context, id: string) {
  const actor = requireActor(ctx);
  if (!verifiedEmailDomain(actor)) throw badRequest('Only a verified e-mail address can join an organization by its domain');
  const org = await ctx.prisma.organization.findUnique({
    where: { id },
    select: { id: true, emailDomains: true, defaultRole: true, sso: true },
  });
  const existing =
    org &&
    (await ctx.prisma.member.findUnique({
      where: { organizationId_userId: { organizationId: id, userId: actor.userId } },
      select: { disabled: true },
    }));
  if (existing?.disabled) throw forbidden('Your membership of this organization is disabled');
  if (existing) return org;
  authorize(organizationPolicy, actor, org, 'join');
  const refusal = selfJoinRefusal(org!);
  if (refusal) throw forbidden(refusal);
  // Concurrent joins of the same caller insert one row; the others skip it.
  await ctx.prisma.member.createMany({
    data: [{ organizationId: id, userId: actor.userId, role: org!.defaultRole, joinedAt: ctx.clock.now() }],
    skipDuplicates: true,
  });
  // The payload (the organization joined, read by the resolver) answers for the member they now are.
  answerAs(ctx, withMembership(actor, id, org!.defaultRole));
  return org!;
}

/** Organizations that allow an e-mail domain, for an owner of a verified address in it. */
export async function organizationsForEmailDomain(ctx: Context, emailDomain: string, query: object = {}) {
  if (!mayLookUpEmailDomain(requireActor(ctx), emailDomain)) {
    throw forbidden('You can only look up the domain of your own verified e-mail address');
  }
  const domain = emailDomain.toLowerCase();
  return ctx.prisma.organization.findMany({
    ...query,
    where: { emailDomains: { has: domain } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}
