// Slots given back while their lanes had room, kept a short while before they
// go back to Redis (src/http/redisCounters.ts): a caller's next request on this
// replica takes them again without a round trip.

/** Slots of one request's lanes, held in Redis under one holder id. */
export interface Lease {
  holder: string;
  keys: string[];
  /** How long it lingers here once given back (0: it goes back at once), by the room its lanes had when it was taken. */
  lingerMs: number;
}

/**
 * Leases given back while their lanes had room, kept their `lingerMs` before they go
 * back to Redis: a request of the same lanes meanwhile takes one again. A
 * lease's give-back resolves once it has left (taken again, or back in Redis).
 */
export function lingeringLeases(release: (lease: Lease) => Promise<void>) {
  interface Lingering {
    lease: Lease;
    timer: NodeJS.Timeout;
    left: () => void;
  }
  /** By lanes (their keys joined), the latest last. */
  const byLanes = new Map<string, Lingering[]>();
  const idOf = (keys: readonly string[]) => keys.join('\n');
  const remove = (entry: Lingering) => {
    const id = idOf(entry.lease.keys);
    const list = byLanes.get(id)!;
    list.splice(list.indexOf(entry), 1);
    if (list.length === 0) byLanes.delete(id);
    clearTimeout(entry.timer);
  };
  let closed = false;
  const goBack = (entry: Lingering) => {
    remove(entry);
    return release(entry.lease).then(entry.left);
  };
  return {
    add(lease: Lease): Promise<void> {
      if (lease.lingerMs <= 0 || closed) return release(lease);
      return new Promise<void>((left) => {
        const entry: Lingering = { lease, left, timer: setTimeout(() => void goBack(entry), lease.lingerMs) };
        const id = idOf(lease.keys);
        const list = byLanes.get(id);
        if (list) list.push(entry);
        else byLanes.set(id, [entry]);
      });
    },
    /** A lingering lease of exactly these lanes, taken again; undefined when none. */
    take(keys: readonly string[]): Lease | undefined {
      const entry = byLanes.get(idOf(keys))?.at(-1);
      if (!entry) return undefined;
      remove(entry);
      entry.left();
      return entry.lease;
    },
    /** Sends back every lingering lease holding one of `keys`; whether there was one. */
    async releaseAny(keys: readonly string[]): Promise<boolean> {
      const holding = [...byLanes.values()].flat().filter((entry) => entry.lease.keys.some((key) => keys.includes(key)));
      await Promise.all(holding.map(goBack));
      return holding.length > 0;
    },
    /** Sends back every lingering lease, and from now on every lease at once. */
    async close() {
      closed = true;
      await Promise.all([...byLanes.values()].flat().map(goBack));
    },
  };
}
