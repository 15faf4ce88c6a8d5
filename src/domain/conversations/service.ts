// Conversations (spec 4.17): idempotent ingestion keyed by the caller's
// conversation id (one INSERT … ON CONFLICT per conversation: re-sending
// updates, never duplicates), then a processing job per organization; and
// the reads of conversations, issues and clusters with their filters.
import { createHash } from 'node:crypto';
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { authorize, conversationsPolicy } from '../../policy/index.js';
import { badRequest, notFound } from '../../errors.js';
import { newId } from '../../ids.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { PROCESS_CONVERSATIONS } from './processConversations.js';

const BATCH_MAX = 100;
const ID_MAX = 200;
const SUBJECT_MAX = 1000;
const PARTS_MAX = 500;
const BODY_MAX = 50_000;

export interface ConversationInput {
  id?: string | null;
  subject?: string | null;
  parts?: readonly { type?: string | null; role?: string | null; body?: string | null }[] | null;
  metadata?: { url?: string | null; attributes?: unknown; createdAt?: Date | null } | null;
}

const subject = (organizationId: string) => ({ organizationId });

function checkConversation(input: ConversationInput, field: string) {
  const id = input.id;
  if (id == null || id === '') throw badRequest('is required', `${field}id`);
  if (id.length > ID_MAX) throw badRequest(`must be at most ${ID_MAX} characters`, `${field}id`);
  if (input.subject != null && input.subject.length > SUBJECT_MAX)
    throw badRequest(`must be at most ${SUBJECT_MAX} characters`, `${field}subject`);
  if (input.parts == null) throw badRequest('is required', `${field}parts`);
  if (input.parts.length > PARTS_MAX) throw badRequest(`must have at most ${PARTS_MAX} parts`, `${field}parts`);
  const parts = input.parts.map((part, i) => {
    const at = `${field}parts[${i}]`;
    if (part.type !== 'message') throw badRequest('must be "message"', `${at}.type`);
    if (!part.role) throw badRequest('is required', `${at}.role`);
    if (part.body == null) throw badRequest('is required', `${at}.body`);
    if (part.body.length > BODY_MAX) throw badRequest(`must be at most ${BODY_MAX} characters`, `${at}.body`);
    return { type: 'message', role: part.role, body: part.body };
  });
  const metadata = input.metadata ?? {};
  let url: string | null = null;
  if (metadata.url != null) {
    try {
      url = new URL(metadata.url).toString();
    } catch {
      throw badRequest('must be an absolute URL', `${field}metadata.url`);
    }
  }
  const attributes = metadata.attributes ?? {};
  if (typeof attributes !== 'object' || Array.isArray(attributes) || Object.values(attributes).some((v) => typeof v !== 'string')) {
    throw badRequest('must be an object of strings', `${field}metadata.attributes`);
  }
  const attrs = attributes as Record<string, string>;
  const source = attrs.source || (url ? new URL(url).hostname : 'api');
  return { id, subject: input.subject ?? null, parts, url, attributes: attrs, createdAt: metadata.createdAt ?? null, source };
}

/** Ingests `conversations` (at most 100): created or updated by the caller's id; processing queued. */
export async function ingestConversations(
  ctx: Context,
  organizationId: string,
  conversations: readonly ConversationInput[] | null | undefined,
) {
  authorize(conversationsPolicy, requireActor(ctx), subject(organizationId), 'ingest');
  if (conversations == null || conversations.length === 0) throw badRequest('must name at least one conversation', 'conversations');
  if (conversations.length > BATCH_MAX) throw badRequest(`must have at most ${BATCH_MAX} conversations`, 'conversations');
  const checked = conversations.map((c, i) => checkConversation(c, conversations.length === 1 ? '' : `conversations[${i}].`));
  const now = ctx.clock.now();
  for (const c of [...checked].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const metadata = { url: c.url, attributes: c.attributes, createdAt: (c.createdAt ?? now).toISOString() };
    const hash = createHash('sha256')
      .update(JSON.stringify([c.subject, c.parts]))
      .digest('hex');
    await ctx.prisma.$executeRaw`
      INSERT INTO "Conversation" (id, "organizationId", "externalId", subject, source, metadata, parts, "contentHash", "createdAt", "ingestedAt", "updatedAt")
      VALUES (${newId('Conversation')}, ${organizationId}, ${c.id}, ${c.subject}, ${c.source}, ${JSON.stringify(metadata)}::jsonb, ${JSON.stringify(c.parts)}::jsonb, ${hash}, ${c.createdAt ?? now}, ${now}, ${now})
      ON CONFLICT ("organizationId", "externalId") DO UPDATE SET
        subject = EXCLUDED.subject, source = EXCLUDED.source, metadata = EXCLUDED.metadata, parts = EXCLUDED.parts,
        "createdAt" = CASE WHEN ${c.createdAt == null} THEN "Conversation"."createdAt" ELSE EXCLUDED."createdAt" END,
        "updatedAt" = EXCLUDED."updatedAt", "contentHash" = EXCLUDED."contentHash",
        "processedAt" = CASE WHEN "Conversation"."contentHash" = EXCLUDED."contentHash" THEN "Conversation"."processedAt" ELSE NULL END`;
  }
  await ctx.jobs.send(PROCESS_CONVERSATIONS, { organizationId }, { singletonKey: organizationId });
  return checked.length;
}

/** Reads of the organization's conversations: members (404 elsewhere). */
export function requireConversationReader(ctx: Context, organizationId: string) {
  authorize(conversationsPolicy, requireActor(ctx), subject(organizationId), 'view');
}

export function conversationListWhere(
  ctx: Context,
  organizationId: string,
  args: { source?: string | null },
): Prisma.ConversationWhereInput {
  requireConversationReader(ctx, organizationId);
  return { organizationId, ...(args.source ? { source: args.source } : {}) };
}

/** A conversation by Quire id or by the caller's own id. */
export async function findConversation(ctx: Context, organizationId: string, id: string) {
  requireConversationReader(ctx, organizationId);
  const row = await ctx.prisma.conversation.findFirst({
    where: { organizationId, OR: [{ id }, { externalId: id }] },
    orderBy: { id: 'asc' },
  });
  if (!row) throw notFound('Conversation');
  return row;
}

export function issueListWhere(
  ctx: Context,
  organizationId: string,
  args: { cluster?: string | null; conversation?: string | null },
): Prisma.ConversationIssueWhereInput {
  requireConversationReader(ctx, organizationId);
  return {
    organizationId,
    ...(args.cluster ? { clusterId: args.cluster } : {}),
    ...(args.conversation ? { conversation: { OR: [{ id: args.conversation }, { externalId: args.conversation }] } } : {}),
  };
}

export async function findIssue(ctx: Context, organizationId: string, id: string) {
  requireConversationReader(ctx, organizationId);
  const row = await ctx.prisma.conversationIssue.findFirst({ where: { id, organizationId } });
  if (!row) throw notFound('Conversation issue');
  return row;
}
export function clusterListWhere(ctx: Context, organizationId: string, args: { status?: string | null }): Prisma.IssuesClusterWhereInput {
  requireConversationReader(ctx, organizationId);
  return { organizationId, ...(args.status ? { status: args.status } : {}) };
}

export async function findCluster(ctx: Context, organizationId: string, id: string) {
  requireConversationReader(ctx, organizationId);
  const row = await ctx.prisma.issuesCluster.findFirst({ where: { id, organizationId } });
  if (!row) throw notFound('Issues cluster');
  return row;
}
