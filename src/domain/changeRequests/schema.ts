// Change requests in GraphQL: the type, its lists (space and organization, with
// filters), reads of its content and diff, and the mutations (create, update,
// content writes, update from main, merge, reviews).
import { withUpperCaseNames } from '../../schema/enums.js';
import { builder, type InputFieldBuilder } from '../../schema/builder.js';
import type { ChangeRequest } from '../../generated/prisma/client.js';
import { requireActor, type Context } from '../../context.js';
import { can, changeRequestPolicy } from '../../policy/index.js';
import { arrayConnection, nodeConnection } from '../../schema/connections.js';
import { scopedList, type ScopedList } from '../../schema/lists.js';
import { planList, planType } from '../../schema/plan/plan.js';
import { permissionsType } from '../../schema/permissions.js';
import { urlsFor } from '../shared/urls.js';
import { PageEvaluationEnum, PageFormatEnum, PageRef, RevisionRefType, revisionValue, type PageView } from '../revisions/schema.js';
import {
  STATUSES,
  changeRequestContributors,
  changeRequestSubject,
  createChangeRequest,
  findChangeRequest,
  organizationChangeRequestsWhere,
  spaceChangeRequestsWhere,
  updateChangeRequest,
  type ChangeRequestFilters,
} from './service.js';
import { editChangeRequestContent, type PageChange } from './content.js';
import { mergeBase, mergeChangeRequest, updateChangeRequestFromMain, type MergeResult } from './merging.js';
import { REVIEW_STATUSES, requestReviewers, submitReview } from './reviews.js';
import { openCommentCounts, preloadChangeRequests } from './loaders.js';
import { UserRef } from '../users/schema.js';
import { changeRequestDiff, type PageDiff } from './diff.js';
import { spaceSubjectSelect } from '../../policy/space.js';

export const ChangeRequestStatusEnum = builder.enumType('ChangeRequestStatus', {
  description: 'Where a change request stands.',
  values: withUpperCaseNames(
    Object.fromEntries(STATUSES.map((s) => [s, { description: `The change request is ${s}.` }])) as Record<
      (typeof STATUSES)[number],
      { description: string }
    >,
  ),
});

const ReviewStatusEnum = builder.enumType('ChangeRequestReviewStatus', {
  description: 'What a reviewer concluded.',
  values: withUpperCaseNames({
    approved: { value: 'approved', description: 'Approved.' },
    changes_requested: { value: 'changes-requested', description: 'Changes requested.' },
  }),
});

const ChangeRequestPermissions = permissionsType('ChangeRequestPermissions', changeRequestPolicy, [
  'view',
  'update',
  'editContent',
  'review',
  'merge',
]);

const policySelect = {
  id: true,
  spaceId: true,
  status: true,
  createdById: true,
  revisionId: true,
  revisionInitialId: true,
  revisionMergedAncestorId: true,
  space: { select: spaceSubjectSelect },
} as const;
type Selected = Pick<
  ChangeRequest,
  'id' | 'spaceId' | 'status' | 'createdById' | 'revisionId' | 'revisionInitialId' | 'revisionMergedAncestorId'
> & {
  space: Parameters<typeof changeRequestSubject>[0] & { revisionId: string };
};

const viewArgs = (t: { arg: any }) => ({
  format: t.arg({ type: PageFormatEnum, description: 'Give page bodies in this format only (both when absent).' }),
  evaluated: t.arg({ type: PageEvaluationEnum, description: 'Evaluate expressions (Quire content holds none: no effect).' }),
  metadata: t.arg.boolean({ description: 'false: leave out the git metadata.' }),
  computed: t.arg.boolean({ description: 'false: do not compute computed content (computed pages keep their definition).' }),
});
export const pageView = (args: { format?: string | null; metadata?: boolean | null; computed?: boolean | null }): PageView => ({
  format: args.format as PageView['format'],
  metadata: args.metadata,
  computed: args.computed,
});

const ChangeRequestUrls = builder.simpleObject('ChangeRequestUrls', {
  description: 'Links to a change request.',
  fields: (t) => ({ location: t.string({ description: 'In the API.' }), app: t.string({ description: 'In the app.' }) }),
});

const PageChangeDiff = builder.objectRef<PageDiff>('PageDiff').implement({
  description: 'A page changed by a change request.',
  fields: (t) => ({
    page: t.field({ type: PageRef, description: 'The page as the change request has it.', resolve: (d) => d.page }),
    moved: t.exposeBoolean('moved', { description: 'Whether it moved (other parent, other slug or other place).' }),
    unifiedDiff: t.exposeString('unifiedDiff', { description: 'Unified diff of its Markdown (empty when unchanged).' }),
  }),
});

const ChangeRequestDiff = builder.simpleObject('ChangeRequestDiff', {
  description: 'What a change request changes, from the main revision it is based on.',
  fields: (t) => ({
    added: t.field({ type: [PageRef], description: 'Pages it adds.' }),
    removed: t.field({ type: [PageRef], description: 'Pages it removes (as they were).' }),
    changed: t.field({ type: [PageChangeDiff], description: 'Pages it edits or moves.' }),
  }),
});

const ContributorActionEnum = builder.enumType('ContributorAction', {
  description: 'How a user contributed.',
  values: withUpperCaseNames({ edit: { description: 'Edited the content.' }, comment: { description: 'Commented.' } }),
});

const ContributorType = builder
  .objectRef<Awaited<ReturnType<typeof changeRequestContributors>>[number]>('ChangeRequestContributor')
  .implement({
    description: 'A user who contributed to a change request.',
    fields: (t) => ({
      user: t.field({ type: UserRef, description: 'The user.', resolve: (c) => c.user }),
      count: t.exposeInt('count', { description: 'Number of contributions (revisions written).' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When the latest one was made.' }),
      actionType: t.field({ type: ContributorActionEnum, description: 'How the user contributed.', resolve: (c) => c.actionType }),
    }),
  });

const ContributorConnection = nodeConnection(ContributorType, 'ChangeRequestContributor', { items: 'contributors' });

/** The type's check, on a row of `policySelect` (the generic path's or the planner's). */
const changeRequestShown = (cr: Selected, ctx: Context) =>
  can(changeRequestPolicy, requireActor(ctx), changeRequestSubject(cr.space as never, cr), 'view');

export const ChangeRequestRef = builder.prismaNode('ChangeRequest', {
  id: { field: 'id' },
  description: 'A proposed edit of a space, on its own line of revisions.',
  select: policySelect,
  authScopes: (cr, ctx) => changeRequestShown(cr as Selected, ctx),
  fields: (t) => ({
    number: t.exposeInt('number', { description: 'Number of the change request in its space (1, 2, 3…).' }),
    status: t.field({ type: ChangeRequestStatusEnum, description: 'Status.', resolve: (cr) => cr.status as never }),
    subject: t.string({ nullable: true, description: 'Subject.', select: { subject: true }, resolve: (cr) => cr.subject }),
    description: t.field({
      type: 'JSON',
      nullable: true,
      description: 'Rich-text description.',
      select: { description: true },
      resolve: (cr) => cr.description,
    }),
    agentTaskId: t.exposeString('agentTaskId', { nullable: true, description: 'The agent task it implements, if any.' }),
    createdBy: t.relation('createdBy', { description: 'Who created it.' }),
    mergedBy: t.relation('mergedBy', { nullable: true, description: 'Who merged it, once merged.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
    mergedAt: t.expose('mergedAt', { type: 'DateTime', nullable: true, description: 'When it was merged.' }),
    spaceId: t.exposeID('spaceId', { description: 'Id of its space.' }),
    space: t.relation('space', { description: 'Its space.' }),
    revision: t.exposeID('revisionId', { description: 'Id of its active revision.' }),
    revisionInitial: t.exposeID('revisionInitialId', { description: 'The main revision it started from.' }),
    revisionMergedAncestor: t.exposeID('revisionMergedAncestorId', {
      nullable: true,
      description: 'The main revision last brought in by an update.',
    }),
    revisionMerged: t.exposeID('revisionMergedId', { nullable: true, description: 'The main revision its merge made.' }),
    conversationsIssuesCluster: t.exposeID('conversationsIssuesClusterId', {
      nullable: true,
      description: 'Id of the issues cluster it addresses, if linked to one.',
    }),
    contributors: t.connection(
      {
        type: ContributorType,
        description: 'Users who edited its content (wrote revisions on its line), the latest first.',
        resolve: async (cr, args, ctx) => {
          const all = await changeRequestContributors(ctx, cr);
          return arrayConnection(args, all);
        },
      },
      ContributorConnection,
    ),
    outdated: t.boolean({
      description: 'Whether the main content changed since it was last based on it (false once merged or archived).',
      resolve: (cr) => (cr.status === 'draft' || cr.status === 'open') && (cr as Selected).space.revisionId !== mergeBase(cr),
    }),
    openCommentsCount: t.int({ description: 'Open comments on it.', resolve: (cr, _a, ctx) => openCommentCounts(ctx).load(cr.id) }),
    urls: t.field({
      type: ChangeRequestUrls,
      description: 'Links to it.',
      resolve: (cr, _a, ctx) => ({
        location: `${urlsFor.space(ctx.urls, cr.spaceId).location}/change-requests/${cr.id}`,
        app: `${ctx.urls.app}/s/${cr.spaceId}/~/changes/${cr.id}`,
      }),
    }),
    permissions: t.field({
      type: ChangeRequestPermissions.type,
      description: 'What the caller may do with it.',
      resolve: (cr, args, ctx) => ChangeRequestPermissions.resolve(changeRequestSubject((cr as Selected).space as never, cr), args, ctx),
    }),
    content: t.field({
      type: RevisionRefType,
      description: 'Its active revision (content reads).',
      args: viewArgs(t),
      resolve: (cr, args, ctx) =>
        revisionValue(ctx, cr.revisionId, pageView(args as never), { changeRequestId: cr.id, baselineId: mergeBase(cr) }),
    }),
    diff: t.field({
      type: ChangeRequestDiff,
      description: 'Pages added, removed and changed, from the main revision it is based on.',
      resolve: (cr, _a, ctx) => changeRequestDiff(ctx, cr.spaceId, mergeBase(cr), cr.revisionId),
    }),
  }),
});

const ChangeRequestConnection = nodeConnection(ChangeRequestRef, 'ChangeRequest', { items: 'change requests' });

const filterArgs = (t: { arg: any }) => ({
  status: t.arg({ type: ChangeRequestStatusEnum, description: 'Only this status (default open).' }),
  creator: t.arg.id({ description: 'Only those created by this user.' }),
  contributor: t.arg.id({ description: 'Only those this user contributed to.' }),
  requestedReviewer: t.arg.id({ description: 'Only those whose review was asked of this user.' }),
  conversationsIssuesCluster: t.arg.id({ description: 'Only those linked to this issues cluster (REST `topic`).' }),
});
const newestFirst = () => [{ createdAt: 'desc' }, { id: 'desc' }];

// The fields of a change request the read planner answers from its columns and joins (src/schema/plan).
const { space: spaceSelect, ...policyColumns } = policySelect;
planType('ChangeRequest', {
  model: 'ChangeRequest',
  columns: {
    id: 'id',
    number: 'number',
    status: 'status',
    subject: 'subject',
    description: 'description',
    agentTaskId: 'agentTaskId',
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
    mergedAt: 'mergedAt',
    spaceId: 'spaceId',
    revision: 'revisionId',
    revisionInitial: 'revisionInitialId',
    revisionMergedAncestor: 'revisionMergedAncestorId',
    revisionMerged: 'revisionMergedId',
    conversationsIssuesCluster: 'conversationsIssuesClusterId',
  },
  // The User and Space types' own checks apply to them, as on the generic path.
  relations: {
    createdBy: { type: 'User' },
    mergedBy: { type: 'User' },
    space: { type: 'Space' },
  },
  // Their resolvers above answer them from the subject (its space included) and the loaders `preloadChangeRequests` fills.
  computed: { outdated: [], openCommentsCount: [], urls: [], permissions: [] },
  subject: Object.keys(policyColumns),
  subjectRelations: { space: Object.keys(spaceSelect.select) },
  visible: (cr, ctx) => changeRequestShown(cr as Selected, ctx),
});

const spaceChangeRequests: ScopedList<{ id: string }, ChangeRequestFilters> = {
  model: (ctx) => ctx.prisma.changeRequest,
  where: (space, args) => spaceChangeRequestsWhere(space, args),
  orderBy: newestFirst,
  preload: preloadChangeRequests,
};
// `preloadChangeRequests` reads the ids and the authors' ids.
const preloadReads = ['id', 'createdById', 'mergedById'];
planList('Space', 'changeRequests', 'ChangeRequest', spaceChangeRequests, { preloadReads });

builder.prismaObjectField('Space', 'changeRequests', (t) =>
  t.prismaConnection(
    {
      type: 'ChangeRequest',
      cursor: 'id',
      description: 'Change requests of the space, newest first (open ones unless a status is given).',
      args: filterArgs(t),
      ...scopedList(spaceChangeRequests),
    },
    ChangeRequestConnection,
  ),
);

const organizationChangeRequests: ScopedList<{ id: string }, ChangeRequestFilters> = {
  model: (ctx) => ctx.prisma.changeRequest,
  where: (org, args, ctx) => organizationChangeRequestsWhere(ctx, org, args),
  orderBy: newestFirst,
  preload: preloadChangeRequests,
};
// Its filter on the space (the spaces the caller may see) is translated as a relation filter (plan/where.ts).
planList('Organization', 'changeRequests', 'ChangeRequest', organizationChangeRequests, { preloadReads });

builder.prismaObjectField('Organization', 'changeRequests', (t) =>
  t.prismaConnection(
    {
      type: 'ChangeRequest',
      cursor: 'id',
      description: 'Change requests of the spaces of the organization the caller may see, newest first.',
      skipTypeScopes: true,
      args: filterArgs(t),
      ...scopedList(organizationChangeRequests),
    },
    ChangeRequestConnection,
  ),
);

builder.prismaObjectField('Space', 'changeRequest', (t) =>
  t.prismaField({
    type: 'ChangeRequest',
    description: 'One change request of the space, by id or by number; NOT_FOUND otherwise.',
    args: { id: t.arg.id({ required: true, description: 'Id or number of the change request.' }) },
    resolve: (query, space, args, ctx) => findChangeRequest(ctx, space.id, String(args.id), query),
  }),
);

builder.prismaObjectField('Space', 'content', (t) =>
  t.field({
    type: RevisionRefType,
    description: 'The active revision of the space (its current content).',
    select: { revisionId: true },
    args: viewArgs(t),
    resolve: (space, args, ctx) => revisionValue(ctx, space.revisionId, pageView(args as never)),
  }),
);

// Mutations -----------------------------------------------------------------

const crKey = (t: InputFieldBuilder) => ({
  spaceId: t.id({ required: true, description: 'Id of the space.' }),
  changeRequestId: t.id({ required: true, description: 'Id (or number) of the change request.' }),
});
const crField = (t: any, description: string) =>
  t.field({ type: ChangeRequestRef, description, resolve: (p: { changeRequest: unknown }) => p.changeRequest });

builder.relayMutationField(
  'createChangeRequest',
  {
    description: 'Arguments of createChangeRequest.',
    inputFields: (t) => ({
      spaceId: t.id({ required: true, description: 'Id of the space.' }),
      subject: t.string({ description: 'Subject.' }),
      agentTaskId: t.string({ description: 'Id of the agent task it implements.' }),
      conversationsIssuesCluster: t.id({ description: 'Id of an issues cluster of the organization it addresses.' }),
    }),
  },
  {
    description: "Opens a change request on the space's current content (editors of the space).",
    resolve: async (_root, { input }, ctx) => ({
      changeRequest: await createChangeRequest(ctx, input.spaceId, {
        ...input,
        conversationsIssuesCluster: input.conversationsIssuesCluster == null ? null : String(input.conversationsIssuesCluster),
      }),
    }),
  },
  { description: 'The result of createChangeRequest.', outputFields: (t) => ({ changeRequest: crField(t, 'The new change request.') }) },
);

builder.relayMutationField(
  'updateChangeRequest',
  {
    description: 'Arguments of updateChangeRequest.',
    inputFields: (t) => ({
      ...crKey(t),
      subject: t.string({ description: 'New subject.' }),
      description: t.field({ type: 'JSON', description: 'New rich-text description (a JSONDocument).' }),
      status: t.field({ type: ChangeRequestStatusEnum, description: 'New status (draft, open or archived; merged comes from merging).' }),
      conversationsIssuesCluster: t.id({ description: 'Issues cluster of the organization it addresses; null unlinks it.' }),
    }),
  },
  {
    description: 'Changes the subject, description or status of a change request.',
    resolve: async (_root, { input }, ctx) => ({
      changeRequest: await updateChangeRequest(ctx, input.spaceId, String(input.changeRequestId), {
        ...input,
        conversationsIssuesCluster:
          input.conversationsIssuesCluster == null ? input.conversationsIssuesCluster : String(input.conversationsIssuesCluster),
      }),
    }),
  },
  {
    description: 'The result of updateChangeRequest.',
    outputFields: (t) => ({ changeRequest: crField(t, 'The change request as changed.') }),
  },
);

const PageOperationEnum = builder.enumType('PageOperation', {
  description: 'A page write.',
  values: withUpperCaseNames({
    insert_page: { description: 'Insert a page.' },
    update_page: { description: 'Update (and/or move) a page.' },
    delete_page: { description: 'Delete a page and its subpages.' },
  }),
});

const PageDocumentInput = builder.inputType('PageDocumentInput', {
  description: 'A page body.',
  fields: (t) => ({ markdown: t.string({ required: true, description: 'The body as Markdown.' }) }),
});

const PageChangeInput = builder.inputType('PageChangeInput', {
  description: 'One page write of a change request.',
  fields: (t) => ({
    operation: t.field({ type: PageOperationEnum, required: true, description: 'What to do.' }),
    page: t.id({ description: 'The page to update or delete.' }),
    into: t.id({ description: 'Parent page to put the page under (null: the root; absent: unchanged).' }),
    at: t.int({ description: 'Zero-based place among its siblings.' }),
    title: t.string({ description: 'Title.' }),
    slug: t.string({ description: 'Slug in its parent (derived from the title when absent on insert).' }),
    document: t.field({ type: PageDocumentInput, description: 'New body.' }),
    emoji: t.string({ description: 'Emoji ("" removes it).' }),
    icon: t.string({ description: 'Icon ("" removes it).' }),
    description: t.string({ description: 'Description ("" removes it).' }),
    hidden: t.boolean({ description: 'Left out of the navigation.' }),
    noIndex: t.boolean({ description: 'Left out of search.' }),
    noRobotsIndex: t.boolean({ description: 'Not indexed by robots.' }),
  }),
});

/** GraphQL/REST page changes as the content writer takes them (`into: null` kept apart from absent). */
function toPageChanges(changes: Record<string, unknown>[]): PageChange[] {
  return changes.map((c) => {
    const { document, into, ...rest } = c as { document?: { markdown: string } | null; into?: string | null };
    return { ...rest, ...('into' in c ? { into } : {}), markdown: document?.markdown ?? null } as unknown as PageChange;
  });
}

builder.relayMutationField(
  'updateChangeRequestContent',
  {
    description: 'Arguments of updateChangeRequestContent.',
    inputFields: (t) => ({
      ...crKey(t),
      changes: t.field({ type: [PageChangeInput], required: true, description: 'The writes, applied in order (1 to 50).' }),
    }),
  },
  {
    description: 'Writes pages of a change request (insert, update, move, delete): one new revision of the change request.',
    resolve: async (_root, { input }, ctx) =>
      editChangeRequestContent(ctx, input.spaceId, String(input.changeRequestId), toPageChanges(input.changes as never)),
  },
  {
    description: 'The result of updateChangeRequestContent.',
    outputFields: (t) => ({
      changeRequest: crField(t, 'The change request, on its new revision.'),
      pages: t.idList({ description: 'Ids of the pages written (a new page gets its id here).', resolve: (p) => p.pages }),
    }),
  },
);

const MergeResultEnum = builder.enumType('ChangeRequestMergeResult', {
  description: 'How an update or a merge ended.',
  values: withUpperCaseNames({
    merge: { description: 'Merged into the main content.' },
    update: { description: 'Main content brought into the change request.' },
    conflicts: { description: 'Both sides changed the same thing differently: nothing was changed.' },
  }),
});

const MergeConflictType = builder.simpleObject('ChangeRequestMergeConflict', {
  description: 'A page both sides changed in ways that do not combine.',
  fields: (t) => ({ page: t.id({ description: 'Id of the page.' }), reason: t.string({ description: 'What clashed.' }) }),
});

const mergeOutputs = (t: any) => ({
  result: t.field({ type: MergeResultEnum, description: 'How it ended.', resolve: (p: MergeResult) => p.result }),
  revision: t.id({ description: 'The resulting revision (unchanged one on conflicts).', resolve: (p: MergeResult) => p.revision }),
  conflicts: t.field({
    type: [MergeConflictType],
    description: 'The conflicting pages (empty unless result is conflicts).',
    resolve: (p: MergeResult) => p.conflicts,
  }),
});

builder.relayMutationField(
  'mergeChangeRequest',
  { description: 'Arguments of mergeChangeRequest.', inputFields: (t) => crKey(t) },
  {
    description: "Applies a change request to the space's main content (a three-way merge; the merge rules must be met).",
    resolve: (_root, { input }, ctx) => mergeChangeRequest(ctx, input.spaceId, String(input.changeRequestId)),
  },
  { description: 'The result of mergeChangeRequest.', outputFields: mergeOutputs },
);

builder.relayMutationField(
  'updateChangeRequestFromMain',
  { description: 'Arguments of updateChangeRequestFromMain.', inputFields: (t) => crKey(t) },
  {
    description: "Brings the space's current main content into a change request (a three-way merge).",
    resolve: (_root, { input }, ctx) => updateChangeRequestFromMain(ctx, input.spaceId, String(input.changeRequestId)),
  },
  { description: 'The result of updateChangeRequestFromMain.', outputFields: mergeOutputs },
);

const ChangeRequestReviewRef = builder.prismaObject('ChangeRequestReview', {
  description: 'A review of a change request.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the review.' }),
    status: t.field({ type: ReviewStatusEnum, description: 'What the reviewer concluded.', resolve: (r) => r.status as never }),
    revision: t.exposeID('revisionId', { description: 'The revision reviewed.' }),
    reviewerId: t.exposeID('reviewerId', { description: 'Who reviewed.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When.' }),
  }),
});

builder.relayMutationField(
  'submitChangeRequestReview',
  {
    description: 'Arguments of submitChangeRequestReview.',
    inputFields: (t) => ({
      ...crKey(t),
      status: t.field({ type: ReviewStatusEnum, required: true, description: 'approved or changes-requested.' }),
    }),
  },
  {
    description: 'Reviews a change request (reviewers of the space, not its author).',
    resolve: async (_root, { input }, ctx) => ({
      review: await submitReview(ctx, input.spaceId, String(input.changeRequestId), input.status),
    }),
  },
  {
    description: 'The result of submitChangeRequestReview.',
    outputFields: (t) => ({ review: t.field({ type: ChangeRequestReviewRef, description: 'The review.', resolve: (p) => p.review }) }),
  },
);

builder.relayMutationField(
  'requestChangeRequestReviewers',
  {
    description: 'Arguments of requestChangeRequestReviewers.',
    inputFields: (t) => ({
      ...crKey(t),
      users: t.idList({ required: true, description: 'Users asked to review (organization members).' }),
    }),
  },
  {
    description: 'Asks members to review a change request.',
    resolve: async (_root, { input }, ctx) => ({
      users: (await requestReviewers(ctx, input.spaceId, String(input.changeRequestId), input.users.map(String))).map((r) => r.userId),
    }),
  },
  {
    description: 'The result of requestChangeRequestReviewers.',
    outputFields: (t) => ({ users: t.idList({ description: 'The requested users.', resolve: (p) => p.users }) }),
  },
);

export { REVIEW_STATUSES };
