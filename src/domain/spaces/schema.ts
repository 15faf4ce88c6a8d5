import { resolveArrayConnection } from '@pothos/plugin-relay';
import { builder } from '../../schema/builder.js';
import { requireActor } from '../../context.js';
import { can, collectionPolicy, organizationPolicy, spacePolicy, visibleContentWhere } from '../../policy/index.js';
import { ContentVisibilityEnum, DefaultLevelEnum, EditModeEnum, defaultLevelOut } from '../shared/enums.js';
import { permissionsType } from '../shared/permissions.js';
import { urlsFor } from '../shared/urls.js';
import { scopedList } from '../shared/connections.js';
import { MoveContentInput, TransferContentInput, positionFromInput } from '../content/schema.js';
import { LanguageEnum } from '../content/language.js';
import { spaceCounts } from './loaders.js';
import { spaceLinkReport, type ContentLink, type ContentReference } from './links.js';
import { mayShowRelated } from '../content/related.js';
import type { ContentSubject } from '../../policy/content.js';
import type { OrganizationSubject } from '../../policy/organization.js';
import {
  createSpace, deleteSpace, duplicateSpace, findSpace, moveSpace, restoreSpace, transferSpace, updateSpace,
  setSpaceVisibility,
} from './service.js';

const SpacePermissions = permissionsType('SpacePermissions', spacePolicy, [
  'view', 'access', 'admin', 'viewInviteLinks', 'edit', 'triggerGitSync', 'comment', 'merge', 'review', 'installIntegration',
]);

const SpaceUrls = builder.simpleObject('SpaceUrls', {
  fields: (t) => ({
    location: t.string(),
    app: t.string(),
    published: t.string({ nullable: true, description: 'Unless the space is private.' }),
    public: t.string({ nullable: true, description: 'Only for public spaces.' }),
    icon: t.string({ nullable: true }),
  }),
});

const ContentReferenceType = builder.objectRef<ContentReference>('ContentReference').implement({
  fields: (t) => ({
    kind: t.exposeString('kind'),
    page: t.exposeID('page', { nullable: true }),
    space: t.exposeID('space', { nullable: true }),
    url: t.exposeString('url', { nullable: true }),
  }),
});

const LinkStatusEnum = builder.enumType('ContentLinkStatus', {
  values: { OK: { value: 'ok' }, BROKEN: { value: 'broken' }, IN_APP: { value: 'in-app' } } as const,
});

const ContentLinkType = builder.objectRef<ContentLink>('ContentLink').implement({
  fields: (t) => ({
    status: t.field({ type: LinkStatusEnum, resolve: (l) => l.status }),
    relation: t.exposeString('relation'),
    targetReference: t.field({ type: ContentReferenceType, resolve: (l) => l.targetReference }),
    locationReferences: t.field({ type: [ContentReferenceType], resolve: (l) => l.locationReferences }),
  }),
});

const LinkStats = builder.simpleObject('ContentLinkStats', {
  fields: (t) => ({
    total: t.int(),
    broken: t.field({ type: builder.simpleObject('ContentBrokenLinkStats', { fields: (b) => ({ total: b.int() }) }) }),
  }),
});

export const SpaceRef = builder.prismaNode('Space', {
  id: { field: 'id' },
  // Select mode: only the columns the query asks for, plus what the policy reads.
  select: { id: true, organizationId: true, memberLevel: true, visibility: true, shareKey: true, editMode: true, deletedAt: true },
  authScopes: (space, ctx) => can(spacePolicy, requireActor(ctx), space, 'view'),
  fields: (t) => ({
    title: t.exposeString('title'),
    emoji: t.string({ select: { emoji: true }, resolve: (s) => s.emoji ?? '' }),
    visibility: t.field({ type: ContentVisibilityEnum, resolve: (s) => s.visibility as never }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    deletedAt: t.expose('deletedAt', { type: 'DateTime', nullable: true }),
    editMode: t.field({ type: EditModeEnum, resolve: (s) => s.editMode }),
    mergeRules: t.expose('mergeRules', { type: 'JSON' }),
    language: t.field({ type: LanguageEnum, nullable: true, select: { language: true }, resolve: (s) => s.language as never }),
    defaultLevel: t.field({ type: DefaultLevelEnum, nullable: true, select: { defaultLevel: true }, resolve: (s) => defaultLevelOut(s.defaultLevel) as never }),
    organizationId: t.exposeID('organizationId'),
    organization: t.relation('organization', {
      nullable: true,
      description: 'The owning organization; null for callers outside it (readers through a share key).',
      authScopes: (space, _args, ctx) => mayShowRelated(ctx, organizationPolicy, (space as { organization?: OrganizationSubject }).organization),
      unauthorizedResolver: () => null,
    }),
    parentId: t.exposeID('parentId', { nullable: true }),
    parent: t.relation('parent', {
      nullable: true,
      description: 'The parent collection, unless there is none or the caller may not see it.',
      authScopes: (space, _args, ctx) => mayShowRelated(ctx, collectionPolicy, (space as { parent?: ContentSubject | null }).parent),
      unauthorizedResolver: () => null,
    }),
    revision: t.exposeID('revisionId', { description: 'Id of the active revision.' }),
    openCommentsCount: t.int({ resolve: async (s, _, ctx) => (await spaceCounts(ctx).load(s.id)).openComments }),
    changeRequestsCount: t.int({ resolve: async (s, _, ctx) => (await spaceCounts(ctx).load(s.id)).changeRequests }),
    openChangeRequestsCount: t.int({ resolve: async (s, _, ctx) => (await spaceCounts(ctx).load(s.id)).openChangeRequests }),
    draftChangeRequestsCount: t.int({ resolve: async (s, _, ctx) => (await spaceCounts(ctx).load(s.id)).draftChangeRequests }),
    urls: t.field({
      type: SpaceUrls,
      select: { iconURL: true },
      resolve: (s, _, ctx) => ({
        ...urlsFor.space(ctx.urls, s.id),
        published: s.visibility === 'private' ? null : `${ctx.urls.published}/s/${s.id}`,
        public: s.visibility === 'public' ? `${ctx.urls.published}/s/${s.id}` : null,
        icon: s.iconURL,
      }),
    }),
    permissions: t.field({ type: SpacePermissions.type, resolve: SpacePermissions.resolve }),
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
        resolve: async (space, args, ctx) => {
          const report = await spaceLinkReport(ctx, space);
          const connection = resolveArrayConnection({ args }, report.items);
          return Object.assign(connection!, { stats: report.stats, totalCount: report.items.length });
        },
      },
      {
        fields: (c) => ({
          totalCount: c.int({ resolve: (conn) => (conn as unknown as { totalCount: number }).totalCount }),
          stats: c.field({ type: LinkStats, resolve: (conn) => (conn as unknown as { stats: never }).stats }),
        }),
      },
    ),
  }),
});

builder.prismaObjectField('Organization', 'spaces', (t) =>
  t.prismaConnection(
    {
      type: 'Space',
      cursor: 'id',
      description: 'Spaces of the organization the caller may see (deleted ones excepted).',
      // Reads spaces, not the organization: the policy filter checks the scope (space:read).
      skipTypeScopes: true,
      ...scopedList({
        model: (ctx) => ctx.prisma.space,
        where: (org: { id: string }, _args, ctx) => ({ ...visibleContentWhere(requireActor(ctx), org.id), deletedAt: null }),
        orderBy: () => [{ createdAt: 'asc' }, { id: 'asc' }],
      }),
    },
  ),
);

builder.queryField('space', (t) =>
  t.prismaField({
    type: 'Space',
    args: { id: t.arg.id({ required: true }), shareKey: t.arg.string({ description: 'Secret key of a share-link space.' }) },
    resolve: (query, _root, args, ctx) => findSpace(ctx, args.id, args.shareKey, query),
  }),
);

const CreateSpaceInput = builder.inputType('CreateSpaceInput', {
  fields: (t) => ({
    title: t.string(),
    emoji: t.string(),
    parent: t.id({ description: 'Parent collection.' }),
    language: t.field({ type: LanguageEnum }),
    editMode: t.field({ type: EditModeEnum }),
    empty: t.boolean({ description: 'Create the space with no page in it (by default it opens on one empty page).' }),
    template: t.field({ type: 'JSON', deprecationReason: 'Not supported by Quire: rejected with a 400.' }),
    computedSource: t.field({ type: 'JSON', deprecationReason: 'Not supported by Quire: rejected with a 400.' }),
  }),
});

const UpdateSpaceInput = builder.inputType('UpdateSpaceInput', {
  fields: (t) => ({
    title: t.string(),
    emoji: t.string({ description: 'One emoji (or its code points in hex); null or "" removes it. Replaces an icon.' }),
    icon: t.string({ description: 'URL of an icon; null removes it. Replaces an emoji.' }),
    editMode: t.field({ type: EditModeEnum }),
    defaultLevel: t.field({ type: DefaultLevelEnum, description: 'null: members get no access by default.' }),
    language: t.field({ type: LanguageEnum }),
    mergeRules: t.field({ type: 'JSON' }),
  }),
});

builder.mutationFields((t) => ({
  createSpace: t.prismaField({
    type: 'Space',
    args: { organizationId: t.arg.id({ required: true }), input: t.arg({ type: CreateSpaceInput, required: true }) },
    resolve: (query, _root, args, ctx) => createSpace(ctx, args.organizationId, args.input, query),
  }),
  updateSpace: t.prismaField({
    type: 'Space',
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateSpaceInput, required: true }) },
    resolve: (query, _root, args, ctx) => updateSpace(ctx, args.id, args.input as never, query),
  }),
  deleteSpace: t.boolean({
    description:
      'Soft-deletes the space (restorable for 7 days, then purged). True when this call deleted it; false when there was nothing to delete.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deleteSpace(ctx, args.id),
  }),
  setSpaceVisibility: t.prismaField({
    type: 'Space',
    description: 'Who may read the space; a share-link space is read with its `shareKey`.',
    args: { id: t.arg.id({ required: true }), visibility: t.arg({ type: ContentVisibilityEnum, required: true }) },
    resolve: (query, _root, args, ctx) => setSpaceVisibility(ctx, args.id, args.visibility, query),
  }),
  restoreSpace: t.prismaField({
    type: 'Space',
    args: { id: t.arg.id({ required: true }) },
    resolve: (query, _root, args, ctx) => restoreSpace(ctx, args.id, query),
  }),
  duplicateSpace: t.prismaField({
    type: 'Space',
    args: { id: t.arg.id({ required: true }) },
    resolve: (query, _root, args, ctx) => duplicateSpace(ctx, args.id, query),
  }),
  moveSpace: t.prismaField({
    type: 'Space',
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: MoveContentInput, required: true }) },
    resolve: (query, _root, args, ctx) =>
      moveSpace(ctx, args.id, { parent: args.input.parent, position: positionFromInput(args.input.position) }, query),
  }),
  transferSpace: t.prismaField({
    type: 'Space',
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: TransferContentInput, required: true }) },
    resolve: (query, _root, args, ctx) => transferSpace(ctx, args.id, args.input, query),
  }),
}));
