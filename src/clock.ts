// Time is injected so tests can move it (soft-delete retention, purges).
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export function manualClock(start = new Date()): Clock & { advance(ms: number): void; set(d: Date): void } {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (ms) => void (t += ms),
    set: (d) => void (t = d.getTime()),
  };
}

export const DAY = 24 * 60 * 60 * 1000;
