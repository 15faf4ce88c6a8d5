// Validates REST answers against the response schemas of the public OpenAPI
// document (@gitbook/api): what legacy clients expect, including fields the
// spec never names.
import { createRequire } from 'node:module';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { errorsAgainstQuireDocument } from './quireOpenapi.js';

const require = createRequire(import.meta.url);
const spec = require('@gitbook/api/spec/openapi.json');

const ajv = new Ajv2020.default({ strict: false, allErrors: true, validateFormats: true });
addFormats.default(ajv);
// Formats of the public document that name a vocabulary, not a syntax: any string.
ajv.addFormat('emoji', true);
ajv.addFormat('icon', true);
ajv.addSchema({ ...spec, $id: 'openapi' }, 'openapi');

const cache = new Map<string, ReturnType<typeof ajv.compile>>();

/** The response schema of an operation of the public document, e.g. ('get', '/spaces/{spaceId}', 200). */
function validatorFor(method: string, path: string, status: number) {
  const key = `${method} ${path} ${status}`;
  let validate = cache.get(key);
  if (!validate) {
    const operation = spec.paths[path]?.[method.toLowerCase()];
    if (!operation) throw new Error(`The public OpenAPI document has no ${method} ${path}`);
    let response = operation.responses[String(status)];
    if (!response) throw new Error(`${method} ${path} documents no ${status} response`);
    if (response.$ref)
      response = response.$ref
        .split('/')
        .slice(1)
        .reduce((o: any, k: string) => o[k], spec);
    const schema = response.content?.['application/json']?.schema;
    if (!schema) throw new Error(`${method} ${path} ${status} has no JSON body`);
    validate = ajv.compile(rewriteRefs(schema) as object);
    cache.set(key, validate);
  }
  return validate;
}

function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `openapi${v}` : rewriteRefs(v),
      ]),
    );
  }
  return node;
}

/** Asserts that `res` has `status` and a body valid for that operation of the public document (only). */
export function expectPublicOpenApi(res: { status: number; body: unknown }, method: string, specPath: string, status = res.status) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const validate = validatorFor(method, specPath, status);
  const ok = validate(res.body);
  expect(ok ? [] : validate.errors, `body does not match ${method} ${specPath} ${status}`).toEqual([]);
}

/** Asserts that `res` has `status` and a body valid for that operation of the public document and of Quire's. */
export function expectOpenApi(res: { status: number; body: unknown }, method: string, specPath: string, status = res.status) {
  expectPublicOpenApi(res, method, specPath, status);
  // …and Quire's own document of the route (GET /v1/openapi.json) must describe it too.
  expect(
    errorsAgainstQuireDocument(method, specPath, status, res.body),
    `body does not match Quire's document of ${method} ${specPath} ${status}`,
  ).toEqual([]);
}

/**
 * The fields of a space that only its members read (spacePolicy's viewSettings): Quire leaves them out
 * for a reader through a share key or a published site, where the public document requires them.
 * Values of the right type, to check the rest of such an answer against the public document.
 */
export const spaceMembersOnly = {
  mergeRules: { type: 'none' },
  comments: 0,
  changeRequests: 0,
  changeRequestsOpen: 0,
  changeRequestsDraft: 0,
};

/** A space as a reader who is not a member sees it: the member-only fields absent (the default level null), then put back for schema checks. */
export function outsiderSpace(space: Record<string, unknown>) {
  for (const key of Object.keys(spaceMembersOnly)) expect(space[key], key).toBeUndefined();
  expect(space.defaultLevel ?? null).toBeNull();
  return { ...space, ...spaceMembersOnly };
}

/** A schema of the public document by component name, for routes the document lacks. */
export function expectSchema(body: unknown, component: string) {
  const validate = ajv.getSchema(`openapi#/components/schemas/${component}`)!;
  expect(validate(body) ? [] : validate.errors).toEqual([]);
}
