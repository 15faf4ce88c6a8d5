// The callers a process remembers between requests: the actor behind an API
// token (by its hash) for a few seconds, so that a token's next requests cost
// no token statement (tokens.ts). What that statement reads is watched:
// - every process hears each change when it commits, whoever wrote it (the
//   triggers of prisma/migrations/20261129030000_caller_change_notifications)
//   and forgets the callers of that user, or all of them;
// - this process hears its own changes before the write that made them
//   returns: the pool's connections LISTEN too (`hear`, src/db/client.ts), and
//   PostgreSQL delivers a session's own notifications before its commit's
//   reply, so a caller's next request here sees what their mutation did;
// - nothing is remembered while the notifications are not heard (their
//   connection down), nor from a statement that ran while a change was heard
//   (it may have read the state from before the change);
// - an actor is kept `ttlMs` at most, heard or not (a connection that died
//   silently); and so many at most, counted by what they hold (`maxWeight`).
// An actor never changes once made (policy/actor.ts), so one is shared by the
// requests that recall it.
import { listenTo } from '../../db/notifications.js';
import type { Actor } from '../../policy/actor.js';

export const CALLERS_CHANNEL = 'quire_callers';
/** Changes told apart from their repeats on other connections: far more than arrive in the milliseconds between them. */
const RECENT_CHANGES = 4_096;
/** `<user id or *> <transaction id>`; anything else is heard as a change of anyone. */
const CHANGE = /^(\*|[^\s*]+) \d+$/;

export interface CallerCacheSettings {
  /** How long an actor is remembered; 0: never (every request runs the token statement). */
  ttlMs: number;
  /**
   * What bounds the memory: each caller weighs one, plus one per membership and per grant it holds
   * (a user granted a thousand spaces weighs a thousand); the oldest are forgotten past it.
   */
  maxWeight: number;
}

interface Remembered {
  actor: Actor;
  weight: number;
  /** performance.now() past which it is forgotten. */
  until: number;
}

export type CallerCache = ReturnType<typeof callerCache>;

/** Remembered callers, forgotten as changes to `databaseUrl` are heard. */
export function callerCache(databaseUrl: string, settings: CallerCacheSettings, onError: (err: unknown) => void) {
  const byHash = new Map<string, Remembered>();
  // Counts what was heard: a statement's actor is remembered only if nothing was heard while it ran.
  let heard = 0;
  const counts = { hits: 0, misses: 0 };
  let weight = 0;

  const drop = (hash: string) => {
    const entry = byHash.get(hash);
    if (!entry) return;
    byHash.delete(hash);
    weight -= entry.weight;
  };
  const forgetAll = () => {
    heard++;
    byHash.clear();
    weight = 0;
  };
  // A scan, not an index by user: changes are rare beside recalls, and the entries few enough (maxWeight).
  const forgetUser = (userId: string) => {
    heard++;
    for (const [hash, { actor }] of byHash) if (actor.userId === userId) drop(hash);
  };
  // A change is delivered on several connections (the listener, the pool's): counted once, by its sender
  // and its payload (`<user> <transaction>`). The sender is part of it: anyone who may connect may NOTIFY,
  // and a payload sent ahead by another session must not make the real change look like a repeat.
  const recent = new Set<string>();
  const hear = (payload: string, sender: number) => {
    const change = CHANGE.exec(payload);
    if (!change) return forgetAll();
    const key = `${sender} ${payload}`;
    if (recent.has(key)) return;
    recent.add(key);
    if (recent.size > RECENT_CHANGES) recent.delete(recent.values().next().value!);
    if (change[1] === '*') forgetAll();
    else forgetUser(change[1]!);
  };
  const listener = listenTo(databaseUrl, CALLERS_CHANNEL, { onMessage: hear, onReset: forgetAll, onError });

  return {
    /** The actor remembered for a token's hash, unless forgotten or past its time. */
    recall(hash: string): Actor | undefined {
      const entry = byHash.get(hash);
      if (entry && entry.until > performance.now() && listener.live) return (counts.hits++, entry.actor);
      counts.misses++;
      if (entry) drop(hash);
      return undefined;
    },
    /** Taken before the token statement runs, given to `remember` after. */
    mark: () => (listener.live ? heard : -1),
    /** Remembers the statement's actor, unless a change was heard (or the notifications lost) since `mark`. */
    remember(hash: string, actor: Actor, mark: number) {
      if (mark !== heard || !listener.live) return;
      drop(hash);
      const weighs = 1 + actor.memberships.size + actor.grants.size + actor.teamOwnerIn.size;
      if (weighs > settings.maxWeight) return;
      while (weight + weighs > settings.maxWeight) drop(byHash.keys().next().value!);
      byHash.set(hash, { actor, weight: weighs, until: performance.now() + settings.ttlMs });
      weight += weighs;
    },
    /** A notification of the channel, heard on any connection: the user whose callers changed (or '*'), then the change's transaction; and who sent it. */
    hear,
    /** Recalls answered and not, the callers remembered now (/metrics), and how many changes were heard. */
    stats: () => ({ ...counts, entries: byHash.size, weight, heard }),
    get listening() {
      return listener.live;
    },
    close: () => listener.close(),
  };
}
