// Last use of tokens (`ApiToken.lastUsedAt`) and last activity of members
// (`Member.lastSeenAt`), written at most once per interval and outside the
// request that noticed they were due: reads stay reads. The token statement
// tells when they are due (tokens.ts); this writes them in the background, one
// statement per due token, never two at once for the same token. A failed write
// is logged and retried by a later request.
import type { PrismaClient } from '../../generated/prisma/client.js';
import type { Actor } from '../../policy/actor.js';
import { rawQuery } from '../../db/raw.js';

// The comment names the statement for observers (the bench's statement counter
// keeps these background writes apart from a request's own statements).
const touchStatement = `/* quire:activity */
  WITH used AS (
    UPDATE "ApiToken" SET "lastUsedAt" = $2::timestamp
    WHERE id = $1 AND ("lastUsedAt" IS NULL OR "lastUsedAt" < $3::timestamp)
    RETURNING 1
  )
  UPDATE "Member" SET "lastSeenAt" = $2::timestamp
  WHERE "userId" = $4 AND NOT disabled AND ("lastSeenAt" IS NULL OR "lastSeenAt" < $3::timestamp)`;

export function activityRecorder(prisma: PrismaClient, intervalMs: number, onError: (err: unknown) => void) {
  const pending = new Map<string, Promise<void>>();
  return {
    intervalMs,
    /** Records that `actor` was active at `now` (call when the token statement said it is due). */
    note(actor: Actor, now: Date) {
      if (pending.has(actor.tokenId)) return;
      const values = [actor.tokenId, now.toISOString(), new Date(now.getTime() - intervalMs).toISOString(), actor.userId];
      const write = rawQuery(prisma, touchStatement, values)
        .then(() => {}, onError)
        .finally(() => pending.delete(actor.tokenId));
      pending.set(actor.tokenId, write);
    },
    /** Resolves once every write started so far is done (shutdown, tests). */
    async settled() {
      while (pending.size) await Promise.all(pending.values());
    },
  };
}
