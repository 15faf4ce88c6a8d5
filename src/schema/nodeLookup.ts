// Relay `node(id:)` and `nodes(ids:)`: an id that names no resource the caller
// may see answers as absent (null, NOT_FOUND) — never as an internal error,
// whether its prefix is unknown, names a type that is no Node, or no row has it.
// A row the caller may not see answers exactly the same, whatever the selection
// (even `{ __typename }`, which no field check guards): the type's own rule runs
// here, before anything of the node is resolved.
import { isObjectType, type GraphQLResolveInfo } from 'graphql';
import { AppError, notFound } from '../errors.js';
import type { Context } from '../context.js';

export type NodeRef = { typename: string; id: string };

// The same answer as for a resource that exists but is hidden (builder.ts):
// the message must not tell the two apart.
const absent = () => notFound('Resource');

function isNodeType(info: GraphQLResolveInfo, typename: string) {
  const type = typename ? info.schema.getType(typename) : undefined;
  return isObjectType(type) && type.getInterfaces().some((i) => i.name === 'Node');
}

type TypeRule = (node: unknown, ctx: Context) => unknown;

/** The node's type rule (its Pothos `authScopes`, e.g. `can(spacePolicy, …, 'view')`) must admit it. */
async function visible(info: GraphQLResolveInfo, typename: string, node: unknown, ctx: Context) {
  const type = info.schema.getType(typename);
  const rule = (type?.extensions as { pothosOptions?: { authScopes?: TypeRule } } | undefined)?.pothosOptions?.authScopes;
  if (typeof rule !== 'function') return node;
  if ((await rule(node, ctx)) !== true) throw absent();
  return node;
}

/**
 * Ids of node types whose rows exist go to the relay plugin's loader in one
 * batch (a missing row would fail the whole batch); the others are absent.
 * Existence costs one statement per type named.
 */
export async function lookUpNodes(
  refs: NodeRef[],
  ctx: Context,
  info: GraphQLResolveInfo,
  loadAll: (refs: NodeRef[]) => Promise<unknown[]>,
) {
  const byType = new Map<string, string[]>();
  for (const ref of refs) if (isNodeType(info, ref.typename)) byType.set(ref.typename, [...(byType.get(ref.typename) ?? []), ref.id]);
  const existing = new Set<string>();
  await Promise.all(
    [...byType].map(async ([typename, ids]) => {
      const model = (ctx.prisma as unknown as Record<string, { findMany(args: object): Promise<{ id: string }[]> }>)[
        typename[0].toLowerCase() + typename.slice(1)
      ];
      for (const row of await model.findMany({ where: { id: { in: ids } }, select: { id: true } })) existing.add(row.id);
    }),
  );
  const loadable = refs.filter((ref) => existing.has(ref.id) && isNodeType(info, ref.typename));
  const loaded = loadable.length ? await loadAll(loadable) : [];
  const byId = new Map(loadable.map((ref, i) => [ref.id, loaded[i]]));
  return refs.map((ref) => (byId.get(ref.id) != null ? visible(info, ref.typename, byId.get(ref.id), ctx) : Promise.reject(absent())));
}

/** Loads one node through the relay plugin's loader, turning "no such row" into 404. */
export async function lookUpNode(ref: NodeRef, ctx: Context, info: GraphQLResolveInfo, load: (ref: NodeRef) => unknown): Promise<unknown> {
  if (!isNodeType(info, ref.typename)) throw absent();
  try {
    const node = await load(ref);
    if (node == null) throw absent();
    return await visible(info, ref.typename, node, ctx);
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Prisma's findUniqueOrThrow: "No record was found" (P2025 / NotFoundError).
    const code = (err as { code?: string; name?: string }).code ?? (err as { name?: string }).name;
    if (code === 'P2025' || code === 'NotFoundError') throw absent();
    throw err;
  }
}
