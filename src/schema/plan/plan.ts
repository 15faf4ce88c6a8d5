// Planned reads (docs/graphql.md, "Planned reads"): a list field declared with
// `planList` answers its whole selection from one SQL statement when every field
// asked beneath it is declared (`planType`), and its objects are then read by
// property: the resolvers of the planned types step aside for them. A lookup
// declared with `planLookup` (`space(id)`) answers its one object the same way.
// Anything else, and every request with `plannedReads: false`, takes the generic path.
import {
  defaultFieldResolver,
  getNamedType,
  isLeafType,
  isUnionType,
  defaultTypeResolver,
  type GraphQLUnionType,
  type GraphQLField,
  type GraphQLFieldResolver,
  type GraphQLObjectType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
} from 'graphql';
import type { Context } from '../../context.js';
import {
  childrenPlanFor,
  connectionPlanFor,
  groupedPlanFor,
  lookupPlanFor,
  relationPlanFor,
  type ConnectionPlan,
  type LookupPlan,
} from './compile.js';
import {
  columnOf,
  joinOf,
  plannedChildrenFields,
  plannedGroupedLists,
  plannedLists,
  plannedLookups,
  plannedRelatedLists,
  plannedRelationFields,
  plannedTypes,
} from './declare.js';
import { ROW, TYPENAME, isPlanned, runChildrenPlan, runConnectionPlan, runGroupedPlan, runLookupPlan, runRelationPlan } from './run.js';
import { answerWhole, type WholeAnswer } from './execute.js';

export {
  planChildren,
  planGroupedList,
  planList,
  planLookup,
  planRelatedList,
  planRelation,
  planType,
  planUnionChildren,
} from './declare.js';

type Resolver = GraphQLFieldResolver<unknown, Context>;

/**
 * A planned object answers each field with its own property (by response key), or, for a
 * computed field, with the field's resolver over its row; any other object goes to the resolvers.
 */
function readPlannedFields(type: GraphQLObjectType) {
  for (const field of Object.values(type.getFields())) {
    const resolve: Resolver = field.resolve ?? defaultFieldResolver;
    const fromRow = rowResolver(field) ?? resolve;
    field.resolve = (source, args, ctx, info) => {
      if (!isPlanned(source)) return resolve(source, args, ctx, info);
      const planned = source as Record<string | symbol, unknown>;
      const key = info.path.key as string;
      return key in planned ? planned[key] : fromRow(planned[ROW], args, ctx, info);
    };
  }
  const isTypeOf = type.isTypeOf;
  // A planned object passed the type's checks when it was built (run.ts).
  if (isTypeOf) type.isTypeOf = (value, ctx, info) => isPlanned(value) || isTypeOf(value, ctx, info);
}

/**
 * A field that `select`s from its parent's relations (SiteSpace.title reads its space's title) is
 * answered by plugin-prisma's wrapper only for rows plugin-prisma loaded itself: for any other it
 * loads them again (a promise, which leaves the answer to graphql-js). A planned row holds what it
 * selects (its type's `subjectRelations`), so the field's own function answers it.
 */
function rowResolver(field: GraphQLField<unknown, Context>): Resolver | undefined {
  const extensions = field.extensions as { pothosPrismaSelect?: unknown; pothosOptions?: { resolve?: Resolver; authScopes?: unknown } };
  // A field with scopes of its own keeps its wrappers: they check them.
  if (!extensions.pothosPrismaSelect || extensions.pothosOptions?.authScopes !== undefined) return undefined;
  return extensions.pothosOptions?.resolve;
}

/**
 * The field `path` (`Type.field`), checked to hold no auth scopes a plan would skip (`ownCheck`:
 * the plan calls the field's own, declared with it).
 */
function plannedField(schema: GraphQLSchema, path: string, ownCheck = false) {
  const [typeName, fieldName] = path.split('.') as [string, string];
  const type = schema.getType(typeName) as GraphQLObjectType | undefined;
  const field = type?.getFields()[fieldName];
  if (!type || !field) throw new Error(`read plan: no field ${path}`);
  // The plan answers in place of the field's resolver, so of the scope checks wrapped around it too.
  const fieldOptions = field.extensions?.pothosOptions as { authScopes?: unknown; skipTypeScopes?: boolean } | undefined;
  const typeOptions = type.extensions?.pothosOptions as { authScopes?: unknown; runScopesOnType?: boolean } | undefined;
  if (
    (fieldOptions?.authScopes && !ownCheck) ||
    (typeOptions?.authScopes && typeOptions.runScopesOnType === false && !fieldOptions?.skipTypeScopes)
  )
    throw new Error(`read plan: ${path} checks auth scopes of its own, which a plan would skip`);
  return field;
}

/** The planned type `typeName`, which the declaration `path` answers or hangs from; throws when it is not planned. */
function mustBePlanned(path: string, typeName: string) {
  const type = plannedTypes.get(typeName);
  if (!type) throw new Error(`read plan: ${path} needs ${typeName}, which is not planned`);
  return type;
}

/** Wires the planner into `schema` (once, when it is built). */
export function planReads(schema: GraphQLSchema) {
  for (const [typeName, type] of plannedTypes) {
    // A relation joins the row its foreign key names: the planned type it answers must read that table.
    for (const [name, relation] of Object.entries(type.relations ?? {})) {
      const joined = joinOf(type.model, name).model;
      const answered = plannedTypes.get(relation.type)?.model;
      if (answered && answered !== joined)
        throw new Error(`read plan: ${typeName}.${name} joins ${joined}, not ${relation.type}'s ${answered}`);
    }
    // A column answers a leaf (a JSON column shaped as an object type is a computed field: its resolver answers it).
    const fields = (schema.getType(typeName) as GraphQLObjectType | undefined)?.getFields();
    for (const field of Object.keys(type.columns))
      if (!fields?.[field] || !isLeafType(getNamedType(fields[field].type)))
        throw new Error(`read plan: ${typeName}.${field} is not a field answering a leaf, which a column answers`);
  }
  const readByProperty = new Set<string>(plannedTypes.keys());
  // A planned connection is answered as objects read by property, as its items are.
  const connectionOf = (field: GraphQLField<unknown, Context>) => {
    const connection = getNamedType(field.type) as GraphQLObjectType;
    const edge = getNamedType(connection.getFields().edges!.type) as GraphQLObjectType;
    readByProperty.add(connection.name);
    readByProperty.add(edge.name);
    readByProperty.add(getNamedType(connection.getFields().pageInfo!.type).name);
    return edge;
  };
  for (const [path, listed] of plannedLists) {
    const node = mustBePlanned(path, listed.node);
    for (const column of [...listed.preloadReads, ...listed.edge.reads]) columnOf(node.model, column);
    const edge = connectionOf(plannedField(schema, path));
    for (const name of listed.edge.fields) if (!edge.getFields()[name]) throw new Error(`read plan: ${path}'s edges have no field ${name}`);
  }
  for (const [path, grouped] of plannedGroupedLists) {
    mustBePlanned(path, grouped.node);
    connectionOf(plannedField(schema, path));
  }
  for (const [path, related] of plannedRelatedLists) {
    const parent = path.split('.')[0]!;
    mustBePlanned(path, related.node);
    mustBePlanned(path, parent);
    connectionOf(plannedField(schema, path));
  }
  for (const name of readByProperty) readPlannedFields(schema.getType(name) as GraphQLObjectType);
  // After the property readers: the plan answers before the field's own resolver.
  const whole = new Map<string, WholeAnswer>();
  for (const [path, list] of plannedLists) {
    const planOf = (info: GraphQLResolveInfo) => connectionPlanFor(info, list);
    const run = (plan: ConnectionPlan, ...[parent, args, ctx, info]: Parameters<Resolver>) =>
      runConnectionPlan(plan, list, parent, args, ctx, info);
    answerFromPlan(plannedField(schema, path), planOf, run);
    whole.set(path, { steps: (info) => planOf(info)?.answer ?? null, run: (...call) => run(planOf(call[3])!, ...call) });
  }
  for (const [path, lookup] of plannedLookups) {
    mustBePlanned(path, lookup.node);
    const planOf = (info: GraphQLResolveInfo) => lookupPlanFor(info, lookup);
    const run = (plan: LookupPlan, ...[parent, args, ctx, info]: Parameters<Resolver>) =>
      runLookupPlan(plan, lookup, parent, args, ctx, info);
    answerFromPlan(plannedField(schema, path), planOf, run);
    whole.set(path, { steps: (info) => planOf(info)?.node.answer ?? null, run: (...call) => run(planOf(call[3])!, ...call) });
  }
  // A relation of a type the planner does not answer is only answered whole: graphql-js completes its parent.
  for (const [path, relation] of plannedRelationFields) {
    mustBePlanned(path, relation.node);
    plannedField(schema, path, true);
    const planOf = (info: GraphQLResolveInfo) => relationPlanFor(info, relation);
    whole.set(path, {
      steps: (info) => planOf(info)?.node.answer ?? null,
      run: (parent, _args, ctx, info) => runRelationPlan(planOf(info)!, relation, parent, ctx),
    });
  }
  // So is a to-many relation: the children of every parent of the request are read together.
  for (const [path, children] of plannedChildrenFields) {
    for (const member of children.members) mustBePlanned(path, member.node);
    const field = plannedField(schema, path);
    answerByTypename(
      field,
      children.members.map((member) => member.node),
    );
    const planOf = (info: GraphQLResolveInfo) => childrenPlanFor(info, children);
    whole.set(path, {
      steps: (info) => planOf(info)?.answer ?? null,
      run: (parent, _args, ctx, info) => runChildrenPlan(planOf(info)!, parent, ctx, info),
    });
  }
  // So is a grouped list: the pages of every parent of the request are read together.
  for (const [path, grouped] of plannedGroupedLists) {
    const planOf = (info: GraphQLResolveInfo) => groupedPlanFor(info, grouped);
    whole.set(path, {
      steps: (info) => planOf(info)?.answer ?? null,
      run: (parent, args, ctx, info) => runGroupedPlan(planOf(info)!, grouped, parent, args as never, ctx, info),
    });
  }
  // Queries whose planned fields all answer whole run on a copy that completes them as one value (execute.ts).
  answerWhole(schema, whole);
}

/**
 * A field listing a union (`SiteSectionGroup.children`): its planned items (keyed by response names,
 * which its `resolveType` does not read) answer with the type they were built as; each is checked to
 * be one of the union's.
 */
function answerByTypename(field: GraphQLField<unknown, Context>, members: string[]) {
  const named = getNamedType(field.type);
  if (!isUnionType(named)) {
    if (members.length !== 1 || members[0] !== named.name)
      throw new Error(`read plan: ${field.name} answers ${named.name}, not ${members}`);
    return;
  }
  const types = new Set(named.getTypes().map((type) => type.name));
  for (const member of members) if (!types.has(member)) throw new Error(`read plan: ${member} is not a type of ${named.name}`);
  // Items answer by type: two relations of one type would be answered as one.
  if (new Set(members).size !== members.length) throw new Error(`read plan: ${field.name} lists a type twice`);
  if (typedUnions.has(named)) return;
  typedUnions.add(named);
  const resolveType = named.resolveType ?? defaultTypeResolver;
  named.resolveType = (value, ctx, info, type) =>
    isPlanned(value) ? ((value as Record<symbol, string>)[TYPENAME] as string) : resolveType(value, ctx, info, type);
}

/** The unions whose planned items answer with their type (each wrapped once, whatever the fields listing it). */
const typedUnions = new WeakSet<GraphQLUnionType>();

/** Has `field` answer from its plan; without one, or when the plan leaves it (undefined), its own resolver answers. */
function answerFromPlan<Plan>(
  field: GraphQLField<unknown, Context>,
  planOf: (info: GraphQLResolveInfo) => Plan | null,
  run: (plan: Plan, ...call: Parameters<Resolver>) => Promise<unknown>,
) {
  const generic: Resolver = field.resolve ?? defaultFieldResolver;
  field.resolve = (parent, args, ctx, info) => {
    const plan = ctx.plannedReads === false ? null : planOf(info);
    if (!plan) return generic(parent, args, ctx, info);
    return run(plan, parent, args, ctx, info).then((answer) => answer ?? generic(parent, args, ctx, info));
  };
}
