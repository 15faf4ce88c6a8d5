// Fuzzing the REST API (see test/support/fuzz.ts): whatever arrives, the
// answer is a 2xx or a 4xx in the documented error shape — never a 5xx — and
// a refused request (or any read) leaves the database as it was. CI runs a
// fixed seed and a bounded number of runs; `npm run fuzz` runs longer
// (FUZZ_RUNS, FUZZ_SEED; a failure prints the seed and path that replay it).
import http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { createMigratedDatabase, type TestDatabase } from '../support/testDatabase.js';
import { addMember, createCollection, createOrg, createSpace, membersOfEveryRole, type OrgFixture } from '../support/factories.js';
import { uploadOk } from '../support/files.js';
import { insertChangeRequest } from '../support/comments.js';
import { insertPages } from '../support/content.js';
import { rest } from '../support/http.js';
import { routes } from '../../src/rest/routes.js';
import { tokenWithScopes } from '../support/tokens.js';
import {
  changedTables,
  databaseDigester,
  describeExchange,
  fuzzRequest,
  problemWith,
  routeModels,
  send,
  type Pools,
} from '../support/fuzz.js';

// About a dozen requests per route (routes are drawn uniformly), so every route is reached whatever the table's size.
const runs = Number(process.env.FUZZ_RUNS ?? 12 * routeModels().length);
const seed = Number(process.env.FUZZ_SEED ?? 20261122);
const replayPath = process.env.FUZZ_PATH;

let db: TestDatabase;
let app: TestApp;
let digester: Awaited<ReturnType<typeof databaseDigester>>;
let pools: Pools;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** Two organizations with members of every role, content at every level, and tokens of every kind. */
async function seedFixture(): Promise<Pools> {
  const a = await createOrg(app, { domain: 'fuzz-a.test' });
  const b = await createOrg(app, { domain: 'fuzz-b.test' });
  const subdomain = `fuzz-${a.organizationId
    .slice(-10)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}`;
  await app.prisma.organization.update({ where: { id: a.organizationId }, data: { hostname: subdomain } });
  const roles = await membersOfEveryRole(app, a.organizationId);
  // B's admin administers A too, so transfers between them can succeed.
  await addMember(app, a.organizationId, 'admin', { email: b.admin.email });
  const outer = await createCollection(app, a);
  const inner = await createCollection(app, a, { parent: outer.id });
  const spaces = [
    await createSpace(app, a),
    await createSpace(app, a, { parent: outer.id }),
    await createSpace(app, a, { parent: inner.id }),
    await createSpace(app, b),
  ];
  const deleted = await createSpace(app, a);
  expect((await rest(app, a.admin.token).delete(`/v1/spaces/${deleted.id}`)).status).toBeLessThan(300);
  const sites = await Promise.all(
    [a, a, b].map(async (org, i) => {
      const res = await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/sites`, {
        title: `Site ${i}`,
        spaces: org === a ? [spaces[0].id] : [],
      });
      expect(res.status).toBe(201);
      return res.body.id as string;
    }),
  );
  const sections = await Promise.all(
    [spaces[1], spaces[3]].map(async (space, i) => {
      const owner = i === 0 ? a : b;
      const res = await rest(app, owner.admin.token).post(`/v1/orgs/${owner.organizationId}/sites/${sites[i * 2]}/sections`, {
        spaceId: space.id,
      });
      expect(res.status).toBe(201);
      return res.body.id as string;
    }),
  );
  const group = await rest(app, a.admin.token).post(`/v1/orgs/${a.organizationId}/sites/${sites[0]}/section-groups`, { title: 'Group' });
  expect(group.status).toBe(201);
  const scoped = await tokenWithScopes(app, a.admin.userId, ['space:read']);
  const revoked = await tokenWithScopes(app, roles.edit.userId, []);
  await app.prisma.apiToken.update({ where: { id: revoked.id }, data: { revokedAt: new Date() } });
  const users = [a.admin, b.admin, ...Object.values(roles)];
  const team = await rest(app, a.admin.token).put(`/v1/orgs/${a.organizationId}/teams`, {
    title: 'Fuzz team',
    members: [roles.edit.userId],
  });
  expect(team.status).toBe(201);
  const otherTeam = await rest(app, b.admin.token).put(`/v1/orgs/${b.organizationId}/teams`, { title: 'Other fuzz team' });
  const comments = await seedComments(a, b, spaces[0], spaces[3]);
  const files = await Promise.all(
    (
      [
        [a, spaces[0]!],
        [b, spaces[3]!],
      ] as const
    ).map(([org, space]) => uploadOk(app, org.admin.token, { spaceId: space.id, data: 'fuzz', fileName: 'fuzz.txt' })),
  );
  return {
    ids: {
      organization: [a.organizationId, b.organizationId, 'org_doesNotExist00000'],
      space: [...spaces.map((s) => s.id), deleted.id, 'spc_doesNotExist00000'],
      collection: [outer.id, inner.id, 'col_doesNotExist00000'],
      user: [...users.map((u) => u.userId), 'usr_doesNotExist00000'],
      emailDomain: ['fuzz-a.test', 'member.test', 'FUZZ-A.TEST', 'example.com'],
      subdomain: [subdomain, subdomain.toUpperCase(), 'no-such-subdomain', 'a'],
      site: [...sites, 'sit_doesNotExist00000'],
      siteSection: [...sections, 'sse_doesNotExist00000'],
      siteSectionGroup: [group.body.id, 'ssg_doesNotExist00000'],
      siteSpace: [...(await app.prisma.siteSpace.findMany({ where: { siteId: { in: sites } } })).map((s) => s.id), 'sis_doesNotExist00000'],
      shareLink: [
        ...(await Promise.all(
          sites.map(async (siteId, i) => {
            const owner = i < 2 ? a : b;
            const res = await rest(app, owner.admin.token).post(`/v1/orgs/${owner.organizationId}/sites/${siteId}/share-links`, {
              name: `Link ${i}`,
            });
            expect(res.status).toBe(201);
            return res.body.id as string;
          }),
        )),
        'shl_doesNotExist00000',
      ],
      team: [team.body.id, otherTeam.body.id, 'tea_doesNotExist00000'],
      ...comments,
      file: [...files.map((f) => f.file.id), 'fil_doesNotExist00000'],
      revision: [...files.map((f) => f.revision), 'rev_doesNotExist00000'],
      samlProvider: [
        (await rest(app, a.admin.token).post(`/v1/orgs/${a.organizationId}/saml`, { label: 'Fuzz IdP', defaultTeam: team.body.id })).body
          .id,
        'sml_doesNotExist00000',
      ],
      translation: [
        ...(await Promise.all(
          (
            [
              [a, spaces[0]],
              [b, spaces[3]],
            ] as const
          ).map(async ([org, space]) => {
            const res = await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/translations`, {
              language: 'fr',
              source: { space: space.id, language: 'en' },
            });
            expect(res.status).toBe(201);
            return res.body.id as string;
          }),
        )),
        'trs_doesNotExist00000',
      ],
    },
    tokens: [
      a.admin.token,
      b.admin.token,
      ...Object.values(roles).map((r) => r.token),
      scoped.token,
      revoked.token,
      'qt_notARealToken',
      '',
    ],
  };
}

/** A change request, pages, comments and replies in a space of each organization (comment routes' ids). */
async function seedComments(a: OrgFixture, b: OrgFixture, spaceA: { id: string }, spaceB: { id: string }) {
  const ids = { changeRequest: [] as string[], comment: [] as string[], commentReply: [] as string[], page: [] as string[] };
  for (const [org, space] of [
    [a, spaceA],
    [b, spaceB],
  ] as const) {
    const cr = await insertChangeRequest(app, space, org.admin.userId);
    ids.changeRequest.push(cr.id, String(cr.number));
    const [page] = await insertPages(app, space, [{ path: 'commented' }]);
    ids.page.push(page);
    for (const path of [`/v1/spaces/${space.id}/comments`, `/v1/spaces/${space.id}/change-requests/${cr.id}/comments`]) {
      const comment = await rest(app, org.admin.token).post(path, { body: { markdown: 'Fuzz comment' }, page });
      expect(comment.status).toBe(200);
      const reply = await rest(app, org.admin.token).post(`${path}/${comment.body.id}/replies`, { body: { markdown: 'Fuzz reply' } });
      expect(reply.status).toBe(200);
      ids.comment.push(comment.body.id);
      ids.commentReply.push(reply.body.id);
    }
  }
  return {
    changeRequest: [...ids.changeRequest, 'chr_doesNotExist00000', '0', '99999999999'],
    comment: [...ids.comment, 'cmt_doesNotExist00000'],
    commentReply: [...ids.commentReply, 'cmr_doesNotExist00000'],
    page: [...ids.page, 'pag_doesNotExist00000'],
  };
}

beforeAll(async () => {
  // A database of its own: other suites writing to the shared one must not move the digests.
  db = await createMigratedDatabase(inject('serverUrl'));
  app = await startTestApp({ databaseUrl: db.url });
  pools = await seedFixture();
  digester = await databaseDigester(db.url);
});

afterAll(async () => {
  agent.destroy();
  await digester?.close();
  await app?.close();
  await db?.drop();
});

const readOnly = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The DELETE routes answering 205 when they deleted and 204 when there was nothing (src/rest/routes.ts, `deleted`). */
const deletesTellAbsence = new Set(
  routes.filter(([method, , , options]) => method === 'DELETE' && typeof options?.status === 'function').map(([m, path]) => `${m} ${path}`),
);

describe('REST fuzzing', () => {
  const models = routeModels();
  /** Per route: requests that got past routing, authentication and body reading into the operation. */
  const reached = new Map<string, number>(models.map((m) => [`${m.method} ${m.path}`, 0]));
  const statuses = new Map<string, Map<number, number>>();

  it(
    `answers ${runs} random requests with 2xx or documented 4xx, changing nothing when refusing (seed ${seed})`,
    async () => {
      await fc.assert(
        fc.asyncProperty(fuzzRequest(models, pools), async (req) => {
          const before = await digester.digest();
          const res = await send(app.baseUrl, req, agent);
          const problem = problemWith(req, res);
          if (problem) throw new Error(`${problem}\n${describeExchange(req, res)}`);

          const counts = statuses.get(req.route) ?? new Map<number, number>();
          counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
          statuses.set(req.route, counts);
          const notPastTheGate = [401, 405, 413].includes(res.status) || (res.status === 404 && res.text.includes('No route'));
          if (req.route.startsWith(`${req.method} `) && !notPastTheGate) reached.set(req.route, reached.get(req.route)! + 1);

          // Refusals and reads write nothing; a 204 delete means there was nothing to delete where the route
          // tells the two apart (205 "deleted"): the deletes the spec answers 204 either way may have deleted.
          const nothingDeleted = req.method === 'DELETE' && res.status === 204 && deletesTellAbsence.has(req.route);
          if (res.status >= 400 || readOnly.has(req.method) || nothingDeleted) {
            const changed = changedTables(before, await digester.digest());
            if (changed.length) throw new Error(`answered ${res.status} but changed ${changed.join(', ')}\n${describeExchange(req, res)}`);
          }
        }),
        { seed, numRuns: runs, path: replayPath, endOnFailure: !!replayPath },
      );
      if (process.env.FUZZ_REPORT) {
        for (const [route, counts] of statuses)
          console.log(
            `${route.padEnd(52)} reached ${String(reached.get(route)).padStart(4)}  ${[...counts]
              .sort()
              .map(([s, n]) => `${s}×${n}`)
              .join(' ')}`,
          );
      }
    },
    60_000 + runs * 400,
  );

  it('sees a change in any row through its digest (so the property above can fail)', async () => {
    const spaceId = pools.ids.space[0];
    const { title } = await app.prisma.space.findUniqueOrThrow({ where: { id: spaceId } });
    const before = await digester.digest();
    await app.prisma.space.update({ where: { id: spaceId }, data: { title: `${title} (changed behind the API)` } });
    expect(changedTables(before, await digester.digest())).toEqual(['Space']);
    await app.prisma.space.update({ where: { id: spaceId }, data: { title } });
  });

  it('reached the operation of every route in the table', () => {
    const missed = [...reached].filter(([, n]) => n === 0).map(([route]) => route);
    expect(missed).toEqual([]);
  });

  // What the fuzzer found, kept as fixed cases: each was a 500 (or a misleading answer) before the adapter refused it.
  it.each([
    ['a NUL in a path parameter', 'DELETE', (p: Pools) => `/v1/collections/${p.ids.collection[0]}%00`, undefined, 'collectionId'],
    ['a NUL in a query value', 'GET', (p: Pools) => `/v1/orgs/${p.ids.organization[0]}/members?search=a%00`, undefined, 'search'],
    [
      'a lone surrogate in a body string',
      'POST',
      (p: Pools) => `/v1/orgs/${p.ids.organization[0]}/collections`,
      '{"title":"\\ud800"}',
      'title',
    ],
    [
      'a NUL deep in a JSON value',
      'PATCH',
      (p: Pools) => `/v1/spaces/${p.ids.space[0]}`,
      '{"mergeRules":{"type":"rules","rules":[{"users":["\\u0000"]}]}}',
      'mergeRules.rules[0].users[0]',
    ],
    ['a key of Object.prototype in a body', 'PATCH', (p: Pools) => `/v1/spaces/${p.ids.space[0]}`, '{"toString":"x"}', 'toString'],
    ['a malformed percent-escape in a path parameter', 'GET', () => '/v1/spaces/spc_%E2%82', undefined, 'spaceId'],
  ])('refuses %s with a 400 naming the field, changing nothing', async (_case, method, path, body, field) => {
    const before = await digester.digest();
    const req = {
      route: 'regression',
      method,
      path: path(pools),
      headers: { Authorization: `Bearer ${pools.tokens[0]}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : Buffer.from(body),
    };
    const res = await send(app.baseUrl, req, agent);
    expect(problemWith(req, res)).toBeUndefined();
    expect(res.status, res.text).toBe(400);
    expect(JSON.parse(res.text).error.message).toMatch(new RegExp(`^${field.replace(/[[\].]/g, '\\$&')}: `));
    expect(changedTables(before, await digester.digest())).toEqual([]);
  });

  it('still serves after the fuzzing', async () => {
    expect((await rest(app, pools.tokens[0]).get('/v1/orgs')).status).toBe(200);
  });
});
