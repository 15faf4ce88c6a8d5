// Structured JSON logs (pino): one line per answered request, tagged with its
// request id, plus whatever the server reports. Query strings are left out of
// the access log: they may carry share keys.
import { pino, type Logger } from 'pino';

export type { Logger };

/** Write at the latest once this much is buffered, or once a second: one write per page of lines, not per line. */
const BATCH_BYTES = 4096;
const BATCH_MS = 1000;
/** Lines from `warn` up are written at once, with whatever is buffered before them. */
const WARN = pino.levels.values.warn!;

/**
 * Logs to stdout. One line per request, each written on its own, cost every request a write
 * from libuv's thread pool and a wake-up of the loop (bench/README.md, "session 16"): lines
 * are batched instead. Buffered lines are written on exit (pino's exit hook); a crash that
 * kills the process outright loses at most a second of them.
 */
export function createLogger(level = process.env.LOG_LEVEL ?? 'info'): Logger {
  const destination = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES, periodicFlush: BATCH_MS });
  return pino(
    {
      level,
      base: { service: 'quire' },
      timestamp: pino.stdTimeFunctions.isoTime,
      hooks: {
        logMethod(args, method, lineLevel) {
          method.apply(this, args);
          if (lineLevel >= WARN) destination.flush();
        },
      },
    },
    destination,
  );
}

export const silentLogger = (): Logger => pino({ level: 'silent' });

export interface AccessEntry {
  requestId: string;
  method: string;
  path: string;
  operation: string;
  status: number;
  durationMs: number;
  address: string;
  userId?: string;
  tokenId?: string;
  /** The client went away before the answer was complete. */
  aborted?: boolean;
  /** The OpenTelemetry trace of the request, with tracing on (src/tracing). */
  traceId?: string;
}

export function logAccess(logger: Logger, entry: AccessEntry) {
  const level = entry.status >= 500 ? 'error' : 'info';
  logger[level](entry, 'request');
}
