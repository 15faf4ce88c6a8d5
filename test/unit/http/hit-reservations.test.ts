// Rate-limit hits counted in chunks (src/http/hitReservations.ts), against a
// stand-in for Redis's INCRBY: one replica counts exactly; replicas together
// never admit past the limit, and refuse early by no more than the chunks the
// others hold unused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hitReservations } from '../../../src/http/hitReservations.js';

const WINDOW = 0;

/** Replicas sharing one counter; `hit(r)` is one request on replica r, answered with its count. */
function deployment(replicas: number, limit: number) {
  let total = 0; // Redis's counter
  let roundTrips = 0;
  const processes = Array.from({ length: replicas }, () => hitReservations());
  return {
    hit(replica: number) {
      const local = processes[replica];
      const { counts, chunks } = local.plan([['token:t', limit]], WINDOW);
      if (counts[0] !== undefined) return counts[0];
      roundTrips += 1;
      total += chunks[0];
      return local.settle('token:t', WINDOW, chunks[0], total);
    },
    get total() {
      return total;
    },
    get roundTrips() {
      return roundTrips;
    },
  };
}

describe('rate-limit hits counted in chunks', () => {
  it('counts exactly on one replica, with few round trips while the limit is far', () => {
    const limit = 5000;
    const one = deployment(1, limit);
    const counts = Array.from({ length: limit + 20 }, () => one.hit(0));
    expect(counts).toEqual(counts.map((_, i) => i + 1));
    expect(one.roundTrips).toBeLessThan(200);
  });

  it('counts each hit in Redis once the limit is near', () => {
    const one = deployment(1, 20);
    for (let i = 0; i < 18; i++) one.hit(0);
    const before = one.roundTrips;
    one.hit(0);
    one.hit(0);
    one.hit(0);
    expect(one.roundTrips - before).toBe(3);
  });

  it('never admits past the limit across replicas, and refuses early by at most what the others hold', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 600 }),
        (limit, order) => {
          const replicas = deployment(4, limit);
          let admitted = 0;
          for (const replica of order) {
            const count = replicas.hit(replica);
            if (count <= limit) admitted += 1;
          }
          expect(admitted).toBeLessThanOrEqual(limit);
          // Each of the three other replicas holds one chunk at most, an eighth of the limit at most.
          expect(admitted).toBeGreaterThanOrEqual(Math.min(order.length, limit) - 3 * Math.floor(limit / 8));
        },
      ),
      { seed: 28, numRuns: 300 },
    );
  });

  it('starts over in a new window', () => {
    const reservations = hitReservations();
    const { chunks } = reservations.plan([['token:t', 800]], 0);
    expect(reservations.settle('token:t', 0, chunks[0], chunks[0])).toBe(1);
    expect(reservations.plan([['token:t', 800]], 0).counts).toEqual([2]);
    expect(reservations.plan([['token:t', 800]], 60_000).counts).toEqual([undefined]);
  });
});
