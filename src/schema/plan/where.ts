// A Prisma `where`, as the policy filters build it (src/policy/filters.ts), in
// SQL, and a list's `orderBy`: the planner runs the very filter and order the
// generic path hands Prisma. Only the forms those filters use are translated
// (equality, null, `in`, `not` on a required column, text `contains`,
// `startsWith` and `endsWith`, AND/OR/NOT, a filter on a to-one relation's row,
// `some` of a to-many relation's rows; an order on required columns, each in its
// direction); anything else is Unplannable, and the list is served by the generic path.
import { columnOf, toManyRelation, toOneRelationOf, type ModelField } from './declare.js';

/** A read the planner does not cover: the generic path serves it. */
export class Unplannable extends Error {}

/** The alias a fragment's columns are read from, put in by `at`. */
const ALIAS = '\u0000.';

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export interface SqlFilter {
  /** The filter with its columns read from table alias `alias`. */
  at(alias: string): string;
}

/** `where` of `model` as SQL; its values are appended to `params` (placeholders $n). */
export function whereToSql(model: string, where: object, params: unknown[]): SqlFilter {
  const sql = conjunction(model, where, params, 0);
  return { at: (alias) => sql.replaceAll(ALIAS, `${alias}.`) };
}

const param = (params: unknown[], value: unknown) => {
  params.push(value);
  return `$${params.length}`;
};

/** `depth`: how many relation filters it is nested in (their aliases r0, r1, … stay apart). */
function conjunction(model: string, where: object, params: unknown[], depth: number): string {
  // Prisma ignores a key whose value is undefined: so does the translation.
  const parts = Object.entries(where)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => {
      if (key === 'AND')
        return (
          list(value)
            .map((w) => conjunction(model, w, params, depth))
            .join(' AND ') || 'TRUE'
        );
      if (key === 'OR')
        return `(${
          list(value)
            .map((w) => conjunction(model, w, params, depth))
            .join(' OR ') || 'FALSE'
        })`;
      if (key === 'NOT')
        return (
          list(value)
            .map((w) => `NOT (${conjunction(model, w, params, depth)})`)
            .join(' AND ') || 'TRUE'
        );
      const relation = toOneRelationOf(model, key);
      if (relation) return relationFilter(relation, value, params, depth);
      const children = toManyRelation(model, key);
      if (children) return someFilter(children, value, params, depth);
      return columnFilter(model, key, value, params);
    });
  return parts.length ? `(${parts.join(' AND ')})` : 'TRUE';
}

const list = (value: unknown): object[] => {
  if (Array.isArray(value)) return value as object[];
  if (value && typeof value === 'object') return [value];
  throw new Unplannable('a logical filter that is neither an object nor a list');
};

const isPlainObject = (value: unknown): value is object =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/**
 * A to-one relation's filter (`space: { deletedAt: null }`): its row exists and matches, as Prisma
 * reads it. `is`/`isNot` and `null` (no related row) are not translated.
 */
function relationFilter(relation: { model: string; foreignKey: string }, value: unknown, params: unknown[], depth: number): string {
  if (!isPlainObject(value) || 'is' in value || 'isNot' in value) throw new Unplannable(`a filter on a relation to ${relation.model}`);
  const alias = `r${depth}`;
  const inner = conjunction(relation.model, value, params, depth + 1).replaceAll(ALIAS, `${alias}.`);
  return `EXISTS (SELECT 1 FROM ${quote(relation.model)} ${alias} WHERE ${alias}."id" = ${ALIAS}${quote(relation.foreignKey)} AND ${inner})`;
}

/**
 * A to-many relation's `some` filter (`siteSpaces: { some: { spaceId } }`): one of the rows pointing
 * at this one matches. `every` and `none` are not translated.
 */
function someFilter(relation: { model: string; foreignKey: string }, value: unknown, params: unknown[], depth: number): string {
  if (!isPlainObject(value) || Object.keys(value).length !== 1 || !isPlainObject((value as { some?: unknown }).some))
    throw new Unplannable(`a filter on the ${relation.model} rows of a relation`);
  const alias = `r${depth}`;
  const inner = conjunction(relation.model, (value as { some: object }).some, params, depth + 1).replaceAll(ALIAS, `${alias}.`);
  return `EXISTS (SELECT 1 FROM ${quote(relation.model)} ${alias} WHERE ${alias}.${quote(relation.foreignKey)} = ${ALIAS}"id" AND ${inner})`;
}

const isPlain = (value: unknown) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

function filteredColumn(model: string, name: string): ModelField {
  try {
    return columnOf(model, name);
  } catch {
    throw new Unplannable(`a filter on ${model}.${name}`);
  }
}

const likePatterns: Record<string, (text: string) => string> = {
  contains: (text) => `%${text}%`,
  startsWith: (text) => `${text}%`,
  endsWith: (text) => `%${text}`,
};

function columnFilter(model: string, name: string, value: unknown, params: unknown[]): string {
  const field = filteredColumn(model, name);
  if (field.isList) throw new Unplannable(`a filter on ${model}.${name}`);
  // Null tests fit every column; comparisons only those whose values reach PostgreSQL as text unchanged.
  const comparable = field.type !== 'DateTime' && field.type !== 'Json';
  const column = `${ALIAS}${quote(name)}`;
  if (value === null) return `${column} IS NULL`;
  if (isPlain(value) && comparable) return `${column} = ${param(params, value)}`;
  // Only a plain object holds operators (a Date, a Decimal, … is a value this translation does not compare).
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype || Object.keys(value).length === 0)
    throw new Unplannable(`a filter value for ${name}`);
  const { mode, ...ops } = value as Record<string, unknown>;
  if (mode !== undefined && mode !== 'insensitive' && mode !== 'default') throw new Unplannable(`the mode ${String(mode)}`);
  const parts = Object.entries(ops).map(([op, operand]) => {
    // Prisma's text search: a LIKE pattern around the value as given (its `%` and `_` match as
    // wildcards: src/db/textSearch.ts escapes them for every search), ILIKE when insensitive.
    if (op in likePatterns && typeof operand === 'string' && field.type === 'String')
      return `${column}::text ${mode === 'insensitive' ? 'ILIKE' : 'LIKE'} ${param(params, likePatterns[op]!(operand))}`;
    if (mode === 'insensitive') throw new Unplannable(`the filter ${op} on ${model}.${name}, insensitive`);
    if (op === 'equals' && operand === null) return `${column} IS NULL`;
    if (op === 'equals' && isPlain(operand) && comparable) return `${column} = ${param(params, operand)}`;
    if (op === 'in' && Array.isArray(operand) && field.type === 'String' && operand.every((v) => typeof v === 'string'))
      return operand.length ? `${column} = ANY(${param(params, operand)}::text[])` : 'FALSE';
    if (op === 'not' && operand === null) return `${column} IS NOT NULL`;
    // On a nullable column Prisma's `not` and SQL's `<>` may part ways on NULL: not planned.
    if (op === 'not' && isPlain(operand) && comparable && field.isRequired) return `${column} <> ${param(params, operand)}`;
    throw new Unplannable(`the filter ${op} on ${model}.${name}`);
  });
  return parts.length ? parts.join(' AND ') : 'TRUE';
}

/** One term of a list's order: an expression on the listed row (its table alias), and its direction. */
interface OrderTerm {
  sql: (alias: string) => string;
  direction: 'asc' | 'desc';
}

export interface Order {
  terms: OrderTerm[];
  /** The LEFT JOINs its terms read (a relation's column), on the listed row's alias. */
  joins: (alias: string) => string;
}

const numeric = new Set(['Int', 'Float']);

/**
 * The terms of one Prisma order: a required column, or a numeric column of a to-one relation
 * (`{ section: { sortKey: 'asc' } }`). A relation may be absent, its column then NULL, which
 * PostgreSQL orders last ascending and first descending, as Prisma's statement leaves it: the
 * term is then two, "is it NULL" and the value (0 when it is), which compare as rows do.
 */
function orderTerms(model: string, entry: object, joins: ((alias: string) => string)[]): OrderTerm[] {
  const pairs = Object.entries(entry);
  if (pairs.length !== 1) throw new Unplannable('this order');
  const [name, value] = pairs[0]!;
  if (value === 'asc' || value === 'desc') {
    if (!columnOf(model, name).isRequired) throw new Unplannable('an order on a nullable column');
    return [{ sql: (alias) => `${alias}.${quote(name)}`, direction: value }];
  }
  const relation = toOneRelationOf(model, name);
  const inner = isPlainObject(value) ? Object.entries(value) : [];
  const [column, direction] = inner[0] ?? [];
  if (!relation || inner.length !== 1 || (direction !== 'asc' && direction !== 'desc')) throw new Unplannable('an order on a relation');
  let field: ModelField;
  try {
    field = columnOf(relation.model, column!);
  } catch {
    throw new Unplannable('an order on a relation');
  }
  if (!field.isRequired || !numeric.has(field.type)) throw new Unplannable('an order on a relation');
  const n = joins.length;
  joins.push(
    (alias) => `LEFT JOIN ${quote(relation.model)} ${alias}_o${n} ON ${alias}_o${n}."id" = ${alias}.${quote(relation.foreignKey)}`,
  );
  const at = (alias: string) => `${alias}_o${n}.${quote(column!)}`;
  return [
    { sql: (alias) => `(${at(alias)} IS NULL)`, direction },
    { sql: (alias) => `COALESCE(${at(alias)}, 0)`, direction },
  ];
}

/**
 * The list's order (Prisma `orderBy`) as terms, each with its direction. It must be a total order
 * (every column of the key the filter does not pin is in it) on required columns or a relation's
 * numeric column (where Prisma's cursor and a comparison of rows agree).
 */
export function orderOf(model: string, orderBy: readonly object[], key: readonly string[], where: object): Order {
  const joins: ((alias: string) => string)[] = [];
  const terms = orderBy.flatMap((entry) => orderTerms(model, entry, joins));
  const columns = orderBy.flatMap((entry) => Object.keys(entry));
  const pinned = (column: string) => ['string', 'number'].includes(typeof (where as Record<string, unknown>)[column]);
  if (!terms.length || !key.every((k) => columns.includes(k) || pinned(k))) throw new Unplannable('this order');
  return { terms, joins: (alias) => joins.map((join) => join(alias)).join(' ') };
}

/** `ORDER BY` of `order` on the expressions `at(i)` gives (reversed: each direction turned, to read a page backwards). */
export const orderBySql = (order: Order, at: (term: OrderTerm, i: number) => string, reversed = false) =>
  order.terms.map((term, i) => `${at(term, i)} ${(term.direction === 'asc') !== reversed ? 'ASC' : 'DESC'}`).join(', ');

/**
 * The rows of `alias` after (`backward`: before) the row `cursor` (SQL on alias `k`) in `order`:
 * one comparison of rows when every term goes one way, else term after term.
 */
export function afterCursorSql(order: Order, alias: string, table: string, cursor: string, backward: boolean) {
  const op = (term: OrderTerm) => ((term.direction === 'asc') !== backward ? '>' : '<');
  const cursorRow = [`${table} k`, order.joins('k')].filter(Boolean).join(' ');
  if (order.terms.every((term) => term.direction === order.terms[0]!.direction)) {
    const row = (prefix: string) => `(${order.terms.map((term) => term.sql(prefix)).join(', ')})`;
    return `${row(alias)} ${op(order.terms[0]!)} (SELECT ${order.terms.map((term) => term.sql('k')).join(', ')} FROM ${cursorRow} WHERE ${cursor})`;
  }
  const after = order.terms.map((term, i) =>
    [
      ...order.terms.slice(0, i).map((before) => `${before.sql(alias)} = ${before.sql('k')}`),
      `${term.sql(alias)} ${op(term)} ${term.sql('k')}`,
    ].join(' AND '),
  );
  return `EXISTS (SELECT 1 FROM ${cursorRow} WHERE ${cursor} AND ((${after.join(') OR (')})))`;
}
