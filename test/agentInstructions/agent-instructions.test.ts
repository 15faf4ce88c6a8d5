// Spec 4.13 — an organization's Docs agent instructions over REST (answers
// validated against the public OpenAPI document) and GraphQL: the empty
// document before any PUT, validation of the rich-text document, authorization
// (admin, plain member, guest, another organization, no token, token scopes),
// and parallel PUTs.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { addMember, createOrg, type OrgFixture } from '../support/factories.js';
import { expectOpenApi } from '../support/openapi.js';
import { tokenWithScopes } from '../support/tokens.js';
import { race, restCall, statusCounts } from '../support/concurrency.js';

const app = useTestApp();

const path = (org: OrgFixture) => `/v1/orgs/${org.organizationId}/agent-instructions`;
const SPEC_PATH = '/orgs/{organizationId}/agent-instructions';

const paragraph = (text: string) => ({
  object: 'block',
  type: 'paragraph',
  data: {},
  nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
});
const doc = (text: string) => ({ object: 'document', data: { schemaVersion: 1 }, nodes: [paragraph(text)] });

function expectError(res: { status: number; body: any }, status: number, message?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ error: { code: status, message: expect.any(String) } });
  if (message) expect(res.body.error.message).toMatch(message);
}

describe('agent instructions: get and put', () => {
  it('answers an empty document before any PUT, then the document set, who set it and when', async () => {
    const org = await createOrg(app);
    const empty = await rest(app, org.admin.token).get(path(org));
    expectOpenApi(empty, 'get', SPEC_PATH, 200);
    expect(empty.body).toEqual({
      object: 'agent-instructions',
      instructions: { object: 'document', data: {}, nodes: [] },
      updatedAt: expect.any(String),
      updatedBy: '',
      urls: { location: expect.stringMatching(new RegExp(`/orgs/${org.organizationId}/agent-instructions$`)) },
    });
    expect(await app.prisma.agentInstructions.count({ where: { organizationId: org.organizationId } })).toBe(0);

    const before = Date.now();
    const put = await rest(app, org.admin.token).put(path(org), { instructions: doc('Be brief.') });
    expectOpenApi(put, 'put', SPEC_PATH, 200);
    expect(put.body).toEqual({ ...empty.body, instructions: doc('Be brief.'), updatedAt: expect.any(String), updatedBy: org.admin.userId });
    expect(Date.parse(put.body.updatedAt)).toBeGreaterThanOrEqual(before - 1000);

    const member = await addMember(app, org.organizationId, 'read');
    const got = await rest(app, member.token).get(path(org));
    expectOpenApi(got, 'get', SPEC_PATH, 200);
    expect(got.body).toEqual(put.body);

    // A second PUT replaces the document in the same row.
    const again = await rest(app, org.admin.token).put(path(org), { instructions: doc('Be thorough.') });
    expect(again.body.instructions).toEqual(doc('Be thorough.'));
    expect(await app.prisma.agentInstructions.count({ where: { organizationId: org.organizationId } })).toBe(1);
  });

  it.each([
    [{}, /^instructions: is required/],
    [{ instructions: 'text' }, /^instructions: must be a rich-text document/],
    [{ instructions: [] }, /^instructions: must be a rich-text document/],
    [{ instructions: { object: 'block', data: {}, nodes: [] } }, /^instructions\.object: /],
    [{ instructions: { object: 'document', nodes: [] } }, /^instructions\.data: /],
    [{ instructions: { object: 'document', data: { schemaVersion: 1.5 }, nodes: [] } }, /^instructions\.data\.schemaVersion: /],
    [{ instructions: { object: 'document', data: {} } }, /^instructions\.nodes: /],
    [{ instructions: { object: 'document', data: {}, nodes: [paragraph('ok'), { object: 'text' }] } }, /^instructions\.nodes\[1\]: /],
    [{ instructions: { object: 'document', data: {}, nodes: [], meta: { token: 3 } } }, /^instructions\.meta: /],
  ])('refuses %j with 400 naming the field, and writes nothing', async (body, message) => {
    const org = await createOrg(app);
    expectError(await rest(app, org.admin.token).put(path(org), body), 400, message);
    expect(await app.prisma.agentInstructions.count({ where: { organizationId: org.organizationId } })).toBe(0);
  });

  it('members read, admins write; guests, other organizations and anonymous callers do not', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const editor = await addMember(app, org.organizationId, 'edit');
    const guest = await addMember(app, org.organizationId, 'guest');
    const body = { instructions: doc('x') };

    expect((await rest(app, editor.token).get(path(org))).status).toBe(200);
    expectError(await rest(app, editor.token).put(path(org), body), 403);
    expectError(await rest(app, guest.token).get(path(org)), 403);
    expectError(await rest(app, guest.token).put(path(org), body), 403);
    expectError(await rest(app, other.admin.token).get(path(org)), 404);
    expectError(await rest(app, other.admin.token).put(path(org), body), 404);
    expectError(await rest(app).get(path(org)), 401);
    expectError(await rest(app).put(path(org), body), 401);
    expect(await app.prisma.agentInstructions.count({ where: { organizationId: org.organizationId } })).toBe(0);
  });

  it('token scopes: organization:read reads, organization:write writes', async () => {
    const org = await createOrg(app);
    const { token: read } = await tokenWithScopes(app, org.admin.userId, ['organization:read']);
    const { token: write } = await tokenWithScopes(app, org.admin.userId, ['organization:write']);
    const { token: none } = await tokenWithScopes(app, org.admin.userId, ['space:read']);
    expect((await rest(app, read).get(path(org))).status).toBe(200);
    expectError(await rest(app, read).put(path(org), { instructions: doc('x') }), 403);
    expect((await rest(app, write).put(path(org), { instructions: doc('x') })).status).toBe(200);
    expectError(await rest(app, none).get(path(org)), 403);
  });

  it('two parallel PUTs leave one row holding one of the two documents', async () => {
    const org = await createOrg(app);
    const bodies = [{ instructions: doc('first') }, { instructions: doc('second') }];
    const answers = await race(
      app,
      bodies.map((b) => restCall(org.admin.token, 'PUT', path(org), b)),
    );
    expect(statusCounts(answers)).toEqual({ 200: 2 });
    const rows = await app.prisma.agentInstructions.findMany({ where: { organizationId: org.organizationId } });
    expect(rows).toHaveLength(1);
    expect([doc('first'), doc('second')]).toContainEqual(rows[0].instructions);
  });

  it('GraphQL: Organization.agentInstructions and setAgentInstructions (payload, clientMutationId, errors)', async () => {
    const org = await createOrg(app);
    const set = await graphql(
      app,
      org.admin.token,
      `mutation($input: SetAgentInstructionsInput!) {
      setAgentInstructions(input: $input) { clientMutationId agentInstructions { instructions updatedBy urls { location } } } }`,
      { input: { organizationId: org.organizationId, instructions: doc('hi'), clientMutationId: 'c1' } },
    );
    expect(set.errors).toBeUndefined();
    expect(set.data.setAgentInstructions).toMatchObject({
      clientMutationId: 'c1',
      agentInstructions: { instructions: doc('hi'), updatedBy: org.admin.userId },
    });

    const read = await graphql(
      app,
      org.admin.token,
      `query($id: ID!) { organization(id: $id) { agentInstructions { instructions updatedAt } } }`,
      { id: org.organizationId },
    );
    expect(read.data.organization.agentInstructions.instructions).toEqual(doc('hi'));

    const bad = await graphql(
      app,
      org.admin.token,
      `mutation($input: SetAgentInstructionsInput!) { setAgentInstructions(input: $input) { clientMutationId } }`,
      { input: { organizationId: org.organizationId, instructions: { object: 'document', data: {}, nodes: 'no' } } },
    );
    expect(bad.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', status: 400, field: 'instructions.nodes' });
  });
});
