// What the read planner may plan: types whose fields are columns of one Prisma
// model (or to-one relations by a foreign key), and lists over them. Each area
// declares its own next to its schema (src/domain/*/schema.ts); the planner
// (plan.ts) answers a list field from them when everything asked beneath it is
// declared, and leaves it to the field's own resolver otherwise.
import { getDatamodel } from '../../generated/pothos-prisma-types.js';
import type { GraphQLResolveInfo } from 'graphql';
import type { Context } from '../../context.js';
import type { ScopedList } from '../lists.js';

export type Row = Record<string, unknown>;

/** A to-one relation of the model by a foreign key of its own, under the same name as the field (the key is read from Prisma's datamodel). */
export interface PlannedRelation {
  /** The GraphQL type (a planned type) of the related object. */
  type: string;
  /**
   * Whether the related row is shown (else the field answers null, as its `unauthorizedResolver` does); absent: always.
   * `parent` is the subject of the object holding the relation (a field's own check may read it: `SiteSpace.space`).
   */
  shown?: (related: Row, ctx: Context, parent: Row) => boolean | PromiseLike<boolean>;
}

export interface PlannedType {
  /** The Prisma model, hence the table (Quire maps no names). */
  model: string;
  /** The model's primary key when it is not `id` (`['organizationId', 'userId']`): a list's cursor names it, as plugin-prisma's does. */
  key?: readonly string[];
  /** Fields whose answer is one column's value, as the field's resolver returns it. */
  columns: Record<string, string>;
  /** To-one relations by foreign keys of this model (to the related row's `id`, or its compound key). */
  relations?: Record<string, PlannedRelation>;
  /**
   * Fields answered by their own resolver, called with the row of the columns listed
   * (and the subject's) as its parent: a field computed from columns (URLs, the caller's
   * permissions, settings shown to members only) keeps its one definition.
   */
  computed?: Record<string, readonly string[]>;
  /**
   * Fields answering how many rows of `model` point at this row (its `id`) by `foreignKey`,
   * unfiltered (what plugin-prisma's `relationCount` answers): read in the same statement.
   */
  counts?: Record<string, { model: string; foreignKey: string }>;
  /** Columns the checks below and the relations' `shown` read (the policy subject). */
  subject: readonly string[];
  /**
   * To-one relations the subject holds (a change request's space), as the generic path selects
   * them for the type's checks: always joined (by the foreign key the Prisma model declares),
   * the related row's columns listed here put on the row under the relation's name. A path
   * (`'comment.space'`, after `comment`) reaches a relation of a relation, put on its row.
   */
  subjectRelations?: Record<string, readonly string[]>;
  /**
   * Whether the generic path answers the object without an error: the type's own
   * auth scopes, the same policy call. One row failing sends the whole list back to
   * the generic path, which then answers the error as always. It runs after the list's
   * `preload`; an answer that is still a promise (a loader not preloaded) also sends the
   * list to the generic path.
   */
  visible: (row: Row, ctx: Context) => boolean | PromiseLike<boolean>;
}

export interface PlannedList {
  /** The GraphQL type of the items (a planned type). */
  node: string;
  /** The list as the generic path serves it: its `where` (policy filters) and order are used as they are. */
  list: ScopedList<never, never>;
  /** The columns of each listed row the list's `preload` reads (read in the statement, handed to it as its rows). */
  preloadReads: readonly string[];
  /** The list's edge fields of its own, answered by their resolvers over `{ node }` (a listed row, decorated). */
  edge: ListEdge;
}

/**
 * Fields of a list's edges beside `node` and `cursor` (a member's level on each of their spaces):
 * their resolvers answer them over `{ node }`, the node being the listed row's columns its list's
 * `decorateReads` names, as its `decorate` hands them back (with what it adds from the parent).
 */
export interface ListEdge {
  fields: readonly string[];
  reads: readonly string[];
}

/** A field answering one object of a planned type found by a filter (a root lookup by id). */
export interface PlannedLookup {
  /** The GraphQL type of the object (a planned type). */
  node: string;
  /** The filter the generic path hands Prisma (the id and the policy's lookup scope): at most one row matches. */
  where: (parent: never, args: never, ctx: Context) => object | Promise<object>;
  /**
   * Whether the generic path answers the row found (false or a throw: it answers an error,
   * which the generic path then gives): the same function it calls, over the type's subject.
   * Absent when that test is the type's own check, which every planned object passes anyway.
   */
  found?: (row: Row, ctx: Context) => boolean;
  /** Loads what the object's checks and fields read (the caller's role in a team), over its subject, before they run. */
  preload?: (subject: Row, ctx: Context, info: GraphQLResolveInfo) => Promise<unknown>;
}

export interface PlanListOptions {
  /** Required with a `preload`: the columns of the listed rows it reads. */
  preloadReads?: readonly string[];
  /** Required with a `decorate`: the edge fields that read its rows (the columns they read are the list's `decorateReads`). */
  edgeFields?: readonly string[];
}

export interface ModelField {
  name: string;
  type: string;
  kind: string;
  isList: boolean;
  isRequired: boolean;
  /** A relation's foreign key columns in this model (empty on the side without them). */
  relationFromFields?: string[];
  /** The relation's name, the same on both of its sides. */
  relationName?: string;
}

const models = getDatamodel().datamodel.models as unknown as Record<
  string,
  { fields: ModelField[]; primaryKey: { fields: string[] } | null }
>;

/** The scalar (or enum) column `name` of `model`; throws for anything else. */
export function columnOf(model: string, name: string): ModelField {
  const field = models[model]?.fields.find((f) => f.name === name);
  if (!field || (field.kind !== 'scalar' && field.kind !== 'enum')) throw new Error(`read plan: ${model}.${name} is not a column`);
  if (['BigInt', 'Decimal', 'Bytes'].includes(field.type))
    throw new Error(`read plan: ${model}.${name} (${field.type}) is not read as Prisma reads it`);
  return field;
}

/** The to-one relation `name` of `model` by one foreign key of its own (to the related row's `id`), if it is one. */
export function toOneRelationOf(model: string, name: string): { model: string; foreignKey: string } | undefined {
  const field = models[model]?.fields.find((f) => f.name === name);
  if (!field || field.kind !== 'object' || field.isList || field.relationFromFields?.length !== 1) return undefined;
  return { model: field.type, foreignKey: field.relationFromFields[0]! };
}

/** The to-one relation `name` of `model` by one foreign key of its own (a relation answered whole); throws when it is not one. */
export function joinedRelationOf(model: string, name: string) {
  const relation = toOneRelationOf(model, name);
  if (!relation) throw new Error(`read plan: ${model}.${name} is not a to-one relation by a foreign key of its own`);
  return relation;
}

/** A to-one relation a plan joins: the related model, and its key's columns paired with this model's foreign key columns. */
export interface Join {
  model: string;
  /** [column of this model, column of the related model]. */
  on: [string, string][];
}

/**
 * The to-one relation `name` of `model` a plan joins (a relation field, a subject's relation) by foreign
 * keys of its own to the related row's key: its `id`, or a compound key (a member's organization and
 * user). Throws when it is not one.
 */
export function joinOf(model: string, name: string): Join {
  const field = models[model]?.fields.find((f) => f.name === name);
  const from = field?.kind === 'object' && !field.isList ? (field.relationFromFields ?? []) : [];
  const key = from.length === 1 ? ['id'] : (models[field?.type ?? '']?.primaryKey?.fields ?? []);
  if (!field || !from.length || key.length !== from.length)
    throw new Error(`read plan: ${model}.${name} is not a to-one relation by foreign keys of its own`);
  return { model: field.type, on: from.map((column, i): [string, string] => [column, key[i]!]) };
}

/**
 * A to-one relation field of a type the planner does not answer (`SiteSpace.space`): answered
 * whole (execute.ts), its related objects read for every parent of the request together, one
 * statement by their ids.
 */
export interface PlannedRelationField {
  /** The GraphQL type of the related object (a planned type). */
  node: string;
  /** The parent's foreign key column (read from Prisma's datamodel). */
  foreignKey: string;
  /** The field's own check (its auth scopes: the same function); false or a throw leaves the answer to graphql-js. */
  shown: (parent: Row, ctx: Context) => boolean | PromiseLike<boolean>;
}

/**
 * A to-many relation field (`SiteSection.siteSpaces`): answered whole beneath a type the planner does
 * not answer (execute.ts), or as a list beneath a planned object; the related rows of every parent of
 * the request read together, one statement by the parents' ids, filtered and ordered as the field's
 * own relation query. A field listing several relations (a union: a group's sections and nested
 * groups) reads each in a statement of its own, then merges them in the field's order.
 */
export interface PlannedChildrenField {
  members: readonly PlannedChildren[];
  /** How a union's members interleave: the columns each child's `compare` reads, as the field's resolver sorts. */
  merge?: ChildrenMerge;
}

/** The children of one relation of a children field. */
export interface PlannedChildren {
  /** The GraphQL type of the related objects (a planned type). */
  node: string;
  /** The related model's foreign key to the parent's `id` (read from Prisma's datamodel). */
  foreignKey: string;
  /** The filter and order of the relation query, as the generic path hands them to Prisma. */
  where: object;
  orderBy: readonly object[];
}

export interface ChildrenMerge {
  reads: readonly string[];
  compare: (a: Row, b: Row) => number;
}

/** A relation's query as plugin-prisma takes it: an order, and a filter when there is one. */
export type RelationQuery = { where?: object; orderBy: readonly object[] };

/** The to-many relation `name` of `model` whose rows point at its `id` by one foreign key, if it is one. */
export function toManyRelation(model: string, name: string): { model: string; foreignKey: string } | undefined {
  const field = models[model]?.fields.find((f) => f.name === name);
  const back =
    field?.kind === 'object' && field.isList
      ? models[field.type]?.fields.find((f) => f.relationName === field.relationName && f.relationFromFields?.length === 1)
      : undefined;
  return field && back ? { model: field.type, foreignKey: back.relationFromFields![0]! } : undefined;
}

/** The foreign key by which the rows of the to-many relation `name` of `model` point at its `id`; throws when it is not one. */
export function toManyRelationOf(model: string, name: string): { model: string; foreignKey: string } {
  const relation = toManyRelation(model, name);
  if (!relation) throw new Error(`read plan: ${model}.${name} is not a to-many relation by one foreign key`);
  return relation;
}

export const keyOf = (type: PlannedType) => type.key ?? ['id'];

export const plannedTypes = new Map<string, PlannedType>();
export const plannedLists = new Map<string, PlannedList>();
export const plannedLookups = new Map<string, PlannedLookup>();
export const plannedRelationFields = new Map<string, PlannedRelationField>();
export const plannedChildrenFields = new Map<string, PlannedChildrenField>();

/** Declares a GraphQL object type the planner may answer (checked against the Prisma model at once). */
export function planType(typeName: string, type: PlannedType) {
  for (const column of [...Object.values(type.columns), ...type.subject, ...Object.values(type.computed ?? {}).flat()])
    columnOf(type.model, column);
  for (const name of Object.keys(type.relations ?? {})) joinOf(type.model, name);
  for (const count of Object.values(type.counts ?? {})) columnOf(count.model, count.foreignKey);
  const declared = new Set<string>();
  for (const [path, columns] of Object.entries(type.subjectRelations ?? {})) {
    const names = path.split('.');
    const parent = names.slice(0, -1).join('.');
    if (parent && !declared.has(parent)) throw new Error(`read plan: ${typeName}'s ${path} comes before its relation ${parent}`);
    const related = names.reduce((model, name) => joinOf(model, name).model, type.model);
    for (const column of columns) columnOf(related, column);
    declared.add(path);
  }
  for (const column of keyOf(type)) columnOf(type.model, column);
  plannedTypes.set(typeName, type);
}

/** A list that preloads names the columns of its rows its preload reads: the plan reads them too. */
function requirePreloadReads(path: string, list: { preload?: unknown; preloadReads?: readonly string[] }) {
  if (list.preload && !list.preloadReads) throw new Error(`read plan: ${path} preloads: name the columns it reads (preloadReads)`);
}

/**
 * Declares that the list field `parentType.field` may be planned. A list that `preload`s
 * names the columns its preload reads: the plan reads them too and runs the same preload
 * over the page before the rows are checked and built.
 */
export function planList<Parent, Args>(
  parentType: string,
  field: string,
  node: string,
  list: ScopedList<Parent, Args>,
  options: PlanListOptions = {},
) {
  const path = `${parentType}.${field}`;
  // What a list decorates its rows with is read by its edges' fields (planned as such), not by its nodes.
  if (list.decorate && !(options.edgeFields && list.decorateReads))
    throw new Error(
      `read plan: ${path} decorates its rows: name the edge fields reading them (edgeFields) and their columns (decorateReads)`,
    );
  requirePreloadReads(path, { preload: list.preload, preloadReads: options.preloadReads });
  plannedLists.set(path, {
    node,
    list: list as unknown as ScopedList<never, never>,
    preloadReads: options.preloadReads ?? [],
    edge: { fields: options.edgeFields ?? [], reads: list.decorateReads ?? [] },
  });
}

/** Declares that `parentType.field`, which answers one `node` found by `lookup.where`, may be planned. */
export function planLookup<Parent, Args>(
  parentType: string,
  field: string,
  node: string,
  lookup: {
    where: (parent: Parent, args: Args, ctx: Context) => object | Promise<object>;
    found?: (row: Row, ctx: Context) => boolean;
    preload?: (subject: Row, ctx: Context, info: GraphQLResolveInfo) => Promise<unknown>;
  },
) {
  plannedLookups.set(`${parentType}.${field}`, { node, ...(lookup as Omit<PlannedLookup, 'node'>) });
}

/**
 * Declares that the to-one relation `parentType.field` (of the Prisma model `model`), which answers
 * one `node`, may be answered whole: `shown` is the field's own check, as its auth scopes call it.
 */
export function planRelation<Parent>(
  parentType: string,
  field: string,
  node: string,
  relation: { model: string; shown: (parent: Parent, ctx: Context) => boolean | PromiseLike<boolean> },
) {
  const { foreignKey } = joinedRelationOf(relation.model, field);
  plannedRelationFields.set(`${parentType}.${field}`, { node, foreignKey, shown: relation.shown as PlannedRelationField['shown'] });
}

/** One relation of a children field, its order's columns and `reads` checked against the Prisma model. */
function relationChildren(
  model: string,
  relation: string,
  node: string,
  query: RelationQuery,
  reads: readonly string[] = [],
): PlannedChildren {
  const { model: related, foreignKey } = toManyRelationOf(model, relation);
  for (const order of query.orderBy) for (const column of Object.keys(order)) columnOf(related, column);
  for (const column of reads) columnOf(related, column);
  return { node, foreignKey, where: query.where ?? {}, orderBy: query.orderBy };
}

/**
 * Declares that the to-many relation `parentType.field` (of the Prisma model `model`), which answers a
 * list of `node` filtered and ordered by `query` (the field's own relation query), may be answered whole.
 */
export function planChildren(parentType: string, field: string, node: string, children: { model: string; query: RelationQuery }) {
  plannedChildrenFields.set(`${parentType}.${field}`, { members: [relationChildren(children.model, field, node, children.query)] });
}

/**
 * Declares that `parentType.field`, a list of a union whose items are the rows of several to-many
 * relations of `model` (`members`: relation name → its GraphQL type and relation query), may be
 * planned: each relation read as `planChildren` reads one, the items merged by `merge.compare`
 * over the columns `merge.reads`, as the field's resolver sorts them.
 */
export function planUnionChildren<Item extends Row>(
  parentType: string,
  field: string,
  union: {
    model: string;
    members: Record<string, { node: string; query: RelationQuery }>;
    merge: { reads: readonly (keyof Item & string)[]; compare: (a: Item, b: Item) => number };
  },
) {
  const members = Object.entries(union.members).map(([relation, { node, query }]) =>
    relationChildren(union.model, relation, node, query, union.merge.reads),
  );
  // The comparison reads the columns named, which each item's sort row holds (run.ts).
  const merge: ChildrenMerge = { reads: union.merge.reads, compare: union.merge.compare as ChildrenMerge['compare'] };
  plannedChildrenFields.set(`${parentType}.${field}`, { members, merge });
}

/**
 * A connection of a planned type over the rows pointing at it (`Team.members`, plugin-prisma's
 * related connection): planned where its parent is (a planned object), each parent's page read
 * with every other parent's of the list or lookup, one statement (run.ts).
 */
export interface PlannedRelatedList {
  /** The GraphQL type of the items (a planned type). */
  node: string;
  /** The items' foreign key to the parent's `id` (read from Prisma's datamodel). */
  foreignKey: string;
  /** The field's own relation query (its filter and order), as the generic path hands it to Prisma. */
  query: (args: never, ctx: Context) => RelationQuery;
  /** Loads what the items' checks and fields read, as a list's `preload` (over the columns `preloadReads` names). */
  preload?: ScopedList<never, never>['preload'];
  preloadReads: readonly string[];
}

export const plannedRelatedLists = new Map<string, PlannedRelatedList>();

/**
 * Declares that the related connection `parentType.field` (of the Prisma model `model`), whose
 * relation query is `query`, may be planned beneath a planned `parentType`.
 */
export function planRelatedList<Args>(
  parentType: string,
  field: string,
  node: string,
  related: {
    model: string;
    query: (args: Args, ctx: Context) => RelationQuery;
    preload?: ScopedList<never, never>['preload'];
    preloadReads?: readonly string[];
  },
) {
  const { model, foreignKey } = toManyRelationOf(related.model, field);
  for (const column of related.preloadReads ?? []) columnOf(model, column);
  requirePreloadReads(`${parentType}.${field}`, related);
  plannedRelatedLists.set(`${parentType}.${field}`, {
    node,
    foreignKey,
    query: related.query as PlannedRelatedList['query'],
    preload: related.preload,
    preloadReads: related.preloadReads ?? [],
  });
}

/**
 * A connection on a parent the planner does not answer, whose rows are the parent's by the values
 * of some of their columns (a page's comments: its thread and page id), as `groupedList` serves it:
 * answered whole (execute.ts), the pages of every parent of the request read together, one statement.
 */
export interface PlannedGroupedList {
  /** The GraphQL type of the items (a planned type). */
  node: string;
  /** The listed model and its columns holding the parent's values. */
  model: string;
  columns: readonly string[];
  /** The parent's values of `columns`, by column (as `groupedList`'s `groupOf` gives them). */
  group: (parent: never) => Record<string, string | null>;
  /** The filter every parent shares and the order, as the generic path hands them to Prisma. */
  query: (args: never, ctx: Context) => RelationQuery;
  preload?: ScopedList<never, never>['preload'];
  preloadReads: readonly string[];
}

export const plannedGroupedLists = new Map<string, PlannedGroupedList>();

/** Declares that the connection `parentType.field`, grouped by `columns` of `model`, may be answered whole. */
export function planGroupedList<Parent, Args>(
  parentType: string,
  field: string,
  node: string,
  grouped: {
    model: string;
    columns: readonly string[];
    group: (parent: Parent) => Record<string, string | null>;
    query: (args: Args, ctx: Context) => RelationQuery;
    preload?: ScopedList<never, never>['preload'];
    preloadReads?: readonly string[];
  },
) {
  for (const column of [...grouped.columns, ...(grouped.preloadReads ?? [])]) columnOf(grouped.model, column);
  requirePreloadReads(`${parentType}.${field}`, grouped);
  plannedGroupedLists.set(`${parentType}.${field}`, {
    ...grouped,
    node,
    group: grouped.group as PlannedGroupedList['group'],
    query: grouped.query as PlannedGroupedList['query'],
    preloadReads: grouped.preloadReads ?? [],
  });
}
