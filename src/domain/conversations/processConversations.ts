// The processing job of an organization's conversations: extracts the issues
// of conversations new or changed since their last processing, then clusters
// all the organization's issues again (clustering.ts) and maps the new groups
// onto the existing clusters by largest overlap of issues, so a cluster keeps
// its id (and its links) as conversations arrive; a group overlapping no
// cluster becomes a new one; a cluster left without issues is marked `empty`.
// One run at a time per organization (a stately queue keyed by it, and an
// advisory lock in the transaction).
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { Tx } from '../../db/tx.js';
import { newId } from '../../ids.js';
import type { PubSub } from '../../events.js';
import type { Clock } from '../../clock.js';
import { clusterTexts, topTerms } from './clustering.js';
import { ruleBasedExtractor, clip, type IssueExtractor } from './extractor.js';

export const PROCESS_CONVERSATIONS = 'conversations.process';
/** The most recent issues clustered in one run (average linkage is cubic); older ones keep their cluster. */
export const MAX_CLUSTERED_ISSUES = 600;

const ICONS: [RegExp, string][] = [
  [/login|log in|sign|password|sso|auth|token|account/i, 'lock'],
  [/pay|billing|invoice|price|plan|subscription|refund/i, 'credit-card'],
  [/search|find/i, 'magnifying-glass'],
  [/error|crash|fail|bug|broken|exception/i, 'bug'],
  [/export|import|download|upload|sync/i, 'arrow-right-arrow-left'],
];
const iconFor = (label: string) => ICONS.find(([re]) => re.test(label))?.[1] ?? 'circle-question';

async function extractIssues(tx: Tx, organizationId: string, extractor: IssueExtractor, now: Date) {
  const pending = await tx.conversation.findMany({ where: { organizationId, processedAt: null }, orderBy: { id: 'asc' } });
  for (const conversation of pending) {
    const extracted = extractor.extract({ subject: conversation.subject, parts: conversation.parts as never });
    await tx.conversationIssue.deleteMany({ where: { conversationId: conversation.id } });
    await tx.conversationIssue.createMany({
      data: extracted.map((issue, position) => ({
        id: newId('ConversationIssue'),
        organizationId,
        conversationId: conversation.id,
        position,
        title: issue.title,
        summary: issue.summary,
        createdAt: conversation.createdAt,
        ingestedAt: now,
      })),
    });
    // Conditional: a re-send meanwhile (another hash) stays unprocessed for the next run.
    await tx.conversation.updateMany({ where: { id: conversation.id, contentHash: conversation.contentHash }, data: { processedAt: now } });
  }
  return pending.length;
}

async function clusterIssues(tx: Tx, organizationId: string) {
  const issues = await tx.conversationIssue.findMany({
    where: { organizationId },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    take: MAX_CLUSTERED_ISSUES,
    select: { id: true, title: true, summary: true, clusterId: true, position: true, conversation: { select: { externalId: true } } },
  });
  const byId = new Map(issues.map((i) => [i.id, i]));
  const groups = clusterTexts(
    issues.map((i) => ({
      id: i.id,
      text: `${i.title} ${i.summary}`,
      sortKey: `${i.title}\u0000${i.conversation.externalId}\u0000${i.position}`,
    })),
  );
  const existing = await tx.issuesCluster.findMany({ where: { organizationId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  // Largest overlaps first: each cluster goes to the group holding most of its issues.
  const overlaps: { group: number; clusterId: string; shared: number; rank: number }[] = [];
  groups.forEach((group, g) => {
    const counts = new Map<string, number>();
    for (const id of group) {
      const clusterId = byId.get(id)!.clusterId;
      if (clusterId) counts.set(clusterId, (counts.get(clusterId) ?? 0) + 1);
    }
    for (const [clusterId, shared] of counts)
      overlaps.push({ group: g, clusterId, shared, rank: existing.findIndex((c) => c.id === clusterId) });
  });
  overlaps.sort((a, b) => b.shared - a.shared || a.rank - b.rank || a.group - b.group);
  const clusterOfGroup = new Map<number, string>();
  const taken = new Set<string>();
  for (const o of overlaps) {
    if (clusterOfGroup.has(o.group) || taken.has(o.clusterId)) continue;
    clusterOfGroup.set(o.group, o.clusterId);
    taken.add(o.clusterId);
  }
  for (const [g, group] of groups.entries()) {
    const texts = group.map((id) => `${byId.get(id)!.title} ${byId.get(id)!.summary}`);
    const words = topTerms(texts);
    const label = clip(words.join(', ') || byId.get(group[0])!.title, 100);
    const example = byId.get(group[0])!.title;
    const summary = clip(
      `${group.length} issue${group.length === 1 ? '' : 's'} about ${words.join(', ') || 'one subject'}, e.g. "${example}"`,
      280,
    );
    const fields = { label, summary, icon: iconFor(label), status: 'active' };
    let clusterId = clusterOfGroup.get(g);
    if (clusterId) {
      const before = existing.find((c) => c.id === clusterId)!;
      if (before.label !== label || before.summary !== summary || before.status !== 'active')
        await tx.issuesCluster.update({ where: { id: clusterId }, data: fields });
    } else {
      clusterId = newId('IssuesCluster');
      await tx.issuesCluster.create({ data: { id: clusterId, organizationId, ...fields } });
    }
    const moved = group.filter((id) => byId.get(id)!.clusterId !== clusterId);
    if (moved.length) {
      await tx.conversationIssue.updateMany({ where: { id: { in: moved } }, data: { clusterId } });
      if (clusterOfGroup.get(g)) await tx.issuesCluster.update({ where: { id: clusterId }, data: { updatedAt: new Date() } });
    }
  }
  const emptied = existing.filter((c) => !taken.has(c.id) && c.status !== 'empty').map((c) => c.id);
  if (emptied.length) {
    const stillUsed = await tx.conversationIssue.findMany({
      where: { clusterId: { in: emptied } },
      select: { clusterId: true },
      distinct: ['clusterId'],
    });
    const empty = emptied.filter((id) => !stillUsed.some((u) => u.clusterId === id));
    if (empty.length) await tx.issuesCluster.updateMany({ where: { id: { in: empty } }, data: { status: 'empty' } });
  }
}

/** What processing an organization's conversations needs (src/jobs/conversations.ts passes it). */
export interface ConversationProcessingDeps {
  prisma: PrismaClient;
  pubsub: PubSub;
  clock: Clock;
}

/** Extracts the issues of an organization's new conversations and clusters them; subscribers hear of a change. */
export async function processConversations({ prisma, pubsub, clock }: ConversationProcessingDeps, organizationId: string) {
  const changed = await prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL statement_timeout = 120000`);
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`conversations:${organizationId}`}))`;
      const count = await extractIssues(tx, organizationId, ruleBasedExtractor, clock.now());
      if (count) await clusterIssues(tx, organizationId);
      return count;
    },
    { timeout: 280_000, maxWait: 10_000 },
  );
  if (changed) pubsub.publish('conversationsProcessed', organizationId, { organizationId });
}
