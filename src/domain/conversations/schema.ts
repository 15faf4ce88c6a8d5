// Conversations (spec 4.17) in GraphQL: conversations, the issues extracted
// from them and the clusters of similar issues, with their filters; the
// ingestion mutation; and `conversationsProcessed`, which tells when a
// processing run changed an organization's issues and clusters.
import { completeValue } from '@pothos/core';
import { builder } from '../../schema/builder.js';
import { requireActor } from '../../context.js';
import { can, conversationsPolicy } from '../../policy/index.js';
import { restEnum, OrderEnum } from '../../schema/enums.js';
import { scopedList, type ScopedList } from '../../schema/lists.js';
import { planList, planType } from '../../schema/plan/plan.js';
import { nodeConnection } from '../../schema/connections.js';
import { clusterFacts, preloadClusters } from './loaders.js';
import { liveRow, liveSubscription } from '../shared/liveEvents.js';
import { OrganizationRef } from '../organizations/schema.js';
import {
  clusterListWhere,
  conversationListWhere,
  findCluster,
  findConversation,
  findIssue,
  ingestConversations,
  issueListWhere,
  requireConversationReader,
} from './service.js';

type ClusterArgs = { status?: string | null; order?: string | null; sort?: string | null };
const visible = (row: { organizationId: string }, ctx: Parameters<typeof requireActor>[0]) =>
  can(conversationsPolicy, requireActor(ctx), row, 'view');

const ConversationPart = builder.simpleObject('ConversationPart', {
  description: 'One part of a conversation: a message.',
  fields: (t) => ({
    type: t.string({ description: 'Kind of part: "message".' }),
    role: t.string({ description: 'Who wrote it (user, assistant, agent, …).' }),
    body: t.string({ description: 'The text of the message.' }),
  }),
});
const ConversationUrls = builder.simpleObject('ConversationUrls', {
  description: 'Links to a conversation.',
  fields: (t) => ({
    location: t.string({ description: 'The conversation in the API.' }),
    source: t.string({ nullable: true, description: 'The conversation where it took place (metadata.url).' }),
  }),
});

export const ConversationRef = builder.prismaNode('Conversation', {
  id: { field: 'id' },
  description: 'A support conversation ingested from another tool.',
  authScopes: (row, ctx) => visible(row, ctx),
  fields: (t) => ({
    externalId: t.exposeString('externalId', { description: "The caller's id of the conversation (ingestion is idempotent on it)." }),
    subject: t.exposeString('subject', { nullable: true, description: 'Subject of the conversation.' }),
    source: t.exposeString('source', {
      description: 'Where it comes from: metadata.attributes.source, else the host of metadata.url, else "api".',
    }),
    createdAt: t.expose('createdAt', {
      type: 'DateTime',
      description: 'When the conversation took place (metadata.createdAt, else its ingestion).',
    }),
    processedAt: t.expose('processedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When its issues were last extracted; null while waiting.',
    }),
    parts: t.field({ type: [ConversationPart], description: 'Its messages.', resolve: (c) => c.parts as never }),
    metadata: t.field({ type: 'JSON', description: 'Its metadata: {url, attributes, createdAt}.', resolve: (c) => c.metadata }),
    urls: t.field({
      type: ConversationUrls,
      description: 'Links to it.',
      resolve: (c, _args, ctx) => ({
        location: `${ctx.urls.api}/orgs/${c.organizationId}/conversations/${c.id}`,
        source: (c.metadata as { url?: string | null }).url ?? null,
      }),
    }),
  }),
});

const ClusterStatusEnum = restEnum('IssuesClusterStatus', ['active', 'empty'] as const, 'Whether a cluster holds issues.', {
  active: 'It holds issues.',
  empty: 'Its issues moved to other clusters as conversations arrived; kept so its id stays valid.',
});
const ClusterSortEnum = restEnum('IssuesClusterSort', ['updatedAt', 'createdAt'] as const, 'What clusters are sorted by.', {
  updatedAt: 'When its issues or description last changed.',
  createdAt: 'When it was formed.',
});
const ClusterStats = builder.simpleObject('IssuesClusterStats', {
  description: 'Counts of an issues cluster.',
  fields: (t) => ({
    issues: t.int({ description: 'Issues in the cluster.' }),
    conversations: t.int({ description: 'Conversations its issues come from.' }),
    tasksTotal: t.int({ description: 'Tasks made from it: tasks are not modelled, always 0.' }),
    tasksBacklog: t.int({ description: 'Tasks in the backlog: always 0.' }),
    tasksStarted: t.int({ description: 'Tasks started: always 0.' }),
    tasksCompleted: t.int({ description: 'Tasks completed: always 0.' }),
    tasksCancelled: t.int({ description: 'Tasks cancelled: always 0.' }),
  }),
});
const ClusterUrls = builder.simpleObject('IssuesClusterUrls', {
  description: 'Links to an issues cluster.',
  fields: (t) => ({
    location: t.string({ description: 'The cluster in the API.' }),
    app: t.string({ description: 'The cluster in the application.' }),
  }),
});

export const IssuesClusterRef = builder.prismaNode('IssuesCluster', {
  id: { field: 'id' },
  description: 'A group of similar issues (TF-IDF and cosine similarity, average linkage), stable as conversations arrive.',
  authScopes: (row, ctx) => visible(row, ctx),
  fields: (t) => ({
    label: t.exposeString('label', { description: 'The words that weigh most in its issues.' }),
    icon: t.exposeString('icon', { description: 'Icon name chosen from its label.' }),
    summary: t.exposeString('summary', { description: 'How many issues, about what, with an example.' }),
    status: t.field({ type: ClusterStatusEnum, description: 'Whether it holds issues.', resolve: (c) => c.status as never }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was formed.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When its issues or description last changed.' }),
    weeklyPulse: t.intList({
      description: 'Issues per week over the past 13 weeks, oldest first.',
      resolve: (c, _a, ctx) => completeValue(clusterFacts(ctx).load(c.id), (facts) => facts.weeklyPulse),
    }),
    sources: t.field({
      type: 'JSON',
      description: 'Conversations per source.',
      resolve: (c, _a, ctx) => completeValue(clusterFacts(ctx).load(c.id), (facts) => facts.sources),
    }),
    stats: t.field({
      type: ClusterStats,
      description: 'Its counts.',
      resolve: (c, _a, ctx) =>
        completeValue(clusterFacts(ctx).load(c.id), (facts) => ({
          issues: facts.issues,
          conversations: facts.conversations,
          tasksTotal: 0,
          tasksBacklog: 0,
          tasksStarted: 0,
          tasksCompleted: 0,
          tasksCancelled: 0,
        })),
    }),
    urls: t.field({
      type: ClusterUrls,
      description: 'Links to it.',
      resolve: (c, _a, ctx) => ({
        location: `${ctx.urls.api}/orgs/${c.organizationId}/conversations-clusters/${c.id}`,
        app: `${ctx.urls.app}/o/${c.organizationId}/conversations/clusters/${c.id}`,
      }),
    }),
  }),
});

const IssueUrls = builder.simpleObject('ConversationIssueUrls', {
  description: 'Links to a conversation issue.',
  fields: (t) => ({ location: t.string({ description: 'The issue in the API.' }) }),
});

export const ConversationIssueRef = builder.prismaNode('ConversationIssue', {
  id: { field: 'id' },
  description: 'An issue the extractor found in a conversation.',
  authScopes: (row, ctx) => visible(row, ctx),
  fields: (t) => ({
    title: t.exposeString('title', { description: 'The sentence stating the issue.' }),
    summary: t.exposeString('summary', { description: 'The sentence with its context.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the conversation took place.' }),
    ingestedAt: t.expose('ingestedAt', { type: 'DateTime', description: 'When the issue was extracted.' }),
    conversationId: t.exposeID('conversationId', { description: 'Id of its conversation.' }),
    clusterId: t.exposeID('clusterId', { nullable: true, description: 'Id of its cluster; null until clustered.' }),
    conversation: t.relation('conversation', { description: 'Its conversation.' }),
    cluster: t.relation('cluster', { nullable: true, description: 'Its cluster.' }),
    urls: t.field({
      type: IssueUrls,
      description: 'Links to it.',
      resolve: (i, _a, ctx) => ({ location: `${ctx.urls.api}/orgs/${i.organizationId}/conversations-issues/${i.id}` }),
    }),
  }),
});

const ConversationConnection = nodeConnection(ConversationRef, 'Conversation', { items: 'conversations' });
const IssueConnection = nodeConnection(ConversationIssueRef, 'ConversationIssue', { items: 'conversation issues' });
const ClusterConnection = nodeConnection(IssuesClusterRef, 'IssuesCluster', { items: 'issues clusters' });

// The conversations, issues and clusters the read planner answers from their columns and joins (src/schema/plan).
planType('Conversation', {
  model: 'Conversation',
  columns: { id: 'id', externalId: 'externalId', subject: 'subject', source: 'source', createdAt: 'createdAt', processedAt: 'processedAt' },
  // Their resolvers above answer them from these columns (and the subject's).
  computed: { parts: ['parts'], metadata: ['metadata'], urls: ['id', 'metadata'] },
  subject: ['organizationId'],
  visible: (row, ctx) => visible(row as never, ctx),
});

planType('IssuesCluster', {
  model: 'IssuesCluster',
  columns: { id: 'id', label: 'label', icon: 'icon', summary: 'summary', status: 'status', createdAt: 'createdAt', updatedAt: 'updatedAt' },
  // From the facts the list's preload loads (`preloadClusters`); the links from the subject.
  computed: { weeklyPulse: ['id'], sources: ['id'], stats: ['id'], urls: ['id'] },
  subject: ['organizationId'],
  visible: (row, ctx) => visible(row as never, ctx),
});

planType('ConversationIssue', {
  model: 'ConversationIssue',
  columns: {
    id: 'id',
    title: 'title',
    summary: 'summary',
    createdAt: 'createdAt',
    ingestedAt: 'ingestedAt',
    conversationId: 'conversationId',
    clusterId: 'clusterId',
  },
  relations: { conversation: { type: 'Conversation' }, cluster: { type: 'IssuesCluster' } },
  computed: { urls: ['id'] },
  subject: ['organizationId'],
  visible: (row, ctx) => visible(row as never, ctx),
});

const newestFirst = () => [{ createdAt: 'desc' }, { id: 'asc' }];

const organizationConversations: ScopedList<{ id: string }, { source?: string | null }> = {
  model: (ctx) => ctx.prisma.conversation,
  where: (org, args, ctx) => conversationListWhere(ctx, org.id, args),
  orderBy: newestFirst,
};
planList('Organization', 'conversations', 'Conversation', organizationConversations);

builder.prismaObjectField('Organization', 'conversations', (t) =>
  t.prismaConnection(
    {
      type: 'Conversation',
      cursor: 'id',
      description: "The organization's ingested conversations (members), newest first.",
      skipTypeScopes: true,
      args: { source: t.arg.string({ description: 'Only conversations of this source.' }) },
      ...scopedList(organizationConversations),
    },
    ConversationConnection,
  ),
);

builder.prismaObjectField('Organization', 'conversation', (t) =>
  t.field({
    type: ConversationRef,
    description: "One conversation, by its id or the caller's own id; NOT_FOUND when unknown.",
    args: { id: t.arg.string({ required: true, description: "Quire id or the caller's id of the conversation." }) },
    skipTypeScopes: true,
    resolve: (org, args, ctx) => findConversation(ctx, org.id, args.id),
  }),
);

const organizationIssues: ScopedList<{ id: string }, { cluster?: string | null; conversation?: string | null }> = {
  model: (ctx) => ctx.prisma.conversationIssue,
  where: (org, args, ctx) => issueListWhere(ctx, org.id, args),
  orderBy: newestFirst,
};
planList('Organization', 'conversationIssues', 'ConversationIssue', organizationIssues);

builder.prismaObjectField('Organization', 'conversationIssues', (t) =>
  t.prismaConnection(
    {
      type: 'ConversationIssue',
      cursor: 'id',
      description: 'Issues extracted from the conversations (members), newest first.',
      skipTypeScopes: true,
      args: {
        cluster: t.arg.string({ description: 'Only the issues of this cluster.' }),
        conversation: t.arg.string({ description: "Only the issues of this conversation (its id or the caller's id)." }),
      },
      ...scopedList(organizationIssues),
    },
    IssueConnection,
  ),
);

builder.prismaObjectField('Organization', 'conversationIssue', (t) =>
  t.field({
    type: ConversationIssueRef,
    description: 'One conversation issue; NOT_FOUND when unknown.',
    args: { id: t.arg.id({ required: true, description: 'Id of the issue.' }) },
    skipTypeScopes: true,
    resolve: (org, args, ctx) => findIssue(ctx, org.id, args.id),
  }),
);

const organizationClusters: ScopedList<{ id: string }, ClusterArgs> = {
  model: (ctx) => ctx.prisma.issuesCluster,
  where: (org, args, ctx) => clusterListWhere(ctx, org.id, args),
  orderBy: (args) => [{ [args.sort ?? 'updatedAt']: args.order ?? 'desc' }, { id: 'asc' }],
  preload: preloadClusters,
};
planList('Organization', 'issuesClusters', 'IssuesCluster', organizationClusters, { preloadReads: ['id'] });

builder.prismaObjectField('Organization', 'issuesClusters', (t) =>
  t.prismaConnection(
    {
      type: 'IssuesCluster',
      cursor: 'id',
      description: 'Clusters of similar issues (members).',
      skipTypeScopes: true,
      args: {
        order: t.arg({ type: OrderEnum, description: 'Sort direction (default desc).' }),
        sort: t.arg({ type: ClusterSortEnum, description: 'Sort property (default updatedAt).' }),
        status: t.arg({ type: ClusterStatusEnum, description: 'Only clusters of this status.' }),
      },
      ...scopedList(organizationClusters),
    },
    ClusterConnection,
  ),
);

builder.prismaObjectField('Organization', 'issuesCluster', (t) =>
  t.field({
    type: IssuesClusterRef,
    description: 'One issues cluster; NOT_FOUND when unknown.',
    args: { id: t.arg.id({ required: true, description: 'Id of the cluster.' }) },
    skipTypeScopes: true,
    resolve: (org, args, ctx) => findCluster(ctx, org.id, args.id),
  }),
);

const PartInput = builder.inputType('ConversationPartInput', {
  description: 'One message of a conversation.',
  fields: (t) => ({
    type: t.string({ description: 'Kind of part: "message" (required).' }),
    role: t.string({ description: 'Who wrote it: user, assistant, agent, … (required).' }),
    body: t.string({ description: 'The text (required).' }),
  }),
});
const MetadataInput = builder.inputType('ConversationMetadataInput', {
  description: 'Facts about a conversation.',
  fields: (t) => ({
    url: t.string({ description: 'Where the conversation took place.' }),
    attributes: t.field({ type: 'JSON', description: 'Named string attributes (`source` names its source).' }),
    createdAt: t.field({ type: 'DateTime', description: 'When it took place.' }),
  }),
});
const ConversationInput = builder.inputType('ConversationInput', {
  description: 'A conversation to ingest.',
  fields: (t) => ({
    id: t.string({ description: "The caller's id of the conversation (required; re-sending it updates it)." }),
    subject: t.string({ description: 'Its subject.' }),
    parts: t.field({ type: [PartInput], description: 'Its messages (required).' }),
    metadata: t.field({ type: MetadataInput, description: 'Its metadata.' }),
  }),
});

builder.relayMutationField(
  'ingestConversations',
  {
    description: 'Arguments of ingestConversations.',
    inputFields: (t) => ({
      organizationId: t.id({ required: true, description: 'Id of the organization.' }),
      conversations: t.field({ type: [ConversationInput], description: 'The conversations (1 to 100).' }),
    }),
  },
  {
    description: "Ingests conversations, idempotently by the caller's ids, and queues their processing (admins).",
    resolve: async (_root, { input }, ctx) => ({
      ingested: await ingestConversations(ctx, input.organizationId, input.conversations as never),
    }),
  },
  {
    description: 'The result of ingestConversations.',
    outputFields: (t) => ({ ingested: t.int({ description: 'Conversations created or updated.', resolve: (p) => p.ingested }) }),
  },
);

const liveOrganizations = liveSubscription({
  noun: 'Organization',
  idOf: (event: { organizationId: string }) => event.organizationId,
  loadRows: async (prisma, ids) => {
    const rows = await prisma.organization.findMany({ where: { id: { in: [...ids] } } });
    return ids.map((id) => rows.find((row) => row.id === id) ?? null);
  },
  visible: (actor, org) => conversationsPolicy.rules(actor, { organizationId: org.id }).view,
});

builder.subscriptionField('conversationsProcessed', (t) =>
  t.field({
    type: OrganizationRef,
    description: "The organization each time a processing run changed its conversations' issues and clusters (members).",
    args: { organizationId: t.arg.id({ required: true, description: 'Id of the organization.' }) },
    subscribe: async (_root, args, ctx) => {
      requireConversationReader(ctx, args.organizationId);
      return liveOrganizations(ctx, ctx.pubsub.subscribe('conversationsProcessed', args.organizationId), args.organizationId);
    },
    resolve: (event) => liveRow(event),
  }),
);
