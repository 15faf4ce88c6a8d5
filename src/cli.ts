// Admin CLI (same DATABASE_URL, or the embedded database):
//   bootstrap --org "<title>" --email <email> [--json]
//   user create --org <organizationId> --email <email> --role <admin|create|review|edit|comment|read|guest> [--json]
import { parseArgs } from 'node:util';
import { openDatabase } from './db/database.js';
import { createPrisma } from './db/client.js';
import { bootstrapOrganization, addUserToOrganization } from './domain/organizations/provisioning.js';
import { isRole } from './policy/roles.js';

const usage = `Usage:
  quire bootstrap --org "<title>" --email <email> [--json]
  quire user create --org <organizationId> --email <email> --role <admin|create|review|edit|comment|read|guest> [--json]`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { org: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' }, json: { type: 'boolean' }, name: { type: 'string' } },
});
const command = positionals.join(' ');
if (command !== 'bootstrap' && command !== 'user create') fail(`Unknown command "${command}"`);
if (!values.email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(values.email)) fail('--email needs an e-mail address');
if (!values.org) fail('--org is required');
if (command === 'user create' && !(values.role === 'guest' || isRole(values.role))) fail('--role must be admin, create, review, edit, comment, read or guest');

const database = await openDatabase();
const { prisma } = createPrisma(database.url, { poolSize: 2 });
try {
  const result =
    command === 'bootstrap'
      ? await bootstrapOrganization(prisma, { title: values.org, email: values.email, displayName: values.name })
      : await addUserToOrganization(prisma, {
          organizationId: values.org,
          email: values.email,
          role: values.role === 'guest' ? null : (values.role as never),
          displayName: values.name,
        });
  if (values.json) console.log(JSON.stringify(result));
  else for (const [key, value] of Object.entries(result)) console.log(`${key}: ${value}`);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await prisma.$disconnect();
  await database.close();
}
