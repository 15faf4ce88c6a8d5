// PostGraphile v5 (amber preset, no authorization) over the bench database: the
// second reference of `npm run bench`, started by bench/run.ts with the Node 22
// binary of this folder's `node` package. /healthz answers for the bench's start check.
import { createServer } from 'node:http';
import { postgraphile } from 'postgraphile';
import { PostGraphileAmberPreset } from 'postgraphile/presets/amber';
import { makePgService } from 'postgraphile/adaptors/pg';
import { grafserv } from 'postgraphile/grafserv/node';

const preset = {
  extends: [PostGraphileAmberPreset],
  // The same pool size as Quire's default.
  pgServices: [makePgService({ connectionString: process.env.DATABASE_URL, schemas: ['public'], poolConfig: { max: 10 } })],
  grafserv: { graphqlPath: '/graphql', graphiql: false },
  grafast: { explain: false },
};
const handler = postgraphile(preset).createServ(grafserv).createHandler();
const server = createServer((req, res) => {
  if (req.url === '/healthz') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
  handler(req, res);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
