// What a connection field's items are asked for, read from the operation, so a
// list can load per-row facts with its page (in one statement, before the rows
// resolve) only when the query wants them.
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/** The selection sets of the items of a connection: `edges { node { … } }` and `nodes { … }`. */
function itemSelections(info: GraphQLResolveInfo): SelectionSetNode[] {
  const sets: SelectionSetNode[] = [];
  const fieldsOf = (set: SelectionSetNode | undefined, name: string, into: SelectionSetNode[]) =>
    eachField(info, set, (field) => {
      if (field.name.value === name && field.selectionSet) into.push(field.selectionSet);
    });
  for (const node of info.fieldNodes) {
    const edges: SelectionSetNode[] = [];
    fieldsOf(node.selectionSet, 'edges', edges);
    for (const edge of edges) fieldsOf(edge, 'node', sets);
    fieldsOf(node.selectionSet, 'nodes', sets);
  }
  return sets;
}

/** Calls `visit` for every field of `set`, through fragments (spreads and inline). */
function eachField(
  info: GraphQLResolveInfo,
  set: SelectionSetNode | undefined,
  visit: (field: { name: { value: string }; selectionSet?: SelectionSetNode }) => void,
) {
  for (const selection of set?.selections ?? []) {
    if (selection.kind === Kind.FIELD) visit(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) eachField(info, selection.selectionSet, visit);
    else eachField(info, info.fragments[selection.name.value]?.selectionSet, visit);
  }
}

/** The names of the fields asked of the object the field `info` resolves (through fragments). */
export function fieldsAsked(info: GraphQLResolveInfo): Set<string> {
  const asked = new Set<string>();
  for (const node of info.fieldNodes) eachField(info, node.selectionSet, (field) => asked.add(field.name.value));
  return asked;
}

/**
 * The names of the fields the items of the connection `info` resolves are asked for
 * (through fragments); with a `path` of field names, those asked of that object of
 * the items (`fieldsAskedOfItems(info, 'team')` for `edges { node { team { … } } }`).
 */
export function fieldsAskedOfItems(info: GraphQLResolveInfo, ...path: string[]): Set<string> {
  let sets = itemSelections(info);
  for (const name of path) {
    const inner: SelectionSetNode[] = [];
    for (const set of sets)
      eachField(info, set, (field) => field.name.value === name && field.selectionSet && inner.push(field.selectionSet));
    sets = inner;
  }
  const asked = new Set<string>();
  for (const set of sets) eachField(info, set, (field) => asked.add(field.name.value));
  return asked;
}
