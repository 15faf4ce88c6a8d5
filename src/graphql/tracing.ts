// The span of a GraphQL operation (src/tracing): a child of its HTTP request's,
// parent of its SQL statements. Nothing runs with tracing off.
import { execute as executeOperation } from '@graphql-tools/executor';
import { getOperationAST, type ExecutionArgs, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { executeWithPlans } from '../schema/plan/execute.js';
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

/**
 * The executor the GraphQL door runs (graphql-yoga's, from @graphql-tools), so both doors
 * complete fields alike. Per field it allocates less than graphql-js's own: plain objects
 * for arguments where graphql-js builds two dictionaries (bench/README.md,
 * "Round three, session 16").
 * REST operations use neither @defer nor @stream: the answer is one result. Queries whose
 * planned fields the plan answers whole run on the planner's answering schema (src/schema/plan/execute.ts).
 */
const execute = (args: ExecutionArgs) =>
  executeWithPlans(args, (planned) => executeOperation(planned) as ExecutionResult | Promise<ExecutionResult>);

/** Runs `execute` in the operation's span (the REST adapter's operations). */
export function tracedExecute(args: ExecutionArgs) {
  if (!tracingOn()) return execute(args);
  const { name, attributes } = operationSpan(args);
  return inSpan(name, { attributes }, () => execute(args));
}

/** Yoga plugin: queries whose planned fields answer whole run as REST's do (src/schema/plan/execute.ts). */
export function usePlannedAnswers(): Plugin {
  return {
    onExecute({ executeFn, setExecuteFn }) {
      setExecuteFn((args) => executeWithPlans(args, executeFn));
    },
  };
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
