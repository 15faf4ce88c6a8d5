// Last use of tokens (`ApiToken.lastUsedAt`) and last activity of members
// (`Member.lastSeenAt`), written at most once per interval and outside the
// request that noticed they were due: reads stay reads. The token statement
// tells when they are due (tokens.ts); this writes them in the background, one
// statement at a time for every token that came due meanwhile: tokens falling
// due together (a deployment's first minute, an interval later) cost one commit
// and one connection of the pool, not one each. A failed write is logged and
// retried by a later request.
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { Actor } from '../../policy/actor.js';
import { rawQuery } from '../../db/raw.js';

/** Tokens written in one statement at most (the rest wait for the next). */
const MAX_BATCH = 500;
/** How long a write waits for more tokens to fall due (their times are kept to the millisecond). */
const GATHER_MS = 20;

// The comment names the statement for observers (the bench's statement counter
// keeps these background writes apart from a request's own statements). Each row
// of `due`: a token, its user, when it was used, and before when the last write
// must be for this one to count (the interval before the use).
const touchStatement = `/* quire:activity */
  WITH due AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::timestamp[], $4::timestamp[]) AS d(token_id, user_id, at, cutoff)
  ), used AS (
    UPDATE "ApiToken" k SET "lastUsedAt" = due.at FROM due
    WHERE k.id = due.token_id AND (k."lastUsedAt" IS NULL OR k."lastUsedAt" < due.cutoff)
    RETURNING 1
  ), seen AS (
    SELECT user_id, max(at) AS at, max(cutoff) AS cutoff FROM due GROUP BY user_id
  )
  UPDATE "Member" m SET "lastSeenAt" = seen.at FROM seen
  WHERE m."userId" = seen.user_id AND NOT m.disabled AND (m."lastSeenAt" IS NULL OR m."lastSeenAt" < seen.cutoff)`;

interface Due {
  userId: string;
  at: Date;
}

export function activityRecorder(prisma: PrismaClient, intervalMs: number, onError: (err: unknown) => void) {
  /** Tokens due and not written yet. */
  const due = new Map<string, Due>();
  /** Tokens being written: a token noted again meanwhile is not written twice. */
  const writing = new Set<string>();
  let running: Promise<void> | undefined;

  const write = async (batch: [string, Due][]) => {
    const columns = [
      batch.map(([tokenId]) => tokenId),
      batch.map(([, d]) => d.userId),
      batch.map(([, d]) => d.at.toISOString()),
      batch.map(([, d]) => new Date(d.at.getTime() - intervalMs).toISOString()),
    ];
    await rawQuery(prisma, touchStatement, columns).then(() => {}, onError);
  };
  /** Writes what is due, batch after batch, until nothing is. */
  const drain = async () => {
    while (due.size) {
      const batch = [...due].slice(0, MAX_BATCH);
      for (const [tokenId] of batch) due.delete(tokenId), writing.add(tokenId);
      try {
        await write(batch);
      } finally {
        for (const [tokenId] of batch) writing.delete(tokenId);
      }
    }
    running = undefined;
  };

  return {
    intervalMs,
    /** Records that `actor` was active at `now` (call when the token statement said it is due). */
    note(actor: Actor, now: Date) {
      if (due.has(actor.tokenId) || writing.has(actor.tokenId)) return;
      due.set(actor.tokenId, { userId: actor.userId, at: now });
      // A little later: the tokens that fall due meanwhile go in the same statement.
      running ??= new Promise<void>((resolve) => setTimeout(resolve, GATHER_MS)).then(drain);
    },
    /** Resolves once every write started so far is done (shutdown, tests). */
    async settled() {
      while (running) await running;
    },
  };
}
