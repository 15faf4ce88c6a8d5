// The schemas Quire copies from the public document (publicSchemas.ts, since
// @gitbook/api is a dev dependency) are the document's, less annotations: a
// newer @gitbook/api that changes them fails here until the copy is refreshed.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { publicSchemas } from '../../src/domain/sites/customization/publicSchemas.js';

const require = createRequire(import.meta.url);
const spec = require('@gitbook/api/spec/openapi.json');
const ANNOTATIONS = new Set(['description', 'example', 'deprecated']);

/** The schema less its annotations (a property named `description` stays). */
function stripped(value: unknown, parentKey?: string): unknown {
  if (Array.isArray(value)) return value.map((v) => stripped(v));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k, v]) => !(ANNOTATIONS.has(k) && parentKey !== 'properties' && typeof v !== 'object'))
      .map(([k, v]) => [k, stripped(v, k)]),
  );
}

describe('the copied public schemas', () => {
  it('equal the public document’s', () => {
    const overridesPath = spec.paths['/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization'].patch;
    const original = (name: string) =>
      name === 'SiteSpaceCustomizationOverrides'
        ? overridesPath.requestBody.content['application/json'].schema
        : spec.components.schemas[name];
    for (const [name, schema] of Object.entries(publicSchemas)) expect(schema, name).toEqual(stripped(original(name)));
  });
});
