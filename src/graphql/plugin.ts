// The GraphQL limits wired into Yoga (an envelop plugin) and into graphql-ws
// (its onSubscribe hook): the same checks on both paths, before anything runs.
// Parsing and validation (the shape rules included) are cached per document
// text by Yoga's parser and validation cache; the checks before execution are
// cached here per parsed document, and per value of the few variables that size
// lists, so a repeated query pays for none of them again.
import { bearerChallenge } from '../http/respond.js';
import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  visit,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { AppError } from '../errors.js';
import { fieldWithUnstorableText, unstorableTextMessage } from '../text.js';
import {
  countNodes,
  nodeLimitError,
  operationShapeRule,
  pageSizeError,
  sizedConnections,
  type SizedConnections,
  tokenLimitError,
  type GraphQLLimits,
  type LimitCode,
} from '../limits/graphql.js';
import { MAX_PAGE_SIZE } from '../validate.js';
import { countResults, startBudget } from './resultBudget.js';
import { isSyntaxError, withCode, withoutSuggestions } from './errors.js';

export interface GraphQLGuards {
  limits: GraphQLLimits;
  introspection: boolean;
  /** Told of each refusal (metrics). */
  onReject?(code: string): void;
  /** Told the operation name of each parsed document (metrics, logs). */
  onOperation?(context: unknown, name: string | undefined): void;
}

function extraRules(guards: GraphQLGuards): ValidationRule[] {
  const rules = [operationShapeRule(guards.limits)];
  if (!guards.introspection) rules.push(NoSchemaIntrospectionCustomRule);
  return rules;
}

function parseLimited(source: string, maxTokens: number, parseFn: typeof parse = parse, options?: object): DocumentNode {
  try {
    return parseFn(source, { ...options, maxTokens });
  } catch (err) {
    throw tokenLimitError(err, maxTokens) ?? err;
  }
}

/** What the checks learned about one parsed document (Yoga hands the same object for the same text). */
interface DocumentFacts {
  /** A string literal PostgreSQL cannot store. */
  unstorableLiteral: boolean;
  /** Variables that size a list (`first`, `last`, `ids`): the node count depends on these alone. */
  sizeVariables: string[];
  /** Node counts by operation name and values of the size variables. */
  counts: Map<string, number>;
  /** The page-size arguments of each operation, by its name (null: the only one). */
  sized: Map<string | null, SizedConnections | null>;
}

const documentFacts = new WeakMap<DocumentNode, DocumentFacts>();
const sizeArguments = new Set(['first', 'last', 'ids']);
const MAX_COUNTS_PER_DOCUMENT = 256;

function factsOf(document: DocumentNode): DocumentFacts {
  let facts = documentFacts.get(document);
  if (facts) return facts;
  let unstorableLiteral = false;
  const sizeVariables = new Set<string>();
  visit(document, {
    StringValue(node) {
      if (!unstorableLiteral && fieldWithUnstorableText(node.value, 'query')) unstorableLiteral = true;
    },
    Argument(node) {
      if (sizeArguments.has(node.name.value) && node.value.kind === 'Variable') sizeVariables.add(node.value.name.value);
    },
  });
  facts = { unstorableLiteral, sizeVariables: [...sizeVariables], counts: new Map(), sized: new Map() };
  documentFacts.set(document, facts);
  return facts;
}

/** Text PostgreSQL cannot store (NUL, lone surrogates) in the query or its variables: a 400, not a 500 later. */
function unstorableTextCheck(args: Pick<ExecutionArgs, 'document' | 'variableValues'>) {
  const field = factsOf(args.document).unstorableLiteral ? 'query' : fieldWithUnstorableText(args.variableValues ?? {}, '');
  return field ? new AppError(400, `${field}: ${unstorableTextMessage}`, field) : undefined;
}

/** Page sizes out of 1..1000 (or first with last): a 400 BAD_USER_INPUT, nothing run. */
function pageSizeCheck(schema: GraphQLSchema, args: Pick<ExecutionArgs, 'document' | 'operationName' | 'variableValues'>) {
  const { sized } = factsOf(args.document);
  const name = args.operationName ?? null;
  let connections = sized.get(name);
  if (connections === undefined) {
    connections = sizedConnections(schema, args.document, name);
    // A document names few operations: more names are a caller's invention.
    if (sized.size >= MAX_COUNTS_PER_DOCUMENT) sized.clear();
    sized.set(name, connections);
  }
  return pageSizeError(schema, connections, args.variableValues as Record<string, unknown>, MAX_PAGE_SIZE);
}

function nodeCheck(
  schema: GraphQLSchema,
  args: Pick<ExecutionArgs, 'document' | 'operationName' | 'variableValues'>,
  guards: GraphQLGuards,
) {
  const facts = factsOf(args.document);
  const variables = (args.variableValues ?? {}) as Record<string, unknown>;
  const key = JSON.stringify([
    args.operationName ?? null,
    guards.limits.defaultListSize,
    ...facts.sizeVariables.map((name) => variables[name] ?? null),
  ]);
  let nodes = facts.counts.get(key);
  if (nodes === undefined) {
    nodes = countNodes(schema, args.document, args.operationName, variables, guards.limits.defaultListSize);
    // Undefined (invalid variables, refused by execution anyway) is not kept: other variables may be valid next time.
    if (nodes !== undefined) {
      if (facts.counts.size >= MAX_COUNTS_PER_DOCUMENT) facts.counts.clear();
      facts.counts.set(key, nodes);
    }
  }
  return nodes !== undefined && nodes > guards.limits.maxNodes ? nodeLimitError(nodes, guards.limits.maxNodes) : undefined;
}

const limitCodes = new Set<string>([
  'DEPTH_LIMIT',
  'ALIAS_LIMIT',
  'DIRECTIVE_LIMIT',
  'TOKEN_LIMIT',
  'QUERY_TOO_COMPLEX',
] satisfies LimitCode[]);
const codeOf = (errors: readonly GraphQLError[]) => errors.map((e) => e.extensions?.code).find((c): c is string => typeof c === 'string');

/** A document refused by validation: coded GRAPHQL_VALIDATION_FAILED (a limit keeps its own code), without suggestions when introspection is off. */
function documentError(error: GraphQLError, guards: GraphQLGuards) {
  const coded = withCode(error, isSyntaxError(error) ? 'GRAPHQL_PARSE_FAILED' : 'GRAPHQL_VALIDATION_FAILED');
  return guards.introspection ? coded : withoutSuggestions(coded);
}

const refusedDocumentCodes = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED']);

/** The HTTP status (and headers) of a result whose errors say nothing ran or no valid token came. */
function httpStatusOf(errors: readonly GraphQLError[], authorization: string | null) {
  const codes = errors.map((e) => String(e.extensions?.code));
  if (codes.some((c) => limitCodes.has(c) || refusedDocumentCodes.has(c))) return { status: 400 };
  if (codes.includes('UNAUTHENTICATED')) return { status: 401, headers: { 'WWW-Authenticate': bearerChallenge(authorization) } };
  return undefined;
}

/** Yoga checks the type of `query`, `variables` and `extensions`, not of `operationName`: the same 400. */
function operationNameError(name: unknown) {
  const given = Array.isArray(name) ? 'array' : typeof name;
  return new GraphQLError(`Expected "operationName" param to be a string, but given ${given}.`, {
    extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
  });
}

/** Yoga plugin: token limit at parse, shape rules at validation, node limit before execution. */
export function useGraphQLGuards(guards: GraphQLGuards): Plugin {
  const rules = extraRules(guards);
  /** Execution and subscription alike: unstorable text, then the node limit. */
  const refuseBeforeRunning = ({
    args,
    setResultAndStopExecution,
  }: {
    args: ExecutionArgs;
    setResultAndStopExecution(result: { errors: GraphQLError[] }): void;
  }) => {
    const unstorable = unstorableTextCheck(args) ?? pageSizeCheck(args.schema, args);
    if (unstorable) return setResultAndStopExecution({ errors: [unstorable] });
    const error = nodeCheck(args.schema, args, guards);
    if (error) {
      guards.onReject?.('QUERY_TOO_COMPLEX');
      setResultAndStopExecution({ errors: [error] });
    }
  };
  return {
    onParams({ params }) {
      const name = (params as { operationName?: unknown }).operationName;
      if (name != null && typeof name !== 'string') throw operationNameError(name);
    },
    onParse({ parseFn, setParseFn, context }) {
      setParseFn((source, options) => parseLimited(source as string, guards.limits.maxTokens, parseFn as typeof parse, options));
      return ({ result }) => {
        if (result instanceof GraphQLError) {
          const code = codeOf([result]);
          if (code === 'TOKEN_LIMIT') guards.onReject?.(code);
          return;
        }
        if (!result || result instanceof Error) return;
        const requested = (context as { params?: { operationName?: string } }).params?.operationName;
        guards.onOperation?.(context, getOperationAST(result as DocumentNode, requested)?.name?.value ?? requested);
      };
    },
    onValidate({ addValidationRule }) {
      for (const rule of rules) addValidationRule(rule);
      return ({ result, setResult }) => {
        const code = codeOf(result as readonly GraphQLError[]);
        if (code && guards.onReject && /_LIMIT$/.test(code)) guards.onReject(code);
        if (result.length) setResult((result as GraphQLError[]).map((e) => documentError(e, guards)));
      };
    },
    onExecute(payload) {
      refuseBeforeRunning(payload);
      // Plain lists and page documents are counted at their real size while the operation runs.
      countResults(payload.args.schema);
      const budget = startBudget(payload.args.contextValue, guards.limits);
      if (!budget) return;
      return {
        onExecuteDone({ result, setResult }) {
          if (!budget.exceeded || Symbol.asyncIterator in result) return;
          guards.onReject?.('QUERY_TOO_COMPLEX');
          setResult({ errors: [budget.exceeded] });
        },
      };
    },
    // Yoga answers parse and validation errors as "spec" ones (HTTP 200 to
    // application/json clients) whatever their extensions say: Quire answers
    // 400 to both media types (a document refused, by GraphQL or a limit), and
    // 401 with a Bearer challenge to a caller without a valid token.
    onResultProcess({ request, result, setResult }) {
      if (Array.isArray(result) || !('errors' in result) || !result.errors?.length) return;
      const http = httpStatusOf(result.errors, request.headers.get('authorization'));
      if (http) setResult({ ...result, extensions: { ...result.extensions, http } });
    },
    onSubscribe: refuseBeforeRunning,
  };
}

/** A document text's parse and validation outcome on the graphql-ws path (Yoga keeps its own for HTTP). */
type WsDocument = { document: DocumentNode; errors: readonly GraphQLError[] } | { document?: undefined; errors: readonly GraphQLError[] };
const wsDocumentsBySchema = new WeakMap<GraphQLSchema, WeakMap<GraphQLGuards, Map<string, WsDocument>>>();
const MAX_WS_DOCUMENTS = 1000;

function parseAndValidate(schema: GraphQLSchema, query: string, guards: GraphQLGuards): WsDocument {
  // The outcome depends on the schema and the limits: one cache for each.
  let byGuards = wsDocumentsBySchema.get(schema);
  if (!byGuards) wsDocumentsBySchema.set(schema, (byGuards = new WeakMap()));
  let wsDocuments = byGuards.get(guards);
  if (!wsDocuments) byGuards.set(guards, (wsDocuments = new Map()));
  const cached = wsDocuments.get(query);
  if (cached) return cached;
  let outcome: WsDocument;
  try {
    const document = parseLimited(query, guards.limits.maxTokens);
    outcome = { document, errors: validate(schema, document, [...specifiedRules, ...extraRules(guards)]) };
  } catch (err) {
    if (!(err instanceof GraphQLError)) throw err;
    outcome = { errors: [err] };
  }
  // Oldest first out: a Map iterates in insertion order.
  if (wsDocuments.size >= MAX_WS_DOCUMENTS) wsDocuments.delete(wsDocuments.keys().next().value!);
  wsDocuments.set(query, outcome);
  return outcome;
}

/** graphql-ws onSubscribe: parse, validate and count like Yoga; the errors, or the execution arguments. */
export function checkWsOperation(
  schema: GraphQLSchema,
  payload: { query: string; operationName?: string | null; variables?: Record<string, unknown> | null },
  guards: GraphQLGuards,
): readonly GraphQLError[] | Pick<ExecutionArgs, 'schema' | 'document' | 'operationName' | 'variableValues'> {
  const { document, errors } = parseAndValidate(schema, payload.query, guards);
  if (!document || errors.length) return reject(errors, guards);
  const args = { schema, document, operationName: payload.operationName, variableValues: payload.variables };
  const error = unstorableTextCheck(args) ?? pageSizeCheck(schema, args) ?? nodeCheck(schema, args, guards);
  return error ? reject([error], guards) : args;
}

function reject(errors: readonly GraphQLError[], guards: GraphQLGuards) {
  const code = codeOf(errors);
  if (code) guards.onReject?.(code);
  // `http` is Yoga's private extension: not for WebSocket clients.
  return errors
    .map((e) => documentError(e, guards))
    .map((e) => {
      if (!e.extensions?.http) return e;
      const { http: _http, ...extensions } = e.extensions;
      return new GraphQLError(e.message, { nodes: e.nodes, source: e.source, positions: e.positions, path: e.path, extensions });
    });
}
