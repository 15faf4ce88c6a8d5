import type { GraphQLResolveInfo } from 'graphql';
import type { Context } from '../../context.js';
import { settledLoader } from '../../loaders.js';
import { fieldsAskedOfItems } from '../../schema/selection.js';

const WEEK_MS = 7 * 24 * 3600 * 1000;
export const PULSE_WEEKS = 13;

export interface ClusterFacts {
  issues: number;
  conversations: number;
  sources: Record<string, number>;
  /** Issues per week over the last 13 weeks, oldest first (by the conversation's date). */
  weeklyPulse: number[];
}

/** Per cluster: counts, sources and weekly pulse of its issues (one statement per batch); at once once loaded. */
export const clusterFacts = settledLoader<string, ClusterFacts>(async (ctx, clusterIds) => {
  const rows = await ctx.prisma.conversationIssue.findMany({
    where: { clusterId: { in: [...clusterIds] } },
    select: { clusterId: true, conversationId: true, createdAt: true, conversation: { select: { source: true } } },
  });
  const now = ctx.clock.now().getTime();
  return clusterIds.map((id) => {
    const mine = rows.filter((r) => r.clusterId === id);
    const conversations = new Map<string, string>();
    const weeklyPulse = new Array<number>(PULSE_WEEKS).fill(0);
    for (const r of mine) {
      conversations.set(r.conversationId, r.conversation.source);
      const weeksAgo = Math.floor((now - r.createdAt.getTime()) / WEEK_MS);
      if (weeksAgo >= 0 && weeksAgo < PULSE_WEEKS) weeklyPulse[PULSE_WEEKS - 1 - weeksAgo]++;
    }
    const sources: Record<string, number> = {};
    for (const source of conversations.values()) sources[source] = (sources[source] ?? 0) + 1;
    return { issues: mine.length, conversations: conversations.size, sources, weeklyPulse };
  });
});

/** A page of clusters loads their facts when its items ask for them (one statement), so that they answer at once. */
export function preloadClusters(rows: unknown[], ctx: Context, info: GraphQLResolveInfo) {
  const asked = fieldsAskedOfItems(info);
  if (!['weeklyPulse', 'sources', 'stats'].some((name) => asked.has(name))) return undefined;
  return clusterFacts(ctx).loadAll((rows as { id: string }[]).map((cluster) => cluster.id));
}
