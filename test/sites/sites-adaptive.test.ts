// Adaptive content (spec 4.1): the adaptive JSON schema of a site — draft-07,
// of the documented form, anything else a 400 saying why — and the template
// conditions derived from it; who may read and set it.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { createOrg, membersOfEveryRole, type OrgFixture } from '../support/factories.js';
import { tokenWithScopes } from '../support/tokens.js';
import { expectOpenApi, expectSchema } from '../support/openapi.js';

const app = useTestApp();

const SCHEMA = '/orgs/{organizationId}/sites/{siteId}/adaptive-schema';
const CONDITIONS = `${SCHEMA}/template-conditions`;

const unsigned = (properties: Record<string, unknown> = {}) => ({
  type: 'object',
  description: 'Unsigned claims of the site visitor.',
  properties,
  additionalProperties: false,
});
const valid = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    isBetaUser: { type: 'boolean', description: 'The visitor joined the beta.' },
    unsigned: unsigned({ prefersDark: { type: 'boolean', description: 'The visitor prefers dark mode.' } }),
  },
  additionalProperties: false,
};

async function siteOf(org: OrgFixture) {
  const res = await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/sites`, { title: 'Docs' });
  return `/v1/orgs/${org.organizationId}/sites/${res.body.id}`;
}

const expect400 = (res: { status: number; body: any }, field: string, why: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expectSchema(res.body, 'Error');
  expect(res.body.error.message).toBe(`${field}: ${why}`);
};

describe('adaptive schema', () => {
  it('starts empty, is set and read back, and yields one template condition per claim', async () => {
    const org = await createOrg(app);
    const site = await siteOf(org);
    const admin = rest(app, org.admin.token);
    const initial = await admin.get(`${site}/adaptive-schema`);
    expectOpenApi(initial, 'get', SCHEMA, 200);
    expect(initial.body.jsonSchema).toEqual({ type: 'object', properties: { unsigned: unsigned() }, additionalProperties: false });
    expect((await admin.get(`${site}/adaptive-schema/template-conditions`)).body.items).toEqual([]);

    const put = await admin.put(`${site}/adaptive-schema`, { jsonSchema: valid });
    expectOpenApi(put, 'put', SCHEMA, 200);
    expect(put.body).toMatchObject({ object: 'site-adaptive-schema', jsonSchema: valid });
    const row = await app.prisma.site.findUniqueOrThrow({ where: { id: site.split('/').at(-1)! } });
    expect(row.adaptiveSchema).toEqual(valid);
    expect(put.body.updatedAt).toBe(row.adaptiveSchemaAt!.toISOString());
    const read = await admin.get(`${site}/adaptive-schema`);
    expectOpenApi(read, 'get', SCHEMA, 200);
    expect(read.body.jsonSchema).toEqual(valid);

    const conditions = await admin.get(`${site}/adaptive-schema/template-conditions`);
    expectOpenApi(conditions, 'get', CONDITIONS, 200);
    expect(conditions.body.items).toEqual([
      { description: 'The visitor joined the beta.', condition: 'visitor.claims.isBetaUser' },
      { description: 'The visitor prefers dark mode.', condition: 'visitor.claims.unsigned.prefersDark' },
    ]);
  });

  it('refuses anything but a draft-07 schema of the documented form, saying why, and keeps the schema', async () => {
    const org = await createOrg(app);
    const site = await siteOf(org);
    const admin = rest(app, org.admin.token);
    await admin.put(`${site}/adaptive-schema`, { jsonSchema: valid });
    const cases: [unknown, string, string][] = [
      ['nope', 'jsonSchema', 'must be a JSON schema object'],
      [{ ...valid, type: 'objekt' }, 'jsonSchema', 'is not a valid draft-07 JSON schema: /type must be equal to one of the allowed values'],
      [{ ...valid, type: 'array' }, 'jsonSchema.type', 'must be "object"'],
      [{ ...valid, additionalProperties: true }, 'jsonSchema.additionalProperties', 'must be false'],
      [{ ...valid, required: ['isBetaUser'] }, 'jsonSchema.required', 'is not allowed in an adaptive schema'],
      [{ type: 'object', additionalProperties: false }, 'jsonSchema', 'must have "properties"'],
      [{ ...valid, properties: { isBetaUser: valid.properties.isBetaUser } }, 'jsonSchema.properties', 'must have "unsigned"'],
      [
        { ...valid, properties: { ...valid.properties, plan: { type: 'string', description: 'Plan' } } },
        'jsonSchema.properties.plan.type',
        'must be "boolean"',
      ],
      [
        { ...valid, properties: { ...valid.properties, flag: { type: 'boolean' } } },
        'jsonSchema.properties.flag',
        'must have "description"',
      ],
      [
        { ...valid, properties: { ...valid.properties, unsigned: unsigned({ age: { type: 'number', description: 'Age' } }) } },
        'jsonSchema.properties.unsigned.properties.age.type',
        'must be "boolean"',
      ],
      [
        { ...valid, properties: { ...valid.properties, unsigned: { ...unsigned(), additionalProperties: true } } },
        'jsonSchema.properties.unsigned.additionalProperties',
        'must be false',
      ],
      [
        { ...valid, properties: { ...valid.properties, unsigned: { ...unsigned(), description: 'Claims' } } },
        'jsonSchema.properties.unsigned.description',
        'must be "Unsigned claims of the site visitor."',
      ],
      [
        { ...valid, $schema: 'https://json-schema.org/draft/2020-12/schema' },
        'jsonSchema.$schema',
        'must be "http://json-schema.org/draft-07/schema#"',
      ],
    ];
    for (const [jsonSchema, field, why] of cases) expect400(await admin.put(`${site}/adaptive-schema`, { jsonSchema }), field, why);
    const missing = await admin.put(`${site}/adaptive-schema`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain('jsonSchema');
    expect((await admin.get(`${site}/adaptive-schema`)).body.jsonSchema).toEqual(valid);
  });

  it('bounds the claims: 500 at most (signed and unsigned together), names of 100 and descriptions of 500 characters; 20,000 refused at once', async () => {
    const org = await createOrg(app);
    const site = await siteOf(org);
    const admin = rest(app, org.admin.token);
    const claims = (n: number, from = 0) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`c${from + i}`, { type: 'boolean', description: 'x' }]));
    const schemaWith = (signed: number, unsignedCount: number) => ({
      ...valid,
      properties: { ...claims(signed), unsigned: unsigned(claims(unsignedCount, signed)) },
    });
    expect((await admin.put(`${site}/adaptive-schema`, { jsonSchema: schemaWith(300, 200) })).status).toBe(200);
    expect((await admin.get(`${site}/adaptive-schema/template-conditions`)).body.items).toHaveLength(500);
    expect400(
      await admin.put(`${site}/adaptive-schema`, { jsonSchema: schemaWith(300, 201) }),
      'jsonSchema.properties',
      'declares 501 claims: at most 500 are allowed',
    );
    expect400(
      await admin.put(`${site}/adaptive-schema`, { jsonSchema: schemaWith(20_000, 0) }),
      'jsonSchema.properties',
      'declares 20000 claims: at most 500 are allowed',
    );
    const longName = { ...valid, properties: { ...valid.properties, ['n'.repeat(101)]: { type: 'boolean', description: 'Long' } } };
    expect400(
      await admin.put(`${site}/adaptive-schema`, { jsonSchema: longName }),
      `jsonSchema.properties.${'n'.repeat(101)}`,
      'must be a claim name of at most 100 characters',
    );
    const longDescription = {
      ...valid,
      properties: { ...valid.properties, isBetaUser: { type: 'boolean', description: 'd'.repeat(501) } },
    };
    const refused = await admin.put(`${site}/adaptive-schema`, { jsonSchema: longDescription });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^jsonSchema\.properties\.isBetaUser\.description: /);
    // The schema set first is kept.
    expect((await admin.get(`${site}/adaptive-schema/template-conditions`)).body.items).toHaveLength(500);
  });

  it('is read by members who see the site, set by site admins; scopes site:read / site:write; other organizations get 404', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const site = await siteOf(org);
    const callers = await membersOfEveryRole(app, org.organizationId);
    for (const role of ['create', 'review', 'edit', 'comment', 'read'] as const) {
      const as = rest(app, callers[role].token);
      expect((await as.get(`${site}/adaptive-schema`)).status, role).toBe(200);
      expect((await as.get(`${site}/adaptive-schema/template-conditions`)).status, role).toBe(200);
      expect((await as.put(`${site}/adaptive-schema`, { jsonSchema: valid })).status, role).toBe(403);
    }
    expect((await rest(app, callers.guest.token).get(`${site}/adaptive-schema`)).status).toBe(404);
    expect((await rest(app, other.admin.token).put(`${site}/adaptive-schema`, { jsonSchema: valid })).status).toBe(404);
    const reader = await tokenWithScopes(app, org.admin.userId, ['site:read']);
    expect((await rest(app, reader.token).put(`${site}/adaptive-schema`, { jsonSchema: valid })).status).toBe(403);
    const siteId = site.split('/').at(-1)!;
    expect((await app.prisma.site.findUniqueOrThrow({ where: { id: siteId } })).adaptiveSchema).toBeNull();
    const writer = await tokenWithScopes(app, org.admin.userId, ['site:write']);
    expect((await rest(app, writer.token).put(`${site}/adaptive-schema`, { jsonSchema: valid })).status).toBe(200);
  });

  it('is the same in GraphQL, with BAD_USER_INPUT naming the field', async () => {
    const org = await createOrg(app);
    const site = (await siteOf(org)).split('/').at(-1)!;
    const set = await graphql(
      app,
      org.admin.token,
      `mutation ($input: UpdateSiteAdaptiveSchemaInput!) {
      updateSiteAdaptiveSchema(input: $input) { adaptiveSchema { jsonSchema } }
    }`,
      { input: { siteId: site, jsonSchema: valid } },
    );
    expect(set.data.updateSiteAdaptiveSchema.adaptiveSchema.jsonSchema).toEqual(valid);
    const bad = await graphql(
      app,
      org.admin.token,
      'mutation ($input: UpdateSiteAdaptiveSchemaInput!) { updateSiteAdaptiveSchema(input: $input) { clientMutationId } }',
      { input: { siteId: site, jsonSchema: { ...valid, additionalProperties: true } } },
    );
    expect(bad.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'jsonSchema.additionalProperties' });
    const read = await graphql(
      app,
      org.admin.token,
      'query ($id: ID!) { site(id: $id) { adaptiveTemplateConditions { items { condition } } } }',
      { id: site },
    );
    expect(read.data.site.adaptiveTemplateConditions.items.map((i: { condition: string }) => i.condition)).toEqual([
      'visitor.claims.isBetaUser',
      'visitor.claims.unsigned.prefersDark',
    ]);
  });
});
