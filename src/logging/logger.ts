// Structured JSON logs (pino): one line per answered request, tagged with its
// request id, plus whatever the server reports. Query strings are left out of
// the access log: they may carry share keys.
import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ level, base: { service: 'quire' }, timestamp: pino.stdTimeFunctions.isoTime });
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
