import type { GraphQLResolveInfo } from 'graphql';
import type { Context } from '../../context.js';
import { settledLoader } from '../../loaders.js';
import { fieldsAskedOfItems } from '../../schema/selection.js';
import { memberGrants } from '../permissions/loaders.js';
import { organizationsSharedWithActor } from '../users/loaders.js';
import { contentAudience } from '../../policy/index.js';
import type { Level } from '../../policy/roles.js';

/** The key of a member in the per-member loaders: "organizationId/userId". */
export const memberKeyOf = (m: { organizationId: string; userId: string }) => `${m.organizationId}/${m.userId}`;

interface ContentCounts {
  all: number;
  /** Spaces whose default level admits ordinary members. */
  forMembers: number;
}

/** Per organization: how many live spaces there are, and how many ordinary members see (one statement a batch). */
export const spaceCountsByOrganization = settledLoader<string, ContentCounts>(async (ctx, organizationIds) => {
  const rows = await ctx.prisma.$queryRaw<{ organizationId: string; all: bigint; forMembers: bigint }[]>`
    SELECT "organizationId", count(*) AS all, count(*) FILTER (WHERE "memberLevel" <> 'guest') AS "forMembers"
    FROM "Space" WHERE "organizationId" = ANY(${[...organizationIds]}) AND "deletedAt" IS NULL
    GROUP BY "organizationId"`;
  const byOrg = new Map(rows.map((r) => [r.organizationId, { all: Number(r.all), forMembers: Number(r.forMembers) }]));
  return organizationIds.map((id) => byOrg.get(id) ?? { all: 0, forMembers: 0 });
});

/** Per organization: how many sites it has (one statement a batch). */
export const siteCountsByOrganization = settledLoader<string, number>(async (ctx, organizationIds) => {
  const rows = await ctx.prisma.site.groupBy({
    by: ['organizationId'],
    where: { organizationId: { in: [...organizationIds] } },
    _count: true,
  });
  const byOrg = new Map(rows.map((r) => [r.organizationId, r._count]));
  return organizationIds.map((id) => byOrg.get(id) ?? 0);
});

/** Per member ("organizationId/userId"): how many teams of the organization they belong to. */
export const teamCountsByMember = settledLoader<string, number>(async (ctx, keys) => {
  const pairs = keys.map((k) => k.split('/') as [string, string]);
  const rows = await ctx.prisma.teamMember.groupBy({
    by: ['organizationId', 'userId'],
    where: { organizationId: { in: [...new Set(pairs.map((p) => p[0]))] }, userId: { in: [...new Set(pairs.map((p) => p[1]))] } },
    _count: true,
  });
  const byKey = new Map(rows.map((r) => [memberKeyOf(r), r._count]));
  return keys.map((k) => byKey.get(k) ?? 0);
});

/**
 * Spaces a member of `role` can access, given the organization's counts and
 * the live spaces granted to them (the policy decides which): granted spaces
 * add those closed to ordinary members, or all of them for a guest.
 */
export function accessibleSpaces(role: Level, counts: ContentCounts, granted: { all: number; closed: number } = { all: 0, closed: 0 }) {
  return { all: counts.all, members: counts.forMembers + granted.closed, none: granted.all }[contentAudience(role)];
}

/**
 * What the fields of a page of members read, loaded with the page when its items ask
 * for them (a statement per fact, none for a fact not asked): the fields then answer
 * at once instead of waiting per row.
 */
export const preloadMembers = (rows: unknown[], ctx: Context, info: GraphQLResolveInfo) =>
  loadMemberFacts(ctx, rows as MemberRow[], fieldsAskedOfItems(info));

/**
 * The same for a page of rows whose items ask for a member by a relation (`member` of a team's
 * memberships or of a space's user grants, by their organization and user).
 */
export const preloadRelatedMembers = (relation: string) => (rows: unknown[], ctx: Context, info: GraphQLResolveInfo) => {
  const asked = fieldsAskedOfItems(info, relation);
  return asked.size ? loadMemberFacts(ctx, rows as MemberRow[], asked) : undefined;
};

/** A member's key, and their role when the rows hold it (a related member's is read with it, not before). */
type MemberRow = { organizationId: string; userId: string; role?: Level | null };

function loadMemberFacts(ctx: Context, members: MemberRow[], asked: Set<string>) {
  const organizations = [...new Set(members.map((m) => m.organizationId))];
  return Promise.all([
    asked.has('spacesCount') &&
      Promise.all([spaceCountsByOrganization(ctx).loadAll(organizations), memberGrants(ctx).loadAll(members.map(memberKeyOf))]),
    asked.has('teamsCount') && teamCountsByMember(ctx).loadAll(members.map(memberKeyOf)),
    // Guests see no sites: their organizations' counts are not read (a related member's role is not known yet: read).
    asked.has('sitesCount') &&
      siteCountsByOrganization(ctx).loadAll([...new Set(members.filter((m) => m.role !== null).map((m) => m.organizationId))]),
    // The User type's check reads the organizations each user shares with the caller.
    asked.has('user') && organizationsSharedWithActor(ctx).loadAll(members.map((m) => m.userId)),
  ]);
}
