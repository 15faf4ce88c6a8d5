// The JSON Schema of a REST answer, read from the operation's selections and
// the schema's types with the REST adapter's shaping rules applied statically:
// the answer is the resource reached through single-member objects (router.ts
// resourceOf), `object` comes from __typename, connections become
// {next:{page}, count, items}, a null field is absent unless REST keeps it
// (shape.ts), enums take their REST values (codec.ts).
import {
  Kind,
  print,
  isAbstractType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { nullableFields, restObjectName } from '../rest/shape.js';
import { enumSchema, orNull, scalarSchema, type JsonSchema } from './jsonSchema.js';

export interface SelectionContext {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  /** Shared schemas of the document (components.schemas): one per fragment selected alone (`{ ...RestTeam }` → Team). */
  components: Record<string, JsonSchema>;
  /** The printed fragment each component was made from. */
  componentSources: Map<string, string>;
}

/** A response key's selections, merged as GraphQL merges them. */
export interface SelectedField {
  name: string;
  definition?: GraphQLField<unknown, unknown>;
  selectionSet?: SelectionSetNode;
}

/** The fields a selection set selects on `type`, by response key (fragments flattened). */
export function collectFields(
  ctx: SelectionContext,
  type: GraphQLObjectType,
  selectionSet: SelectionSetNode,
  out = new Map<string, FieldNode[]>(),
) {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const key = selection.alias?.value ?? selection.name.value;
      out.set(key, [...(out.get(key) ?? []), selection]);
      continue;
    }
    const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : ctx.fragments[selection.name.value];
    if (fragment.typeCondition && !appliesTo(ctx.schema, fragment.typeCondition.name.value, type)) continue;
    collectFields(ctx, type, fragment.selectionSet, out);
  }
  return out;
}

function appliesTo(schema: GraphQLSchema, condition: string, type: GraphQLObjectType) {
  if (condition === type.name) return true;
  const conditionType = schema.getType(condition);
  return isAbstractType(conditionType) && schema.isSubType(conditionType, type);
}

export function selectedFields(ctx: SelectionContext, type: GraphQLObjectType, selectionSet: SelectionSetNode): Map<string, SelectedField> {
  const out = new Map<string, SelectedField>();
  for (const [key, nodes] of collectFields(ctx, type, selectionSet)) {
    const name = nodes[0].name.value;
    const subSelections = nodes.flatMap((n) => n.selectionSet?.selections ?? []);
    out.set(key, {
      name,
      definition: type.getFields()[name],
      selectionSet: subSelections.length ? { kind: Kind.SELECTION_SET, selections: subSelections } : undefined,
    });
  }
  return out;
}

/** What REST answers for a value of `type` selected with `selectionSet` (null aside: see fieldSchema). */
export function valueSchema(ctx: SelectionContext, type: GraphQLOutputType, selectionSet?: SelectionSetNode): JsonSchema {
  if (isNonNullType(type)) return valueSchema(ctx, type.ofType, selectionSet);
  if (isListType(type)) {
    const items = valueSchema(ctx, type.ofType, selectionSet);
    return { type: 'array', items: isNonNullType(type.ofType) ? items : orNull(items) };
  }
  if (isScalarType(type)) return scalarSchema(type);
  if (isEnumType(type)) return enumSchema(type);
  if (!selectionSet) return {};
  if (isObjectType(type)) return fragmentRef(ctx, type, selectionSet) ?? objectSchema(ctx, type, selectionSet);
  const variants = ctx.schema.getPossibleTypes(type).map((t) => objectSchema(ctx, t, selectionSet));
  return variants.length === 1 ? variants[0] : { oneOf: variants };
}

/** A `$ref` to the shared schema of a selection that is one fragment on `type` alone. */
function fragmentRef(ctx: SelectionContext, type: GraphQLObjectType, selectionSet: SelectionSetNode): JsonSchema | undefined {
  const [only, ...others] = selectionSet.selections;
  if (others.length || only.kind !== Kind.FRAGMENT_SPREAD) return undefined;
  const fragment = ctx.fragments[only.name.value];
  if (fragment?.typeCondition.name.value !== type.name) return undefined;
  const short = fragment.name.value.replace(/^Rest(?=[A-Z])/, '');
  // Each operation document carries its own copy of a fragment: the same fragment prints the same.
  const printed = print(fragment);
  const name = ctx.componentSources.has(short) && ctx.componentSources.get(short) !== printed ? fragment.name.value : short;
  if (!ctx.componentSources.has(name)) {
    ctx.componentSources.set(name, printed);
    ctx.components[name] = objectSchema(ctx, type, selectionSet);
  }
  return { $ref: `#/components/schemas/${name}` };
}

/** An object's REST members; `skip` names response keys REST drops (an edge's cursor). */
export function objectSchema(
  ctx: SelectionContext,
  type: GraphQLObjectType,
  selectionSet: SelectionSetNode,
  skip: ReadonlySet<string> = new Set(),
): JsonSchema {
  const fields = selectedFields(ctx, type, selectionSet);
  if (fields.has('edges') && fields.has('pageInfo')) return connectionSchema(ctx, type, fields);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [key, field] of fields) {
    if (skip.has(key)) continue;
    addMember(ctx, properties, required, key, field, type);
  }
  return objectOf(properties, required, type.description);
}

function addMember(
  ctx: SelectionContext,
  properties: Record<string, JsonSchema>,
  required: string[],
  key: string,
  field: SelectedField,
  type: GraphQLObjectType,
) {
  if (field.name === '__typename') {
    properties.object = { type: 'string', const: restObjectName(type.name) };
    required.push('object');
    return;
  }
  if (!field.definition) return;
  const schema = valueSchema(ctx, field.definition.type, field.selectionSet);
  if (field.definition.description) schema.description = field.definition.description;
  if (field.definition.deprecationReason) schema.deprecated = true;
  const nullable = !isNonNullType(field.definition.type);
  // shape.ts: null members are dropped, except those REST documents as nullable.
  if (nullable && nullableFields.has(key)) {
    properties[key] = orNull(schema);
    required.push(key);
  } else {
    properties[key] = schema;
    if (!nullable) required.push(key);
  }
}

const objectOf = (properties: Record<string, JsonSchema>, required: string[], description?: string | null): JsonSchema => ({
  type: 'object',
  ...(description ? { description } : {}),
  properties,
  ...(required.length ? { required } : {}),
  additionalProperties: false,
});

/** A Relay connection as REST's list: {next:{page}, count, items}. */
function connectionSchema(ctx: SelectionContext, type: GraphQLObjectType, fields: Map<string, SelectedField>): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    next: objectOf(
      { page: { type: 'string', description: 'Pass as `page` to get the next page.' } },
      ['page'],
      'Present when there are more items.',
    ),
    count: { type: 'integer', description: 'How many items the whole list has.' },
    items: { type: 'array', items: edgeItemSchema(ctx, fields.get('edges')!) },
  };
  const required = ['count', 'items'];
  for (const [key, field] of fields) {
    if (key === 'edges' || key === 'pageInfo' || key === 'totalCount') continue;
    addMember(ctx, properties, required, key, field, type);
  }
  return objectOf(properties, required);
}

/** shape.ts edgeItem: the node, or the edge less its cursor when it carries more. */
function edgeItemSchema(ctx: SelectionContext, edges: SelectedField): JsonSchema {
  let edgeType = edges.definition?.type;
  while (edgeType && (isNonNullType(edgeType) || isListType(edgeType))) edgeType = edgeType.ofType;
  if (!isObjectType(edgeType) || !edges.selectionSet) return {};
  const fields = selectedFields(ctx, edgeType, edges.selectionSet);
  const node = fields.get('node');
  const others = [...fields.keys()].filter((k) => k !== 'cursor' && k !== 'node');
  if (others.length === 0 && node?.definition) return valueSchema(ctx, node.definition.type, node.selectionSet);
  return objectSchema(ctx, edgeType, edges.selectionSet, new Set(['cursor']));
}
