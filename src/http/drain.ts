// Graceful shutdown of the HTTP side: once draining, new answers close their
// connection, idle keep-alive connections are closed, server-sent-event streams
// (endless subscriptions) are cut, and the requests in flight get up to a
// deadline to finish before every connection is closed.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export function drainer(server: Server) {
  const inFlight = new Map<ServerResponse, IncomingMessage>();
  let draining = false;
  let settled: (() => void) | undefined;

  const isEventStream = (req: IncomingMessage, res: ServerResponse) =>
    String(res.getHeader('content-type') ?? '').startsWith('text/event-stream') || (req.headers.accept ?? '').includes('text/event-stream');

  return {
    get draining() {
      return draining;
    },
    track(req: IncomingMessage, res: ServerResponse) {
      if (draining) res.setHeader('Connection', 'close');
      inFlight.set(res, req);
      res.once('close', () => {
        inFlight.delete(res);
        if (!draining) return;
        server.closeIdleConnections();
        if (inFlight.size === 0) settled?.();
      });
    },
    /**
     * Stops accepting and waits for the requests in flight (at most `timeoutMs`),
     * then closes every connection (`cut` first closes what Node does not track,
     * like upgraded WebSockets). True when all requests finished in time.
     */
    async drain(timeoutMs: number, cut: () => void = () => {}): Promise<boolean> {
      draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const [res, req] of inFlight) {
        if (isEventStream(req, res)) res.destroy();
        else if (!res.headersSent) res.setHeader('Connection', 'close');
      }
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const finished =
        inFlight.size === 0 ||
        (await new Promise<boolean>((resolve) => {
          settled = () => resolve(true);
          timer = setTimeout(() => resolve(false), timeoutMs);
        }));
      clearTimeout(timer);
      cut();
      server.closeAllConnections();
      await closed;
      return finished;
    },
  };
}
