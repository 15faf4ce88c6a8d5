import { builder, type InputFieldBuilder, type ObjectFieldBuilder } from '../../schema/builder.js';
import type { Space } from '../../generated/prisma/client.js';
import { requireActor, type Context } from '../../context.js';
import { can, collectionPolicy, shownSpacePolicy, spacePolicy, visibleContentWhere } from '../../policy/index.js';
import { spaceSubjectSelect } from '../../policy/space.js';
import { ContentVisibilityEnum, DefaultLevelEnum, EditModeEnum, defaultLevelOut } from '../../schema/enums.js';
import { permissionsType } from '../../schema/permissions.js';
import { urlsFor } from '../shared/urls.js';
import { scopedList, type ScopedList } from '../../schema/lists.js';
import { planList, planLookup, planType } from '../../schema/plan/plan.js';
import { nodeConnection } from '../../schema/connections.js';
import { deletion, deletionFields } from '../../schema/payloads.js';
import { moveInputFields, moved, newOrganizationField, newParentField, positionFromInput, transferInputFields } from '../content/schema.js';
import { LanguageEnum } from '../content/language.js';
import { ContentLinkConnection, ContentLinkType, spaceLinks } from '../links/schema.js';
import { mayShowRelated, organizationShown } from '../content/related.js';
import { linkEmbed } from './embed.js';
import type { ContentSubject } from '../../policy/content.js';
import type { SpaceSubject } from '../../policy/space.js';
import type { OrganizationSubject } from '../../policy/organization.js';
import {
  createSpace,
  deleteSpace,
  duplicateSpace,
  findSpace,
  findSpaceAnswers,
  spaceLookupWhere,
  moveSpace,
  restoreSpace,
  transferSpace,
  updateSpace,
  setSpaceVisibility,
} from './service.js';

const SpacePermissions = permissionsType('SpacePermissions', spacePolicy, [
  'view',
  'access',
  'admin',
  'viewInviteLinks',
  'edit',
  'triggerGitSync',
  'comment',
  'merge',
  'review',
  'installIntegration',
]);

const SpaceUrls = builder.simpleObject('SpaceUrls', {
  description: 'Links to a space.',
  fields: (t) => ({
    location: t.string({ description: 'The space in the API.' }),
    app: t.string({ description: 'The space in the app.' }),
    published: t.string({ nullable: true, description: 'The published space, unless it is private.' }),
    public: t.string({ nullable: true, description: 'The published space, only for public spaces.' }),
    icon: t.string({ nullable: true, description: "URL of the space's icon, if it has one." }),
  }),
});

/** A field of the space's settings or activity: its value for members, null for other readers (spacePolicy's viewSettings). */
const forMembers =
  <S extends SpaceSubject, T>(value: (space: S) => T) =>
  (space: S, _args: unknown, ctx: Context) =>
    can(spacePolicy, requireActor(ctx), space, 'viewSettings') ? value(space) : null;

/** Whether a space may appear in an answer (the type's scopes, and the read planner's check). */
const spaceShown = (space: SpaceSubject, ctx: Context) => can(shownSpacePolicy, requireActor(ctx), space, 'view');
/** Whether a space's organization and parent collection are shown, or read as null. */
const parentShown = (parent: ContentSubject | null | undefined, ctx: Context) => mayShowRelated(ctx, collectionPolicy, parent);

export const SpaceRef = builder.prismaNode('Space', {
  id: { field: 'id' },
  description: 'A space: one body of documentation, with its revisions and change requests.',
  // No `select`: every column of a space is small, and in select mode each exposed field
  // costs plugin-prisma a lookup per row, far more than its column (bench/README.md, session 6).
  // Or shown by a site the caller reads (a site's audience sees the spaces it publishes).
  authScopes: spaceShown,
  fields: (t) => ({
    title: t.exposeString('title', { description: 'Title; may be empty.' }),
    emoji: t.string({
      description: 'Emoji shown with the title (its code points in hex); empty when none.',
      resolve: (s) => s.emoji ?? '',
    }),
    visibility: t.field({
      type: ContentVisibilityEnum,
      description: 'Who may read the published space.',
      resolve: (s) => s.visibility as never,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the space was created.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When its settings last changed.' }),
    deletedAt: t.expose('deletedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it was deleted (restorable for 7 days); null when live.',
    }),
    editMode: t.field({ type: EditModeEnum, description: 'How the space may be edited.', resolve: (s) => s.editMode }),
    mergeRules: t.field({
      type: 'JSON',
      nullable: true,
      description: 'Rules a change request must meet to be merged; null for readers who are not members (a share key, a published site).',
      resolve: forMembers((s) => s.mergeRules),
    }),
    language: t.field({
      type: LanguageEnum,
      nullable: true,
      description: 'Language of the content, if set.',
      resolve: (s) => s.language as never,
    }),
    defaultLevel: t.field({
      type: DefaultLevelEnum,
      nullable: true,
      description:
        'Default level of organization members; null: no access by default, or a reader who is not a member (a share key, a published site).',
      resolve: forMembers((s) => defaultLevelOut(s.defaultLevel) as never),
    }),
    organizationId: t.exposeID('organizationId', { description: 'Id of the owning organization.' }),
    organization: t.relation('organization', {
      nullable: true,
      description: 'The owning organization; null for callers outside it (readers through a share key).',
      authScopes: (space, _args, ctx) => organizationShown((space as { organization?: OrganizationSubject }).organization, ctx),
      unauthorizedResolver: () => null,
    }),
    parentId: t.exposeID('parentId', { nullable: true, description: 'Id of the parent collection; null at the root.' }),
    parent: t.relation('parent', {
      nullable: true,
      description: 'The parent collection, unless there is none or the caller may not see it.',
      authScopes: (space, _args, ctx) => parentShown((space as { parent?: ContentSubject | null }).parent, ctx),
      unauthorizedResolver: () => null,
    }),
    revision: t.exposeID('revisionId', { description: 'Id of the active revision.' }),
    // Columns kept by triggers (migration space_counters): reading them costs no count.
    // Null, like the merge rules, for readers who are not members (spacePolicy's viewSettings).
    openCommentsCount: t.int({
      nullable: true,
      description: 'Open comments; null for readers who are not members.',
      resolve: forMembers((s) => s.openCommentsCount),
    }),
    changeRequestsCount: t.int({
      nullable: true,
      description: 'Change requests, whatever their status; null for readers who are not members.',
      resolve: forMembers((s) => s.changeRequestsCount),
    }),
    openChangeRequestsCount: t.int({
      nullable: true,
      description: 'Open change requests; null for readers who are not members.',
      resolve: forMembers((s) => s.openChangeRequestsCount),
    }),
    draftChangeRequestsCount: t.int({
      nullable: true,
      description: 'Draft change requests; null for readers who are not members.',
      resolve: forMembers((s) => s.draftChangeRequestsCount),
    }),
    urls: t.field({
      type: SpaceUrls,
      description: 'Links to the space.',
      resolve: (s, _, ctx) => ({
        ...urlsFor.space(ctx.urls, s.id),
        published: s.visibility === 'private' ? null : `${ctx.urls.published}/s/${s.id}`,
        public: s.visibility === 'public' ? `${ctx.urls.published}/s/${s.id}` : null,
        icon: s.iconURL,
      }),
    }),
    permissions: t.field({
      type: SpacePermissions.type,
      description: 'What the caller may do on the space.',
      resolve: SpacePermissions.resolve,
    }),
    shareKey: t.string({
      nullable: true,
      description: 'Secret key that opens a share-link space (`space(id, shareKey)`, REST `?shareKey=`); shown to its admins only.',
      resolve: (s, _, ctx) => (can(spacePolicy, requireActor(ctx), s, 'admin') ? s.shareKey : null),
    }),
    links: t.connection(
      {
        type: ContentLinkType,
        description: 'Links found in the content of the active revision.',
        select: { revisionId: true },
        resolve: (space, args, ctx) => spaceLinks(ctx, space, args),
      },
      ContentLinkConnection,
    ),
  }),
});

export const SpaceConnection = nodeConnection(SpaceRef, 'Space', { items: 'spaces' });

// The fields of a space the read planner answers from its columns and joins (src/schema/plan).
planType('Space', {
  model: 'Space',
  columns: {
    id: 'id',
    title: 'title',
    visibility: 'visibility',
    editMode: 'editMode',
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
    deletedAt: 'deletedAt',
    organizationId: 'organizationId',
    parentId: 'parentId',
    revision: 'revisionId',
  },
  relations: {
    organization: { type: 'Organization', shown: (org, ctx) => organizationShown(org as never, ctx) },
    parent: { type: 'Collection', shown: (parent, ctx) => parentShown(parent as never, ctx) },
  },
  // Their resolvers above answer them from these columns (and the subject's).
  computed: {
    emoji: ['emoji'],
    mergeRules: ['mergeRules'],
    language: ['language'],
    defaultLevel: ['defaultLevel'],
    openCommentsCount: ['openCommentsCount'],
    changeRequestsCount: ['changeRequestsCount'],
    openChangeRequestsCount: ['openChangeRequestsCount'],
    draftChangeRequestsCount: ['draftChangeRequestsCount'],
    urls: ['iconURL'],
    permissions: [],
    shareKey: [],
  },
  subject: Object.keys(spaceSubjectSelect),
  visible: (space, ctx) => spaceShown(space as never, ctx),
});

const organizationSpaces: ScopedList<{ id: string }, unknown> = {
  model: (ctx) => ctx.prisma.space,
  where: (org, _args, ctx) => ({ ...visibleContentWhere(requireActor(ctx), org.id), deletedAt: null }),
  orderBy: () => [{ createdAt: 'asc' }, { id: 'asc' }],
};
planList('Organization', 'spaces', 'Space', organizationSpaces);

builder.prismaObjectField('Organization', 'spaces', (t) =>
  t.prismaConnection(
    {
      type: 'Space',
      cursor: 'id',
      description: 'Spaces of the organization the caller may see (deleted ones excepted).',
      // Reads spaces, not the organization: the policy filter checks the scope (space:read).
      skipTypeScopes: true,
      ...scopedList(organizationSpaces),
    },
    SpaceConnection,
  ),
);

builder.queryField('space', (t) =>
  t.prismaField({
    type: 'Space',
    description: 'A space the caller may see (or opens with its share key); NOT_FOUND otherwise.',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the space.' }),
      shareKey: t.arg.string({ description: 'Secret key of a share-link space.' }),
    },
    resolve: (query, _root, args, ctx) => findSpace(ctx, args.id, query),
  }),
);
planLookup('Query', 'space', 'Space', {
  where: (_root, args: { id: string }, ctx) => spaceLookupWhere(ctx, args.id),
  found: (space, ctx) => findSpaceAnswers(ctx, space as never),
});

const spaceId = (t: InputFieldBuilder) => t.id({ required: true, description: 'Id of the space.' });

/** A payload's `space` field. */
const spaceField = <P extends { space: Space }>(t: ObjectFieldBuilder<P>, description: string) =>
  t.field({ type: SpaceRef, description, resolve: (payload) => payload.space });

builder.relayMutationField(
  'createSpace',
  {
    description: 'Arguments of createSpace.',
    inputFields: (t) => ({
      organizationId: t.id({ required: true, description: 'Organization the space belongs to.' }),
      title: t.string({ description: 'Title; may be empty.' }),
      emoji: t.string({ description: 'One emoji (or its code points in hex).' }),
      parent: t.id({ description: 'Parent collection; the root of the organization when omitted.' }),
      language: t.field({ type: LanguageEnum, description: 'Language of the content.' }),
      editMode: t.field({ type: EditModeEnum, description: 'How the space may be edited.' }),
      empty: t.boolean({ description: 'Create the space with no page in it (by default it opens on one empty page).' }),
      template: t.field({
        type: 'JSON',
        description: 'Template to start from.',
        deprecationReason: 'Not supported by Quire: rejected with a 400.',
      }),
      computedSource: t.field({
        type: 'JSON',
        description: 'Source of computed content.',
        deprecationReason: 'Not supported by Quire: rejected with a 400.',
      }),
    }),
  },
  {
    description: 'Creates a space in an organization (or one of its collections).',
    resolve: async (_root, { input }, ctx) => ({ space: await createSpace(ctx, input.organizationId, input) }),
  },
  { description: 'The result of createSpace.', outputFields: (t) => ({ space: spaceField(t, 'The new space.') }) },
);

builder.relayMutationField(
  'updateSpace',
  {
    description: 'Arguments of updateSpace: the fields to change (absent ones stay).',
    inputFields: (t) => ({
      spaceId: spaceId(t),
      title: t.string({ description: 'Title; may be empty, not null.' }),
      emoji: t.string({ description: 'One emoji (or its code points in hex); null or "" removes it. Replaces an icon.' }),
      icon: t.string({ description: 'URL of an icon; null removes it. Replaces an emoji.' }),
      editMode: t.field({ type: EditModeEnum, description: 'How the space may be edited.' }),
      defaultLevel: t.field({ type: DefaultLevelEnum, description: 'null: members get no access by default.' }),
      language: t.field({ type: LanguageEnum, description: 'Language of the content; null unsets it.' }),
      mergeRules: t.field({ type: 'JSON', description: 'Rules a change request must meet to be merged.' }),
    }),
  },
  {
    description: "Changes a space's settings.",
    resolve: async (_root, { input }, ctx) => ({ space: await updateSpace(ctx, input.spaceId, input as never) }),
  },
  { description: 'The result of updateSpace.', outputFields: (t) => ({ space: spaceField(t, 'The space as changed.') }) },
);

builder.relayMutationField(
  'deleteSpace',
  { description: 'Arguments of deleteSpace.', inputFields: (t) => ({ spaceId: spaceId(t) }) },
  {
    description: 'Soft-deletes the space (restorable for 7 days, then purged). Idempotent.',
    resolve: async (_root, { input }, ctx) => deletion(await deleteSpace(ctx, input.spaceId), input.spaceId),
  },
  { description: 'The result of deleteSpace.', outputFields: (t) => deletionFields(t, 'deleted', 'Space') },
);

builder.relayMutationField(
  'setSpaceVisibility',
  {
    description: 'Arguments of setSpaceVisibility.',
    inputFields: (t) => ({
      spaceId: spaceId(t),
      visibility: t.field({ type: ContentVisibilityEnum, required: true, description: 'Who may read the published space.' }),
    }),
  },
  {
    description: 'Who may read the space; a share-link space is read with its `shareKey`.',
    resolve: async (_root, { input }, ctx) => ({ space: await setSpaceVisibility(ctx, input.spaceId, input.visibility) }),
  },
  { description: 'The result of setSpaceVisibility.', outputFields: (t) => ({ space: spaceField(t, 'The space as changed.') }) },
);

builder.relayMutationField(
  'restoreSpace',
  { description: 'Arguments of restoreSpace.', inputFields: (t) => ({ spaceId: spaceId(t) }) },
  {
    description: 'Restores a deleted space (within 7 days of its deletion).',
    resolve: async (_root, { input }, ctx) => ({ space: await restoreSpace(ctx, input.spaceId) }),
  },
  { description: 'The result of restoreSpace.', outputFields: (t) => ({ space: spaceField(t, 'The restored space.') }) },
);

builder.relayMutationField(
  'duplicateSpace',
  { description: 'Arguments of duplicateSpace.', inputFields: (t) => ({ spaceId: spaceId(t) }) },
  {
    description: 'Copies a space, with its content, beside the original.',
    resolve: async (_root, { input }, ctx) => ({ space: await duplicateSpace(ctx, input.spaceId) }),
  },
  { description: 'The result of duplicateSpace.', outputFields: (t) => ({ space: spaceField(t, 'The copy.') }) },
);

builder.relayMutationField(
  'moveSpace',
  { description: 'Arguments of moveSpace.', inputFields: (t) => ({ spaceId: spaceId(t), ...moveInputFields(t) }) },
  {
    description: 'Moves a space to another place in its organization.',
    resolve: async (_root, { input }, ctx) =>
      moved('space', await moveSpace(ctx, input.spaceId, { parent: input.parent, position: positionFromInput(input.position) })),
  },
  {
    description: 'The result of moveSpace: the moved space and its new parent.',
    outputFields: (t) => ({ space: spaceField(t, 'The moved space.'), parent: newParentField(t) }),
  },
);

builder.relayMutationField(
  'transferSpace',
  { description: 'Arguments of transferSpace.', inputFields: (t) => ({ spaceId: spaceId(t), ...transferInputFields(t) }) },
  {
    description: 'Moves a space to another organization.',
    resolve: async (_root, { input }, ctx) => moved('space', await transferSpace(ctx, input.spaceId, input)),
  },
  {
    description: 'The result of transferSpace: the moved space, its new organization and parent.',
    outputFields: (t) => ({
      space: spaceField(t, 'The moved space.'),
      organization: newOrganizationField(t),
      parent: newParentField(t),
    }),
  },
);

const EmbedRef = builder.simpleObject('Embed', {
  description: 'How to show a URL embedded in content: here always a link, described from the URL alone (nothing is fetched).',
  fields: (t) => ({
    type: t.string({ description: 'Always "link".' }),
    title: t.string({ description: 'The last segment of the URL path made readable, else the host name.' }),
    site: t.string({ description: 'The host name, without a leading "www.".' }),
  }),
});

builder.prismaObjectField('Space', 'embed', (t) =>
  t.field({
    type: EmbedRef,
    description: 'An embed of an http(s) URL (at most 2048 characters) in the space, for whoever may see it.',
    args: { url: t.arg.string({ required: true, description: 'The URL to embed.' }) },
    resolve: (_space, args) => linkEmbed(args.url),
  }),
);
