// Adaptive content: the JSON schema (draft-07) of the claims a site's visitors
// carry, in the documented form — an object schema without additional
// properties, whose `unsigned` object and other properties are booleans with a
// description — and the template conditions derived from it.
import Ajv, { type ErrorObject } from 'ajv';
import type { Context } from '../../../context.js';
import { requireActor } from '../../../context.js';
import { badRequest } from '../../../errors.js';
import { authorize, sitePolicy } from '../../../policy/index.js';
import { loadSite } from '../service.js';

const UNSIGNED_DESCRIPTION = 'Unsigned claims of the site visitor.';
/**
 * Most claims (signed and unsigned together) a schema declares, longest claim
 * name and description: every condition list and every visitor's claims are
 * checked against the schema, so its size is everyone's cost (docs/configuration.md).
 */
export const ADAPTIVE_LIMITS = { maxClaims: 500, maxNameLength: 100, maxDescriptionLength: 500 };
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** A claim: a boolean with a description. */
const claim = {
  type: 'object',
  required: ['type', 'description'],
  additionalProperties: false,
  properties: {
    type: { const: 'boolean' },
    description: { type: 'string', minLength: 1, maxLength: ADAPTIVE_LIMITS.maxDescriptionLength },
  },
};
const claimName = { maxLength: ADAPTIVE_LIMITS.maxNameLength };

/** The documented form of an adaptive schema, as a schema of schemas. */
const documentedForm = {
  type: 'object',
  required: ['type', 'properties', 'additionalProperties'],
  additionalProperties: false,
  properties: {
    $schema: { const: DRAFT_07 },
    type: { const: 'object' },
    additionalProperties: { const: false },
    properties: {
      type: 'object',
      required: ['unsigned'],
      properties: {
        unsigned: {
          type: 'object',
          required: ['type', 'description', 'properties', 'additionalProperties'],
          additionalProperties: false,
          properties: {
            type: { const: 'object' },
            description: { const: UNSIGNED_DESCRIPTION },
            properties: { type: 'object', additionalProperties: claim, propertyNames: claimName },
            additionalProperties: { const: false },
          },
        },
      },
      additionalProperties: claim,
      propertyNames: claimName,
    },
  },
};

const ajv = new Ajv.default({ allErrors: false, strict: false });
const isDocumentedForm = ajv.compile(documentedForm);

/** The schema of a site that never set one: no claims. */
export const emptyAdaptiveSchema = () => ({
  type: 'object',
  properties: { unsigned: { type: 'object', description: UNSIGNED_DESCRIPTION, properties: {}, additionalProperties: false } },
  additionalProperties: false,
});

const pointerToField = (path: string) => `jsonSchema${path.replace(/\/([^/]+)/g, '.$1')}`;

function explain(error: ErrorObject) {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties')
    return [pointerToField(`${error.instancePath}/${params.additionalProperty}`), 'is not allowed in an adaptive schema'] as const;
  if (error.keyword === 'required') return [pointerToField(error.instancePath), `must have "${params.missingProperty}"`] as const;
  if (error.keyword === 'const') return [pointerToField(error.instancePath), `must be ${JSON.stringify(params.allowedValue)}`] as const;
  // A property name refused (ajv reports its maxLength first, naming it in `propertyName`).
  const name =
    (error as { propertyName?: string }).propertyName ?? (error.keyword === 'propertyNames' ? (params.propertyName as string) : undefined);
  if (name !== undefined)
    return [
      pointerToField(`${error.instancePath}/${name}`),
      `must be a claim name of at most ${ADAPTIVE_LIMITS.maxNameLength} characters`,
    ] as const;
  return [pointerToField(error.instancePath), error.message ?? 'is invalid'] as const;
}

const keyCount = (value: unknown) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).length : 0);

/** 400 past ADAPTIVE_LIMITS.maxClaims, counted before any validator walks the schema. */
function checkClaimCount(jsonSchema: object) {
  const properties = (jsonSchema as { properties?: Record<string, unknown> }).properties;
  const unsigned = properties && typeof properties === 'object' ? (properties.unsigned as { properties?: unknown } | undefined) : undefined;
  const claims =
    Math.max(0, keyCount(properties) - 1) + keyCount(unsigned && typeof unsigned === 'object' ? unsigned.properties : undefined);
  if (claims > ADAPTIVE_LIMITS.maxClaims)
    throw badRequest(`declares ${claims} claims: at most ${ADAPTIVE_LIMITS.maxClaims} are allowed`, 'jsonSchema.properties');
}

/** 400 saying why, unless `jsonSchema` is a draft-07 schema of the documented form within ADAPTIVE_LIMITS. */
export function checkAdaptiveSchema(jsonSchema: unknown) {
  if (jsonSchema === null || typeof jsonSchema !== 'object' || Array.isArray(jsonSchema))
    throw badRequest('must be a JSON schema object', 'jsonSchema');
  checkClaimCount(jsonSchema);
  // The documented form pins `$schema` to draft-07: check that first (ajv throws on a meta-schema it does not know).
  const declared = (jsonSchema as { $schema?: unknown }).$schema;
  if (declared !== undefined && declared !== DRAFT_07) throw badRequest(`must be ${JSON.stringify(DRAFT_07)}`, 'jsonSchema.$schema');
  if (!ajv.validateSchema(jsonSchema)) {
    const error = ajv.errors![0];
    throw badRequest(`is not a valid draft-07 JSON schema: ${error.instancePath || '/'} ${error.message}`, 'jsonSchema');
  }
  if (!isDocumentedForm(jsonSchema)) {
    const [field, message] = explain(isDocumentedForm.errors![0]);
    throw badRequest(message, field);
  }
}

interface ClaimSchema {
  description: string;
}
interface AdaptiveSchema {
  properties: Record<string, ClaimSchema> & { unsigned: { properties: Record<string, ClaimSchema> } };
}

/** One condition per claim: the claim itself (a boolean), described as the schema describes it. */
export function templateConditions(jsonSchema: unknown) {
  const { unsigned, ...signed } = (jsonSchema as AdaptiveSchema).properties;
  return [
    ...Object.entries(signed).map(([name, c]) => ({ description: (c as ClaimSchema).description, condition: `visitor.claims.${name}` })),
    ...Object.entries(unsigned.properties).map(([name, c]) => ({
      description: c.description,
      condition: `visitor.claims.unsigned.${name}`,
    })),
  ];
}

export interface SiteAdaptiveSchemaView {
  jsonSchema: unknown;
  updatedAt: Date;
}

/** The site's schema (the empty one until set), with when it was last set. */
export const adaptiveSchemaOf = (site: {
  adaptiveSchema: unknown;
  adaptiveSchemaAt: Date | null;
  createdAt: Date;
}): SiteAdaptiveSchemaView => ({
  jsonSchema: site.adaptiveSchema ?? emptyAdaptiveSchema(),
  updatedAt: site.adaptiveSchemaAt ?? site.createdAt,
});

export async function setAdaptiveSchema(ctx: Context, input: { siteId: string; organizationId?: string | null; jsonSchema?: unknown }) {
  const actor = requireActor(ctx);
  checkAdaptiveSchema(input.jsonSchema);
  const site = authorize(sitePolicy, actor, await loadSite(ctx.prisma, actor, input.siteId, input.organizationId), 'editAdaptiveSchema');
  const updated = await ctx.prisma.site.update({
    where: { id: site.id },
    data: { adaptiveSchema: input.jsonSchema as object, adaptiveSchemaAt: ctx.clock.now() },
  });
  return adaptiveSchemaOf(updated);
}
