// The span of a GraphQL operation (src/tracing): a child of its HTTP request's,
// parent of its SQL statements. Nothing runs with tracing off.
import { execute, getOperationAST, type ExecutionArgs } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { inSpan, tracingOn } from '../tracing/tracing.js';

/** `query Name` and the semantic-convention attributes of the operation `args` runs. */
function operationSpan(args: Pick<ExecutionArgs, 'document' | 'operationName'>) {
  const operation = getOperationAST(args.document, args.operationName);
  const type = operation?.operation ?? 'query';
  const name = operation?.name?.value;
  return {
    name: name ? `${type} ${name}` : type,
    attributes: { 'graphql.operation.type': type, ...(name ? { 'graphql.operation.name': name } : {}) },
  };
}

/** Runs `execute` in the operation's span (the REST adapter's operations). */
export function tracedExecute(args: ExecutionArgs) {
  if (!tracingOn()) return execute(args);
  const { name, attributes } = operationSpan(args);
  return inSpan(name, { attributes }, () => execute(args));
}

/** Yoga plugin: each operation executed over HTTP runs in its span. */
export function useOperationSpans(): Plugin {
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      if (!tracingOn()) return;
      const { name, attributes } = operationSpan(args);
      setExecuteFn((executeArgs) => inSpan(name, { attributes }, () => executeFn(executeArgs)));
    },
  };
}
