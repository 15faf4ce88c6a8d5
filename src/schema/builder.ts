// The Pothos builder and its plugins. It defines no types: each domain folder
// adds its own (src/domain/*/schema.ts), and src/schema/index.ts assembles them.
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
    clientMutationId: 'omit',
    cursorType: 'String',
    // One id per resource: the stored, type-prefixed id is the global id.
    encodeGlobalID: (_typename, id) => String(id),
    // An unknown prefix decodes to no type; nodeLookup.ts answers it as absent.
    decodeGlobalID: (globalID) => ({ typename: typeOfId(globalID) ?? '', id: globalID }),
    nodeQueryOptions: {
      resolve: (_root, args, ctx, info, resolveNode) => lookUpNode(args.id, ctx, info, resolveNode),
    },
    nodesQueryOptions: {
      // Each id stands alone: one that is absent is a null in the list, not an error for all.
      // The plugin's loader reads `args.ids` whatever it is handed: hand it over there.
      resolve: (_root, args, ctx, info, resolveNodes) =>
        lookUpNodes(args.ids, ctx, info, (refs) => resolveNodes(Object.assign(args, { ids: refs }).ids)),
    },
    edgesFieldOptions: { nullable: false },
    nodeFieldOptions: { nullable: false },
  },
});
