// The translation of the policy filters' Prisma `where` into SQL (src/schema/plan/where.ts):
// the forms they use, and a refusal (Unplannable, hence the generic path) for anything else.
import { describe, expect, it } from 'vitest';
import { contentWhereForRole } from '../../../src/policy/filters.js';
import { Unplannable, whereToSql } from '../../../src/schema/plan/where.js';

const sql = (where: object) => {
  const params: unknown[] = [];
  return { text: whereToSql('Space', where, params).at('s'), params };
};

describe('whereToSql', () => {
  it('translates the content filter of every role', () => {
    expect(sql({ ...contentWhereForRole('admin', 'org_1'), deletedAt: null })).toEqual({
      text: '(s."organizationId" = $1 AND s."deletedAt" IS NULL)',
      params: ['org_1'],
    });
    expect(sql(contentWhereForRole('read', 'org_1', ['spc_a']))).toEqual({
      text: '(s."organizationId" = $1 AND ((s."memberLevel" <> $2) OR (s."id" = ANY($3::text[]))))',
      params: ['org_1', 'guest', ['spc_a']],
    });
    expect(sql(contentWhereForRole(null, 'org_1'))).toEqual({ text: '(s."organizationId" = $1 AND FALSE)', params: ['org_1'] });
    expect(sql(contentWhereForRole(undefined, 'org_1'))).toEqual({ text: '(s."organizationId" = $1 AND FALSE)', params: ['org_1'] });
  });

  it('ignores undefined values and reads empty lists as Prisma does', () => {
    expect(sql({ organizationId: undefined, AND: [], OR: [] }).text).toBe('(TRUE AND (FALSE))');
  });

  it("translates a filter on a to-one relation's row into an EXISTS on that row", () => {
    const params: unknown[] = [];
    const where = { organizationId: 'org_1', space: { ...contentWhereForRole('read', 'org_1', ['spc_a']), deletedAt: null } };
    expect(whereToSql('ChangeRequest', where, params).at('c')).toBe(
      '(c."organizationId" = $1 AND EXISTS (SELECT 1 FROM "Space" r0 WHERE r0."id" = c."spaceId" AND ' +
        '(r0."organizationId" = $2 AND ((r0."memberLevel" <> $3) OR (r0."id" = ANY($4::text[]))) AND r0."deletedAt" IS NULL)))',
    );
    expect(params).toEqual(['org_1', 'org_1', 'guest', ['spc_a']]);
    // Nested relations keep their aliases apart (a space's parent collection, within a change request's space).
    expect(whereToSql('ChangeRequest', { space: { parent: { title: 'A' } } }, []).at('c')).toBe(
      '(EXISTS (SELECT 1 FROM "Space" r0 WHERE r0."id" = c."spaceId" AND ' +
        '(EXISTS (SELECT 1 FROM "Collection" r1 WHERE r1."id" = r0."parentId" AND (r1."title" = $1)))))',
    );
  });

  it('refuses what it does not translate', () => {
    for (const where of [
      { members: { some: { userId: 'u' } } },
      { parent: null },
      { parent: { is: { title: 'A' } } },
      { organization: 'org_1' },
      { title: { contains: 'a' } },
      { createdAt: new Date() },
      { parentId: { not: 'col_a' } },
      { unknownColumn: 1 },
      { title: {} },
    ])
      expect(() => sql(where), JSON.stringify(where)).toThrow(Unplannable);
  });
});
