import DataLoader from 'dataloader';
import { requestLoader } from '../../loaders.js';

const WEEK_MS = 7 * 24 * 3600 * 1000;
export const PULSE_WEEKS = 13;

export interface ClusterFacts {
  issues: number;
  conversations: number;
  sources: Record<string, number>;
  /** Issues per week over the last 13 weeks, oldest first (by the conversation's date). */
  weeklyPulse: number[];
}

/** Per cluster: counts, sources and weekly pulse of its issues (one statement per batch). */
export const clusterFacts = requestLoader(
  (ctx) =>
    new DataLoader<string, ClusterFacts>(async (clusterIds) => {
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
    }),
);
