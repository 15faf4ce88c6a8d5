// Watches the one event loop: a short timer measures how late it fires (the
// loop's delay: nothing else can run meanwhile, /healthz included), and when
// the loop was held past a threshold, names the requests that were running
// then (in flight, or finished during the stall): one of them held it.

export interface RunningRequest {
  id: string;
  operation: string;
}

export interface EventLoopWatchOptions {
  /** A stall at least this long is reported with its requests. */
  blockedMs: number;
  /** Every measured delay, in seconds (the metrics histogram). */
  onDelay(seconds: number): void;
  onBlocked(blockedMs: number, requests: RunningRequest[]): void;
}

/** How long a finished request stays a suspect: longer than any stall the timer can report late. */
const RECENT_MS = 60_000;
const MAX_RECENT = 256;

export function watchEventLoop({ blockedMs, onDelay, onBlocked }: EventLoopWatchOptions) {
  // A tick every tenth of the threshold (1 to 20 ms): a stall is measured within that much.
  const tickMs = Math.max(1, Math.min(20, Math.floor(blockedMs / 10)));
  const running = new Set<RunningRequest>();
  const finished: { request: RunningRequest; at: number }[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const delay = Math.max(0, now - last - tickMs);
    last = now;
    onDelay(delay / 1000);
    if (delay < blockedMs) return;
    const since = now - delay - tickMs;
    const suspects = [...running, ...finished.filter((f) => f.at >= since).map((f) => f.request)];
    onBlocked(Math.round(delay), suspects);
  }, tickMs);
  timer.unref();

  return {
    /** Marks a request running until the returned function is called. */
    enter(request: RunningRequest) {
      running.add(request);
      return () => {
        running.delete(request);
        const at = performance.now();
        while (finished.length && (finished.length >= MAX_RECENT || finished[0]!.at < at - RECENT_MS)) finished.shift();
        finished.push({ request, at });
      };
    },
    stop: () => clearInterval(timer),
  };
}
