// The grants of a request, fixed when it enters (policy/actor.ts,
// RequestGrants): read from the operation and its variables before any
// resolver runs, the same on every path that executes one (Yoga over HTTP, the
// REST routes, graphql-ws). Resolvers never add to them, so what a caller may
// see does not depend on which field resolved first.
import {
  Kind,
  TypeInfo,
  getNamedType,
  getOperationAST,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type ExecutionArgs,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValueNode,
} from 'graphql';
import { readTarget } from './readRouting.js';
import type { Context } from '../context.js';
import { noRequestGrants, withRequestGrants, type Actor } from '../policy/actor.js';
import { spacesShownBySites } from '../domain/sites/access.js';

/** The argument that presents a share key (`space(id, shareKey)`, a site's `sections`/`siteSpaces`, `publishedSite`). */
const SHARE_KEY_ARGUMENT = 'shareKey';

export type Operation = Pick<ExecutionArgs, 'schema' | 'document' | 'operationName' | 'variableValues'>;

interface OperationFacts {
  /** Where the operation gives share keys: literal strings, and the variables whose values it gives. */
  literals: string[];
  variables: string[];
  /** Whether it reads a site space's space (the only place a site shows a space the caller may not view otherwise). */
  readsSiteSpaces: boolean;
}

const factsByDocument = new WeakMap<DocumentNode, Map<string, OperationFacts | null>>();

/** The operation to run and the fragments it may spread (the document's others run not). */
function operationFacts(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined): OperationFacts | null {
  let byName = factsByDocument.get(document);
  if (!byName) factsByDocument.set(document, (byName = new Map()));
  const key = operationName ?? '';
  if (byName.has(key)) return byName.get(key)!;
  const operation = getOperationAST(document, operationName);
  const facts = operation
    ? factsOf(
        schema,
        operation,
        document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION),
      )
    : null;
  byName.set(key, facts);
  return facts;
}

function factsOf(schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: FragmentDefinitionNode[]): OperationFacts {
  const facts: OperationFacts = { literals: [], variables: [], readsSiteSpaces: false };
  const defaults = new Map(operation.variableDefinitions?.map((v) => [v.variable.name.value, v.defaultValue]) ?? []);
  const shareKeyValue = (value: ValueNode) => {
    if (value.kind === Kind.STRING) facts.literals.push(value.value);
    else if (value.kind === Kind.VARIABLE) {
      facts.variables.push(value.name.value);
      const fallback = defaults.get(value.name.value);
      if (fallback?.kind === Kind.STRING) facts.literals.push(fallback.value);
    }
  };
  const typeInfo = new TypeInfo(schema);
  for (const node of [operation, ...fragments]) {
    visit(
      node,
      visitWithTypeInfo(typeInfo, {
        Field(field) {
          if (field.name.value === 'space' && getNamedType(typeInfo.getParentType())?.name === 'SiteSpace') facts.readsSiteSpaces = true;
          for (const argument of field.arguments ?? []) if (argument.name.value === SHARE_KEY_ARGUMENT) shareKeyValue(argument.value);
        },
      }),
    );
  }
  return facts;
}

/**
 * The grants an operation brings: the share keys it gives (as literals or in
 * its variables), and, when it reads site spaces' spaces, those the sites the
 * caller reads publish (one statement).
 */
export async function grantsOf(prisma: Context['prisma'], actor: Actor, operation: Operation) {
  const facts = operationFacts(operation.schema, operation.document, operation.operationName);
  if (!facts) return noRequestGrants;
  const variables = (operation.variableValues ?? {}) as Record<string, unknown>;
  const given = [...facts.literals, ...facts.variables.map((name) => variables[name])];
  const shareKeys: ReadonlySet<string> = new Set(given.filter((key): key is string => typeof key === 'string' && key !== ''));
  const withKeys = withRequestGrants(actor, { shareKeys, siteSpaces: noRequestGrants.siteSpaces });
  const siteSpaces = facts.readsSiteSpaces ? await spacesShownBySites(prisma, withKeys) : noRequestGrants.siteSpaces;
  return { shareKeys, siteSpaces };
}

/** The context's caller with the grants of the operation they run (none without a caller). */
export async function grantedActor(ctx: Context, operation: Operation): Promise<Actor | null> {
  return ctx.actor && withRequestGrants(ctx.actor, await grantsOf(ctx.prisma, ctx.actor, operation));
}

/** The context of an operation: its caller holding the operation's grants, and, for a query with standbys, its database. */
export async function withOperationGrants(ctx: Context, operation: Operation): Promise<Context> {
  const routed = { ...ctx, ...(await readTarget(ctx, operation)) };
  return ctx.actor ? { ...routed, actor: await grantedActor(ctx, operation) } : routed;
}
