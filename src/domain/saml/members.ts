// SSO membership: a member marked `sso` signs in through the organization's
// identity provider (set by an admin, or by a login through a provider).
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { authorize, organizationPolicy } from '../../policy/index.js';
import { samlProviderPolicy } from '../../policy/samlProvider.js';
import { notFound } from '../../errors.js';

/** Marks an existing member as an SSO member (admins); 404 when the user is not a member. */
export async function setSsoMember(ctx: Context, organizationId: string, userId: string) {
  const actor = requireActor(ctx);
  const org = await ctx.prisma.organization.findUnique({ where: { id: organizationId }, select: { id: true, emailDomains: true } });
  authorize(organizationPolicy, actor, org, 'view');
  authorize(samlProviderPolicy, actor, { organizationId }, 'setSsoMember');
  const { count } = await ctx.prisma.member.updateMany({ where: { organizationId, userId }, data: { sso: true } });
  if (count === 0) throw notFound('Member');
  return ctx.prisma.member.findUniqueOrThrow({ where: { organizationId_userId: { organizationId, userId } } });
}

/**
 * Why an organization refuses API tokens to a user, or undefined: an
 * organization that enforces SSO issues tokens only to its SSO members (the
 * CLI's `token create`, `user create` and the SSO login itself check this).
 */
export async function ssoTokenRefusal(db: Pick<Context['prisma'], 'member'>, userId: string): Promise<string | undefined> {
  const blocking = await db.member.findMany({
    where: { userId, sso: false, disabled: false, organization: { sso: true } },
    select: { organization: { select: { id: true, title: true } } },
    orderBy: { organizationId: 'asc' },
  });
  if (blocking.length === 0) return undefined;
  const names = blocking.map((m) => `"${m.organization.title}" (${m.organization.id})`).join(', ');
  return (
    `API tokens refused: ${names} enforces single sign-on and this user is not an SSO member there; ` +
    "an admin can mark them with POST /v1/orgs/{organizationId}/members/{userId}/sso, or they log in through the organization's identity provider"
  );
}
