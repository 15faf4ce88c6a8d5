// Fair sharing between tenants: what one caller may hold at once. Each request
// takes a slot in its caller's lanes — its API token (or client address) and
// each organization its user belongs to — before any work starts. A lane
// full of work makes that caller's next requests wait in line (first come,
// first served), so one tenant driving many connections queues behind itself
// while another tenant's requests find free slots and the pool's connections
// free. Last, a request takes a slot of the process (all callers together),
// which bounds the work, and so the memory, in flight at once. A full line, or
// a wait past the timeout, answers 429 with Retry-After.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError } from '../errors.js';
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

export function fairShare(limits: FairShareLimits) {
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

  return {
    /**
     * Takes a slot in each of the tenant's lanes (in a fixed order, so two
     * callers never wait on each other crosswise); resolves to the function
     * that gives them back. Rejects with NoSlot (429) when a line is full or
     * the wait is past `queueTimeoutMs`, or when `cancelled` fires meanwhile.
     */
    async acquire(tenant: Tenant, cancelled: AbortSignal): Promise<() => void> {
      const wanted: [string, number][] = [
        [`c:${tenant.caller}`, limits.concurrentPerToken],
        ...[...new Set(tenant.organizations)].sort().map((o): [string, number] => [`o:${o}`, limits.concurrentPerOrganization]),
        [PROCESS_LANE, limits.concurrentPerProcess],
      ];
      const deadline = Date.now() + limits.queueTimeoutMs;
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
      let given = false;
      return () => {
        if (!given) giveBack();
        given = true;
      };
    },
    /** Requests in progress and waiting, per lane (for tests and metrics). */
    usage: (key: string) => ({ active: lanes.get(key)?.active ?? 0, waiting: lanes.get(key)?.waiting.length ?? 0 }),
  };
}

/**
 * Open long-lived connections (graphql-ws sockets and GraphQL-over-SSE streams)
 * per API token, at most `max` at once (per process). `open` answers the
 * function that closes the count again, or null when the token is at its limit.
 */
export function liveConnectionCounter(max: number) {
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
export function tenantGate(limits: TenantLimits) {
  const shares = fairShare(limits);
  const live = liveConnectionCounter(limits.connectionsPerToken);
  return {
    /** `caller.signal`: aborted when the client leaves before its answer (src/db/requestSignal.ts): it leaves the line too. */
    async enter(
      _req: IncomingMessage,
      res: ServerResponse,
      caller: { actor: Actor | null; address: string; signal: AbortSignal },
      eventStream: boolean,
    ) {
      const { actor } = caller;
      if (eventStream) {
        if (!actor) return; // answered 401
        const close = live.open(actor.tokenId);
        if (!close) throw new AppError(429, `Too many live connections for this API token (at most ${limits.connectionsPerToken})`);
        return void res.once('close', close);
      }
      try {
        const release = await shares.acquire(
          { caller: actor ? `token:${actor.tokenId}` : `address:${caller.address}`, organizations: actor?.memberships.keys() ?? [] },
          caller.signal,
        );
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
