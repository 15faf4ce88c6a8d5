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

  it('refuses what it does not translate', () => {
    for (const where of [
      { members: { some: { userId: 'u' } } },
      { title: { contains: 'a' } },
      { createdAt: new Date() },
      { parentId: { not: 'col_a' } },
      { unknownColumn: 1 },
      { title: {} },
    ])
      expect(() => sql(where), JSON.stringify(where)).toThrow(Unplannable);
  });
});
