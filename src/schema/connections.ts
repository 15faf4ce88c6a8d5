// Connection types are named after their node (`SpaceConnection`/`SpaceEdge`,
// as GitHub's and Relay's schemas do) and shared by every field that lists that
// node, so a client writes one fragment for "a page of spaces". Each carries
// `totalCount`. Arguments particular to one list stay on its field.
import type { ObjectRef } from '@pothos/core';
import { resolveArrayConnection, type DefaultConnectionArguments } from '@pothos/plugin-relay';
import { builder, type SchemaTypes } from './builder.js';

// Pothos types the field builders of a connection per node; the helpers below
// are the same for every node and take them as given.
/* eslint-disable @typescript-eslint/no-explicit-any */
type FieldBuilder = any;

/**
 * `totalCount`: the plugin-prisma connections hand over a function (called only
 * when the field is asked for), array connections a number.
 */
const totalCountField = (t: FieldBuilder) =>
  t.int({
    description: 'Number of items in the whole list (every page), under the same filters.',
    // Lets plugin-prisma skip loading rows when only the count is asked for.
    extensions: { pothosPrismaTotalCount: true },
    resolve: (connection: { totalCount?: number | (() => number | Promise<number>) }) =>
      typeof connection.totalCount === 'function' ? connection.totalCount() : connection.totalCount,
  });

export interface ConnectionOptions {
  /** What the items are, in the plural: "spaces". */
  items: string;
  /** Fields of the connection beyond edges, pageInfo and totalCount. */
  fields?: (t: FieldBuilder) => Record<string, unknown>;
  /** Fields of the edge beyond node and cursor (facts about the item in this list). */
  edgeFields?: (t: FieldBuilder) => Record<string, unknown>;
}

/** `<name>Connection` and `<name>Edge` over `node`; `name` is the node's type name, or a qualified one when edges carry more. */
export function nodeConnection<Node extends ObjectRef<SchemaTypes, any>>(node: Node, name: string, options: ConnectionOptions) {
  return builder.connectionObject(
    {
      type: node,
      name: `${name}Connection`,
      description: `A page of ${options.items}, with the total count.`,
      fields: (t) => ({ totalCount: totalCountField(t), ...(options.fields?.(t) as object) }) as never,
    },
    {
      description: `One of ${options.items} in a page, with its cursor.`,
      ...(options.edgeFields ? { fields: (t: FieldBuilder) => options.edgeFields!(t) as never } : {}),
    },
  );
}

/**
 * A page of a list already in memory (in list order), with `totalCount` the whole
 * list's length; `extra` adds fields of the connection beyond it (`stats`).
 */
export function arrayConnection<Item, Extra extends object = object>(args: DefaultConnectionArguments, items: Item[], extra?: Extra) {
  return Object.assign(resolveArrayConnection({ args }, items)!, { totalCount: items.length }, extra);
}
