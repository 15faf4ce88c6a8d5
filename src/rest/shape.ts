// The REST dress of a GraphQL result: `object` from __typename, lists as
// {next:{page}, count, items}, and absent rather than null optional fields.

/** GraphQL type name → REST `object` value, where kebab-case is not the answer. */
const objectNames: Record<string, string> = {};

const restObjectName = (typename: string) =>
  objectNames[typename] ?? typename.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** Fields that REST documents as nullable (a guest's role, "no access" level): kept when null. */
const nullableFields = new Set(['role', 'defaultRole', 'defaultLevel']);

interface Connection {
  edges: Record<string, unknown>[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount?: number;
  [extra: string]: unknown;
}

const isConnection = (v: unknown): v is Connection =>
  typeof v === 'object' && v !== null && Array.isArray((v as Connection).edges) && typeof (v as Connection).pageInfo === 'object';

/** An edge's item: its node, or the edge itself when it carries more (e.g. {permission, space}). */
function edgeItem(edge: Record<string, unknown>) {
  const { cursor: _cursor, ...rest } = edge;
  return Object.keys(rest).length === 1 && 'node' in rest ? rest.node : rest;
}

export function toRest(value: unknown, itemOf: (item: never) => unknown = (i) => i): unknown {
  if (Array.isArray(value)) return value.map((v) => toRest(v));
  if (value === null || typeof value !== 'object') return value;
  if (isConnection(value)) {
    const { edges, pageInfo, totalCount, ...extras } = value;
    return {
      ...(pageInfo.hasNextPage && pageInfo.endCursor ? { next: { page: pageInfo.endCursor } } : {}),
      count: totalCount ?? edges.length,
      items: edges.map((edge) => itemOf(toRest(edgeItem(edge)) as never)),
      ...(toRest(extras) as object),
    };
  }
  const out: Record<string, unknown> = {};
  const record = value as Record<string, unknown>;
  if (typeof record.__typename === 'string') out.object = restObjectName(record.__typename);
  for (const [key, v] of Object.entries(record)) {
    if (key === '__typename') continue;
    if (v === null && !nullableFields.has(key)) continue;
    out[key] = toRest(v);
  }
  return out;
}
