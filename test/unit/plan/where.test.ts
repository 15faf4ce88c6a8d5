// The translation of the policy filters' Prisma `where` into SQL (src/schema/plan/where.ts):
// the forms they use, and a refusal (Unplannable, hence the generic path) for anything else.
import { describe, expect, it } from 'vitest';
import { contentWhereForRole } from '../../../src/policy/filters.js';
import { Unplannable, afterCursorSql, orderBySql, orderOf, whereToSql } from '../../../src/schema/plan/where.js';

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

  it("translates `some` of a to-many relation's rows into an EXISTS on its rows", () => {
    const params: unknown[] = [];
    const where = { organizationId: 'org_1', siteSpaces: { some: { spaceId: 'spc_a', space: { deletedAt: null } } } };
    expect(whereToSql('Site', where, params).at('s')).toBe(
      '(s."organizationId" = $1 AND EXISTS (SELECT 1 FROM "SiteSpace" r0 WHERE r0."siteId" = s."id" AND ' +
        '(r0."spaceId" = $2 AND EXISTS (SELECT 1 FROM "Space" r1 WHERE r1."id" = r0."spaceId" AND (r1."deletedAt" IS NULL)))))',
    );
    expect(params).toEqual(['org_1', 'spc_a']);
    expect(whereToSql('Site', { defaultOfSites: undefined, siteSpaces: { some: {} } }, []).at('s')).toBe(
      '(EXISTS (SELECT 1 FROM "SiteSpace" r0 WHERE r0."siteId" = s."id" AND TRUE))',
    );
  });

  it("translates text search as Prisma's LIKE patterns, ILIKE when insensitive, the value's wildcards kept", () => {
    expect(sql({ title: { contains: 'a_b%', mode: 'insensitive' } })).toEqual({ text: '(s."title"::text ILIKE $1)', params: ['%a_b%%'] });
    expect(sql({ title: { startsWith: 'Doc' }, emoji: { endsWith: '.' } })).toEqual({
      text: '(s."title"::text LIKE $1 AND s."emoji"::text LIKE $2)',
      params: ['Doc%', '%.'],
    });
  });

  it('refuses what it does not translate', () => {
    for (const where of [
      { changeRequests: { every: { status: 'open' } } },
      { changeRequests: { none: { status: 'open' } } },
      { changeRequests: { some: { status: 'open' }, none: { status: 'draft' } } },
      { changeRequests: { some: null } },
      { parent: null },
      { parent: { is: { title: 'A' } } },
      { organization: 'org_1' },
      { title: { equals: 'a', mode: 'insensitive' } },
      { title: { contains: 'a', mode: 'fuzzy' } },
      { createdAt: { contains: 'a' } },
      { createdAt: new Date() },
      { parentId: { not: 'col_a' } },
      { unknownColumn: 1 },
      { title: {} },
    ])
      expect(() => sql(where), JSON.stringify(where)).toThrow(Unplannable);
  });
});

describe('orderOf and the cursor condition', () => {
  it('reads a total order on required columns, each with its direction', () => {
    const order = orderOf('Space', [{ createdAt: 'desc' }, { id: 'asc' }], ['id'], {});
    expect(order.terms.map((term) => [term.sql('t'), term.direction])).toEqual([
      ['t."createdAt"', 'desc'],
      ['t."id"', 'asc'],
    ]);
    expect(order.joins('t')).toBe('');
    // Not total (the key missing), on a relation's text, on a nullable column: refused.
    expect(() => orderOf('Space', [{ createdAt: 'asc' }], ['id'], {})).toThrow(Unplannable);
    expect(() => orderOf('Space', [{ parent: { title: 'asc' } }, { id: 'asc' }], ['id'], {})).toThrow(Unplannable);
    expect(() => orderOf('Space', [{ deletedAt: 'asc' }, { id: 'asc' }], ['id'], {})).toThrow(Unplannable);
  });

  it("orders by a relation's position with its absence last ascending (first descending), as PostgreSQL does", () => {
    const order = orderOf('SiteSpace', [{ section: { sortKey: 'asc' } }, { sortKey: 'asc' }, { id: 'asc' }], ['id'], {});
    expect(order.joins('t')).toBe('LEFT JOIN "SiteSection" t_o0 ON t_o0."id" = t."sectionId"');
    expect(order.terms.map((term) => term.sql('t'))).toEqual([
      '(t_o0."sortKey" IS NULL)',
      'COALESCE(t_o0."sortKey", 0)',
      't."sortKey"',
      't."id"',
    ]);
    expect(afterCursorSql(order, 't', '"SiteSpace"', 'k."id" = $1', false)).toBe(
      '((t_o0."sortKey" IS NULL), COALESCE(t_o0."sortKey", 0), t."sortKey", t."id") > ' +
        '(SELECT (k_o0."sortKey" IS NULL), COALESCE(k_o0."sortKey", 0), k."sortKey", k."id" FROM "SiteSpace" k ' +
        'LEFT JOIN "SiteSection" k_o0 ON k_o0."id" = k."sectionId" WHERE k."id" = $1)',
    );
  });

  it('compares rows when every column goes one way, and column after column otherwise', () => {
    const oneWay = orderOf('Space', [{ createdAt: 'asc' }, { id: 'asc' }], ['id'], {});
    expect(afterCursorSql(oneWay, 't', '"Space"', 'k."id" = $1', false)).toBe(
      '(t."createdAt", t."id") > (SELECT k."createdAt", k."id" FROM "Space" k WHERE k."id" = $1)',
    );
    expect(afterCursorSql(oneWay, 't', '"Space"', 'k."id" = $1', true)).toContain('(t."createdAt", t."id") < (SELECT');
    const mixed = orderOf('Space', [{ createdAt: 'desc' }, { id: 'asc' }], ['id'], {});
    expect(afterCursorSql(mixed, 't', '"Space"', 'k."id" = $1', false)).toBe(
      'EXISTS (SELECT 1 FROM "Space" k WHERE k."id" = $1 AND ((t."createdAt" < k."createdAt") OR (t."createdAt" = k."createdAt" AND t."id" > k."id")))',
    );
    // Before the cursor: each comparison turned.
    expect(afterCursorSql(mixed, 't', '"Space"', 'k."id" = $1', true)).toContain(
      '(t."createdAt" > k."createdAt") OR (t."createdAt" = k."createdAt" AND t."id" < k."id")',
    );
    expect(orderBySql(mixed, (term) => term.sql('t'))).toBe('t."createdAt" DESC, t."id" ASC');
    expect(orderBySql(mixed, (term) => term.sql('t'), true)).toBe('t."createdAt" ASC, t."id" DESC');
  });
});
