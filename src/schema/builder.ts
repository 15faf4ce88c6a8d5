// The Pothos builder and its plugins. It defines no types: each domain folder
// adds its own (src/domain/*/schema.ts), and src/graphql/schema.ts assembles them.
import SchemaBuilder from '@pothos/core';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import SimpleObjectsPlugin from '@pothos/plugin-simple-objects';
import type PrismaTypes from '../generated/pothos-prisma-types.js';
import { getDatamodel } from '../generated/pothos-prisma-types.js';
import type { Context } from '../context.js';
import { notFound, unauthenticated } from '../errors.js';
import { typeOfId } from '../ids.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../validate.js';
import { lookUpNode, lookUpNodes } from './nodeLookup.js';
import './syncGlobalIds.js';

export const builder = new SchemaBuilder<{
  Context: Context;
  PrismaTypes: PrismaTypes;
  AuthScopes: { authenticated: boolean };
  DefaultFieldNullability: false;
  DefaultEdgesNullability: false;
  DefaultNodeNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    JSON: { Input: unknown; Output: unknown };
    ID: { Input: string; Output: string };
    /** An uploaded file part of a multipart request (src/domain/files/schema.ts). */
    File: { Input: unknown; Output: never };
  };
}>({
  defaultFieldNullability: false,
  plugins: [ScopeAuthPlugin, SimpleObjectsPlugin, PrismaPlugin, RelayPlugin],
  scopeAuth: {
    authScopes: (ctx) => ({ authenticated: ctx.actor != null }),
    // Hidden resources read as absent: their existence is not revealed.
    unauthorizedError: (_parent, ctx) => (ctx.actor ? notFound('Resource') : unauthenticated()),
    treatErrorsAsUnauthorized: false,
    authorizeOnSubscribe: true,
    // A type's scopes run once per object (in isTypeOf), not in a wrapper around each of its
    // fields. Organization opts out: its list fields skip its scopes (skipTypeScopes).
    runScopesOnType: true,
  },
  prisma: {
    client: (ctx) => ctx.prisma,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
    // REST `limit`: 50 by default, at most 1000.
    defaultConnectionSize: DEFAULT_PAGE_SIZE,
    maxConnectionSize: MAX_PAGE_SIZE,
  },
  relay: {
    // Mutations take one `input` and answer a `<Name>Payload` (docs/graphql.md); a
    // client's clientMutationId comes back unchanged in the payload.
    clientMutationId: 'optional',
    clientMutationIdInputOptions: { description: 'Any value of the client, answered unchanged in the payload.' },
    clientMutationIdFieldOptions: { description: 'The clientMutationId of the input, unchanged.' },
    mutationInputArgOptions: { description: 'The arguments of the mutation.' },
    nodeTypeOptions: { description: 'A resource that `node(id:)` and `nodes(ids:)` find by its global id.' },
    idFieldOptions: { description: 'Global id: opaque, type-prefixed (`spc_…`), the same in REST.' },
    pageInfoTypeOptions: { description: 'Where a page of a connection sits in the whole list.' },
    hasNextPageFieldOptions: { description: 'Whether items follow this page (ask with `after: endCursor`).' },
    hasPreviousPageFieldOptions: { description: 'Whether items precede this page (ask with `before: startCursor`).' },
    startCursorFieldOptions: { description: 'Cursor of the first edge of the page; null when the page is empty.' },
    endCursorFieldOptions: { description: 'Cursor of the last edge of the page; null when the page is empty.' },
    firstArgOptions: { description: 'Page size from the start (or after `after`): 1 to 1000, 50 by default.' },
    lastArgOptions: { description: 'Page size from the end (or before `before`): 1 to 1000. Not with `first`.' },
    afterArgOptions: { description: 'Cursor: the page starts after this edge.' },
    beforeArgOptions: { description: 'Cursor: the page ends before this edge.' },
    cursorFieldOptions: { description: 'Opaque cursor of this edge, for `after`/`before`.' },
    pageInfoFieldOptions: { description: 'Where this page sits in the whole list.' },
    cursorType: 'String',
    // One id per resource: the stored, type-prefixed id is the global id.
    encodeGlobalID: (_typename, id) => String(id),
    // An unknown prefix decodes to no type; nodeLookup.ts answers it as absent.
    decodeGlobalID: (globalID) => ({ typename: typeOfId(globalID) ?? '', id: globalID }),
    nodeQueryOptions: {
      description: 'The resource with this global id, if the caller may see it (NOT_FOUND otherwise).',
      args: { id: { description: 'Global id of the resource.' } },
      resolve: (_root, args, ctx, info, resolveNode) => lookUpNode(args.id, ctx, info, resolveNode),
    },
    nodesQueryOptions: {
      description: 'The resources with these global ids, in order; null (with a NOT_FOUND error) for each one the caller may not see.',
      args: { ids: { description: 'Global ids of the resources.' } },
      // Each id stands alone: one that is absent is a null in the list, not an error for all.
      // The plugin's loader reads `args.ids` whatever it is handed: hand it over there.
      resolve: (_root, args, ctx, info, resolveNodes) =>
        lookUpNodes(args.ids, ctx, info, (refs) => resolveNodes(Object.assign(args, { ids: refs }).ids)),
    },
    edgesFieldOptions: { nullable: false, description: 'The items of this page, with their cursors.' },
    nodeFieldOptions: { nullable: false, description: 'The item.' },
  },
});

/** The builder's type parameters, for helpers that build fields outside one type's definition. */
export type SchemaTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
/** Builds the fields of an input type (e.g. a mutation's `input`). */
export type InputFieldBuilder = PothosSchemaTypes.InputFieldBuilder<SchemaTypes, 'InputObject'>;
/** Builds the fields of an object whose values have the shape `Parent` (e.g. a mutation's payload). */
export type ObjectFieldBuilder<Parent> = PothosSchemaTypes.ObjectFieldBuilder<SchemaTypes, Parent>;
