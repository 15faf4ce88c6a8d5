// Each connection prepares a statement text once (src/db/statementNames.ts):
// the token statement and Prisma's statements are parsed and planned on the
// first request, then reused, and the set stays the same however often they run.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { createOrg, createSpace } from '../support/factories.js';
import { statementNames } from '../../src/db/statementNames.js';

describe('prepared statements', () => {
  // One connection: every statement of the requests below runs on the one this test reads.
  const app = useTestApp({ database: { poolSize: 1 } });

  const prepared = async () =>
    app.prisma.$queryRawUnsafe<{ name: string; statement: string }[]>(`SELECT name, statement FROM pg_prepared_statements ORDER BY name`);

  it('prepares the token statement and the reads of a request once, and reuses them', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const read = async () => {
      expect((await rest(app, org.admin.token).get(`/v1/spaces/${space.id}`)).status).toBe(200);
      const answer = await graphql(app, org.admin.token, `query($id: ID!) { space(id: $id) { title organization { id } } }`, {
        id: space.id,
      });
      expect(answer.errors).toBeUndefined();
    };
    await read();
    const first = await prepared();
    expect(first.some((s) => s.statement.includes('"ApiToken" k') && s.name.startsWith('quire_'))).toBe(true);
    expect(first.some((s) => s.statement.includes('FROM "public"."Space"'))).toBe(true);
    for (let i = 0; i < 5; i++) await read();
    expect(await prepared()).toEqual(first);
  });

  it('names only statements with parameters, the same text the same name, and stops at its limit', () => {
    const nameOf = statementNames();
    expect(nameOf('BEGIN', 0)).toBeUndefined();
    expect(nameOf('SELECT 1 FROM "Space" AS t0 LEFT JOIN LATERAL (SELECT 1 WHERE t0.id = $1) AS o ON true', 1)).toBeUndefined();
    const name = nameOf('SELECT $1::int', 1);
    expect(name).toMatch(/^quire_\d+$/);
    expect(nameOf('SELECT $1::int', 1)).toBe(name);
    expect(nameOf('SELECT $1::text', 1)).not.toBe(name);
    for (let i = 0; i < 3_000; i++) nameOf(`SELECT $1::int + ${i}`, 1);
    expect(nameOf('SELECT $1::int + 2999', 1)).toBeUndefined();
    expect(nameOf('SELECT $1::int', 1)).toBe(name);
  });
});
