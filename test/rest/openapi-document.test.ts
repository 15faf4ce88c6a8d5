// Quire's own OpenAPI document (src/openapi): served without a token, valid
// OpenAPI 3.1 for a maintained validator, in agreement with the public
// document of the same API, generated from the route table (a new route line
// appears in it with no other code), and its response schemas accept the
// answers Quire really gives (and refuse them once a schema is wrong).
import { createRequire } from 'node:module';
import { validate } from '@readme/openapi-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/openapi/document.js';
import { quireVersion } from '../../src/openapi/version.js';
import { routes } from '../../src/rest/routes.js';
import { schema } from '../../src/graphql/schema.js';
import { useTestApp } from '../support/app.js';
import { createCollection, createOrg, createSpace, type OrgFixture } from '../support/factories.js';
import { request, rest } from '../support/http.js';
import { answerValidator, quireDocument, type OpenApiDocument } from '../support/quireOpenapi.js';

const require = createRequire(import.meta.url);
const publicDocument = require('@gitbook/api/spec/openapi.json');

/** Routes the spec (api.md) gives Quire that @gitbook/api's document does not have (yet). */
const beyondPublicDocument = new Set([
  'post /spaces/{spaceId}/transfer',
  'get /spaces/{spaceId}/links',
  // Link reports and backlinks (spec 4.15, 4.16): the public document has only `meta-links`, another operation.
  'get /spaces/{spaceId}/content/page/{pageId}/links',
  'get /spaces/{spaceId}/content/page/{pageId}/backlinks',
  'get /spaces/{spaceId}/content/files/{fileId}/backlinks',
  'get /spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/links',
  'get /spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/backlinks',
  'get /spaces/{spaceId}/change-requests/{changeRequestId}/content/files/{fileId}/backlinks',
  // Conversations (spec 4.17): not in the public document.
  'get /orgs/{organizationId}/conversations',
  'post /orgs/{organizationId}/conversations',
  'get /orgs/{organizationId}/conversations/{conversationId}',
  'get /orgs/{organizationId}/conversations-clusters',
  'get /orgs/{organizationId}/conversations-issues',
  'get /orgs/{organizationId}/conversations-issues/{issueId}',
  'post /orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections',
  'delete /orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/sections/{siteSectionId}',
]);
/** Body members Quire takes that the public document does not name (spec api.md). */
const bodyMembersBeyondPublicDocument = new Set([
  'post /collections/{collectionId}/transfer collection',
  'patch /orgs/{organizationId}/sites/{siteId} agentsContext',
  'patch /orgs/{organizationId}/sites/{siteId} hostname',
  'post /spaces/{spaceId}/change-requests agentTaskId',
  'post /spaces/{spaceId}/change-requests conversationsIssuesCluster',
  'patch /spaces/{spaceId}/change-requests/{changeRequestId} conversationsIssuesCluster',
  // Invite links expire and may be limited in uses (docs/configuration.md, "Invite links").
  'post /orgs/{organizationId}/link-invites expiresAt',
  'post /orgs/{organizationId}/link-invites maxUses',
]);

type Operation = {
  parameters: { name: string; in: string }[];
  requestBody?: any;
  deprecated?: boolean;
  responses: Record<string, any>;
  operationId: string;
};
const operationsOf = (document: OpenApiDocument | typeof publicDocument) =>
  Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => method !== 'parameters')
      .map(([method, operation]) => ({ key: `${method} ${path}`, path, method, operation })),
  );

const dereference = (node: any): any => {
  while (node?.$ref)
    node = node.$ref
      .split('/')
      .slice(1)
      .reduce((o: any, k: string) => o[k], publicDocument);
  return node;
};
/** Member names a public body schema allows (through $ref, allOf, oneOf, anyOf). */
function publicMembers(schemaNode: any, out = new Set<string>()) {
  const node = dereference(schemaNode);
  if (!node) return out;
  for (const key of Object.keys(node.properties ?? {})) out.add(key);
  for (const part of [...(node.allOf ?? []), ...(node.oneOf ?? []), ...(node.anyOf ?? [])]) publicMembers(part, out);
  return out;
}

const app = useTestApp();

describe('GET /v1/openapi.json', () => {
  it('answers the document generated from the route table, without a token', async () => {
    const res = await request(app, 'GET', '/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual(
      JSON.parse(JSON.stringify(buildOpenApiDocument(schema, routes, { serverUrl: 'http://quire.test/v1', version: quireVersion }))),
    );
    expect(res.body.openapi).toBe('3.1.0');
    // A token changes nothing, and the route table's other routes still want one.
    expect((await request(app, 'GET', '/v1/openapi.json', { token: 'qt_garbage' })).status).toBe(200);
    expect((await request(app, 'GET', '/v1/orgs')).status).toBe(401);
  });

  it('is a valid OpenAPI 3.1 document for a maintained validator', async () => {
    const result = await validate(structuredClone(quireDocument) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    // …which does catch a broken document.
    const broken = structuredClone(quireDocument) as any;
    broken.paths['/orgs/{organizationId}'].get.parameters = [];
    expect((await validate(broken)).valid).toBe(false);
  });

  it('has one operation per route, with operation ids, the bearer scheme and the error body', () => {
    const operations = operationsOf(quireDocument);
    expect(operations).toHaveLength(routes.length);
    expect(new Set(operations.map((o) => o.operation.operationId)).size).toBe(routes.length);
    expect(quireDocument.security).toEqual([{ bearer: [] }]);
    expect(quireDocument.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const { key, operation } of operations) {
      expect(operation.responses.default, key).toEqual({ $ref: '#/components/responses/Error' });
      expect(
        Object.keys(operation.responses).some((s) => /^2/.test(s)),
        key,
      ).toBe(true);
    }
    // Deprecation comes from the GraphQL fields the route runs.
    const paths = quireDocument.paths as Record<string, Record<string, Operation>>;
    expect(paths['/orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}/move'].post.deprecated).toBe(true);
    expect(paths['/orgs/{organizationId}/sites/{siteId}/structure/sort'].patch.deprecated).toBeUndefined();
  });

  it('grows with the route table: a new route line appears with no other code', () => {
    const [method, , document] = routes.find(([, path]) => path === '/orgs/:organizationId/teams/:teamId')!;
    const grown = buildOpenApiDocument(schema, [...routes, [method, '/orgs/:organizationId/groups/:teamId', document]], {
      serverUrl: 'x',
      version: '0',
    });
    const added = (grown.paths as any)['/orgs/{organizationId}/groups/{teamId}'].get;
    expect(added.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(['path:organizationId', 'path:teamId']);
    expect(added.responses[200].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Team' });
  });
});

describe('agreement with the public document', () => {
  const quireOperations = operationsOf(quireDocument);
  // A GraphQL operation serving several routes (a space's and a collection's permissions) takes the union
  // of their body members: a route also accepts a sibling's documented body members (never its path ids:
  // the router refuses those, see test/rest-routes.test.ts).
  const siblingNames = (key: string, operation: any): Set<string> => {
    const names = new Set<string>();
    for (const other of quireOperations) {
      if (other.key === key || (other.operation as any)['x-graphql-operation'] !== operation['x-graphql-operation']) continue;
      const body = publicDocument.paths[other.path]?.[other.method]?.requestBody;
      for (const member of publicMembers(dereference(body)?.content?.['application/json']?.schema)) names.add(member);
    }
    return names;
  };

  it('every operation Quire serves exists there with the same path, method and parameters', () => {
    const missing = quireOperations.filter(({ path, method }) => !publicDocument.paths[path]?.[method]).map((o) => o.key);
    expect(missing.sort()).toEqual([...beyondPublicDocument].sort());
    for (const { key, path, method, operation } of quireOperations) {
      if (beyondPublicDocument.has(key)) continue;
      const theirs = [...(publicDocument.paths[path].parameters ?? []), ...(publicDocument.paths[path][method].parameters ?? [])].map(
        dereference,
      );
      const named = (p: { name: string; in: string }) => `${p.in}:${p.name}`;
      // The same path parameters; every query parameter Quire takes is one of theirs.
      expect(
        operation.parameters
          .filter((p) => p.in === 'path')
          .map(named)
          .sort(),
        key,
      ).toEqual(
        theirs
          .filter((p) => p.in === 'path')
          .map(named)
          .sort(),
      );
      const siblings = siblingNames(key, operation);
      const unknown = operation.parameters.filter((p) => !theirs.some((t) => named(t) === named(p)) && !siblings.has(p.name)).map(named);
      expect(unknown, key).toEqual([]);
      expect(!!operation.deprecated, `${key} deprecated`).toBe(!!publicDocument.paths[path][method].deprecated);
    }
  });

  it('every body member Quire takes is one the public document names (or a documented extension)', () => {
    const extra: string[] = [];
    for (const { key, path, method, operation } of quireOperations) {
      const ours = operation.requestBody?.content['application/json'].schema;
      if (!ours || beyondPublicDocument.has(key)) continue;
      const theirs = publicMembers(dereference(publicDocument.paths[path][method].requestBody)?.content?.['application/json']?.schema);
      const siblings = siblingNames(key, operation);
      for (const member of Object.keys(ours.properties)) if (!theirs.has(member) && !siblings.has(member)) extra.push(`${key} ${member}`);
    }
    expect(extra.sort()).toEqual([...bodyMembersBeyondPublicDocument].sort());
  });

  it('success statuses are ones the public document lists', () => {
    for (const { key, path, method, operation } of quireOperations) {
      if (beyondPublicDocument.has(key)) continue;
      const theirs = Object.keys(publicDocument.paths[path][method].responses);
      for (const status of Object.keys(operation.responses).filter((s) => /^2/.test(s)))
        expect(theirs, `${key} ${status}`).toContain(status);
    }
  });
});

describe('response schemas accept real answers', () => {
  let org: OrgFixture;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    org = await createOrg(app);
    const admin = rest(app, org.admin.token);
    const created = async (path: string, body: unknown, method: 'post' | 'put' = 'post') => {
      const res = await admin[method](`/v1/orgs/${org.organizationId}${path}`, body);
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id as string;
    };
    ids.organizationId = org.organizationId;
    ids.userId = org.admin.userId;
    ids.collectionId = (await createCollection(app, org)).id;
    ids.spaceId = (await createSpace(app, org, { parent: ids.collectionId })).id;
    ids.siteId = await created('/sites', { title: 'Docs' });
    const site = `/sites/${ids.siteId}`;
    ids.siteSectionId = await created(`${site}/sections`, { spaceId: ids.spaceId });
    ids.siteSpaceId = await created(`${site}/site-spaces`, { spaceId: (await createSpace(app, org)).id, sectionId: ids.siteSectionId });
    ids.siteSectionGroupId = await created(`${site}/section-groups`, { title: 'Guides' });
    ids.shareLinkId = await created(`${site}/share-links`, { name: 'Partners' });
    ids.teamId = await created('/teams', { title: 'Writers' }, 'put');
    expect((await admin.post(`/v1/orgs/${org.organizationId}${site}/publish`)).status).toBe(200);
  });

  /** The query a GET route cannot answer without (400), by the end of its pattern. */
  const requiredQuery = (pattern: string) => {
    if (pattern.endsWith('/search')) return '?query=untitled';
    if (pattern === '/urls/published') return `?url=${encodeURIComponent(`http://quire.test/published/sites/${ids.siteId}`)}`;
    if (pattern.endsWith('/embed')) return `?url=${encodeURIComponent('https://example.com/video')}`;
    // No redirect exists: the documented 404.
    if (pattern.endsWith('/redirect')) return '?source=/old';
    return '';
  };

  /** One answer per GET route whose path parameters the seeded organization fills. */
  async function recordAnswers() {
    const answers: { key: string; method: string; path: string; status: number; body: unknown }[] = [];
    for (const [method, pattern] of routes) {
      if (method !== 'GET') continue;
      const params = [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1]);
      if (!params.every((p) => p in ids)) continue;
      const query = requiredQuery(pattern);
      const res = await rest(app, org.admin.token).get(`/v1${pattern.replace(/:(\w+)/g, (_, p: string) => ids[p])}${query}`);
      const path = pattern.replace(/:(\w+)/g, '{$1}');
      answers.push({ key: `get ${path}`, method: 'get', path, status: res.status, body: res.body });
    }
    return answers;
  }

  let recorded: Awaited<ReturnType<typeof recordAnswers>> = [];

  it('every GET route answers the schema its operation publishes', async () => {
    const answers = (recorded = await recordAnswers());
    const errorsOf = answerValidator(quireDocument);
    expect(answers.length).toBeGreaterThanOrEqual(25);
    for (const answer of answers)
      expect(errorsOf(answer.method, answer.path, answer.status, answer.body), `${answer.key} ${answer.status}`).toEqual([]);
    // Mostly real resources, not refusals.
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(answers.length - 2);
  });

  it('a wrong schema fails the check', async () => {
    // The answers the test above recorded (and found valid).
    const answers = recorded.filter((a) => a.status === 200);
    const wrong = structuredClone(quireDocument) as any;
    // Teams' titles as numbers, and a member every site must carry that Quire never sends.
    wrong.components.schemas.Team.properties.title = { type: 'integer' };
    wrong.components.schemas.Site.required.push('invented');
    const errorsOf = answerValidator(wrong, 'wrong');
    const refused = answers.filter((a) => errorsOf(a.method, a.path, a.status, a.body).length > 0).map((a) => a.key);
    expect(refused).toEqual(
      expect.arrayContaining([
        'get /orgs/{organizationId}/teams',
        'get /orgs/{organizationId}/teams/{teamId}',
        'get /orgs/{organizationId}/sites',
        'get /orgs/{organizationId}/sites/{siteId}',
      ]),
    );
    expect(refused).not.toContain('get /orgs/{organizationId}/collections');
  });
});
