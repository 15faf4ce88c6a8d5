// PostGraphile v5 (amber preset) over the bench database: the second reference of
// `npm run bench`, started by bench/run.ts with the Node 22 binary of this folder's
// `node` package, in one of two configurations:
// - without authorization (no PG_JWT_SECRET): every request reads as the connection's
//   user, which row-level security does not bind;
// - with JWT authentication and row-level security (PG_JWT_SECRET, PG_RLS_ROLE): each
//   request presents a JWT (HS256, audience `postgraphile`, `sub` the user id), verified
//   here with jose; its statements run as PG_RLS_ROLE with `jwt.claims.user_id` set, so
//   the policies of bench/postgraphileRls.ts decide which rows it reads. A request
//   without a valid JWT reads as nobody (no row).
// /healthz answers for the bench's start check.
import { createServer } from 'node:http';
import { jwtVerify } from 'jose';
import { postgraphile } from 'postgraphile';
import { PostGraphileAmberPreset } from 'postgraphile/presets/amber';
import { makePgService } from 'postgraphile/adaptors/pg';
import { grafserv } from 'postgraphile/grafserv/node';

const secret = process.env.PG_JWT_SECRET ? new TextEncoder().encode(process.env.PG_JWT_SECRET) : null;
const role = process.env.PG_RLS_ROLE;
if (secret && !role) throw new Error('PG_JWT_SECRET needs PG_RLS_ROLE');

/** The settings of a request's transaction: the role bound by the policies, and the caller the JWT names. */
async function pgSettingsOf(authorization) {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  const claims = token
    ? await jwtVerify(token, secret, { algorithms: ['HS256'], audience: 'postgraphile' }).then(
        (verified) => verified.payload,
        () => null,
      )
    : null;
  return { role, 'jwt.claims.user_id': typeof claims?.sub === 'string' ? claims.sub : '' };
}

const preset = {
  extends: [PostGraphileAmberPreset],
  // The same pool size and idle timeout as Quire's defaults (src/db/settings.ts).
  pgServices: [
    makePgService({ connectionString: process.env.DATABASE_URL, schemas: ['public'], poolConfig: { max: 10, idleTimeoutMillis: 300_000 } }),
  ],
  grafserv: { graphqlPath: '/graphql', graphiql: false },
  grafast: {
    explain: false,
    ...(secret
      ? { context: async (requestContext) => ({ pgSettings: await pgSettingsOf(requestContext.node?.req?.headers?.authorization) }) }
      : {}),
  },
};
const handler = postgraphile(preset).createServ(grafserv).createHandler();
const server = createServer((req, res) => {
  if (req.url === '/healthz') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
  handler(req, res);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
