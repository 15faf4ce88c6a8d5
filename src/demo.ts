// `npm run demo` entry: answers --help at once, then seeds (src/demo/run.ts).
import { parseArgs } from 'node:util';

const usage = `Usage: npm run demo [-- --json]
Seeds the demo organization "Acme Corp (demo)" (members of every role, a team, nested collections, spaces with
pages, a published site) into the database of DATABASE_URL (or the embedded one), idempotently, and prints an admin
token, a GraphiQL link and three curl lines. The links use PUBLIC_URL, else http://localhost:$PORT, else the address
the running \`npm start\` of this folder listens on (.quire/server.json), else http://localhost:4000.
  --json   print {organizationId, token, graphiql, curl: [...]} instead`;

const { values } = parseArgs({ options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
if (values.help) console.log(usage);
else await import('./demo/run.js');
