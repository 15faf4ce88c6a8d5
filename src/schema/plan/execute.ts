// Queries whose planned fields the plan answers whole (answer.ts), executed on a
// copy of the schema in which each planned field is a leaf: graphql-js runs every
// other field as always, and completes a planned field's answer as one value
// instead of a resolver call, an info object and a result dictionary per field of
// every row. Anything the plan cannot answer (Incomplete) runs the operation again
// on the schema itself, where planned reads work field by field (plan.ts) and the
// generic path answers the rest. Only queries: a mutation is never run twice.
import {
  GraphQLNonNull,
  GraphQLScalarType,
  Kind,
  TypeInfo,
  assertValidSchema,
  getOperationAST,
  isNonNullType,
  lexicographicSortSchema,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
} from 'graphql';
import type { Context } from '../../context.js';
import { Incomplete, answerOf } from './answer.js';
import type { Steps } from './compile.js';
import { isPlanned } from './run.js';

/** How a planned field is answered whole: its plan (null when it has none for these field nodes) and its run. */
export interface WholeAnswer {
  /** The steps of the plan compiled for `info` (whose schema and return type are the original's), or null. */
  steps(info: GraphQLResolveInfo): Steps | null;
  /** The planned object (or list of them) of the field, or undefined when the generic path must answer. */
  run(
    parent: unknown,
    args: unknown,
    ctx: Context,
    info: GraphQLResolveInfo,
  ): Promise<Record<string, unknown> | Record<string, unknown>[] | undefined>;
}

/** The value of a planned field on the answering schema: already the field's answer. */
const PlannedAnswer = new GraphQLScalarType({
  name: 'PlannedAnswer',
  description: 'A planned field answered whole (src/schema/plan/execute.ts); never seen by a client.',
  serialize: (value) => value,
});

/** A schema's planned fields, and its answering copies by the planned fields each leaves to their resolvers. */
interface Answering {
  planned: Map<string, WholeAnswer>;
  copies: Map<string, GraphQLSchema>;
}
const answeringOf = new WeakMap<GraphQLSchema, Answering>();

/** Answering copies kept per schema besides the first: each is a whole schema in memory. */
const MAX_COPIES = 4;

/** The original field `info` stands for: the plan compiles against the schema clients validate with. */
const originalInfo = (
  info: GraphQLResolveInfo,
  schema: GraphQLSchema,
  field: GraphQLField<unknown, unknown>,
  parentType: GraphQLObjectType,
) => ({ ...info, schema, returnType: field.type, parentType }) as GraphQLResolveInfo;

/**
 * Readies the answering copies of `schema`, whose `planned` fields (`Type.field`) answer whole;
 * the copy in which every planned field is a leaf is built at once.
 */
export function answerWhole(schema: GraphQLSchema, planned: Map<string, WholeAnswer>) {
  const answering: Answering = { planned, copies: new Map() };
  answeringOf.set(schema, answering);
  copyLeaving(schema, answering, new Set());
}

/**
 * The answering copy of `schema` in which the planned fields but `left` are leaves (`left` run their
 * resolvers: a lookup whose selection holds a planned list, answered whole beneath it); null past
 * MAX_COPIES. A copy is graphql-js's own (lexicographicSortSchema: every type new, resolvers, checks
 * and extensions kept, the order already sorted); its leaves are then answered by their plans.
 */
function copyLeaving(schema: GraphQLSchema, answering: Answering, left: ReadonlySet<string>): GraphQLSchema | null {
  const key = [...left].sort().join(' ');
  const known = answering.copies.get(key);
  if (known) return known;
  if (answering.copies.size > MAX_COPIES) return null;
  const copy = lexicographicSortSchema(schema);
  for (const [path, whole] of answering.planned) {
    if (left.has(path)) continue;
    const [typeName, fieldName] = path.split('.') as [string, string];
    const parentType = schema.getType(typeName) as GraphQLObjectType;
    const field = parentType.getFields()[fieldName]!;
    const answered = (copy.getType(typeName) as GraphQLObjectType).getFields()[fieldName]!;
    answered.type = isNonNullType(field.type) ? new GraphQLNonNull(PlannedAnswer) : PlannedAnswer;
    answered.extensions = {};
    answered.resolve = async (parent, args, ctx: Context, info) => {
      const original = originalInfo(info, schema, field, parentType);
      const steps = whole.steps(original);
      if (!steps) throw new Incomplete(true);
      // A parent the plan of a field left to its resolver answered holds response keys, not columns.
      if (isPlanned(parent)) throw new Incomplete(true);
      const answer = await whole.run(parent, args, ctx, original);
      if (answer === undefined) throw new Incomplete(false);
      if (!Array.isArray(answer)) return answerOf(answer, steps, ctx, info.path, original);
      return answer.map((item, i) => answerOf(item, steps, ctx, { prev: info.path, key: i, typename: undefined }, original));
    };
  }
  assertValidSchema(copy);
  answering.copies.set(key, copy);
  return copy;
}

/** Queries run on the answering schema: answered there, or run again on the schema itself (/metrics). */
const outcomes = { whole: 0, again: 0 };
export const wholeAnswerOutcomes = () => ({ ...outcomes });

/** The answering copy each document's operations run on (null: the schema itself), found once per parsed document. */
const runsWhole = new WeakMap<DocumentNode, Map<string | undefined, GraphQLSchema | null>>();

/**
 * Runs `args` on the answering schema when its operation is a query whose planned fields all have
 * a whole answer, else (and again, whenever that answer is Incomplete) on its own schema.
 */
export function executeWithPlans<R>(args: ExecutionArgs, execute: (args: ExecutionArgs) => R): R {
  const answering = answeringOf.get(args.schema);
  const ctx = args.contextValue as Context | undefined;
  const copy = answering && ctx?.plannedReads !== false ? answeringCopyFor(args, answering) : null;
  if (!copy) return execute(args);
  const result = execute({ ...args, schema: copy });
  const settle = (answered: unknown) => {
    const incomplete = incompleteIn(answered);
    if (!incomplete) {
      outcomes.whole += 1;
      return answered;
    }
    outcomes.again += 1;
    if (incomplete.planOnly) runsWhole.get(args.document)?.set(args.operationName ?? undefined, null);
    return execute(args);
  };
  return (isThenable(result) ? Promise.resolve(result).then(settle) : settle(result)) as R;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> => typeof (value as PromiseLike<unknown> | null)?.then === 'function';

function incompleteIn(result: unknown): Incomplete | undefined {
  const errors = (result as ExecutionResult | null)?.errors;
  for (const error of errors ?? []) if (error.originalError instanceof Incomplete) return error.originalError;
  return undefined;
}

/**
 * The answering copy the operation may run on: a query without introspection (the copy's types are
 * not the schema clients see) or incremental delivery, naming planned fields that have a whole
 * answer here (a field merged from several places may still find none: Incomplete); null when none.
 */
function answeringCopyFor({ document, operationName, schema }: ExecutionArgs, answering: Answering) {
  let operations = runsWhole.get(document);
  if (!operations) runsWhole.set(document, (operations = new Map()));
  const key = operationName ?? undefined;
  let copy = operations.get(key);
  if (copy === undefined) {
    const left =
      getOperationAST(document, operationName)?.operation === 'query' ? plannedFieldsLeft(document, schema, answering.planned) : null;
    copy = left ? copyLeaving(schema, answering, left) : null;
    operations.set(key, copy);
  }
  return copy;
}

function plannedFieldsLeft(document: DocumentNode, schema: GraphQLSchema, planned: Map<string, WholeAnswer>) {
  try {
    return wholePlansNamed(document, schema, planned);
  } catch {
    // A document the plans cannot read (one graphql-js will refuse): its own schema answers it.
    return null;
  }
}

/**
 * The planned fields of the document to leave to their resolvers (those without a whole answer),
 * when the others answer whole beneath or beside them; null when no planned field answers whole,
 * or when the operation holds what the copies cannot run. A field answered whole answers its
 * subtree, which is not looked into.
 */
function wholePlansNamed(document: DocumentNode, schema: GraphQLSchema, planned: Map<string, WholeAnswer>) {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  let answered = false;
  let refused = false;
  const left = new Set<string>();
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Directive(node) {
        if (node.name.value === 'defer' || node.name.value === 'stream') refused = true;
      },
      Field(node) {
        if (node.name.value === '__schema' || node.name.value === '__type') refused = true;
        const parentType = typeInfo.getParentType();
        const field = typeInfo.getFieldDef();
        const path = parentType && field ? `${parentType.name}.${node.name.value}` : '';
        const whole = planned.get(path);
        if (!whole) return;
        const info = { schema, fragments, fieldNodes: [node], returnType: field!.type, parentType } as unknown as GraphQLResolveInfo;
        if (!whole.steps(info)) return void left.add(path);
        answered = true;
        return false; // its answer covers what is beneath it
      },
    }),
  );
  return answered && !refused ? left : null;
}
