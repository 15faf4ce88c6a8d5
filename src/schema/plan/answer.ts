// The answer of a planned field made without graphql-js's per-field execution: the
// planned objects (run.ts) walked once along the steps compiled with the plan
// (compile.ts), each value serialized by its field's type, each computed field
// answered by its own resolver, in the order graphql-js completes the selection.
// Whatever graphql-js would answer with an error (a null in a non-null field, a
// resolver that throws or answers a promise) is Incomplete: the operation then
// runs on the schema graphql-js completes (execute.ts), which answers it.
import {
  defaultFieldResolver,
  getArgumentValues,
  isLeafType,
  isListType,
  isNonNullType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
} from 'graphql';
import type { Context } from '../../context.js';
import type { AnswerStep, Steps } from './compile.js';
import { TYPENAME } from './run.js';
import { blankFor } from './blank.js';

/** Thrown where only graphql-js can answer: `planOnly` when the plan itself cannot (always, for this document). */
export class Incomplete extends Error {
  constructor(readonly planOnly: boolean) {
    super('the planned answer is incomplete: graphql-js answers this operation');
  }
}

type Path = GraphQLResolveInfo['path'];
type Row = Record<string, unknown>;

/** The parts of the resolve info that stay the same in one operation. */
export type OperationInfo = Pick<GraphQLResolveInfo, 'schema' | 'fragments' | 'rootValue' | 'operation' | 'variableValues'>;

interface Walk {
  ctx: Context;
  operation: OperationInfo;
}

const isThenable = (value: unknown) => typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/** The answer of `value`, a planned object (or any object, for resolved steps), along `steps`. */
export function answerOf(value: Row, steps: Steps, ctx: Context, path: Path, info: OperationInfo): Row {
  const { schema, fragments, rootValue, operation, variableValues } = info;
  return object(value, steps, { ctx, operation: { schema, fragments, rootValue, operation, variableValues } }, path);
}

function object(value: Row, steps: Steps, walk: Walk, path: Path): Row {
  // A union's item answers by the steps of its type (a planned object's own).
  const own = Array.isArray(steps) ? steps : steps.byType[(value as Record<symbol, unknown>)[TYPENAME] as string];
  if (!own) throw new Incomplete(false);
  return fields(value, own, walk, path);
}

const stepKey = (step: AnswerStep) => step.key;

function fields(value: Row, steps: AnswerStep[], walk: Walk, path: Path): Row {
  const out = blankFor(steps, stepKey)();
  for (const step of steps) {
    if (step.kind === 'typename') out[step.key] = step.value;
    else if (step.kind === 'property')
      // A leaf's completion reads no path: only objects below get theirs (their resolvers' info).
      out[step.key] = complete(
        step.type,
        value[step.key],
        step.steps,
        walk,
        step.steps ? { prev: path, key: step.key, typename: undefined } : path,
      );
    else if (step.kind === 'read') {
      const read = value[step.name];
      // A method, which graphql-js's default resolver would call with the resolve info: left to it.
      if (typeof read === 'function') throw new Incomplete(false);
      out[step.key] = complete(step.type, read, undefined, walk, path);
    } else out[step.key] = resolved(step, value, walk, { prev: path, key: step.key, typename: step.parentType.name });
  }
  return out;
}

function resolved(step: Extract<AnswerStep, { kind: 'resolved' }>, source: Row, walk: Walk, path: Path): unknown {
  const resolve = step.field.resolve ?? defaultFieldResolver;
  const { schema, fragments, rootValue, operation, variableValues } = walk.operation;
  const info: GraphQLResolveInfo = {
    fieldName: step.field.name,
    fieldNodes: step.fieldNodes,
    returnType: step.type,
    parentType: step.parentType,
    path,
    schema,
    fragments,
    rootValue,
    operation,
    variableValues,
  };
  let result: unknown;
  try {
    const args = step.argsWritten ? getArgumentValues(step.field, step.fieldNodes[0]!, variableValues) : step.args;
    result = resolve(source, args, walk.ctx, info);
  } catch {
    throw new Incomplete(false);
  }
  return complete(step.type, result, step.steps, walk, path);
}

/** graphql-js's completeValue for what a plan answers: non-null, lists, leaves, objects along their steps. */
function complete(type: GraphQLOutputType, value: unknown, steps: Steps | undefined, walk: Walk, path: Path): unknown {
  if (value instanceof Error || isThenable(value)) throw new Incomplete(false);
  if (isNonNullType(type)) {
    const completed = complete(type.ofType, value, steps, walk, path);
    if (completed == null) throw new Incomplete(false);
    return completed;
  }
  if (value == null) return null;
  if (isListType(type)) {
    if (!Array.isArray(value)) throw new Incomplete(false);
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++)
      out[i] = complete(type.ofType, value[i], steps, walk, steps ? { prev: path, key: i, typename: undefined } : path);
    return out;
  }
  if (isLeafType(type)) {
    let serialized: unknown;
    try {
      serialized = type.serialize(value);
    } catch {
      throw new Incomplete(false);
    }
    if (serialized == null) throw new Incomplete(false);
    return serialized;
  }
  if (!steps || typeof value !== 'object') throw new Incomplete(false);
  return object(value as Row, steps, walk, path);
}
