// Input checks against the public document's schemas (publicSchemas.ts): one
// ajv instance compiles each named shape once; a refusal is a 400 naming the
// member at fault. Every value is bounded in size before a validator walks it.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { badRequest } from '../../../errors.js';
import { publicSchemas } from './publicSchemas.js';

const ajv = new Ajv.default({ allErrors: false, strict: false });
// The document's formats: `uri` (URLs of logos, fonts, links) must parse as an absolute URL;
// `emoji` is a short string (its length is checked by the schema); `date-time` is only answered.
ajv.addFormat('uri', { type: 'string', validate: (value: string) => URL.canParse(value) });
ajv.addFormat('emoji', true);
ajv.addFormat('date-time', true);
ajv.addSchema({ $id: 'public', components: { schemas: publicSchemas } });

export type ShapeName = keyof typeof publicSchemas;

const compiled = new Map<ShapeName, ValidateFunction>();
const validator = (name: ShapeName) => {
  let validate = compiled.get(name);
  if (!validate) compiled.set(name, (validate = ajv.compile({ $ref: `public#/components/schemas/${name}` })));
  return validate;
};

const fieldOf = (prefix: string, error: ErrorObject) => {
  const path = error.instancePath.split('/').slice(1).join('.');
  const missing = error.keyword === 'required' ? (error.params as { missingProperty: string }).missingProperty : '';
  return [prefix, path, missing].filter(Boolean).join('.');
};

/** 400 naming the first member at fault, unless `value` has the public document's shape `name`. */
export function checkShape(name: ShapeName, value: unknown, field: string) {
  const validate = validator(name);
  if (validate(value)) return;
  const error = validate.errors![0];
  const message = error.keyword === 'required' ? 'is required' : (error.message ?? 'is invalid');
  throw badRequest(message, fieldOf(field, error) || field);
}

/** 400 when the JSON text of `value` is longer than `max` characters (before any deeper check). */
export function checkJsonSize(value: unknown, max: number, field: string) {
  if (JSON.stringify(value ?? null).length > max) throw badRequest(`must be at most ${max} characters of JSON`, field);
}

/** Whether `value` is a plain JSON object. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A REST body of the public document's shape `name`, for Quire's OpenAPI document: its
 * members named (each checked as the public document says, see checkShape).
 */
export function documentedBody(name: 'SiteCustomizationSettingsBase' | 'SiteSpaceCustomizationOverrides', description: string) {
  const members = Object.keys(publicSchemas[name].properties);
  return {
    type: 'object',
    description,
    properties: Object.fromEntries(members.map((m) => [m, { description: `As ${name}.${m} of the public API.` }])),
  };
}
