// GraphQL's own errors in Quire's error model (docs/graphql.md): input errors
// get the BAD_USER_INPUT code, and suggestions can be left out.
import { GraphQLError } from 'graphql';

/**
 * graphql-js's variable coercion errors: a value of the wrong type, an unknown
 * enum value, an unknown input field, a missing required variable. They come
 * before execution (no path) and all name the variable.
 */
export const isVariableError = (error: GraphQLError) => !error.path && /^Variable "\$/.test(error.message);

/** The same error as an input error: BAD_USER_INPUT, status 400 (extra extensions, e.g. Yoga's `http`, added). */
export function userInputError(error: GraphQLError, message: string, extensions: Record<string, unknown> = {}) {
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: { code: 'BAD_USER_INPUT', status: 400, ...extensions },
  });
}

const SUGGESTION = /\s*Did you mean [^?]*\?/g;

/** The error less graphql-js's "Did you mean …?" hints, which name fields, types and values of the schema. */
export function withoutSuggestions(error: GraphQLError): GraphQLError {
  const message = error.message.replace(SUGGESTION, '');
  if (message === error.message) return error;
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions,
  });
}

/** The error with `code` in its extensions, unless it has one. */
export function withCode(error: GraphQLError, code: string): GraphQLError {
  if (error.extensions?.code) return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: { ...error.extensions, code },
  });
}

/** GraphQL's own refusal of a document: GRAPHQL_PARSE_FAILED or GRAPHQL_VALIDATION_FAILED. */
export const isSyntaxError = (error: GraphQLError) => !error.path && /^Syntax Error/.test(error.message);
