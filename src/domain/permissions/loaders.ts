import DataLoader from 'dataloader';
import { requestLoader } from '../../loaders.js';

/**
 * Per team: how many live spaces it was granted a level on, directly or through
 * a collection above them (one statement per batch).
 */
export const teamSpaceCounts = requestLoader(
  (ctx) =>
    new DataLoader<string, number>(async (teamIds) => {
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
    }),
);
