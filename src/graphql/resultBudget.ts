// What an operation really returns, counted while it runs: the static node
// limit (limits.ts) can only assume a plain list's length, so every list is
// counted at its real length once resolved, and every document-sized field
// (`document`, `markdown`: a page body can weigh megabytes) before it is
// built. Past either budget the operation stops early (later fields refuse at
// once, without their work) and its whole answer becomes one QUERY_TOO_COMPLEX.
import {
  type GraphQLError,
  defaultFieldResolver,
  getNamedType,
  getNullableType,
  isLeafType,
  isListType,
  isObjectType,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from 'graphql';
import { limitError } from '../limits/graphql.js';

export interface ResultBudgetLimits {
  /** Nodes: items of every list returned, all lists together. */
  maxNodes: number;
  /** Document-sized fields (page bodies) one operation may build. */
  maxDocuments: number;
}

const DOCUMENT_FIELDS = new Set(['document', 'markdown']);

class Budget {
  nodes = 0;
  documents = 0;
  exceeded: GraphQLError | undefined;
  constructor(readonly limits: ResultBudgetLimits) {}

  check() {
    if (this.exceeded) throw this.exceeded;
  }
  addDocument() {
    this.check();
    if (++this.documents > this.limits.maxDocuments) {
      this.exceeded = limitError(
        'QUERY_TOO_COMPLEX',
        `This query asks for more than ${this.limits.maxDocuments} page documents (document, markdown); the limit is ${this.limits.maxDocuments}. Ask for fewer pages at once.`,
        this.limits.maxDocuments,
        this.documents,
      );
      throw this.exceeded;
    }
  }
  addNodes(value: unknown) {
    if (!Array.isArray(value)) return value;
    this.nodes += value.length;
    if (this.nodes > this.limits.maxNodes) {
      this.exceeded = limitError(
        'QUERY_TOO_COMPLEX',
        `This query returns more than ${this.limits.maxNodes} nodes; the limit is ${this.limits.maxNodes}. Ask for smaller pages (first/last) or fewer nested lists.`,
        this.limits.maxNodes,
        this.nodes,
      );
      throw this.exceeded;
    }
    return value;
  }
}

/** Budgets of the operations running, by their context value. */
const budgets = new WeakMap<object, Budget>();
const wrapped = new WeakSet<GraphQLSchema>();

/** Starts counting an operation's answer; undefined for a context that is not an object. */
export function startBudget(contextValue: unknown, limits: ResultBudgetLimits) {
  if (!contextValue || typeof contextValue !== 'object') return undefined;
  const budget = new Budget(limits);
  budgets.set(contextValue, budget);
  return budget;
}

const isPromise = (value: unknown): value is Promise<unknown> => typeof (value as Promise<unknown> | null)?.then === 'function';

/**
 * Wraps the resolvers of list fields and document-sized fields of `schema`
 * (once) to count into the budget of their operation. Operations without a
 * budget (REST's own executions) run as before.
 */
export function countResults(schema: GraphQLSchema) {
  if (wrapped.has(schema)) return;
  wrapped.add(schema);
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const isList = isListType(getNullableType(field.type));
      const isDocument = DOCUMENT_FIELDS.has(field.name) && isLeafType(getNamedType(field.type));
      if (!isList && !isDocument) continue;
      const resolve: GraphQLFieldResolver<unknown, unknown> = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => {
        const budget = context && typeof context === 'object' ? budgets.get(context) : undefined;
        if (!budget) return resolve(source, args, context, info);
        if (isDocument) budget.addDocument();
        else budget.check();
        const value = resolve(source, args, context, info);
        if (!isList) return value;
        return isPromise(value) ? value.then((v) => budget.addNodes(v)) : budget.addNodes(value);
      };
    }
  }
}
