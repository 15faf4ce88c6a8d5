// A list field's selection, compiled once per document (its field nodes are the
// parsed document's, which Yoga caches) into the columns and joins of one SQL
// statement and the shape of the answer. Fields no declaration covers (or
// directives, or arguments below the list) make the field Unplannable: the
// generic path serves it.
import {
  Kind,
  defaultFieldResolver,
  getNamedType,
  isAbstractType,
  isLeafType,
  isObjectType,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import {
  columnOf,
  keyOf,
  plannedChildrenFields,
  plannedRelatedLists,
  plannedTypes,
  joinOf,
  type Join,
  type ListEdge,
  type PlannedChildren,
  type PlannedChildrenField,
  type PlannedGroupedList,
  type PlannedList,
  type PlannedLookup,
  type PlannedRelatedList,
  type PlannedRelation,
  type PlannedType,
  type Row,
} from './declare.js';
import { Unplannable, orderBySql, orderOf, quote, whereToSql } from './where.js';
import { isoTimestampSql } from '../../db/raw.js';

export type NodeField =
  | { key: string; kind: 'typename'; value: string }
  | { key: string; kind: 'column'; at: string }
  | { key: string; kind: 'count'; at: string }
  | { key: string; kind: 'relation'; relation: PlannedRelation; node: NodePlan }
  | { key: string; kind: 'nested'; nested: Nested };

/**
 * A list beneath a planned object, read by a statement of its own for every parent at once, once
 * the parents' rows are read (run.ts): a related connection (`Team.members`), or the children of a
 * to-many relation (`SiteSection.siteSpaces`).
 */
export type Nested = NestedList | NestedChildren;

export interface NestedChildren {
  kind: 'children';
  /** The result column of the parent's id, in the rows of the plan holding it. */
  parentIdAt: string;
  plan: ChildrenPlan;
}

export interface NestedList {
  kind: 'list';
  /** The result column of the parent's id, in the rows of the plan holding it. */
  parentIdAt: string;
  related: PlannedRelatedList;
  /** The field and its nodes: its arguments are read at run time (from the variables), its selection by the preload. */
  field: GraphQLField<unknown, unknown>;
  fieldNodes: FieldNode[];
  plan: ConnectionPlan;
}

/**
 * How the answer under one response key is made (answer.ts), in the order graphql-js would
 * complete the selection: a type name, a property of the planned object (a column, a count, a
 * planned object or list of them), a field's resolver called over it (a computed field, or a
 * field of the computed value), or a leaf of a computed value with no resolver, read as it is.
 * `steps` answer an object type's selection.
 */
export type AnswerStep =
  | { key: string; kind: 'typename'; value: string }
  | { key: string; kind: 'property'; type: GraphQLOutputType; steps?: Steps }
  /** A leaf of a computed value read as graphql-js's default resolver reads it: its field's name, not its response key. */
  | { key: string; kind: 'read'; type: GraphQLOutputType; name: string }
  | {
      key: string;
      kind: 'resolved';
      type: GraphQLOutputType;
      field: GraphQLField<unknown, unknown>;
      parentType: GraphQLObjectType;
      fieldNodes: readonly FieldNode[];
      /** What the executor would pass when no argument is written: the arguments' defaults. */
      args: Record<string, unknown>;
      /** Arguments are written (`body(format: $format)`): read at run time, with the variables, as graphql-js reads them. */
      argsWritten: boolean;
      steps?: AnswerStep[];
    };

/** The steps of an object's answer; for a union's items, the steps of each of its planned types, by name. */
export type Steps = AnswerStep[] | { byType: Record<string, AnswerStep[]> };

export interface NodePlan {
  /** The GraphQL type's name and its declaration. */
  typename: string;
  type: PlannedType;
  /** The result column of the row's id (null: no related row). */
  idAt: string;
  /** The row the checks and the computed fields read: [column, result column]. */
  row: [string, string][];
  /** The subject's to-one relations, put on the row under their name (null: no related row). */
  rowRelations: { path: string[]; idAt: string; row: [string, string][] }[];
  fields: NodeField[];
  /** The whole answer of the object, or null when part of it needs graphql-js (answer.ts). */
  answer: AnswerStep[] | null;
}

export type PageInfoField = 'hasNextPage' | 'hasPreviousPage' | 'startCursor' | 'endCursor' | '__typename';

export interface ConnectionPlan {
  model: string;
  /** The result column of the listed row's id (its key's first column). */
  idAt: string;
  /** The listed row's key (its cursor): [column, result column]. */
  key: [string, string][];
  /** The columns of each listed row its list's `preload` reads: [column, result column]. */
  preloadRow: [string, string][];
  /** The columns its edges' own fields read (through the list's `decorate`): [column, result column]. */
  edgeRow: [string, string][];
  /** Select expressions, each named (`… AS c0`, `… AS c1`, …) when the plan is compiled. */
  columns: string[];
  /** Their names (`c0`, `c1`, …): what the statement answers. */
  names: string[];
  /** LEFT JOINs of the relations asked for. */
  joins: string[];
  typename: string;
  shape: {
    typename: string[];
    totalCount: string[];
    edges: { key: string; typename: string[]; cursor: string[]; node: { key: string; plan: NodePlan }[] }[];
    nodes: { key: string; plan: NodePlan }[];
    pageInfo: { key: string; fields: [string, PageInfoField][] }[];
  };
  edgeTypename: string;
  pageInfoTypename: string;
  /** The whole answer of the connection, or null when part of it needs graphql-js (answer.ts). */
  answer: AnswerStep[] | null;
  /** Lists beneath its objects. */
  nested: Nested[];
}

/** The alias of the listed table. */
export const LIST_ALIAS = 't0';

class StatementBuilder {
  columns: string[] = [];
  /** The columns' names, in order. */
  answered: string[] = [];
  joins: string[] = [];
  private names = new Map<string, string>();

  /** A column read as a value for the checks and resolvers (a DateTime as a Date). */
  column(alias: string, model: string, name: string): string {
    // Prisma's DateTime columns hold UTC without a zone: read them as UTC instants.
    const dated = columnOf(model, name).type === 'DateTime';
    return this.select(`${alias}.${name}`, dated ? `(${alias}.${quote(name)} AT TIME ZONE 'UTC')` : `${alias}.${quote(name)}`);
  }

  /**
   * A column read as the answer of a field: a DateTime as the very text the DateTime scalar
   * answers (ISO 8601, milliseconds, UTC; Prisma's columns are TIMESTAMP(3)), so that no Date
   * is parsed from the row only to be printed again.
   */
  answer(alias: string, model: string, name: string): string {
    if (columnOf(model, name).type !== 'DateTime') return this.column(alias, model, name);
    return this.select(`${alias}.${name}#iso`, isoTimestampSql(`${alias}.${quote(name)}`));
  }

  /** The name of the result column reading `sql` (c0, c1, …), made once here so rows are read by a constant key. */
  private select(key: string, sql: string): string {
    let name = this.names.get(key);
    if (name === undefined) {
      name = `c${this.columns.length}`;
      this.columns.push(`${sql} AS ${name}`);
      this.answered.push(name);
      this.names.set(key, name);
    }
    return name;
  }

  /** How many rows of `model` point at the row of `alias` by `foreignKey`. */
  count(alias: string, model: string, foreignKey: string): string {
    return this.select(
      `${alias}#${model}.${foreignKey}`,
      `(SELECT count(*)::int FROM ${quote(model)} WHERE ${quote(model)}.${quote(foreignKey)} = ${alias}."id")`,
    );
  }

  join(from: string, join: Join): string {
    const alias = `t${this.joins.length + 1}`;
    const on = join.on.map(([here, there]) => `${alias}.${quote(there)} = ${from}.${quote(here)}`).join(' AND ');
    this.joins.push(`LEFT JOIN ${quote(join.model)} ${alias} ON ${on}`);
    return alias;
  }
}

interface Compilation {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  statement: StatementBuilder;
  /** The lists met beneath the objects, each read by a statement of its own. */
  lists: Nested[];
  /**
   * What may be planned beneath the objects: related connections and children at the top (all); only
   * children beneath children (their run reads the lists beneath them, run.ts); nothing beneath
   * other nested lists.
   */
  beneath: Beneath;
}

type Beneath = 'all' | 'children' | 'none';

const compilation = (info: Pick<GraphQLResolveInfo, 'schema' | 'fragments'>, beneath: Beneath = 'all'): Compilation => ({
  schema: info.schema,
  fragments: info.fragments,
  statement: new StatementBuilder(),
  lists: [],
  beneath,
});

/** The fields of `sets` on `type`, by response key, through the fragments that apply to it. */
function fieldsByKey(c: Compilation, type: GraphQLObjectType, sets: readonly SelectionSetNode[]): Map<string, FieldNode[]> {
  const byKey = new Map<string, FieldNode[]>();
  const visit = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.directives?.length) throw new Unplannable('a directive in the selection');
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value;
        byKey.set(key, [...(byKey.get(key) ?? []), selection]);
        continue;
      }
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : c.fragments[selection.name.value];
      if (!fragment) throw new Unplannable('an unknown fragment');
      const condition = fragment.typeCondition?.name.value;
      if (condition && !appliesTo(c.schema, condition, type)) continue;
      visit(fragment.selectionSet);
    }
  };
  for (const set of sets) visit(set);
  return byKey;
}

function appliesTo(schema: GraphQLSchema, condition: string, type: GraphQLObjectType) {
  if (condition === type.name) return true;
  const named = schema.getType(condition);
  return named != null && isAbstractType(named) && schema.isSubType(named, type);
}

const subSelections = (nodes: FieldNode[]) => {
  if (nodes.some((n) => n.arguments?.length)) throw new Unplannable('arguments below the list');
  return nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
};

function objectType(schema: GraphQLSchema, name: string): GraphQLObjectType {
  return schema.getType(name) as GraphQLObjectType;
}

function compileNode(c: Compilation, typeName: string, sets: SelectionSetNode[], alias: string): NodePlan {
  const type = plannedTypes.get(typeName);
  if (!type) throw new Unplannable(`${typeName} is not planned`);
  const fields: NodeField[] = [];
  const answer: (AnswerStep | null)[] = [];
  const rowColumns = new Set(type.subject);
  const graphQLType = objectType(c.schema, typeName);
  for (const [key, nodes] of fieldsByKey(c, graphQLType, sets)) {
    const name = nodes[0]!.name.value;
    const field = graphQLType.getFields()[name];
    const related = c.beneath === 'all' ? plannedRelatedLists.get(`${typeName}.${name}`) : undefined;
    const children = c.beneath === 'none' ? undefined : plannedChildrenFields.get(`${typeName}.${name}`);
    if (related || children) {
      const parentIdAt = c.statement.column(alias, type.model, 'id');
      let nested: Nested;
      if (related) {
        // Its arguments (the page) are read when it runs.
        const connection = getNamedType(field!.type) as GraphQLObjectType;
        const plan = connectionOf(compilation(c, 'none'), connection, nodes, related);
        nested = { kind: 'list', parentIdAt, related, field: field!, fieldNodes: nodes, plan };
        answer.push(plan.answer && { key, kind: 'property', type: field!.type, steps: plan.answer });
      } else {
        const plan = childrenPlanOf(c, nodes, children!);
        nested = { kind: 'children', parentIdAt, plan };
        answer.push(plan.answer && { key, kind: 'property', type: field!.type, steps: plan.answer });
      }
      c.lists.push(nested);
      fields.push({ key, kind: 'nested', nested });
      continue;
    }
    if (type.computed?.[name]) {
      // Left out of the planned object: its resolver answers it from the row (plan.ts), with its arguments if written.
      for (const column of type.computed[name]) rowColumns.add(column);
      answer.push(resolvedStep(c, key, graphQLType, field!, nodes));
      continue;
    }
    const inner = subSelections(nodes);
    if (name === '__typename') {
      fields.push({ key, kind: 'typename', value: typeName });
      answer.push({ key, kind: 'typename', value: typeName });
    } else if (type.columns[name]) {
      fields.push({ key, kind: 'column', at: c.statement.answer(alias, type.model, type.columns[name]) });
      answer.push({ key, kind: 'property', type: field!.type });
    } else if (type.counts?.[name]) {
      const count = type.counts[name];
      fields.push({ key, kind: 'count', at: c.statement.count(alias, count.model, count.foreignKey) });
      answer.push({ key, kind: 'property', type: field!.type });
    } else if (type.relations?.[name]) {
      const relation = type.relations[name];
      const related = plannedTypes.get(relation.type);
      if (!related) throw new Unplannable(`${relation.type} is not planned`);
      const relatedAlias = c.statement.join(alias, joinOf(type.model, name));
      const node = compileNode(c, relation.type, inner, relatedAlias);
      fields.push({ key, kind: 'relation', relation, node });
      answer.push(node.answer && { key, kind: 'property', type: field!.type, steps: node.answer });
    } else throw new Unplannable(`${typeName}.${name} is not planned`);
  }
  // Each relation joined once, a path's from its first relation's alias on.
  const joined = new Map<string, { alias: string; model: string }>();
  const rowRelations = Object.entries(type.subjectRelations ?? {}).map(([path, columns]) => {
    const names = path.split('.');
    const parent = joined.get(names.slice(0, -1).join('.')) ?? { alias, model: type.model };
    const related = joinOf(parent.model, names.at(-1)!);
    const relatedAlias = c.statement.join(parent.alias, related);
    joined.set(path, { alias: relatedAlias, model: related.model });
    const row = columns.map((column): [string, string] => [column, c.statement.column(relatedAlias, related.model, column)]);
    return { path: names, idAt: c.statement.column(relatedAlias, related.model, related.on[0]![1]), row };
  });
  return {
    typename: typeName,
    type,
    idAt: c.statement.column(alias, type.model, keyOf(type)[0]!),
    row: [...rowColumns].map((column) => [column, c.statement.column(alias, type.model, column)]),
    rowRelations,
    fields,
    answer: whole(answer),
  };
}

/** The steps, or null when one of them needs graphql-js. */
const whole = (steps: (AnswerStep | null)[]): AnswerStep[] | null => (steps.includes(null) ? null : (steps as AnswerStep[]));

/** Field options no plan answers in place of graphql-js: auth scopes run by the executor's own wrappers. */
const scoped = (options: unknown) => (options as { authScopes?: unknown } | undefined)?.authScopes !== undefined;

/**
 * A field answered by its resolver (a computed field, or a field of a computed value): a leaf, or an
 * object (or list of them) whose fields are answered the same way, its written arguments read when it
 * runs. Null when graphql-js must complete it (directives, abstract types, types with a check of their
 * own or auth scopes).
 */
function resolvedStep(
  c: Compilation,
  key: string,
  parentType: GraphQLObjectType,
  field: GraphQLField<unknown, unknown>,
  nodes: FieldNode[],
): AnswerStep | null {
  if (nodes.some((n) => n.directives?.length) || scoped(field.extensions?.pothosOptions)) return null;
  const args = Object.fromEntries(field.args.filter((a) => a.defaultValue !== undefined).map((a) => [a.name, a.defaultValue]));
  const argsWritten = nodes.some((n) => n.arguments?.length);
  const named = getNamedType(field.type);
  // No resolver of its own: answered without the resolve info graphql-js would make for it. (A planned
  // type's fields read its row, not the planned object: their resolvers do, plan.ts.)
  const byDefault = (field.resolve === undefined || field.resolve === defaultFieldResolver) && !plannedTypes.has(parentType.name);
  if (isLeafType(named) && byDefault && !field.args.length) return { key, kind: 'read', type: field.type, name: field.name };
  const step = { key, kind: 'resolved' as const, type: field.type, field, parentType, fieldNodes: nodes, args, argsWritten };
  if (isLeafType(named)) return step;
  // graphql-js would check an isTypeOf (the planned types' checks are the plan's own): left to it.
  if (!isObjectType(named) || named.isTypeOf || scoped(named.extensions?.pothosOptions)) return null;
  let selected: Map<string, FieldNode[]>;
  try {
    selected = fieldsByKey(
      c,
      named,
      nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : [])),
    );
  } catch (err) {
    if (err instanceof Unplannable) return null;
    throw err;
  }
  const steps: (AnswerStep | null)[] = [];
  for (const [innerKey, innerNodes] of selected) {
    const name = innerNodes[0]!.name.value;
    if (name === '__typename') steps.push({ key: innerKey, kind: 'typename', value: named.name });
    else steps.push(resolvedStep(c, innerKey, named, named.getFields()[name]!, innerNodes));
  }
  const answered = whole(steps);
  return answered && { ...step, steps: answered };
}

const PAGE_INFO_FIELDS = new Set<string>(['hasNextPage', 'hasPreviousPage', 'startCursor', 'endCursor', '__typename']);

/** The plan of the list field `info` resolves, or Unplannable. */
export const compileConnection = (info: GraphQLResolveInfo, list: PlannedList): ConnectionPlan =>
  connectionOf(compilation(info), getNamedType(info.returnType) as GraphQLObjectType, info.fieldNodes, list);

/** What a connection lists: its items' type, the columns its preload reads, its edges' own fields. */
type Listed = Pick<PlannedList, 'node' | 'preloadReads'> & { edge?: ListEdge };

/** The plan of the connection `fieldNodes` select. */
function connectionOf(c: Compilation, connection: GraphQLObjectType, fieldNodes: readonly FieldNode[], listed: Listed): ConnectionPlan {
  const { node, preloadReads, edge: edgeOwn = { fields: [], reads: [] } } = listed;
  const edgeType = getNamedType(connection.getFields().edges!.type) as GraphQLObjectType;
  const pageInfoType = getNamedType(connection.getFields().pageInfo!.type) as GraphQLObjectType;
  const shape: ConnectionPlan['shape'] = { typename: [], totalCount: [], edges: [], nodes: [], pageInfo: [] };
  const answer: (AnswerStep | null)[] = [];
  const typeOf = (type: GraphQLObjectType, name: string) => type.getFields()[name]!.type;
  for (const [key, nodes] of fieldsByKey(
    c,
    connection,
    fieldNodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : [])),
  )) {
    const name = nodes[0]!.name.value;
    const inner = subSelections(nodes);
    if (name === '__typename') {
      shape.typename.push(key);
      answer.push({ key, kind: 'typename', value: connection.name });
    } else if (name === 'totalCount') {
      shape.totalCount.push(key);
      answer.push({ key, kind: 'property', type: typeOf(connection, name) });
    } else if (name === 'nodes') {
      const plan = compileNode(c, node, inner, LIST_ALIAS);
      shape.nodes.push({ key, plan });
      answer.push(plan.answer && { key, kind: 'property', type: typeOf(connection, name), steps: plan.answer });
    } else if (name === 'edges') {
      const edge: ConnectionPlan['shape']['edges'][number] = { key, typename: [], cursor: [], node: [] };
      const edgeAnswer: (AnswerStep | null)[] = [];
      for (const [edgeKey, edgeNodes] of fieldsByKey(c, edgeType, inner)) {
        const edgeName = edgeNodes[0]!.name.value;
        const nodeSets = subSelections(edgeNodes);
        if (edgeName === '__typename') {
          edge.typename.push(edgeKey);
          edgeAnswer.push({ key: edgeKey, kind: 'typename', value: edgeType.name });
        } else if (edgeName === 'cursor') {
          edge.cursor.push(edgeKey);
          edgeAnswer.push({ key: edgeKey, kind: 'property', type: typeOf(edgeType, edgeName) });
        } else if (edgeName === 'node') {
          const plan = compileNode(c, node, nodeSets, LIST_ALIAS);
          edge.node.push({ key: edgeKey, plan });
          edgeAnswer.push(plan.answer && { key: edgeKey, kind: 'property', type: typeOf(edgeType, edgeName), steps: plan.answer });
        } else if (edgeOwn.fields.includes(edgeName)) {
          // Left out of the planned edge: its resolver answers it from `{ node }` (the decorated row).
          edgeAnswer.push(resolvedStep(c, edgeKey, edgeType, edgeType.getFields()[edgeName]!, edgeNodes));
        } else throw new Unplannable(`${edgeType.name}.${edgeName} is not planned`);
      }
      shape.edges.push(edge);
      const steps = whole(edgeAnswer);
      answer.push(steps && { key, kind: 'property', type: typeOf(connection, name), steps });
    } else if (name === 'pageInfo') {
      const fields: [string, PageInfoField][] = [];
      const steps: AnswerStep[] = [];
      for (const [infoKey, infoNodes] of fieldsByKey(c, pageInfoType, inner)) {
        const infoName = infoNodes[0]!.name.value;
        if (!PAGE_INFO_FIELDS.has(infoName)) throw new Unplannable(`PageInfo.${infoName} is not planned`);
        fields.push([infoKey, infoName as PageInfoField]);
        steps.push(
          infoName === '__typename'
            ? { key: infoKey, kind: 'typename', value: pageInfoType.name }
            : { key: infoKey, kind: 'property', type: typeOf(pageInfoType, infoName) },
        );
      }
      shape.pageInfo.push({ key, fields });
      answer.push({ key, kind: 'property', type: typeOf(connection, name), steps });
    } else throw new Unplannable(`${connection.name}.${name} is not planned`);
  }
  const listedType = plannedTypes.get(node)!;
  // The order and the page's cursor read the key even when no node is asked for.
  const key = keyOf(listedType).map((column): [string, string] => [column, c.statement.column(LIST_ALIAS, listedType.model, column)]);
  const idAt = key[0]![1];
  const read = (column: string): [string, string] => [column, c.statement.column(LIST_ALIAS, listedType.model, column)];
  const preloadRow = preloadReads.map(read);
  // Read only when an edge asks for its own fields.
  const edgeRow = shape.edges.length && edgeOwn.fields.length ? edgeOwn.reads.map(read) : [];
  return {
    model: listedType.model,
    idAt,
    key,
    preloadRow,
    edgeRow,
    columns: c.statement.columns,
    names: c.statement.answered,
    joins: c.statement.joins,
    typename: connection.name,
    edgeTypename: edgeType.name,
    pageInfoTypename: pageInfoType.name,
    shape,
    answer: whole(answer),
    nested: c.lists,
  };
}

export interface LookupPlan {
  model: string;
  /** Select expressions, each named (`… AS c0`, `… AS c1`, …) when the plan is compiled. */
  columns: string[];
  joins: string[];
  node: NodePlan;
  /** Lists beneath its object. */
  nested: Nested[];
}

/** The plan of the lookup field `info` resolves (one object), or Unplannable. */
export const compileLookup = (info: GraphQLResolveInfo, lookup: Pick<PlannedLookup, 'node'>) => compileObject(info, lookup.node, 'all');

/** The plan of a relation answered whole (one object beneath an object the planner does not answer): no list beneath it. */
const compileRelation = (info: GraphQLResolveInfo, relation: Pick<PlannedLookup, 'node'>) => compileObject(info, relation.node, 'none');

function compileObject(info: GraphQLResolveInfo, typeName: string, beneath: Beneath): LookupPlan {
  const c = compilation(info, beneath);
  const sets = info.fieldNodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
  const node = compileNode(c, typeName, sets, LIST_ALIAS);
  return { model: node.type.model, columns: c.statement.columns, joins: c.statement.joins, node, nested: c.lists };
}

/** The children of a to-many relation field: one statement per relation (a union's members), merged by parent. */
export interface ChildrenPlan {
  members: ChildrenMemberPlan[];
  /** A union's order across its members, over each child's `sortRow`. */
  compare?: (a: Row, b: Row) => number;
  /** The whole answer of each child, or null when part of it needs graphql-js (answer.ts). */
  answer: Steps | null;
}

export interface ChildrenMemberPlan {
  /** The statement of the children of the parents whose ids are its last parameter, in order. */
  text: string;
  /** Its parameters before the parents' ids (the filter's values). */
  params: unknown[];
  /** What names its rows in a query's loaders: the same for the same statement wherever it is asked. */
  loaderKey: string;
  /** The result column of a child's parent id. */
  parentAt: string;
  node: NodePlan;
  /** The columns the merge of a union's members compares: [column, result column]. */
  sortRow: [string, string][];
  /** Children planned beneath these children, read once these are. */
  nested: Nested[];
}

/** The plan of the to-many relation field `info` resolves (the children of many parents, a statement per relation), or Unplannable. */
export const compileChildren = (info: GraphQLResolveInfo, children: PlannedChildrenField) =>
  childrenPlanOf(info, info.fieldNodes, children);

function childrenPlanOf(
  info: Pick<GraphQLResolveInfo, 'schema' | 'fragments'>,
  fieldNodes: readonly FieldNode[],
  children: PlannedChildrenField,
): ChildrenPlan {
  const sets = fieldNodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
  // Each relation's selection is the fields that apply to its type (a union's inline fragments).
  const members = children.members.map((member) =>
    childrenMemberPlan(compilation(info, 'children'), sets, member, children.merge?.reads ?? []),
  );
  const answers = members.map((member) => member.node.answer);
  const answer = answers.includes(null)
    ? null
    : children.merge
      ? { byType: Object.fromEntries(members.map((member) => [member.node.typename, member.node.answer!])) }
      : answers[0]!;
  return { members, compare: children.merge?.compare, answer };
}

function childrenMemberPlan(
  c: Compilation,
  sets: SelectionSetNode[],
  children: PlannedChildren,
  sortReads: readonly string[],
): ChildrenMemberPlan {
  const node = compileNode(c, children.node, sets, LIST_ALIAS);
  const model = node.type.model;
  const parentAt = c.statement.column(LIST_ALIAS, model, children.foreignKey);
  // Its order's columns are read too, so that a relation read alone and as a union's member (which
  // merges by them) is the same statement, which a query reads once (run.ts).
  const read = (column: string): [string, string] => [column, c.statement.column(LIST_ALIAS, model, column)];
  for (const order of children.orderBy) Object.keys(order).forEach(read);
  const sortRow = sortReads.map(read);
  const params: unknown[] = [];
  const filter = whereToSql(model, children.where, params).at(LIST_ALIAS);
  // The parents' children are grouped in this order (run.ts).
  const order = orderOf(model, children.orderBy, ['id'], children.where);
  if (order.joins(LIST_ALIAS)) throw new Unplannable('children ordered by a relation');
  const plan = { model, columns: c.statement.columns, joins: c.statement.joins, node, nested: [] };
  const parents = `${LIST_ALIAS}.${quote(children.foreignKey)} = ANY($${params.length + 1}::text[])`;
  const text = `${objectStatement(plan, `${parents} AND ${filter}`)} ORDER BY ${orderBySql(order, (term) => term.sql(LIST_ALIAS))}`;
  // The statement's parameters are constants of its declaration: with its text they name its rows.
  const loaderKey = params.length ? `${text} ${JSON.stringify(params)}` : text;
  return { text, params, loaderKey, parentAt, node, sortRow, nested: c.lists };
}

/** One object's statement: the plan's columns and joins, the rows `filter` (SQL on LIST_ALIAS) keeps. */
export const objectStatement = (plan: LookupPlan, filter: string) =>
  `/* read plan */ SELECT ${plan.columns.join(', ')} FROM ${quote(plan.model)} ${LIST_ALIAS} ${plan.joins.join(' ')} WHERE ${filter}`;

const compiled = new WeakMap<FieldNode, { fieldNodes: readonly FieldNode[]; plan: unknown }>();

/** The plan of this field in this document, compiled on first use; null when the generic path serves it. */
function planFor<Plan, Declared>(info: GraphQLResolveInfo, declared: Declared, compile: (info: GraphQLResolveInfo, d: Declared) => Plan) {
  const first = info.fieldNodes[0]!;
  const cached = compiled.get(first);
  if (cached && cached.fieldNodes.length === info.fieldNodes.length && cached.fieldNodes.every((n, i) => n === info.fieldNodes[i]))
    return cached.plan as Plan | null;
  let plan: Plan | null;
  try {
    plan = compile(info, declared);
  } catch (err) {
    if (!(err instanceof Unplannable)) throw err;
    plan = null;
  }
  compiled.set(first, { fieldNodes: info.fieldNodes, plan });
  return plan;
}

export const connectionPlanFor = (info: GraphQLResolveInfo, list: PlannedList) => planFor(info, list, compileConnection);
export const lookupPlanFor = (info: GraphQLResolveInfo, lookup: Pick<PlannedLookup, 'node'>) => planFor(info, lookup, compileLookup);
export const relationPlanFor = (info: GraphQLResolveInfo, relation: Pick<PlannedLookup, 'node'>) =>
  planFor(info, relation, compileRelation);
export const childrenPlanFor = (info: GraphQLResolveInfo, children: PlannedChildrenField) => planFor(info, children, compileChildren);

/** The plan of a grouped list (a connection on a parent the planner does not answer): no list beneath its items. */
const compileGrouped = (info: GraphQLResolveInfo, grouped: PlannedGroupedList) =>
  connectionOf(compilation(info, 'none'), getNamedType(info.returnType) as GraphQLObjectType, info.fieldNodes, grouped);
export const groupedPlanFor = (info: GraphQLResolveInfo, grouped: PlannedGroupedList) => planFor(info, grouped, compileGrouped);
