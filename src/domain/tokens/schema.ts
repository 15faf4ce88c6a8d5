// API tokens in GraphQL: `viewer { tokens }`, `createApiToken` (the secret is
// answered once) and `revokeApiToken`. A caller only ever sees and revokes
// their own user's tokens (src/policy/token.ts).
import { builder } from '../../schema/builder.js';
import { requireActor } from '../../context.js';
import { accountPolicy, authorize, can, tokenPolicy } from '../../policy/index.js';
import { scopedList } from '../shared/connections.js';
import { createApiToken, revokeApiToken } from './service.js';

export const ApiTokenRef = builder.prismaNode('ApiToken', {
  id: { field: 'id' },
  description: 'An API token of the caller\'s user. Its secret is only ever shown by createApiToken.',
  authScopes: (token, ctx) => can(tokenPolicy, requireActor(ctx), token, 'view'),
  fields: (t) => ({
    label: t.exposeString('label', { nullable: true }),
    scopes: t.exposeStringList('scopes', { description: 'OAuth scope names; empty for an unrestricted token.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true, description: 'To the minute.' }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
    current: t.boolean({ description: 'Whether this is the token of the current request.', resolve: (token, _, ctx) => token.id === requireActor(ctx).tokenId }),
  }),
});

builder.prismaObjectField('User', 'tokens', (t) =>
  t.prismaConnection({
    type: 'ApiToken',
    cursor: 'id',
    description: "The user's API tokens, revoked ones included, oldest first (only the user sees them).",
    ...scopedList({
      model: (ctx) => ctx.prisma.apiToken,
      where: (user: { id: string }, _args, ctx) => {
        authorize(accountPolicy, requireActor(ctx), user, 'listTokens');
        return { userId: user.id };
      },
      orderBy: () => [{ createdAt: 'asc' }, { id: 'asc' }],
    }),
  }),
);

const CreateApiTokenInput = builder.inputType('CreateApiTokenInput', {
  fields: (t) => ({
    label: t.string({ description: '1 to 100 characters.' }),
    scopes: t.stringList({ description: 'OAuth scope names (e.g. "space:read"); none for an unrestricted token.' }),
  }),
});

const CreateApiTokenPayload = builder.simpleObject('CreateApiTokenPayload', {
  fields: (t) => ({
    token: t.field({ type: ApiTokenRef }),
    secret: t.string({ description: 'The bearer secret: shown this once, never stored.' }),
  }),
});

builder.mutationFields((t) => ({
  createApiToken: t.field({
    type: CreateApiTokenPayload,
    description: "Issues an API token to the caller's user (only an unrestricted token may).",
    args: { input: t.arg({ type: CreateApiTokenInput, required: true }) },
    resolve: (_root, args, ctx) => {
      const actor = requireActor(ctx);
      authorize(accountPolicy, actor, { id: actor.userId }, 'createToken');
      return createApiToken(ctx.prisma, actor.userId, args.input, ctx.tenantLimits.maxTokensPerUser);
    },
  }),
  revokeApiToken: t.boolean({
    description: "Revokes one of the caller's tokens: it fails at once (401). True when this call revoked it; false when it already was.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const token = await ctx.prisma.apiToken.findUnique({ where: { id: args.id }, select: { id: true, userId: true } });
      authorize(tokenPolicy, requireActor(ctx), token, 'revoke');
      return (await revokeApiToken(ctx.prisma, args.id, ctx.clock.now())).revoked;
    },
  }),
}));
