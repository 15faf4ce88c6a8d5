// `npm run demo` (started by src/demo.ts): seeds a realistic demo organization into the database the
// service uses (DATABASE_URL, or the embedded PostgreSQL, as the CLI does) and
// prints a token, a GraphiQL link with a ready query and three curl lines.
// Idempotent: a second run finds the organization (by its admin's e-mail) and
// adds only what is missing, then replaces the previous demo token. Content is
// created through the GraphQL schema itself, so it obeys the same rules as any
// client; pages, which the API does not write yet, go straight to the database.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { execute, parse } from 'graphql';
import { openDatabase } from '../db/database.js';
import { createPrisma } from '../db/client.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { authenticateToken } from '../domain/auth/tokens.js';
import { addUserToOrganization, bootstrapOrganization } from '../domain/organizations/provisioning.js';
import { createApiToken, revokeApiToken } from '../domain/tokens/service.js';
import { createEvents } from '../events.js';
import { resolveSettings } from '../config/settings.js';
import { schema } from '../graphql/schema.js';
import { systemClock } from '../clock.js';
import { createBlobStore, storageSettingsFromEnv } from '../storage/blobStore.js';
import { ephemeralFilesSecret, fileUrlSigner } from '../storage/signedUrls.js';
import { storedSecret } from '../db/serviceSecrets.js';
import { siteTokenKeys, siteTokenSettingsFromEnv } from '../config/siteTokenKeys.js';
import { contextFactory, urlsUnder } from '../context.js';
import { createComputePool } from '../compute/pool.js';
import type { Role } from '../policy/roles.js';
import { runningServerUrl } from '../config/serverRecord.js';

const ORG_TITLE = 'Acme Corp (demo)';
const DOMAIN = 'acme.demo';
const ADMIN = { email: `ada@${DOMAIN}`, name: 'Ada Admin' };
const MEMBERS: { role: Role | null; name: string; email: string }[] = [
  { role: 'create', name: 'Cora Creator', email: `cora@${DOMAIN}` },
  { role: 'review', name: 'Rhea Reviewer', email: `rhea@${DOMAIN}` },
  { role: 'edit', name: 'Ed Editor', email: `ed@${DOMAIN}` },
  { role: 'comment', name: 'Cam Commenter', email: `cam@${DOMAIN}` },
  { role: 'read', name: 'Rae Reader', email: `rae@${DOMAIN}` },
  { role: null, name: 'Gus Guest', email: `gus@${DOMAIN}` },
];
/** Collections (a title path) and the spaces in each, with their pages (title, markdown). */
const CONTENT: { collection: string[]; spaces: { title: string; emoji: string; visibility: string; pages: [string, string][] }[] }[] = [
  {
    collection: [],
    spaces: [
      {
        title: 'Getting started',
        emoji: '🚀',
        visibility: 'PUBLIC',
        pages: [
          ['Welcome', 'Acme Corp documents its products here.'],
          ['Install', '```sh\nnpm install acme\n```'],
        ],
      },
    ],
  },
  {
    collection: ['Product'],
    spaces: [
      {
        title: 'Release notes',
        emoji: '📣',
        visibility: 'UNLISTED',
        pages: [
          ['2.0', 'New: the graph API.'],
          ['1.0', 'First release.'],
        ],
      },
    ],
  },
  {
    collection: ['Product', 'API'],
    spaces: [
      {
        title: 'REST reference',
        emoji: '📘',
        visibility: 'PUBLIC',
        pages: [
          ['Authentication', 'Send `Authorization: Bearer <token>`.'],
          ['Spaces', '`GET /v1/orgs/{id}/spaces` lists spaces.'],
        ],
      },
      {
        title: 'GraphQL guide',
        emoji: '🕸️',
        visibility: 'PRIVATE',
        pages: [
          ['Queries', '`{ viewer { id } }`'],
          ['Subscriptions', 'Over graphql-ws or server-sent events.'],
        ],
      },
    ],
  },
  {
    collection: ['Company'],
    spaces: [
      {
        title: 'Handbook',
        emoji: '📗',
        visibility: 'PRIVATE',
        pages: [
          ['Values', 'Write it down.'],
          ['Onboarding', 'Read the handbook first.'],
        ],
      },
    ],
  },
];
const SITE_TITLE = 'Acme Docs';
const TEAM_TITLE = 'Docs writers';
/** Any number: the key of the advisory lock that keeps two demo runs from seeding at once. */
const LOCK_KEY = 14_000_001;

const { values } = parseArgs({ options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });

type Run = <T = any>(query: string, variables?: Record<string, unknown>) => Promise<T>;

/** Runs GraphQL operations in-process as the token's user. */
// The demo writes no resource that needs background work (OpenAPI specs,
// conversations): a write that would queue a job says so instead of losing it.
const noBackgroundJobs = {
  send: async (name: string) => {
    throw new Error(`the demo seeder runs without the job queue (job ${name}): seed such resources through the running service`);
  },
};

async function graphqlAs(prisma: PrismaClient, token: string): Promise<Run> {
  const { actor } = await authenticateToken(prisma, token, new Date(), 60_000);
  if (!actor) throw new Error('the demo token does not authenticate');
  const { pubsub } = createEvents();
  const publicUrl = baseUrl();
  const files = {
    store: createBlobStore(storageSettingsFromEnv()),
    signer: fileUrlSigner(process.env.FILES_URL_SECRET ?? ephemeralFilesSecret(), publicUrl, systemClock),
    maxUploadBytes: resolveSettings({}).http.maxUploadBytes,
  };
  const context = contextFactory({
    prisma,
    clock: systemClock,
    pubsub,
    files,
    tenantLimits: resolveSettings({}).tenants,
    contentLimits: resolveSettings({}).content,
    compute: createComputePool(resolveSettings({}).compute),
    jobs: noBackgroundJobs,
    urls: urlsUnder(publicUrl, process.env.APP_URL),
    siteTokens: siteTokenKeys(() => storedSecret(prisma, 'site-tokens'), siteTokenSettingsFromEnv(process.env)),
  });
  return async (query, variables) => {
    const result = await execute({ schema, document: parse(query), variableValues: variables, contextValue: context(actor) });
    if (result.errors?.length) throw new Error(`${result.errors[0].message} (in ${query.slice(0, 60)}…)`);
    return result.data as never;
  };
}

/** PUBLIC_URL, else the port of PORT, else where the running `npm start` of this folder listens, else port 4000. */
function baseUrl() {
  const port = process.env.PORT;
  return (process.env.PUBLIC_URL ?? (port ? `http://localhost:${port}` : (runningServerUrl() ?? 'http://localhost:4000'))).replace(
    /\/$/,
    '',
  );
}

/** The demo organization (created when missing), its admin and an admin token. */
async function demoOrganization(prisma: PrismaClient) {
  const admin = await prisma.user.findUnique({ where: { email: ADMIN.email }, select: { id: true } });
  const membership =
    admin &&
    (await prisma.member.findFirst({
      where: { userId: admin.id, role: 'admin', organization: { title: ORG_TITLE } },
      select: { organizationId: true },
    }));
  if (admin && membership) return { organizationId: membership.organizationId, userId: admin.id };
  const created = await bootstrapOrganization(prisma, { title: ORG_TITLE, email: ADMIN.email, displayName: ADMIN.name });
  const bootstrapToken = await prisma.apiToken.findFirstOrThrow({
    where: { userId: created.userId, label: 'bootstrap' },
    orderBy: { createdAt: 'desc' },
  });
  await revokeApiToken(prisma, bootstrapToken.id, new Date());
  return { organizationId: created.organizationId, userId: created.userId };
}

/** A fresh admin token labelled `demo`; earlier demo tokens are revoked (users hold a bounded number of tokens). */
async function demoToken(prisma: PrismaClient, userId: string) {
  const old = await prisma.apiToken.findMany({ where: { userId, label: 'demo', revokedAt: null }, select: { id: true } });
  for (const token of old) await revokeApiToken(prisma, token.id, new Date());
  return (await createApiToken(prisma, userId, { label: 'demo', scopes: [] })).secret;
}

async function addMembers(prisma: PrismaClient, organizationId: string) {
  for (const member of MEMBERS) {
    const user = await prisma.user.findUnique({ where: { email: member.email }, select: { id: true } });
    const present = user && (await prisma.member.findUnique({ where: { organizationId_userId: { organizationId, userId: user.id } } }));
    if (present) continue;
    const { userId } = await addUserToOrganization(prisma, {
      organizationId,
      email: member.email,
      role: member.role,
      displayName: member.name,
    });
    // addUserToOrganization issues a token each time: the demo prints only the admin's.
    await prisma.apiToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
  }
}

async function addTeam(run: Run, prisma: PrismaClient, organizationId: string) {
  if (await prisma.team.findFirst({ where: { organizationId, title: TEAM_TITLE } })) return;
  await run('mutation ($input: CreateTeamInput!) { createTeam(input: $input) { team { id } } }', {
    input: { organizationId, title: TEAM_TITLE, members: [`cora@${DOMAIN}`, `ed@${DOMAIN}`] },
  });
}

/** The collection at `path` (titles from the root), created where missing. */
async function collectionAt(run: Run, prisma: PrismaClient, organizationId: string, path: string[]) {
  let parent: string | null = null;
  for (const title of path) {
    const found: { id: string } | null = await prisma.collection.findFirst({
      where: { organizationId, parentId: parent, title },
      select: { id: true },
    });
    parent =
      found?.id ??
      (
        await run('mutation ($input: CreateCollectionInput!) { createCollection(input: $input) { collection { id } } }', {
          input: { organizationId, title, parent },
        })
      ).createCollection.collection.id;
  }
  return parent;
}

async function addContent(run: Run, prisma: PrismaClient, organizationId: string) {
  const spaceIds = new Map<string, string>();
  for (const { collection, spaces } of CONTENT) {
    const parent = await collectionAt(run, prisma, organizationId, collection);
    for (const space of spaces) {
      const found = await prisma.space.findFirst({
        where: { organizationId, parentId: parent, title: space.title, deletedAt: null },
        select: { id: true },
      });
      const id: string =
        found?.id ??
        (
          await run('mutation ($input: CreateSpaceInput!) { createSpace(input: $input) { space { id } } }', {
            input: { organizationId, parent, title: space.title, emoji: space.emoji, empty: true },
          })
        ).createSpace.space.id;
      spaceIds.set(space.title, id);
      if (!found) {
        await run('mutation ($input: SetSpaceVisibilityInput!) { setSpaceVisibility(input: $input) { space { id } } }', {
          input: { spaceId: id, visibility: space.visibility },
        });
        await insertPages(run, id, space.pages);
      }
    }
  }
  return spaceIds;
}

/** Writes the pages as a reader's edit would: a change request with the pages, merged. */
async function insertPages(run: Run, spaceId: string, pages: [string, string][]) {
  const created = await run<{ createChangeRequest: { changeRequest: { id: string } } }>(
    'mutation ($input: CreateChangeRequestInput!) { createChangeRequest(input: $input) { changeRequest { id } } }',
    { input: { spaceId, subject: 'Demo pages' } },
  );
  const changeRequestId = created.createChangeRequest.changeRequest.id;
  await run('mutation ($input: UpdateChangeRequestContentInput!) { updateChangeRequestContent(input: $input) { clientMutationId } }', {
    input: {
      spaceId,
      changeRequestId,
      changes: pages.map(([title, markdown]) => ({ operation: 'insert_page', title, document: { markdown } })),
    },
  });
  await run('mutation ($input: MergeChangeRequestInput!) { mergeChangeRequest(input: $input) { clientMutationId } }', {
    input: { spaceId, changeRequestId },
  });
}

async function addSite(run: Run, prisma: PrismaClient, organizationId: string, spaceIds: Map<string, string>) {
  if (await prisma.site.findFirst({ where: { organizationId, title: SITE_TITLE } })) return;
  const { createSite } = await run('mutation ($input: CreateSiteInput!) { createSite(input: $input) { site { id } } }', {
    input: { organizationId, title: SITE_TITLE, spaces: [spaceIds.get('Getting started'), spaceIds.get('REST reference')] },
  });
  await run('mutation ($input: PublishSiteInput!) { publishSite(input: $input) { site { id } } }', {
    input: { organizationId, siteId: createSite.site.id },
  });
}

/** What to print: the token, a GraphiQL link with a ready query, three curl lines that work. */
function instructions(organizationId: string, token: string) {
  const base = baseUrl();
  const auth = `-H 'Authorization: Bearer ${token}'`;
  const query = `{\n  viewer { displayName email }\n  organization(id: "${organizationId}") {\n    title\n    members(first: 10) { totalCount edges { node { role user { displayName } } } }\n    spaces(first: 10) { totalCount edges { node { id title visibility urls { published } } } }\n  }\n}\n`;
  const gql = JSON.stringify({
    query: `{ organization(id: "${organizationId}") { title spaces(first: 10) { totalCount edges { node { title } } } } }`,
  });
  return {
    organizationId,
    token,
    graphiql: `${base}/graphql?query=${encodeURIComponent(query)}`,
    curl: [
      `curl -s ${base}/v1/orgs/${organizationId} ${auth}`,
      `curl -s '${base}/v1/orgs/${organizationId}/members?limit=10' ${auth}`,
      `curl -s ${base}/graphql ${auth} -H 'Content-Type: application/json' -d '${gql}'`,
    ],
  };
}

async function seed(prisma: PrismaClient) {
  const { organizationId, userId } = await demoOrganization(prisma);
  const token = await demoToken(prisma, userId);
  const run = await graphqlAs(prisma, token);
  await addMembers(prisma, organizationId);
  await addTeam(run, prisma, organizationId);
  const spaceIds = await addContent(run, prisma, organizationId);
  await addSite(run, prisma, organizationId, spaceIds);
  return instructions(organizationId, token);
}

let exitCode = 0;
let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
try {
  database = await openDatabase();
  const lock = new pg.Client({ connectionString: database.url });
  await lock.connect();
  const { prisma } = createPrisma(database.url, { poolSize: 2 });
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    const out = await seed(prisma);
    if (values.json) console.log(JSON.stringify(out));
    else {
      console.log(
        `Demo organization "${ORG_TITLE}" (${out.organizationId}): ${ADMIN.name} <${ADMIN.email}> and one member of every other role.`,
      );
      console.log(`\nAdmin token (shown once; a new run replaces it):\n  ${out.token}`);
      console.log(`\nGraphiQL with a ready query (set the header {"Authorization": "Bearer <token>"}):\n  ${out.graphiql}`);
      console.log(`\nTry (with \`npm start\` running):\n${out.curl.map((line) => `  ${line}`).join('\n')}`);
    }
  } finally {
    await lock.end();
    await prisma.$disconnect();
  }
} catch (err) {
  console.error(`demo failed: ${(err as Error).message}`);
  exitCode = 1;
} finally {
  await database?.close();
}
process.exit(exitCode);
