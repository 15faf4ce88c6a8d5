// Validates REST answers against Quire's OWN OpenAPI document (src/openapi,
// served at /v1/openapi.json), built here from the same route table and schema:
// every answer a test checks against the public document is also checked
// against the response schema Quire publishes for that route.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { buildOpenApiDocument } from '../../src/openapi/document.js';
import { routes } from '../../src/rest/routes.js';
import { schema } from '../../src/graphql/schema.js';

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
export const quireDocument = buildOpenApiDocument(schema, routes, { serverUrl: 'http://quire.test/v1', version: 'test' });

const resolve = (document: object, ref: string) =>
  ref
    .split('/')
    .slice(1)
    .reduce((o: any, k: string) => o?.[k], document);

/** Local `$ref`s as references into the document registered under `id`. */
function rewriteRefs(node: unknown, id: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, id));
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${id}${v}` : rewriteRefs(v, id),
      ]),
    );
  }
  return node;
}

/** Validates answers against `document`'s response schemas. */
export function answerValidator(document: OpenApiDocument, id = 'quire') {
  const ajv = new Ajv2020.default({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: id }, id);
  const cache = new Map<string, ReturnType<typeof ajv.compile> | string>();
  /** The errors of `body` as the `status` answer of `method path` (a message when the document has no such answer). */
  return function errorsOf(method: string, path: string, status: number, body: unknown): unknown[] {
    const key = `${method} ${path} ${status}`;
    let validate = cache.get(key);
    if (validate === undefined) {
      const operation = (document.paths as Record<string, Record<string, any>>)[path]?.[method.toLowerCase()];
      let response = operation?.responses[String(status)] ?? operation?.responses.default;
      while (response?.$ref) response = resolve(document, response.$ref);
      const schema = response?.content?.['application/json']?.schema;
      if (!operation) validate = `Quire's document has no ${method} ${path}`;
      else if (!schema) validate = `Quire's document has no JSON body for ${method} ${path} ${status}`;
      else validate = ajv.compile(rewriteRefs(schema, id) as object);
      cache.set(key, validate);
    }
    if (typeof validate === 'string') return [validate];
    return validate(body) ? [] : (validate.errors ?? []);
  };
}

export const errorsAgainstQuireDocument = answerValidator(quireDocument);
