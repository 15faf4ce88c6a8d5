// PostGraphile with authorization (bench/postgraphile/server.mjs with PG_JWT_SECRET):
// a role, and row-level security policies on the tables the reference queries read,
// equivalent to Quire's rule for them (src/policy: organization.ts, content.ts,
// roles.ts, filters.ts), created in the bench database only (never in Quire's
// migrations), and the JWTs its callers present. The rule:
// - an organization is visible to its members (guests included) and to a caller whose
//   verified e-mail domain it allows (who may join it);
// - a space or collection to the organization's admins (deleted spaces too), and, when
//   live, to its other members if its member level is not `guest`, and to a member
//   (guests included) granted a level on it, directly or through a team, or on a
//   collection above it (Quire's own grant SQL, domain/permissions/grantsSql.ts);
// - memberships count as for Quire's token check (not disabled, SSO rules: MEMBERSHIP_COUNTS).
// Quire connects as the database's owner (and a superuser), which these policies do
// not bind; PostGraphile with RLS runs each request as the role (SET LOCAL role).
import { SignJWT } from 'jose';
import pg from 'pg';
import { MEMBERSHIP_COUNTS } from '../src/domain/auth/tokens.js';
import { grantedCte } from '../src/domain/permissions/grantsSql.js';

/** The HMAC secret of PostGraphile's JWTs (the load generator signs with it, PostGraphile verifies). */
export const POSTGRAPHILE_JWT_SECRET = 'bench-postgraphile-jwt-secret-0123456789';

/** A JWT for `userId`, as PostGraphile with RLS expects it, valid a week. */
export const postgraphileJwt = (userId: string) =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setAudience('postgraphile')
    .setIssuedAt()
    .setExpirationTime('7d')
    .sign(new TextEncoder().encode(POSTGRAPHILE_JWT_SECRET));

/** The role PostGraphile's requests run as: per bench database (roles belong to the cluster), dropped with it. */
export const rlsRoleOf = (databaseUrl: string) => `${new URL(databaseUrl).pathname.slice(1)}_reader`;

const caller = `NULLIF(current_setting('jwt.claims.user_id', true), '')`;

/** The statements that set it up, in order. */
export function rlsStatements(role: string): string[] {
  const contentPolicy = (table: 'Space' | 'Collection') => {
    const live = table === 'Space' ? `"deletedAt" IS NULL AND ` : '';
    return `CREATE POLICY bench_member_reads ON "${table}" FOR SELECT TO ${role} USING (
      "organizationId" IN (SELECT o FROM bench_rls.memberships() WHERE r = 'admin')
      OR (${live}(
        ("memberLevel" <> 'guest' AND "organizationId" IN (SELECT o FROM bench_rls.memberships() WHERE r <> 'guest'))
        OR id IN (SELECT id FROM bench_rls.grants())
      )))`;
  };
  return [
    `CREATE ROLE ${role} NOLOGIN`,
    `GRANT ${role} TO CURRENT_USER`,
    'CREATE SCHEMA bench_rls',
    `GRANT USAGE ON SCHEMA public, bench_rls TO ${role}`,
    `GRANT SELECT ON "Organization", "Space", "Collection" TO ${role}`,
    // The functions are PL/pgSQL so that each connection plans their statements once (a SQL function
    // that cannot be inlined, as SECURITY DEFINER ones cannot, is planned again in every query: that
    // doubled the nested read's execution). They read as their owner, not as the role.
    // The caller's memberships (organization, role; 'guest' for a guest).
    `CREATE FUNCTION bench_rls.memberships() RETURNS TABLE (o text, r text) LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
      BEGIN RETURN QUERY SELECT m."organizationId", COALESCE(m.role::text, 'guest') FROM "Member" m
      WHERE m."userId" = ${caller} AND ${MEMBERSHIP_COUNTS}; END $$`,
    // The spaces and collections granted to the caller in organizations they are a member of.
    `CREATE FUNCTION bench_rls.grants() RETURNS TABLE (id text) LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
      #variable_conflict use_column
      BEGIN RETURN QUERY WITH RECURSIVE who AS (SELECT m.o, ${caller} AS u FROM bench_rls.memberships() m), ${grantedCte}
      SELECT DISTINCT granted.id FROM granted; END $$`,
    `CREATE FUNCTION bench_rls.verified_domain() RETURNS text LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
      BEGIN RETURN (SELECT lower(substr(u.email, strpos(u.email, '@') + 1)) FROM "User" u WHERE u.id = ${caller} AND u."emailVerified"); END $$`,
    `GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA bench_rls TO ${role}`,
    'ALTER TABLE "Organization" ENABLE ROW LEVEL SECURITY',
    'ALTER TABLE "Space" ENABLE ROW LEVEL SECURITY',
    'ALTER TABLE "Collection" ENABLE ROW LEVEL SECURITY',
    `CREATE POLICY bench_member_reads ON "Organization" FOR SELECT TO ${role} USING (
      id IN (SELECT o FROM bench_rls.memberships()) OR bench_rls.verified_domain() = ANY("emailDomains"))`,
    contentPolicy('Space'),
    contentPolicy('Collection'),
  ];
}

/** Creates the role, functions and policies in the bench database; answers how to drop the role after the database. */
export async function setUpRls(databaseUrl: string) {
  const role = rlsRoleOf(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const statement of rlsStatements(role)) await client.query(statement);
  } finally {
    await client.end();
  }
  return {
    role,
    /** Drops the role (once its database is gone, nothing depends on it). */
    async drop() {
      const server = new URL(databaseUrl);
      server.pathname = '/postgres';
      const admin = new pg.Client({ connectionString: server.toString() });
      await admin.connect();
      try {
        await admin.query(`DROP ROLE IF EXISTS ${role}`);
      } finally {
        await admin.end();
      }
    },
  };
}
