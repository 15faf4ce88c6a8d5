// The door table of the HTTP server (src/app.ts builds it): one entry per
// door, tried in order, the first whose path matches answers. Like the REST
// route table, a door is a matcher and a handler; its `gate` names what runs
// before the handler.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Actor } from '../policy/actor.js';
import type { Surface } from './respond.js';

/** What the gate learned about one request, for the handlers, metrics and logs. */
export interface Exchange {
  id: string;
  address: string;
  operation: string;
  actor: Actor | null;
  /** Aborted when the client leaves before its answer is complete: its transactions stop (src/db/requestSignal.ts). */
  signal: AbortSignal;
}

export interface DoorRequest {
  path: string;
  query: URLSearchParams;
  exchange: Exchange;
}

export type Gate = 'api' | 'address';

export interface Door {
  /** The operation name of metrics and logs when the door answers `path`; undefined when it does not. */
  match: (path: string) => string | undefined;
  /** The shape of its error answers (default `other`). */
  surface?: Surface;
  /**
   * What runs before the handler: `api`, the API gate (declared body length,
   * token, rate limit of the caller, fair share between tenants); `address`, the
   * rate limit of the client address; none, nothing. A function chooses per
   * request (GraphiQL's page on /graphql passes no gate; its API calls do).
   */
  gate?: Gate | ((req: IncomingMessage) => Gate | undefined);
  serve: (req: IncomingMessage, res: ServerResponse, request: DoorRequest) => void | Promise<void>;
}

/** Matches one path exactly; the operation is the path. */
export const exact =
  (path: string, operation = path) =>
  (candidate: string) =>
    candidate === path ? operation : undefined;

/** Matches a path and everything under it (`/v1`, `/v1/…`). */
export const under = (path: string, operation: string) => (candidate: string) =>
  candidate === path || candidate.startsWith(`${path}/`) ? operation : undefined;

/** Matches what starts with `prefix`. */
export const startingWith = (prefix: string, operation: string) => (candidate: string) =>
  candidate.startsWith(prefix) ? operation : undefined;

/** Matches a regular expression. */
export const matching = (pattern: RegExp, operation: string) => (candidate: string) => (pattern.test(candidate) ? operation : undefined);

/** The first door that answers `path`, and its operation name. */
export function doorOf(doors: readonly Door[], path: string): { door: Door; operation: string } | undefined {
  for (const door of doors) {
    const operation = door.match(path);
    if (operation !== undefined) return { door, operation };
  }
  return undefined;
}

/** The gate `door` puts before the handler of `req`. */
export const gateOf = (door: Door, req: IncomingMessage): Gate | undefined =>
  typeof door.gate === 'function' ? door.gate(req) : door.gate;
