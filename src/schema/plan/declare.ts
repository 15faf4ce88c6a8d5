// What the read planner may plan: types whose fields are columns of one Prisma
// model (or to-one relations by a foreign key), and lists over them. Each area
// declares its own next to its schema (src/domain/*/schema.ts); the planner
// (plan.ts) answers a list field from them when everything asked beneath it is
// declared, and leaves it to the field's own resolver otherwise.
import { getDatamodel } from '../../generated/pothos-prisma-types.js';
import type { Context } from '../../context.js';
import type { ScopedList } from '../lists.js';

export type Row = Record<string, unknown>;

export interface PlannedRelation {
  /** The GraphQL type (a planned type) of the related object. */
  type: string;
  /** The column of this model holding the related row's id. */
  foreignKey: string;
  /** Whether the related row is shown (else the field answers null, as its `unauthorizedResolver` does); absent: always. */
  shown?: (related: Row, ctx: Context) => boolean;
}

export interface PlannedType {
  /** The Prisma model, hence the table (Quire maps no names). */
  model: string;
  /** Fields whose answer is one column's value, as the field's resolver returns it. */
  columns: Record<string, string>;
  /** To-one relations by a foreign key of this model. */
  relations?: Record<string, PlannedRelation>;
  /**
   * Fields answered by their own resolver, called with the row of the columns listed
   * (and the subject's) as its parent: a field computed from columns (URLs, the caller's
   * permissions, settings shown to members only) keeps its one definition.
   */
  computed?: Record<string, readonly string[]>;
  /** Columns the checks below and the relations' `shown` read (the policy subject). */
  subject: readonly string[];
  /**
   * Whether the generic path answers the object without an error: the type's own
   * auth scopes, the same policy call. One row failing sends the whole list back to
   * the generic path, which then answers the error as always.
   */
  visible: (row: Row, ctx: Context) => boolean;
}

export interface PlannedList {
  /** The GraphQL type of the items (a planned type). */
  node: string;
  /** The list as the generic path serves it: its `where` (policy filters) and order are used as they are. */
  list: ScopedList<never, never>;
}

export interface ModelField {
  name: string;
  type: string;
  kind: string;
  isList: boolean;
  isRequired: boolean;
}

const models = getDatamodel().datamodel.models as unknown as Record<string, { fields: ModelField[] }>;

/** The scalar (or enum) column `name` of `model`; throws for anything else. */
export function columnOf(model: string, name: string): ModelField {
  const field = models[model]?.fields.find((f) => f.name === name);
  if (!field || (field.kind !== 'scalar' && field.kind !== 'enum')) throw new Error(`read plan: ${model}.${name} is not a column`);
  if (['BigInt', 'Decimal', 'Bytes'].includes(field.type))
    throw new Error(`read plan: ${model}.${name} (${field.type}) is not read as Prisma reads it`);
  return field;
}

export const plannedTypes = new Map<string, PlannedType>();
export const plannedLists = new Map<string, PlannedList>();

/** Declares a GraphQL object type the planner may answer (checked against the Prisma model at once). */
export function planType(typeName: string, type: PlannedType) {
  for (const column of [...Object.values(type.columns), ...type.subject, ...Object.values(type.computed ?? {}).flat()])
    columnOf(type.model, column);
  for (const relation of Object.values(type.relations ?? {})) columnOf(type.model, relation.foreignKey);
  plannedTypes.set(typeName, type);
}

/** Declares that the list field `parentType.field` may be planned. */
export function planList<Parent, Args>(parentType: string, field: string, node: string, list: ScopedList<Parent, Args>) {
  if (list.decorate || list.preload) throw new Error(`read plan: ${parentType}.${field} decorates its rows, which a plan cannot`);
  plannedLists.set(`${parentType}.${field}`, { node, list: list as unknown as ScopedList<never, never> });
}
