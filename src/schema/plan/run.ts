// Runs a connection plan: one statement (the page with its relations joined,
// the total count and the cursor's check when asked), the same checks per row
// as the types' auth scopes, and the answer built in the shape of the response,
// so graphql-js completes it by property reads (plan.ts). Anything the generic
// path would answer with an error (a hidden row, a foreign cursor, a missing
// scope) gives `undefined`: the caller then runs the generic path, which answers it.
import { formatPrismaCursor, parsePrismaCursor } from '@pothos/plugin-prisma';
import { getConnectionPageSize, validateConnectionArguments } from '@pothos/core';
import { getArgumentValues, type GraphQLField, type GraphQLResolveInfo } from 'graphql';
import type { Context } from '../../context.js';
import { rawQuery } from '../../db/raw.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../validate.js';
import DataLoader from 'dataloader';
import { requestLoader } from '../../loaders.js';
import {
  columnOf,
  type PlannedGroupedList,
  type PlannedList,
  type PlannedLookup,
  type PlannedRelationField,
  type RelationQuery,
  type Row,
} from './declare.js';
import {
  LIST_ALIAS,
  objectStatement,
  type ChildrenMemberPlan,
  type ChildrenPlan,
  type ConnectionPlan,
  type LookupPlan,
  type Nested,
  type NestedList,
  type NodeField,
  type NodePlan,
} from './compile.js';
import { Unplannable, afterCursorSql, orderBySql, orderOf, quote, whereToSql } from './where.js';
import { blankFor } from './blank.js';

/** Marks an object the planner built: its fields are read as properties (plan.ts). */
export const PLANNED = Symbol('planned');
/** The row of a planned object, for the resolvers of its computed fields. */
export const ROW = Symbol('row');
/** The GraphQL type of a planned object: a union's items answer by it (plan.ts, answer.ts). */
export const TYPENAME = Symbol('typename');

/** Whether `value` is an object a plan answered (keyed by response names, its row under ROW). */
export const isPlanned = (value: unknown) => value != null && (value as Record<symbol, unknown>)[PLANNED] === true;

interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
}

/** The page plugin-prisma asks Prisma for (its prismaCursorConnectionQuery): `take` counts one extra row. */
function pageOf(args: ConnectionArgs, key: readonly string[]) {
  validateConnectionArguments(args);
  if (args.before != null && args.after != null) throw new Unplannable('before and after');
  if (args.before != null && args.first != null) throw new Unplannable('before and first');
  if (args.after != null && args.last != null) throw new Unplannable('after and last');
  const { limit } = getConnectionPageSize({ args, defaultSize: DEFAULT_PAGE_SIZE, maxSize: MAX_PAGE_SIZE });
  const backward = args.before != null || args.last != null;
  const cursorText = args.before ?? args.after;
  const parsed: unknown = cursorText == null ? undefined : parsePrismaCursor(cursorText);
  // A cursor holds the key's values: the id, or a compound key's values in its order.
  const values = parsed === undefined ? undefined : key.length === 1 ? [parsed] : parsed;
  if (values !== undefined && (!Array.isArray(values) || values.length !== key.length || values.some((v) => typeof v !== 'string')))
    throw new Unplannable('a cursor that is not a key of the list');
  return { take: backward ? -limit : limit, cursor: values as string[] | undefined };
}

/**
 * The parents of pages read together: each one's page is read beside it, its rows those whose
 * `columns` hold the parent's values (a related connection's foreign key and the parent's id; a
 * page's thread and page id). A nullable column matches a null value too.
 */
interface Parents {
  model: string;
  columns: readonly string[];
  /** Per parent, its value of each column. */
  values: readonly (readonly (string | null)[])[];
}

function statement(
  plan: ConnectionPlan,
  where: object,
  orderBy: object[],
  page: ReturnType<typeof pageOf>,
  withTotal: boolean,
  parents?: Parents,
) {
  const params: unknown[] = [];
  const filter = whereToSql(plan.model, where, params);
  const key = plan.key.map(([column]) => column);
  // Within one parent its key column is the same in every row: the rest of the key orders them.
  // Within one parent its columns hold the same values in every row: the rest of the key orders them.
  const order = orderOf(plan.model, orderBy, parents ? key.filter((column) => !parents.columns.includes(column)) : key, where);
  const table = quote(plan.model);
  const backward = page.take < 0;
  const ofParent = parents ? parentCondition(parents) : undefined;
  const inList = (alias: string) => (ofParent ? `${ofParent(alias)} AND ` : '') + filter.at(alias);
  const conditions = [inList(LIST_ALIAS)];
  const meta: string[] = ['1 AS "one"'];
  if (page.cursor !== undefined) {
    const values = page.cursor;
    const cursor = key.map((column, i) => `k.${quote(column)} = $${params.push(values[i])}`).join(' AND ');
    conditions.push(afterCursorSql(order, LIST_ALIAS, table, cursor, backward));
    meta.push(`EXISTS (SELECT 1 FROM ${table} k WHERE ${inList('k')} AND ${cursor}) AS "cursorInList"`);
  }
  if (withTotal) meta.push(`(SELECT count(*)::int FROM ${table} k WHERE ${inList('k')}) AS "total"`);
  const orderColumns = order.terms.map((term, i) => `${term.sql(LIST_ALIAS)} AS o${i}`);
  // The order columns only order the page: not answered, so no row parses a Date it never reads.
  const answered = plan.names.map((name) => `p.${name}`);
  // A page per parent: the parents in the order given, each with its own count and page.
  const from = parents
    ? `unnest(${parents.columns.map((_, i) => `$${params.push(parents.values.map((v) => v[i]))}::text[]`).join(', ')}) ` +
      `WITH ORDINALITY AS q(${parents.columns.map((_, i) => `"g${i}"`).join(', ')}, "n") CROSS JOIN LATERAL (SELECT ${meta.join(', ')}) m`
    : `(SELECT ${meta.join(', ')}) m`;
  const text =
    // A parent is named by its position (from 1) among `parents.values`.
    `/* read plan */ SELECT ${parents ? 'q."n"::int AS "parent", ' : ''}m.*, ${answered.join(', ')} FROM ${from} LEFT JOIN LATERAL (` +
    `SELECT ${[...plan.columns, ...orderColumns].join(', ')} FROM ${table} ${LIST_ALIAS} ${[...plan.joins, order.joins(LIST_ALIAS)].filter(Boolean).join(' ')} ` +
    // Reading backwards reverses the order inside, then the outer order restores it.
    `WHERE ${conditions.join(' AND ')} ORDER BY ${orderBySql(order, (term) => term.sql(LIST_ALIAS), backward)} ` +
    `LIMIT ${Math.abs(page.take)}) p ON TRUE ORDER BY ${parents ? 'q."n", ' : ''}${orderBySql(order, (_, i) => `p.o${i}`)}`;
  return { text, params };
}

/** The condition that a row of `alias` holds the values of the parent `q` (its `g0`, `g1`, …). */
function parentCondition(parents: Parents) {
  // Equality where the column is required (an index serves it); a nullable column matches a null too.
  const terms = parents.columns.map((column, i) => {
    const op = columnOf(parents.model, column).isRequired ? '=' : 'IS NOT DISTINCT FROM';
    return (alias: string) => `${alias}.${quote(column)} ${op} q."g${i}"`;
  });
  return (alias: string) => terms.map((term) => term(alias)).join(' AND ');
}

/** Thrown by a check the generic path would answer with an error. */
class Refused extends Error {}

/** Thrown by a check still waiting for what it reads (a loader not preloaded): the check may be asked again once it has. */
class Pending extends Refused {
  constructor(readonly loading: PromiseLike<boolean>) {
    super('a check is loading what it reads');
  }
}

/** What `make` answers, or undefined when a check refused a row (the generic path then answers). */
function unlessRefused<T>(make: () => T): T | undefined {
  try {
    return make();
  } catch (err) {
    if (err instanceof Refused) return undefined;
    throw err;
  }
}

/**
 * A check's answer; one that throws is left to the generic path, and so is one still a promise (a loader
 * not preloaded), unless its caller waits for it and asks again (`onceLoaded`: children only).
 */
function checked(test: () => boolean | PromiseLike<boolean>): boolean {
  let answer: boolean | PromiseLike<boolean>;
  try {
    answer = test();
  } catch {
    throw new Refused();
  }
  if (typeof answer !== 'boolean') throw answer && typeof answer.then === 'function' ? new Pending(answer) : new Refused();
  return answer;
}

const columnName = ([column]: [string, string]) => column;
const fieldKey = (field: NodeField) => field.key;

const columnsOf = (columns: [string, string][], row: Row): Row => {
  const out = blankFor(columns, columnName)();
  for (const [column, at] of columns) out[column] = row[at];
  return out;
};

function rowOf(node: NodePlan, row: Row): Row {
  const subject = columnsOf(node.row, row);
  for (const related of node.rowRelations) {
    // A path's relation goes on its parent relation's row (none when that one is absent).
    let holder: Row | null = subject;
    for (let i = 0; i < related.path.length - 1 && holder; i++) holder = holder[related.path[i]!] as Row | null;
    if (holder) holder[related.path.at(-1)!] = row[related.idAt] == null ? null : columnsOf(related.row, row);
  }
  return subject;
}

/** The answers of the lists beneath a plan's objects: by list, then by parent id. */
type NestedAnswers = Map<Nested, Map<string, unknown>>;
const NO_NESTED: NestedAnswers = new Map();

/** The object `node` answers from `row`, or null when the row holds none (an absent relation). */
function build(node: NodePlan, row: Row, ctx: Context, nested?: NestedAnswers, read?: Row): Row | null {
  if (row[node.idAt] == null) return null;
  // A relation's row was read already, to ask whether it is shown.
  const subject = read ?? rowOf(node, row);
  if (!checked(() => node.type.visible(subject, ctx))) throw new Refused();
  const out = blankFor(node.fields, fieldKey)();
  // The symbols after the keys (a literal is allocated whole only up to its first computed key).
  const marks = out as Record<symbol, unknown>;
  marks[PLANNED] = true;
  marks[ROW] = subject;
  marks[TYPENAME] = node.typename;
  for (const field of node.fields) {
    if (field.kind === 'typename') out[field.key] = field.value;
    else if (field.kind === 'column' || field.kind === 'count') out[field.key] = row[field.at];
    else if (field.kind === 'nested') {
      const answer = nested?.get(field.nested)?.get(row[field.nested.parentIdAt] as string);
      if (answer === undefined) throw new Refused();
      out[field.key] = answer;
    } else {
      const related = row[field.node.idAt] == null ? null : rowOf(field.node, row);
      const shown = related != null && (!field.relation.shown || checked(() => field.relation.shown!(related, ctx, subject)));
      out[field.key] = shown ? build(field.node, row, ctx, nested, related) : null;
    }
  }
  return out;
}

/** The page asked for and its statement; undefined for Unplannable, or an error (a missing scope, bad arguments) the generic path answers the same way. */
async function planQuery(plan: ConnectionPlan, list: PlannedList, parent: unknown, args: ConnectionArgs, ctx: Context) {
  try {
    const page = pageOf(
      args,
      plan.key.map(([column]) => column),
    );
    const where = await list.list.where(parent as never, args as never, ctx);
    return { page, ...statement(plan, where, list.list.orderBy(args as never), page, plan.shape.totalCount.length > 0) };
  } catch {
    return undefined;
  }
}

/** The connection the generic path would answer, or undefined when the generic path must answer. */
export async function runConnectionPlan(
  plan: ConnectionPlan,
  list: PlannedList,
  parent: unknown,
  args: ConnectionArgs,
  ctx: Context,
  info: GraphQLResolveInfo,
) {
  const query = await planQuery(plan, list, parent, args, ctx);
  if (!query) return undefined;
  const rows = await rawQuery<Row>(ctx.prisma, query.text, query.params);
  if (query.page.cursor !== undefined && rows[0]?.cursorInList !== true) return undefined;
  if (!(await preloaded(plan, list.list.preload, rows, ctx, info))) return undefined;
  // Most plans have no list beneath their objects: no await for them.
  const nested = plan.nested.length ? await nestedAnswers(plan.nested, rows, ctx, info) : NO_NESTED;
  if (!nested) return undefined;
  // The list's decoration (from the parent) is read by its edges' own fields.
  const decorate = list.list.decorate && ((listed: Row[]) => list.list.decorate!(listed, parent as never) as Row[]);
  return unlessRefused(() => shape(plan, rows, args, query.page.take, ctx, nested, decorate));
}

/**
 * Runs a list's `preload` over the page's rows (their columns it reads), as the generic
 * path does before its rows resolve, so that the checks and computed fields answer at once.
 * False when it fails: the generic path then answers (and reports) it.
 */
async function preloaded(
  plan: ConnectionPlan,
  preload: PlannedList['list']['preload'],
  rows: Row[],
  ctx: Context,
  info: GraphQLResolveInfo,
) {
  if (!preload) return true;
  const id = plan.idAt;
  const listed = rows.filter((r) => r[id] != null).map((r) => columnsOf(plan.preloadRow, r));
  try {
    await preload(listed, ctx, info);
    return true;
  } catch {
    return false;
  }
}

/**
 * The lists beneath a plan's objects, for every parent among `rows` (a statement per list, whatever
 * the number of parents), or undefined when the generic path must answer one of them.
 */
async function nestedAnswers(lists: Nested[], rows: Row[], ctx: Context, info: GraphQLResolveInfo) {
  const answers: NestedAnswers = new Map();
  const answered = await Promise.all(
    lists.map((nested) => {
      const ids = [...new Set(rows.map((row) => row[nested.parentIdAt]).filter((id): id is string => typeof id === 'string'))];
      return nested.kind === 'list' ? pagesOf(nested, ids, ctx, info) : childrenByParent(nested.plan, ids, ctx, info);
    }),
  );
  for (const [i, nested] of lists.entries()) {
    if (!answered[i]) return undefined;
    answers.set(nested, answered[i]);
  }
  return answers;
}

/**
 * The children of each parent of `ids` (each relation's statement shared with the request's other
 * parents, the children beneath them read once they are), by parent id; undefined when the generic
 * path must answer them.
 */
async function childrenByParent(plan: ChildrenPlan, ids: string[], ctx: Context, info: GraphQLResolveInfo) {
  const members = await Promise.all(
    plan.members.map(async (member) => {
      const loader = childrenOf(member, ctx, info);
      const rows = await Promise.all(ids.map((id) => loader.load(id)));
      const nested = member.nested.length ? await nestedAnswers(member.nested, rows.flat(), ctx, info) : NO_NESTED;
      return nested && { member, rows, nested };
    }),
  );
  if (members.some((read) => !read)) return undefined;
  const read = members as NonNullable<(typeof members)[number]>[];
  return onceLoaded(() => new Map(ids.map((id, i) => [id, childrenOfParent(plan, read, i, ctx)])));
}

/** Checks that load what they read at most this many times before the generic path answers. */
const MAX_CHECK_LOADS = 2;

/**
 * What `make` answers, its checks' loads awaited when they have not run yet (a parent the planner does
 * not answer, such as a site found by id, did not preload what its children's checks read), or undefined
 * when a check refuses.
 */
async function onceLoaded<T>(make: () => T): Promise<T | undefined> {
  for (let loads = 0; ; loads++) {
    try {
      return make();
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      if (!(err instanceof Pending) || loads === MAX_CHECK_LOADS) return undefined;
      try {
        await err.loading;
      } catch {
        return undefined; // the generic path answers (and reports) it
      }
    }
  }
}

/** The children of the `i`th parent: its rows of each relation built, a union's merged in the field's order. */
function childrenOfParent(
  plan: ChildrenPlan,
  members: { member: ChildrenMemberPlan; rows: Row[][]; nested: NestedAnswers }[],
  i: number,
  ctx: Context,
) {
  const items = members.flatMap(({ member, rows, nested }) =>
    rows[i]!.map((row) => ({ sort: plan.compare && columnsOf(member.sortRow, row), built: build(member.node, row, ctx, nested)! })),
  );
  if (plan.compare) items.sort((a, b) => plan.compare!(a.sort!, b.sort!));
  return items.map((item) => item.built);
}

/** The related connection `list` of each parent of `ids`, by parent id; undefined as for a list. */
async function pagesOf(list: NestedList, ids: string[], ctx: Context, info: GraphQLResolveInfo) {
  if (!ids.length) return new Map<string, Row>();
  let args: ConnectionArgs;
  try {
    // The page the field's arguments ask for (as graphql-js reads them, with the variables).
    args = getArgumentValues(list.field as GraphQLField<unknown, unknown>, list.fieldNodes[0]!, info.variableValues);
  } catch {
    return undefined;
  }
  const parents = { model: list.plan.model, columns: [list.related.foreignKey], values: ids.map((id) => [id]) };
  // Its preload reads the field's own selection.
  const fieldInfo = { ...info, fieldName: list.field.name, fieldNodes: list.fieldNodes, returnType: list.field.type };
  const pages = await parentPages(list.plan, list.related, parents, args, ctx, fieldInfo);
  return pages && new Map(ids.map((id, i) => [id, pages[i]!]));
}

/**
 * The page of the connection `plan` of each of `parents` (one statement for all of them), in their
 * order, with the list's preload run over their rows; undefined as for a list.
 */
async function parentPages(
  plan: ConnectionPlan,
  listed: { query: (args: never, ctx: Context) => RelationQuery; preload?: PlannedList['list']['preload'] },
  parents: Parents,
  args: ConnectionArgs,
  ctx: Context,
  info: GraphQLResolveInfo,
) {
  let query: ReturnType<typeof statement> & { page: ReturnType<typeof pageOf> };
  try {
    const page = pageOf(
      args,
      plan.key.map(([column]) => column),
    );
    const { where = {}, orderBy } = listed.query(args as never, ctx);
    query = { page, ...statement(plan, where, [...orderBy], page, plan.shape.totalCount.length > 0, parents) };
  } catch {
    return undefined;
  }
  const rows = await rawQuery<Row>(ctx.prisma, query.text, query.params);
  if (query.page.cursor !== undefined && rows.some((row) => row.cursorInList !== true)) return undefined;
  if (!(await preloaded(plan, listed.preload, rows, ctx, info))) return undefined;
  const own = parents.values.map((): Row[] => []);
  for (const row of rows) own[(row.parent as number) - 1]?.push(row);
  return unlessRefused(() => own.map((parentRows) => shape(plan, parentRows, args, query.page.take, ctx)));
}

function shape(
  plan: ConnectionPlan,
  rows: Row[],
  args: ConnectionArgs,
  take: number,
  ctx: Context,
  nested?: NestedAnswers,
  decorate?: (rows: Row[]) => Row[],
) {
  const id = plan.idAt;
  const results = rows.filter((r) => r[id] != null);
  // As plugin-prisma's wrapConnectionResult: the extra row only tells whether more follow.
  const full = results.length === Math.abs(take);
  const page = full ? results.slice(take < 0 ? 1 : 0, take < 0 ? results.length : -1) : results;
  const backward = args.before != null || args.last != null;
  const hasNextPage = args.before != null ? true : args.last != null ? false : full;
  const hasPreviousPage = args.after != null ? true : backward ? full : false;
  // As plugin-prisma formats them: the id alone, or the compound key's values.
  const cursors = page.map((r) =>
    plan.key.length === 1
      ? formatPrismaCursor({ [plan.key[0]![0]]: r[id] }, plan.key[0]![0])
      : formatPrismaCursor(
          Object.fromEntries(plan.key.map(([column, at]) => [column, r[at]])),
          plan.key.map(([column]) => column),
        ),
  );
  const connection: Row = { [PLANNED]: true };
  for (const key of plan.shape.typename) connection[key] = plan.typename;
  for (const key of plan.shape.totalCount) connection[key] = rows[0]!.total;
  for (const nodes of plan.shape.nodes) connection[nodes.key] = page.map((r) => build(nodes.plan, r, ctx, nested));
  // What the edges' own fields read: `{ node }`, the row as the list decorates it.
  const edgeRows = plan.edgeRow.length ? page.map((r) => columnsOf(plan.edgeRow, r)) : undefined;
  const decorated = edgeRows && decorate ? decorate(edgeRows) : edgeRows;
  for (const edges of plan.shape.edges) {
    connection[edges.key] = page.map((r, i) => {
      const edge: Row = { [PLANNED]: true };
      if (decorated) (edge as Record<symbol, unknown>)[ROW] = { node: decorated[i] };
      for (const key of edges.typename) edge[key] = plan.edgeTypename;
      for (const key of edges.cursor) edge[key] = cursors[i];
      for (const node of edges.node) edge[node.key] = build(node.plan, r, ctx, nested);
      return edge;
    });
  }
  for (const pageInfo of plan.shape.pageInfo) {
    const out: Row = { [PLANNED]: true };
    for (const [key, field] of pageInfo.fields) {
      if (field === '__typename') out[key] = plan.pageInfoTypename;
      else if (field === 'hasNextPage') out[key] = hasNextPage;
      else if (field === 'hasPreviousPage') out[key] = hasPreviousPage;
      else if (field === 'startCursor') out[key] = cursors[0] ?? null;
      else out[key] = cursors.at(-1) ?? null;
    }
    connection[pageInfo.key] = out;
  }
  return connection;
}

/** The object `row` answers, or undefined when one of its checks refuses it (the generic path then answers). */
function builtOrLeft(node: NodePlan, row: Row, ctx: Context, found?: (row: Row, ctx: Context) => boolean, nested?: NestedAnswers) {
  return unlessRefused(() => {
    if (row[node.idAt] == null) return undefined;
    const subject = rowOf(node, row);
    return found && !checked(() => found(subject, ctx)) ? undefined : (build(node, row, ctx, nested, subject) ?? undefined);
  });
}

/** The object the generic lookup would answer, or undefined when the generic path must answer (none found, hidden, an error). */
export async function runLookupPlan(
  plan: LookupPlan,
  lookup: PlannedLookup,
  parent: unknown,
  args: unknown,
  ctx: Context,
  info: GraphQLResolveInfo,
) {
  const params: unknown[] = [];
  let filter: string;
  try {
    filter = whereToSql(plan.model, await lookup.where(parent as never, args as never, ctx), params).at(LIST_ALIAS);
  } catch {
    return undefined;
  }
  const rows = await rawQuery<Row>(ctx.prisma, `${objectStatement(plan, filter)} LIMIT 2`, params);
  if (rows.length !== 1) return undefined;
  try {
    if (lookup.preload) await lookup.preload(rowOf(plan.node, rows[0]!), ctx, info);
  } catch {
    return undefined; // the generic path answers (and reports) it
  }
  const nested = plan.nested.length ? await nestedAnswers(plan.nested, rows, ctx, info) : NO_NESTED;
  return nested && builtOrLeft(plan.node, rows[0]!, ctx, lookup.found, nested);
}

/** Each request's loaders of relation plans' rows by id: the parents asking in the same tick share one statement. */
const relationLoaders = requestLoader(() => new Map<LookupPlan, DataLoader<string, Row | undefined>>());

function rowsById(plan: LookupPlan, ctx: Context) {
  const loaders = relationLoaders(ctx);
  let loader = loaders.get(plan);
  if (!loader) {
    const text = objectStatement(plan, `${LIST_ALIAS}."id" = ANY($1::text[])`);
    loader = new DataLoader(async (ids) => {
      const rows = await rawQuery<Row>(ctx.prisma, text, [ids]);
      const byId = new Map(rows.map((row) => [row[plan.node.idAt] as string, row]));
      return ids.map((id) => byId.get(id));
    });
    loaders.set(plan, loader);
  }
  return loader;
}

/**
 * The object the relation field answers for `parent` (its row read with every other parent's of
 * the request, one statement), or undefined when graphql-js must answer: no foreign key, the
 * field's check refusing, no row, or a check of the related object refusing.
 */
export async function runRelationPlan(plan: LookupPlan, relation: PlannedRelationField, parent: unknown, ctx: Context) {
  const id = (parent as Row | null)?.[relation.foreignKey];
  if (typeof id !== 'string') return undefined;
  try {
    if ((await relation.shown(parent as Row, ctx)) !== true) return undefined;
  } catch {
    return undefined;
  }
  const row = await rowsById(plan, ctx).load(id);
  return row ? builtOrLeft(plan.node, row, ctx) : undefined;
}

/**
 * Each request's loaders of children's rows by parent id: the parents asking in the same tick share one
 * statement. A query's loaders are shared by statement, so the same relation asked twice (a group's
 * `sections`, and the sections among its `children`; a level of groups already read) reads once; a
 * mutation's are the plan's own and remember nothing, so that what is asked after a write reads again.
 */
const childrenLoaders = requestLoader(() => new Map<string | ChildrenMemberPlan, DataLoader<string, Row[]>>());

function childrenOf(member: ChildrenMemberPlan, ctx: Context, info: Pick<GraphQLResolveInfo, 'operation'>) {
  const loaders = childrenLoaders(ctx);
  const query = info.operation.operation === 'query';
  const key = query ? member.loaderKey : member;
  let loader = loaders.get(key);
  if (!loader) {
    loader = new DataLoader(
      async (parentIds) => {
        const byParent = new Map<string, Row[]>(parentIds.map((id) => [id, []]));
        for (const row of await rawQuery<Row>(ctx.prisma, member.text, [...member.params, parentIds]))
          byParent.get(row[member.parentAt] as string)?.push(row);
        return parentIds.map((id) => byParent.get(id)!);
      },
      { cache: query },
    );
    loaders.set(key, loader);
  }
  return loader;
}

/**
 * The objects the to-many relation field answers for `parent` (its children read with every other
 * parent's of the request, one statement per relation), or undefined when graphql-js must answer: a
 * parent without an id, or a check of one of the children refusing it.
 */
export async function runChildrenPlan(plan: ChildrenPlan, parent: unknown, ctx: Context, info: GraphQLResolveInfo) {
  const id = (parent as Row | null)?.id;
  if (typeof id !== 'string') return undefined;
  return (await childrenByParent(plan, [id], ctx, info))?.get(id);
}

/** Each request's loaders of grouped lists' pages, by plan and arguments: the parents asking in one tick share one statement. */
const groupedLoaders = requestLoader(() => new Map<ConnectionPlan, Map<string, DataLoader<string, Row | undefined>>>());

/**
 * The connection the grouped list answers for `parent` (its page read with every other parent's of
 * the request asking with the same arguments, one statement), or undefined when graphql-js must answer.
 */
export function runGroupedPlan(
  plan: ConnectionPlan,
  grouped: PlannedGroupedList,
  parent: unknown,
  args: ConnectionArgs,
  ctx: Context,
  info: GraphQLResolveInfo,
) {
  const byArgs = groupedLoaders(ctx).get(plan) ?? new Map<string, DataLoader<string, Row | undefined>>();
  groupedLoaders(ctx).set(plan, byArgs);
  const argsKey = JSON.stringify(args);
  let loader = byArgs.get(argsKey);
  if (!loader) {
    loader = new DataLoader(async (keys) => {
      const parents = { model: grouped.model, columns: grouped.columns, values: keys.map((key) => JSON.parse(key) as (string | null)[]) };
      const pages = await parentPages(plan, grouped, parents, args, ctx, info);
      return keys.map((_, i) => pages?.[i]);
    });
    byArgs.set(argsKey, loader);
  }
  const group = grouped.group(parent as never);
  return loader.load(JSON.stringify(grouped.columns.map((column) => group[column] ?? null)));
}
