// A route's `item` function re-nests each list item (routes.ts). Rather than
// describing each such function by hand, it is run once on a stand-in item
// whose members are their schemas: what it builds from them is the schema of
// what it answers. A function that computes rather than moves members gets a
// schema that says nothing (any value).
import type { JsonSchema } from './jsonSchema.js';

const schemaOf = Symbol('schema');
interface StandIn {
  [schemaOf]: { schema: JsonSchema; required: boolean };
}

type Resolve = (schema: JsonSchema) => JsonSchema;

function standIn(schema: JsonSchema, required: boolean, resolve: Resolve): unknown {
  const resolved = resolve(schema);
  const properties = (resolved.properties ?? {}) as Record<string, JsonSchema>;
  const requiredKeys = new Set((resolved.required ?? []) as string[]);
  const member = (key: string) => standIn(properties[key]!, requiredKeys.has(key), resolve);
  return new Proxy({} as StandIn, {
    get(_target, key) {
      if (key === schemaOf) return { schema, required };
      if (typeof key !== 'string' || !Object.hasOwn(properties, key)) return undefined;
      return member(key);
    },
    // Spreading (`{...rest}`) and destructuring the rest of a stand-in see its members too.
    ownKeys: () => Object.keys(properties),
    getOwnPropertyDescriptor: (_target, key) =>
      typeof key === 'string' && Object.hasOwn(properties, key)
        ? { enumerable: true, configurable: true, writable: true, value: member(key) }
        : undefined,
  });
}

const isStandIn = (v: unknown): v is StandIn => typeof v === 'object' && v !== null && (v as StandIn)[schemaOf] !== undefined;

function schemaOfResult(value: unknown): { schema: JsonSchema; required: boolean } | undefined {
  if (value === undefined) return undefined;
  if (isStandIn(value)) return value[schemaOf];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('computed value');
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [key, member] of Object.entries(value)) {
    const described = schemaOfResult(member);
    if (!described) continue;
    properties[key] = described.schema;
    if (described.required) required.push(key);
  }
  return { schema: { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false }, required: true };
}

/** The schema of `reshape(item)` for an item of `itemSchema` (`resolve` follows `$ref`s). */
export function reshapedSchema(reshape: (item: never) => unknown, itemSchema: JsonSchema, resolve: Resolve = (s) => s): JsonSchema {
  try {
    return schemaOfResult(reshape(standIn(itemSchema, true, resolve) as never))?.schema ?? {};
  } catch {
    return {};
  }
}
