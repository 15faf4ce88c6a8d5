// The SQL that resolves content grants, shared by the token statement (the
// caller's grants, src/domain/auth/tokens.ts) and the member loaders (any member's):
// given a CTE `who(o, u)` of (organization, user) pairs, it defines
// `granted(o, u, id, level)`: each level granted to the user, directly or
// through one of their teams, on a space or collection of the organization,
// spread from a granted collection down to its nested collections and spaces.
// Pairs whose membership is gone or disabled must be left out of `who`.
export const grantedCte = `g AS (
      SELECT who.o, who.u, cg."contentId" AS id, cg."collectionId" AS col, cg.level
      FROM who JOIN "ContentGrant" cg ON cg."organizationId" = who.o
        AND (cg."userId" = who.u OR cg."teamId" IN (SELECT tm."teamId" FROM "TeamMember" tm WHERE tm."userId" = who.u AND tm."organizationId" = who.o))
    ), below AS (
      SELECT g.o, g.u, c.id, g.level FROM "Collection" c JOIN g ON c."parentId" = g.col
      UNION ALL
      SELECT below.o, below.u, c.id, below.level FROM "Collection" c JOIN below ON c."parentId" = below.id
    ) CYCLE o, u, id SET looped USING trail, granted AS (
      SELECT o, u, id, level FROM g
      UNION ALL SELECT o, u, id, level FROM below WHERE NOT looped
      UNION ALL SELECT g.o, g.u, s.id, g.level FROM "Space" s JOIN g ON s."parentId" = g.col
      UNION ALL SELECT below.o, below.u, s.id, below.level FROM "Space" s JOIN below ON s."parentId" = below.id WHERE NOT below.looped
    )`;
