// Content permissions: the levels teams and members were granted on a space or
// a collection, and the mutations that grant and take them back (the space's
// or collection's admins).
import { builder, type InputFieldBuilder } from '../../schema/builder.js';
import { requireActor } from '../../context.js';
import { authorize, collectionPolicy, spacePolicy } from '../../policy/index.js';
import type { ContentSubject } from '../../policy/content.js';
import type { SpaceSubject } from '../../policy/space.js';
import { RoleEnum } from '../../schema/enums.js';
import { scopedList, type ScopedList } from '../../schema/lists.js';
import { planList, planType } from '../../schema/plan/plan.js';
import { preloadRelatedTeams } from '../teams/loaders.js';
import { preloadRelatedMembers } from '../members/loaders.js';
import { nodeConnection } from '../../schema/connections.js';
import { deletion, deletionFields } from '../../schema/payloads.js';
import { grantContentAccess, grantListWhere, removeContentGrant } from './service.js';

export const ContentPermissionRef = builder.prismaObject('ContentGrant', {
  name: 'ContentPermission',
  description: 'A level granted on a space or a collection (and what it holds) to a team or to one member.',
  fields: (t) => ({
    permission: t.field({ type: RoleEnum, description: 'The level granted.', resolve: (g) => g.level }),
    team: t.relation('team', { nullable: true, description: 'The team it was granted to; null for a member.' }),
    member: t.relation('member', { nullable: true, description: 'The member it was granted to; null for a team.' }),
  }),
});

const ContentPermissionConnection = nodeConnection(ContentPermissionRef, 'ContentPermission', { items: 'content permissions' });

const grantOrder = () => [{ createdAt: 'asc' }, { granteeId: 'asc' }];

// The fields of a grant the read planner answers from its columns and joins (src/schema/plan).
planType('ContentPermission', {
  model: 'ContentGrant',
  key: ['contentId', 'granteeId'],
  columns: { permission: 'level' },
  // Each checked as its own type: a team by the caller's role in it, a member by the policy.
  relations: { team: { type: 'Team' }, member: { type: 'Member' } },
  subject: ['contentId', 'granteeId'],
  // The type checks nothing of its own: its lists are the content's admins' (authorizeList below).
  visible: () => true,
});

/** What the items of a page of grants read of their team (the caller's role in it) or their member (the user's shared organizations, counts). */
const preloadGrantees = { team: preloadRelatedTeams('team', 'teamId'), user: preloadRelatedMembers('member') };
const preloadReads = { team: ['teamId'], user: ['organizationId', 'userId'] };

/** `teamPermissions` and `userPermissions` on spaces and collections (their admins list them). */
function permissionLists<S extends ContentSubject>(
  type: 'Space' | 'Collection',
  authorizeList: (subject: S, actor: ReturnType<typeof requireActor>) => void,
) {
  for (const grantee of ['team', 'user'] as const) {
    const grants: ScopedList<S, object> = {
      model: (ctx) => ctx.prisma.contentGrant,
      where: (content, _args, ctx) => {
        authorizeList(content, requireActor(ctx));
        return grantListWhere(content, grantee);
      },
      orderBy: grantOrder,
      preload: preloadGrantees[grantee],
    };
    planList(type, `${grantee}Permissions`, 'ContentPermission', grants, { preloadReads: preloadReads[grantee] });
    builder.prismaObjectField(type, `${grantee}Permissions`, (t) =>
      t.prismaConnection(
        {
          type: 'ContentGrant',
          cursor: 'contentId_granteeId',
          description: `Levels granted on this ${type.toLowerCase()} to ${grantee === 'team' ? 'teams' : 'single members'} (its admins; scope space:permissions:read).`,
          ...scopedList(grants),
        },
        ContentPermissionConnection,
      ),
    );
  }
}
permissionLists<SpaceSubject>('Space', (space, actor) => authorize(spacePolicy, actor, space, 'viewPermissions'));
permissionLists<ContentSubject>('Collection', (collection, actor) => authorize(collectionPolicy, actor, collection, 'viewPermissions'));

const contentKey = (t: InputFieldBuilder) => ({
  spaceId: t.id({ description: 'The space (or give collectionId).' }),
  collectionId: t.id({ description: 'The collection (or give spaceId).' }),
});

builder.relayMutationField(
  'grantContentPermissions',
  {
    description: 'Arguments of grantContentPermissions.',
    inputFields: (t) => ({
      ...contentKey(t),
      role: t.field({ type: RoleEnum, description: 'The level to grant (required); null takes the named grants back.' }),
      teams: t.idList({ description: 'Teams of the organization to grant it to.' }),
      users: t.idList({ description: 'Members of the organization (user ids) to grant it to.' }),
      teamId: t.id({ description: 'One more team.' }),
      userId: t.id({ description: 'One more member (user id).' }),
    }),
  },
  {
    description: "Grants a level on a space or collection to teams and members, replacing their level there (the content's admins).",
    resolve: async (_root, { input }, ctx) => {
      const content = await grantContentAccess(ctx, input);
      return { granted: true, contentId: content.id };
    },
  },
  {
    description: 'The result of grantContentPermissions.',
    outputFields: (t) => ({
      granted: t.boolean({ description: 'Always true: the grants are as asked.', resolve: (p) => p.granted }),
      contentId: t.id({ description: 'Id of the space or collection.', resolve: (p) => p.contentId }),
    }),
  },
);

builder.relayMutationField(
  'removeContentPermission',
  {
    description: 'Arguments of removeContentPermission.',
    inputFields: (t) => ({
      ...contentKey(t),
      teamId: t.id({ description: 'The team whose grant to take back (or give userId).' }),
      userId: t.id({ description: 'The member whose grant to take back (or give teamId).' }),
    }),
  },
  {
    description: "Takes back a team's or member's grant on a space or collection (the content's admins). Idempotent.",
    resolve: async (_root, { input }, ctx) => deletion(await removeContentGrant(ctx, input), (input.teamId ?? input.userId)!),
  },
  { description: 'The result of removeContentPermission.', outputFields: (t) => deletionFields(t, 'removed', 'Grantee') },
);
