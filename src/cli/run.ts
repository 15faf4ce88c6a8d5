// The admin CLI's commands (same DATABASE_URL, or the embedded database),
// started by src/cli.ts; usage in ./help.ts; token scopes in docs/tokens.md.
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/database.js';
import { createPrisma } from '../db/client.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { bootstrapOrganization, addUserToOrganization } from '../domain/organizations/provisioning.js';
import { createApiToken, listApiTokens, parseNewApiToken, revokeApiToken } from '../domain/tokens/service.js';
import { listVerifiedEmailDomains, unverifyEmailDomain, verifyEmailDomain } from '../domain/organizations/emailDomains.js';
import { isRole } from '../policy/roles.js';
import { AppError } from '../errors.js';
import { commandOf, options, usage } from './help.js';

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

/** The command line, or the usage with the reason (exit 2) when it does not parse. */
function parseCommandLine() {
  try {
    return parseArgs({ allowPositionals: true, options });
  } catch (err) {
    fail((err as Error).message);
  }
}

const { values, positionals } = parseCommandLine();
const commandName = commandOf(positionals);

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const requireEmail = () => (values.email && EMAIL.test(values.email) ? values.email : fail('--email needs an e-mail address'));
const requireOption = (name: 'org' | 'user' | 'domain') => values[name] || fail(`--${name} is required`);

/** The new token's label and scopes, checked before the database is opened. */
function tokenInput(label?: string) {
  try {
    return parseNewApiToken({
      label: values.label ?? label,
      scopes: values.scopes
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    });
  } catch (err) {
    if (err instanceof AppError) fail(err.message);
    throw err;
  }
}

async function findUser(prisma: PrismaClient, ref: string) {
  const user = await prisma.user.findUnique({ where: ref.includes('@') ? { email: ref.trim().toLowerCase() } : { id: ref } });
  if (!user) throw new Error(`No user "${ref}"`);
  return user;
}

type Command = (prisma: PrismaClient) => Promise<unknown>;

/** Each command checks its arguments first, and answers the work to do with the database. */
const commands: Record<string, () => Command> = {
  bootstrap: () => {
    const email = requireEmail();
    const title = requireOption('org');
    const { scopes } = tokenInput();
    return (prisma) => bootstrapOrganization(prisma, { title, email, displayName: values.name, scopes });
  },
  'user create': () => {
    const email = requireEmail();
    const organizationId = requireOption('org');
    if (!(values.role === 'guest' || isRole(values.role))) fail('--role must be admin, create, review, edit, comment, read or guest');
    const role = values.role === 'guest' ? null : values.role;
    const { scopes } = tokenInput();
    return (prisma) => addUserToOrganization(prisma, { organizationId, email, role, displayName: values.name, scopes, sso: values.sso });
  },
  'token create': () => {
    const ref = requireOption('user');
    const input = tokenInput('cli');
    return async (prisma) => {
      const user = await findUser(prisma, ref);
      const { token, secret } = await createApiToken(prisma, user.id, input);
      return { id: token.id, userId: user.id, label: token.label, scopes: token.scopes, token: secret };
    };
  },
  'token list': () => {
    const ref = requireOption('user');
    return async (prisma) => listApiTokens(prisma, (await findUser(prisma, ref)).id);
  },
  'domain verify': () => {
    const [organizationId, domain] = [requireOption('org'), requireOption('domain')];
    return (prisma) => verifyEmailDomain(prisma, organizationId, domain);
  },
  'domain unverify': () => {
    const [organizationId, domain] = [requireOption('org'), requireOption('domain')];
    return (prisma) => unverifyEmailDomain(prisma, organizationId, domain);
  },
  'domain list': () => {
    const organizationId = requireOption('org');
    return (prisma) => listVerifiedEmailDomains(prisma, organizationId);
  },
  'token revoke': () => {
    const id = positionals[2] || fail('token revoke needs a token id');
    return async (prisma) => (await revokeApiToken(prisma, id, new Date())).token;
  },
};

const name = commandName;
const make = commands[name] ?? fail(`Unknown command "${positionals.join(' ')}"`);
if (positionals.length > (name === 'token revoke' ? 3 : name.split(' ').length)) fail(`Unexpected argument "${positionals.at(-1)}"`);
const command = make();

function print(result: unknown) {
  if (values.json) return console.log(JSON.stringify(result));
  const lines = (row: object) =>
    Object.entries(row).map(([key, value]) => `${key}: ${value instanceof Date ? value.toISOString() : (value ?? '')}`);
  if (Array.isArray(result)) console.log(result.map((row) => lines(row).join('\n')).join('\n\n') || '(none)');
  else console.log(lines(result as object).join('\n'));
}

let exitCode = 0;
let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
try {
  database = await openDatabase();
  const { prisma } = createPrisma(database.url, { poolSize: 2 });
  try {
    print(await command(prisma));
  } finally {
    await prisma.$disconnect();
  }
} catch (err) {
  console.error((err as Error).message);
  exitCode = 1;
} finally {
  await database?.close();
}
process.exit(exitCode);
