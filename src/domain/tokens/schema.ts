// API tokens in GraphQL: `viewer { tokens }`, `createApiToken` (the secret is
// answered once) and `revokeApiToken`. A caller only ever sees and revokes
// their own user's tokens (src/policy/token.ts).
import { builder } from '../../schema/builder.js';
import { requireActor, type Context } from '../../context.js';
import { accountPolicy, authorize, can, tokenPolicy, visibleTokensWhere } from '../../policy/index.js';
import type { TokenSubject } from '../../policy/token.js';
import { oldestFirst, scopedList, type ScopedList } from '../../schema/lists.js';
import { planList, planType } from '../../schema/plan/plan.js';
import { nodeConnection } from '../../schema/connections.js';
import { createApiToken, revokeApiToken } from './service.js';

/** Whether the caller may see a token (its type's check, and the read planner's). */
const tokenShown = (token: TokenSubject, ctx: Context) => can(tokenPolicy, requireActor(ctx), token, 'view');

export const ApiTokenRef = builder.prismaNode('ApiToken', {
  id: { field: 'id' },
  description: "An API token of the caller's user. Its secret is only ever shown by createApiToken.",
  authScopes: (token, ctx) => tokenShown(token, ctx),
  fields: (t) => ({
    label: t.exposeString('label', { nullable: true, description: 'Label given at creation, if any.' }),
    scopes: t.exposeStringList('scopes', { description: 'OAuth scope names; empty for an unrestricted token.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was issued.' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true, description: 'To the minute.' }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true, description: 'When it was revoked; null while it works.' }),
    current: t.boolean({
      description: 'Whether this is the token of the current request.',
      resolve: (token, _, ctx) => token.id === requireActor(ctx).tokenId,
    }),
  }),
});

const ApiTokenConnection = nodeConnection(ApiTokenRef, 'ApiToken', { items: 'API tokens' });

// The fields of a token the read planner answers from its columns (src/schema/plan); never its hash.
planType('ApiToken', {
  model: 'ApiToken',
  columns: { id: 'id', label: 'label', scopes: 'scopes', createdAt: 'createdAt', lastUsedAt: 'lastUsedAt', revokedAt: 'revokedAt' },
  // Its resolver above answers it from the subject.
  computed: { current: [] },
  subject: ['id', 'userId', 'organizationId'],
  visible: (token, ctx) => tokenShown(token as never, ctx),
});

const usersTokens: ScopedList<{ id: string }, unknown> = {
  model: (ctx) => ctx.prisma.apiToken,
  where: (user, _args, ctx) => {
    const actor = requireActor(ctx);
    authorize(accountPolicy, actor, user, 'listTokens');
    return visibleTokensWhere(actor, user.id);
  },
  orderBy: oldestFirst,
};
planList('User', 'tokens', 'ApiToken', usersTokens);

builder.prismaObjectField('User', 'tokens', (t) =>
  t.prismaConnection(
    {
      type: 'ApiToken',
      cursor: 'id',
      description:
        "The user's API tokens, revoked ones included, oldest first (only the user sees them; a token bound to an organization sees only those bound to it).",
      ...scopedList(usersTokens),
    },
    ApiTokenConnection,
  ),
);

builder.relayMutationField(
  'createApiToken',
  {
    description: 'Arguments of createApiToken.',
    inputFields: (t) => ({
      label: t.string({ description: '1 to 100 characters.' }),
      scopes: t.stringList({ description: 'OAuth scope names (e.g. "space:read"); none for an unrestricted token.' }),
    }),
  },
  {
    description: "Issues an API token to the caller's user (only an unrestricted token may).",
    resolve: (_root, { input }, ctx) => {
      const actor = requireActor(ctx);
      authorize(accountPolicy, actor, { id: actor.userId }, 'createToken');
      return createApiToken(ctx.prisma, actor.userId, input, ctx.tenantLimits.maxTokensPerUser, actor.boundOrganizationId);
    },
  },
  {
    description: 'The result of createApiToken.',
    outputFields: (t) => ({
      token: t.field({ type: ApiTokenRef, description: 'The new token.', resolve: (p) => p.token }),
      secret: t.string({ description: 'The bearer secret: shown this once, never stored.', resolve: (p) => p.secret }),
    }),
  },
);

builder.relayMutationField(
  'revokeApiToken',
  {
    description: 'Arguments of revokeApiToken.',
    inputFields: (t) => ({ tokenId: t.id({ required: true, description: "Id of one of the caller's tokens." }) }),
  },
  {
    description: "Revokes one of the caller's tokens: it fails at once (401). Idempotent.",
    resolve: async (_root, { input }, ctx) => {
      const token = await ctx.prisma.apiToken.findUnique({
        where: { id: input.tokenId },
        select: { id: true, userId: true, organizationId: true },
      });
      authorize(tokenPolicy, requireActor(ctx), token, 'revoke');
      const { revoked } = await revokeApiToken(ctx.prisma, input.tokenId, ctx.clock.now());
      return { revoked, tokenId: input.tokenId };
    },
  },
  {
    description: 'The result of revokeApiToken.',
    outputFields: (t) => ({
      token: t.prismaField({
        type: 'ApiToken',
        description: 'The token, now revoked.',
        resolve: (query, p, _args, ctx) => ctx.prisma.apiToken.findUniqueOrThrow({ ...query, where: { id: p.tokenId } }),
      }),
      revoked: t.boolean({ description: 'True when this call revoked it; false when it already was.', resolve: (p) => p.revoked }),
    }),
  },
);
