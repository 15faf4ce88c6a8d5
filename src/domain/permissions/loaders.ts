import { settledLoader } from '../../loaders.js';
import { higher, type Role } from '../../policy/roles.js';
import { grantedCte } from './grantsSql.js';

/**
 * Per team: how many live spaces it was granted a level on, directly or through
 * a collection above them (one statement per batch).
 */
export const teamSpaceCounts = settledLoader<string, number>(async (ctx, teamIds) => {
  const rows = await ctx.prisma.$queryRaw<{ team: string; spaces: bigint }[]>`
    WITH RECURSIVE g AS (
      SELECT "teamId" AS team, "spaceId", "collectionId" FROM "ContentGrant" WHERE "teamId" = ANY(${[...teamIds]})
    ), below AS (
      SELECT g.team, g."collectionId" AS id FROM g WHERE g."collectionId" IS NOT NULL
      UNION ALL
      SELECT below.team, c.id FROM "Collection" c JOIN below ON c."parentId" = below.id
    ) CYCLE team, id SET looped USING trail, reached AS (
      SELECT team, "spaceId" AS space FROM g WHERE "spaceId" IS NOT NULL
      UNION ALL
      SELECT below.team, s.id FROM "Space" s JOIN below ON s."parentId" = below.id WHERE NOT below.looped
    )
    SELECT r.team, count(DISTINCT r.space) AS spaces
    FROM reached r JOIN "Space" s ON s.id = r.space AND s."deletedAt" IS NULL
    GROUP BY r.team`;
  const byTeam = new Map(rows.map((r) => [r.team, Number(r.spaces)]));
  return teamIds.map((id) => byTeam.get(id) ?? 0);
});

export interface MemberGrants {
  /** Content id → the highest level granted (as the actor's `grants`). */
  grants: Map<string, Role>;
  /** Granted live spaces, and those of them closed to ordinary members (default level none). */
  spaces: { all: number; closed: number };
}

/** Per member ("organizationId/userId"): the levels granted to them and their teams (one statement per batch). */
export const memberGrants = settledLoader<string, MemberGrants>(async (ctx, keys) => {
  const pairs = keys.map((k) => k.split('/'));
  const rows = await ctx.prisma.$queryRawUnsafe<{ o: string; u: string; id: string; level: Role; space_level: string | null }[]>(
    `WITH RECURSIVE who AS (SELECT * FROM unnest($1::text[], $2::text[]) AS w(o, u)), ${grantedCte}
    SELECT granted.o, granted.u, granted.id, granted.level::text AS level, s."memberLevel" AS space_level
    FROM granted LEFT JOIN "Space" s ON s.id = granted.id AND s."deletedAt" IS NULL`,
    pairs.map((p) => p[0]),
    pairs.map((p) => p[1]),
  );
  const byKey = new Map<string, { grants: Map<string, Role>; all: Set<string>; closed: Set<string> }>();
  for (const row of rows) {
    const key = `${row.o}/${row.u}`;
    let entry = byKey.get(key);
    if (!entry) byKey.set(key, (entry = { grants: new Map(), all: new Set(), closed: new Set() }));
    entry.grants.set(row.id, higher(entry.grants.get(row.id) ?? null, row.level)!);
    if (row.space_level != null) entry.all.add(row.id);
    if (row.space_level === 'guest') entry.closed.add(row.id);
  }
  return keys.map((key) => {
    const entry = byKey.get(key);
    return { grants: entry?.grants ?? new Map(), spaces: { all: entry?.all.size ?? 0, closed: entry?.closed.size ?? 0 } };
  });
});
