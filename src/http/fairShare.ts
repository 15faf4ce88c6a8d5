// Fair sharing between tenants: what one caller may hold at once. Each request
// takes a slot in its caller's lanes — its API token (or client address) and
// each organization its user belongs to — before any work starts. A lane
// full of work makes that caller's next requests wait in line (first come,
// first served), so one tenant driving many connections queues behind itself
// while another tenant's requests find free slots and the pool's connections
// free. Last, a request takes a slot of the process (all callers together),
// which bounds the work, and so the memory, in flight at once. A full line, or
// a wait past the timeout, answers 429 with Retry-After.
//
// With Redis (src/http/redisCounters.ts) the token's and organizations' slots are
// counted across every replica; the line stays per process (a request waits on
// the replica it reached, in its caller's line: a slot the caller frees there
// passes to the oldest waiter, and the first in line polls for slots freed
// elsewhere). The process lane is always the process's own. If Redis is
// unreachable, the process's own lanes apply until it answers again.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError } from '../errors.js';
import type { GiveBack, LaneWant, SharedLanes } from './redisCounters.js';
import type { Actor } from '../policy/actor.js';
import type { TenantLimits } from '../config/settings.js';

export type FairShareLimits = Pick<
  TenantLimits,
  'concurrentPerToken' | 'concurrentPerOrganization' | 'concurrentPerProcess' | 'queueLength' | 'queueTimeoutMs'
>;

/** The lane every request takes last. */
export const PROCESS_LANE = 'p:process';

/** Whom a request counts against. */
export interface Tenant {
  /** `token:<id>`, or `address:<ip>` for calls without a valid token. */
  caller: string;
  /** The organizations of the caller's user. */
  organizations: Iterable<string>;
}

interface Lane {
  active: number;
  /** Callers waiting for a slot, oldest first: each is handed a slot when one frees. */
  waiting: (() => void)[];
}

/** Why a request got no slot: 429 in the surface's error shape, with Retry-After. */
export class NoSlot extends AppError {
  constructor(message: string) {
    super(429, message);
  }
}

/** Longest pause between two tries for a shared slot that another replica holds. */
const SHARED_POLL_MAX_MS = 200;

/** A request waiting here for shared slots. */
interface SharedWaiter {
  keys: readonly string[];
  /** The slots of a request of the same lanes that finished, handed over. */
  handed?: GiveBack;
  /** Ends its current pause (a slot was handed over or freed, its turn came, or its client left). */
  nudge?: () => void;
}

const sameLanes = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((key, i) => key === b[i]);

/** Resolves after `ms`, or when the waiter is nudged first. */
const pause = (waiter: SharedWaiter, ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    waiter.nudge = done;
    function done() {
      clearTimeout(timer);
      waiter.nudge = undefined;
      resolve();
    }
  });

export function fairShare(limits: FairShareLimits, shared?: SharedLanes, onSharedError: (err: unknown) => void = () => {}) {
  const lanes = new Map<string, Lane>();

  const release = (key: string) => {
    const lane = lanes.get(key)!;
    const next = lane.waiting.shift();
    if (next) return next(); // the slot passes to the oldest waiter
    lane.active -= 1;
    if (lane.active === 0) lanes.delete(key);
  };

  /** A slot in one lane; waits in line when it is full. */
  const take = (key: string, max: number, deadline: number, cancelled: AbortSignal): Promise<void> => {
    let lane = lanes.get(key);
    if (!lane) lanes.set(key, (lane = { active: 0, waiting: [] }));
    if (lane.active < max) {
      lane.active += 1;
      return Promise.resolve();
    }
    if (lane.waiting.length >= limits.queueLength) {
      const whose = key === PROCESS_LANE ? 'Too many concurrent requests on this server' : 'Too many concurrent requests for this caller';
      return Promise.reject(new NoSlot(`${whose}: retry after the time in the Retry-After header`));
    }
    if (cancelled.aborted) return Promise.reject(new NoSlot('The client went away while waiting'));
    const line = lane.waiting;
    return new Promise<void>((resolve, reject) => {
      const leave = (error: AppError) => {
        const at = line.indexOf(granted);
        if (at >= 0) line.splice(at, 1);
        clearTimeout(timer);
        cancelled.removeEventListener('abort', onAbort);
        reject(error);
      };
      const granted = () => {
        clearTimeout(timer);
        cancelled.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => leave(new NoSlot('The client went away while waiting'));
      const timer = setTimeout(
        () => leave(new NoSlot('Waited too long for a free slot: retry after the time in the Retry-After header')),
        Math.max(0, deadline - Date.now()),
      );
      line.push(granted);
      cancelled.addEventListener('abort', onAbort, { once: true });
    });
  };

  /** Slots in the process's own lanes, taken in a fixed order (so two callers never wait on each other crosswise). */
  const takeLocal = async (wanted: LaneWant[], deadline: number, cancelled: AbortSignal) => {
    const held: string[] = [];
    const giveBack = () => held.splice(0).forEach(release);
    try {
      for (const [key, max] of wanted) {
        await take(key, max, deadline, cancelled);
        held.push(key);
      }
    } catch (err) {
      giveBack();
      throw err;
    }
    return giveBack;
  };

  /** Shared slots this process holds, per lane. */
  const sharedHeld = new Map<string, number>();
  const count = (key: string, by: number) => {
    const n = (sharedHeld.get(key) ?? 0) + by;
    if (n > 0) sharedHeld.set(key, n);
    else sharedHeld.delete(key);
  };
  /**
   * Requests here waiting for shared slots, in one line per caller (their first
   * lane), oldest first. Only the oldest of a line asks Redis; a slot its
   * caller frees here passes straight to it, so the line is served in order and
   * a freed slot costs no round trip while someone waits for it.
   */
  const sharedLines = new Map<string, SharedWaiter[]>();
  const headsWaitingOn = (keys: readonly string[]) =>
    [...sharedLines.values()].map((line) => line[0]).filter((head) => head.keys.some((key) => keys.includes(key)));

  /**
   * All the tenant's shared slots at once; undefined when Redis fails (the caller
   * falls back). A caller with requests already in line here joins it, else it
   * tries at once (`tried`: that first try's answer, made with the rate limit's count).
   */
  const takeShared = async (wanted: LaneWant[], deadline: number, cancelled: AbortSignal, tried?: GiveBack | null) => {
    const keys = wanted.map(([key]) => key);
    if (sharedLines.get(keys[0])?.length) {
      // Others of the caller got in line while the first try was on its way: its slot is theirs.
      if (tried) passOn(keys, tried);
    } else {
      let giveBack: GiveBack | null;
      try {
        giveBack = tried !== undefined ? tried : await shared!.tryTake(wanted);
      } catch (err) {
        onSharedError(err);
        return undefined;
      }
      if (giveBack) return heldShared(keys, giveBack);
    }
    if ((sharedLines.get(keys[0])?.length ?? 0) >= limits.queueLength)
      throw new NoSlot('Too many concurrent requests for this caller: retry after the time in the Retry-After header');
    const giveBack = await waitInSharedLine(wanted, keys, deadline, cancelled);
    return giveBack && heldShared(keys, giveBack);
  };

  /**
   * Waits in the caller's line until a slot is handed over, or, first in line, until
   * a try succeeds: it tries again when one of its lanes frees here, and polls (with a
   * growing pause) for slots freed on other replicas. Undefined when Redis fails.
   */
  const waitInSharedLine = async (wanted: LaneWant[], keys: string[], deadline: number, cancelled: AbortSignal) => {
    const line = sharedLines.get(keys[0]) ?? [];
    sharedLines.set(keys[0], line);
    const me: SharedWaiter = { keys };
    line.push(me);
    const onAbort = () => me.nudge?.();
    cancelled.addEventListener('abort', onAbort, { once: true });
    try {
      // A request that has just tried (in line behind no one) pauses before its next try.
      for (let pauseMs = 5, tryNow = line.length > 1; ; ) {
        if (me.handed) return me.handed;
        if (cancelled.aborted) throw new NoSlot('The client went away while waiting');
        const left = deadline - Date.now();
        if (left <= 0) throw new NoSlot('Waited too long for a free slot: retry after the time in the Retry-After header');
        if (line[0] !== me || !tryNow) {
          // Until it is first (then it tries at once), a lane of its frees, its poll is due, or it leaves.
          await pause(me, line[0] === me ? Math.min(pauseMs, left) : left);
          if (line[0] === me && !tryNow) pauseMs = Math.min(pauseMs * 2, SHARED_POLL_MAX_MS);
          tryNow = true;
          continue;
        }
        let giveBack: GiveBack | null;
        try {
          giveBack = await shared!.tryTake(wanted);
        } catch (err) {
          onSharedError(err);
          return undefined;
        }
        if (me.handed)
          void giveBack?.(); // handed one meanwhile: the one it took goes back
        else if (giveBack) return giveBack;
        tryNow = false;
      }
    } finally {
      cancelled.removeEventListener('abort', onAbort);
      const first = line[0] === me;
      line.splice(line.indexOf(me), 1);
      if (line.length === 0) sharedLines.delete(keys[0]);
      else if (first) line[0].nudge?.(); // the next one's turn to try
    }
  };

  /** Slots of `keys` this process is done with: the oldest waiter here wanting the same lanes gets them, else Redis (and the lines' first wake). */
  const passOn = (keys: readonly string[], giveBack: GiveBack) => {
    const heir = sharedLines.get(keys[0])?.find((w) => !w.handed && sameLanes(w.keys, keys));
    if (heir) {
      heir.handed = giveBack;
      return heir.nudge?.();
    }
    void giveBack().then(() => headsWaitingOn(keys).forEach((head) => head.nudge?.()));
  };
  /** Counts the shared slots held here; giving them back passes them on. */
  const heldShared = (keys: string[], giveBack: GiveBack) => {
    for (const key of keys) count(key, 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      for (const key of keys) count(key, -1);
      passOn(keys, giveBack);
    };
  };

  /** The tenant's lanes, in the fixed order their slots are taken in (so two callers never wait on each other crosswise). */
  const lanesOf = (tenant: Tenant): LaneWant[] => [
    [`c:${tenant.caller}`, limits.concurrentPerToken],
    ...[...new Set(tenant.organizations)].sort().map((o): LaneWant => [`o:${o}`, limits.concurrentPerOrganization]),
  ];

  return {
    lanesOf,
    /** Whether requests of the caller of `tenantLanes` wait in line here for shared slots (a newcomer queues behind them). */
    waitsShared: (tenantLanes: readonly LaneWant[]) => (sharedLines.get(tenantLanes[0][0])?.length ?? 0) > 0,
    /**
     * Takes a slot in each of the tenant's lanes; resolves to the function
     * that gives them back. Rejects with NoSlot (429) when a line is full or
     * the wait is past `queueTimeoutMs`, or when `cancelled` fires meanwhile.
     * `tried`: the shared lanes' answer to a try made already (see `lanesOf`).
     */
    async acquire(tenant: Tenant, cancelled: AbortSignal, tried?: GiveBack | null): Promise<() => void> {
      const tenantLanes = lanesOf(tenant);
      const deadline = Date.now() + limits.queueTimeoutMs;
      const giveBackTenant =
        (shared && (await takeShared(tenantLanes, deadline, cancelled, tried))) || (await takeLocal(tenantLanes, deadline, cancelled));
      try {
        await take(PROCESS_LANE, limits.concurrentPerProcess, deadline, cancelled);
      } catch (err) {
        giveBackTenant();
        throw err;
      }
      let given = false;
      return () => {
        if (!given) {
          release(PROCESS_LANE);
          giveBackTenant();
        }
        given = true;
      };
    },
    /** Requests in progress and waiting, per lane (for tests and metrics). */
    usage: (key: string) => ({
      active: (lanes.get(key)?.active ?? 0) + (sharedHeld.get(key) ?? 0),
      waiting:
        (lanes.get(key)?.waiting.length ?? 0) +
        [...sharedLines.values()].reduce((n, line) => n + line.filter((w) => w.keys.includes(key)).length, 0),
    }),
  };
}

/**
 * Open long-lived connections (graphql-ws sockets and GraphQL-over-SSE streams)
 * per API token, at most `max` at once (across replicas with Redis, else per
 * process). `open` answers the function that closes the count again, or null
 * when the token is at its limit.
 */
export function liveConnectionCounter(max: number, shared?: SharedLanes, onSharedError: (err: unknown) => void = () => {}) {
  const local = localConnectionCounter(max);
  return {
    async open(tokenId: string): Promise<(() => void) | null> {
      if (shared) {
        try {
          const close = await shared.tryTake([[`l:token:${tokenId}`, max]]);
          return close && (() => void close());
        } catch (err) {
          onSharedError(err);
        }
      }
      return local.open(tokenId);
    },
  };
}

function localConnectionCounter(max: number) {
  const open = new Map<string, number>();
  return {
    open(tokenId: string): (() => void) | null {
      const count = open.get(tokenId) ?? 0;
      if (count >= max) return null;
      open.set(tokenId, count + 1);
      let closed = false;
      return () => {
        if (closed) return;
        closed = true;
        const left = (open.get(tokenId) ?? 1) - 1;
        if (left > 0) open.set(tokenId, left);
        else open.delete(tokenId);
      };
    },
  };
}

/**
 * The gate's part: each request waits for its caller's share before any work
 * (and gives it back when its answer is done); a GraphQL-over-SSE stream holds
 * no share (it lives as long as the client wants) but counts as a live
 * connection of its token, like a graphql-ws socket.
 */
export function tenantGate(limits: TenantLimits, shared?: SharedLanes, onSharedError?: (err: unknown) => void) {
  const shares = fairShare(limits, shared, onSharedError);
  const live = liveConnectionCounter(limits.connectionsPerToken, shared, onSharedError);
  const tenantOf = ({ actor, address }: { actor: Actor | null; address: string }): Tenant => ({
    caller: actor ? `token:${actor.tokenId}` : `address:${address}`,
    organizations: actor?.memberships.keys() ?? [],
  });
  return {
    /**
     * The lanes a request of `caller` takes, when they are shared and none of the
     * caller's requests wait for them here (else none): whoever counts in Redis
     * first (the rate limit) may take them on the way.
     */
    sharedLanesOf: (caller: { actor: Actor | null; address: string }): LaneWant[] => {
      if (!shared) return [];
      const tenantLanes = shares.lanesOf(tenantOf(caller));
      // A caller with requests in line here takes no slot ahead of them.
      return shares.waitsShared(tenantLanes) ? [] : tenantLanes;
    },
    /**
     * `caller.signal`: aborted when the client leaves before its answer (src/db/requestSignal.ts): it leaves the line too.
     * `tried`: the answer of a try for `sharedLanesOf(caller)` made already.
     */
    async enter(
      _req: IncomingMessage,
      res: ServerResponse,
      caller: { actor: Actor | null; address: string; signal: AbortSignal },
      eventStream: boolean,
      tried?: GiveBack | null,
    ) {
      const { actor } = caller;
      if (eventStream) {
        if (!actor) return; // answered 401
        const close = await live.open(actor.tokenId);
        if (!close) throw new AppError(429, `Too many live connections for this API token (at most ${limits.connectionsPerToken})`);
        return void res.once('close', close);
      }
      try {
        const release = await shares.acquire(tenantOf(caller), caller.signal, tried);
        if (res.closed) release();
        else res.once('close', release);
      } catch (err) {
        res.setHeader('Retry-After', '1');
        throw err;
      }
    },
    openLiveConnection: (tokenId: string) => live.open(tokenId),
    usage: shares.usage,
  };
}
