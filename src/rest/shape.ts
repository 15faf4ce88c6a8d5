// The REST dress of a GraphQL result: `object` from __typename, lists as
// {next:{page}, count, items}, and absent rather than null optional fields.

/** GraphQL type name → REST `object` value, where kebab-case is not the answer. */
const objectNames: Record<string, string> = { OpenAPISpec: 'openapi-spec', UserProfile: 'user' };

// Computed once per type name: every item of a list asks again.
const objectNameCache = new Map<string, string>();
export const restObjectName = (typename: string) => {
  let name = objectNameCache.get(typename);
  if (name === undefined) {
    name = objectNames[typename] ?? typename.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
    objectNameCache.set(typename, name);
  }
  return name;
};

/** Fields that REST documents as nullable (a guest's role, "no access" level): kept when null. */
export const nullableFields: ReadonlySet<string> = new Set(['role', 'defaultRole', 'defaultLevel']);

interface Connection {
  edges: Record<string, unknown>[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount?: number;
  [extra: string]: unknown;
}

const isConnection = (v: unknown): v is Connection =>
  typeof v === 'object' && v !== null && Array.isArray((v as Connection).edges) && typeof (v as Connection).pageInfo === 'object';

/** An edge's item: its node, or the edge itself (less its cursor) when it carries more (e.g. {permission, space}). */
function edgeItem(edge: Record<string, unknown>) {
  let others = false;
  for (const key in edge) if (key !== 'cursor' && key !== 'node') others = true;
  if (!others && 'node' in edge) return edge.node;
  const item: Record<string, unknown> = {};
  for (const key in edge) if (key !== 'cursor') item[key] = edge[key];
  return item;
}

const sameItem = (item: never) => item;

/**
 * Deeper than any GraphQL selection (GRAPHQL_MAX_DEPTH): what lies below is the
 * inside of a JSON scalar (a stored document), answered as it is rather than
 * walked, so a document thousands of levels deep cannot exhaust the stack.
 */
const SHAPED_DEPTH = 64;

// One pass, no intermediate arrays or spreads: lists of a thousand items go through here.
export function toRest(value: unknown, itemOf: (item: never) => unknown = sameItem, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > SHAPED_DEPTH) return value;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = toRest(value[i], sameItem, depth + 1);
    return out;
  }
  if (isConnection(value)) {
    const { edges, pageInfo, totalCount } = value;
    const out: Record<string, unknown> = {};
    if (pageInfo.hasNextPage && pageInfo.endCursor) out.next = { page: pageInfo.endCursor };
    out.count = totalCount ?? edges.length;
    const items = new Array(edges.length);
    for (let i = 0; i < edges.length; i++) items[i] = itemOf(toRest(edgeItem(edges[i]), sameItem, depth + 1) as never);
    out.items = items;
    if (typeof value.__typename === 'string') out.object = restObjectName(value.__typename);
    for (const key in value) {
      if (key === 'edges' || key === 'pageInfo' || key === 'totalCount') continue;
      addField(out, key, value[key], depth);
    }
    return out;
  }
  const out: Record<string, unknown> = {};
  const record = value as Record<string, unknown>;
  if (typeof record.__typename === 'string') out.object = restObjectName(record.__typename);
  for (const key in record) addField(out, key, record[key], depth);
  return out;
}

function addField(out: Record<string, unknown>, key: string, v: unknown, depth: number) {
  if (key === '__typename') return;
  if (v === null && !nullableFields.has(key)) return;
  out[key] = toRest(v, sameItem, depth + 1);
}
