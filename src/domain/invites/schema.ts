// Invite links of an organization (its admins) and joining through one.
import { builder } from '../../schema/builder.js';
import { requireActor, type Context } from '../../context.js';
import { can, invitePolicy } from '../../policy/index.js';
import { RoleEnum } from '../../schema/enums.js';
import { organizationRows, scopedList } from '../../schema/lists.js';
import { planList, planType } from '../../schema/plan/plan.js';
import { nodeConnection } from '../../schema/connections.js';
import { deletion, deletionFields } from '../../schema/payloads.js';
import { createInvite, deleteInvite, findInvite, inviteListWhere, joinWithInvite } from './service.js';

const contentSelect = { select: { id: true, organizationId: true, memberLevel: true } } as const;

/** Whether the caller may read an invite (its type's check, and the read planner's). */
const inviteShown = (invite: { organizationId: string }, ctx: Context) => can(invitePolicy, requireActor(ctx), invite, 'read');

export const InviteRef = builder.prismaNode('Invite', {
  id: { field: 'id' },
  description: 'An invite link: to the organization with a role, or to a space or collection with a level.',
  select: { id: true, organizationId: true },
  authScopes: (invite, ctx) => inviteShown(invite, ctx),
  fields: (t) => ({
    organizationId: t.exposeID('organizationId', { description: 'Id of the organization it lets people into.' }),
    role: t.field({
      type: RoleEnum,
      nullable: true,
      select: { role: true, spaceId: true, collectionId: true },
      description: 'Role in the organization it gives (null: guest, and always null for a space or collection invite).',
      resolve: (i) => (i.spaceId || i.collectionId ? null : i.role),
    }),
    level: t.field({
      type: RoleEnum,
      nullable: true,
      select: { level: true },
      description: 'Level on the space or collection, for a content invite.',
      resolve: (i) => i.level,
    }),
    space: t.relation('space', { nullable: true, description: 'The space it invites to, if any.' }),
    collection: t.relation('collection', { nullable: true, description: 'The collection it invites to, if any.' }),
    key: t.exposeString('key', { description: 'The secret of the link: whoever presents it may join (joinOrganizationWithInvite).' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    expiresAt: t.expose('expiresAt', {
      type: 'DateTime',
      nullable: true,
      description: 'After this the key lets nobody in (null: a link made before links expired).',
    }),
    maxUses: t.exposeInt('maxUses', { nullable: true, description: 'How many people may join through it; null: no limit.' }),
    uses: t.exposeInt('uses', { description: 'How many people joined through it.' }),
    redundant: t.boolean({
      description: 'Whether the caller already has everything the invite gives.',
      select: { role: true, level: true, space: contentSelect, collection: contentSelect },
      resolve: (i, _args, ctx) => can(invitePolicy, requireActor(ctx), { ...i, content: i.space ?? i.collection }, 'redundant'),
    }),
  }),
});

const InviteConnection = nodeConnection(InviteRef, 'Invite', { items: 'invite links' });

// The fields of an invite the read planner answers from its columns and joins (src/schema/plan).
planType('Invite', {
  model: 'Invite',
  columns: {
    id: 'id',
    organizationId: 'organizationId',
    key: 'key',
    createdAt: 'createdAt',
    expiresAt: 'expiresAt',
    maxUses: 'maxUses',
    uses: 'uses',
  },
  relations: { space: { type: 'Space' }, collection: { type: 'Collection' } },
  // Their resolvers above answer them from these columns and the content's (`redundant`).
  computed: { role: ['role', 'spaceId', 'collectionId'], level: ['level'], redundant: ['role', 'level'] },
  subject: ['id', 'organizationId'],
  subjectRelations: { space: ['id', 'organizationId', 'memberLevel'], collection: ['id', 'organizationId', 'memberLevel'] },
  visible: (invite, ctx) => inviteShown(invite as never, ctx),
});

const organizationInvites = organizationRows((ctx) => ctx.prisma.invite, inviteListWhere);
planList('Organization', 'invites', 'Invite', organizationInvites);

builder.prismaObjectField('Organization', 'invites', (t) =>
  t.prismaConnection(
    {
      type: 'Invite',
      cursor: 'id',
      description: "The organization's invite links (its admins; scope organization:members:read), oldest first.",
      skipTypeScopes: true,
      ...scopedList(organizationInvites),
    },
    InviteConnection,
  ),
);

builder.prismaObjectField('Organization', 'invite', (t) =>
  t.prismaField({
    type: 'Invite',
    description: 'One invite link, by id (its admins).',
    args: { id: t.arg.id({ required: true, description: 'Id of the invite.' }) },
    skipTypeScopes: true,
    resolve: (query, org, args, ctx) => findInvite(ctx, org.id, args.id, query),
  }),
);

builder.relayMutationField(
  'createOrganizationInvite',
  {
    description: 'Arguments of createOrganizationInvite: `role`, or `level` with `space` or `collection`.',
    inputFields: (t) => ({
      organizationId: t.id({ required: true, description: 'Id of the organization.' }),
      role: t.field({ type: RoleEnum, description: 'Role in the organization (null: guest), for an organization invite.' }),
      level: t.field({ type: RoleEnum, description: 'Level on the space or collection, for a content invite.' }),
      space: t.id({ description: 'The space to invite to.' }),
      collection: t.id({ description: 'The collection to invite to.' }),
      expiresAt: t.field({
        type: 'DateTime',
        description: 'When the link stops working: in the future, at most 365 days ahead; default 30 days from now.',
      }),
      maxUses: t.int({ description: 'How many people may join through it, 1 to 10,000; default: no limit.' }),
    }),
  },
  {
    description: "Creates an invite link (the organization's admins).",
    resolve: async (_root, { input }, ctx) => ({ invite: await createInvite(ctx, input.organizationId, input) }),
  },
  {
    description: 'The result of createOrganizationInvite.',
    outputFields: (t) => ({ invite: t.field({ type: InviteRef, description: 'The new invite.', resolve: (p) => p.invite }) }),
  },
);

builder.relayMutationField(
  'deleteOrganizationInvite',
  {
    description: 'Arguments of deleteOrganizationInvite.',
    inputFields: (t) => ({
      organizationId: t.id({ required: true, description: 'Id of the organization.' }),
      inviteId: t.id({ required: true, description: 'Id of the invite.' }),
    }),
  },
  {
    description: "Deletes an invite link; its key stops working (the organization's admins). Idempotent.",
    resolve: async (_root, { input }, ctx) => deletion(await deleteInvite(ctx, input.organizationId, input.inviteId), input.inviteId),
  },
  { description: 'The result of deleteOrganizationInvite.', outputFields: (t) => deletionFields(t, 'deleted', 'Invite') },
);

builder.relayMutationField(
  'joinOrganizationWithInvite',
  {
    description: 'Arguments of joinOrganizationWithInvite.',
    inputFields: (t) => ({
      organizationId: t.id({ required: true, description: 'Id of the organization.' }),
      inviteId: t.string({ required: true, description: "The invite link's secret key (its `key`, carried by the link)." }),
    }),
  },
  {
    description:
      "Joins an organization through an invite link's key: as a member with its role, or as a guest granted its level on a space or collection.",
    resolve: async (_root, { input }, ctx) => joinWithInvite(ctx, input.organizationId, input.inviteId),
  },
  {
    description: 'The result of joinOrganizationWithInvite.',
    outputFields: (t) => ({
      organizationId: t.id({ description: 'Id of the organization joined.', resolve: (p) => p.organizationId }),
      role: t.field({ type: RoleEnum, nullable: true, description: "The caller's role in it now (null: guest).", resolve: (p) => p.role }),
    }),
  },
);
