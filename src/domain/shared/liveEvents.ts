// Subscriptions authorize every event as of its delivery, not only when they
// start: the caller's token must still be valid, the member still a member,
// and fields follow the caller's role as it is now. Events carry ids only; the
// reloads of one event are batched across all its subscribers (one statement
// for their tokens and memberships, one for the rows), so an event costs the
// same few statements whatever the number of subscribers.
import DataLoader from 'dataloader';
import type { PrismaClient } from '../../generated/prisma/client.js';
import { requireActor, type Context } from '../../context.js';
import { isMember, withRequestGrants, type Actor } from '../../policy/actor.js';
import { notFound, type AppError } from '../../errors.js';
import { loadLiveActors } from '../tokens/liveActors.js';

/** graphql-ws close codes (the protocol's own): the token no longer authenticates; the caller lost access. */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_FORBIDDEN = 4403;

export type LiveEvent<Row> = { row: Row } | { error: AppError };

export interface LiveResource<Event, Row> {
  /** Name used in "… not found" errors. */
  noun: string;
  idOf(event: Event): string;
  /** The rows named by one event's subscribers, in the order of `ids` (null: gone). */
  loadRows(prisma: PrismaClient, ids: readonly string[]): Promise<(Row | null)[]>;
  /** Whether the caller, as they are now, may see the row. */
  visible(actor: Actor, row: Row, ctx: Context): boolean;
}

// All subscribers of one event receive the same event object (in memory and
// through Redis alike): a batch runs once they all asked, on the next turn.
const nextTurn = (run: () => void) => void setImmediate(run);

/** Wraps a topic's events so that each is authorized for its subscriber as of delivery. */
export function liveSubscription<Event extends object, Row>(resource: LiveResource<Event, Row>) {
  const batches = new WeakMap<Event, { actors: DataLoader<string, Actor | null>; rows: DataLoader<string, Row | null> }>();
  const batchOf = (ctx: Context, event: Event) => {
    let batch = batches.get(event);
    if (!batch) {
      batch = {
        actors: new DataLoader((ids) => loadLiveActors(ctx.prisma, ids), { batchScheduleFn: nextTurn }),
        rows: new DataLoader((ids) => resource.loadRows(ctx.prisma, ids), { batchScheduleFn: nextTurn }),
      };
      batches.set(event, batch);
    }
    return batch;
  };

  /** One event for one subscriber: 'end' when the connection was closed on them. */
  const check = async (
    ctx: Context,
    subscriber: Actor,
    wasMember: boolean,
    organizationId: string,
    event: Event,
  ): Promise<LiveEvent<Row> | 'end'> => {
    const batch = batchOf(ctx, event);
    const [actor, row] = await Promise.all([batch.actors.load(subscriber.tokenId), batch.rows.load(resource.idOf(event))]);
    if (!actor) {
      ctx.live?.close(CLOSE_UNAUTHORIZED, 'The API token was revoked');
      return 'end';
    }
    if (wasMember && !isMember(actor, organizationId)) {
      ctx.live?.close(CLOSE_FORBIDDEN, 'No longer a member of the organization');
      return 'end';
    }
    // The grants of the request that subscribed (its share keys, the spaces its sites showed) stay.
    ctx.actor = withRequestGrants(actor, subscriber);
    ctx.loaderCache = new Map(); // nothing resolved for an earlier event is reused
    return row != null && resource.visible(ctx.actor, row, ctx) ? { row } : { error: notFound(resource.noun) };
  };

  /**
   * The events of `source` for the caller of `ctx`, who subscribed to a row of
   * `organizationId`. A revoked token closes the connection (4401), a removed
   * member too (4403; over SSE the stream ends); a row the caller may no longer
   * see ends the subscription with NOT_FOUND. `ctx.actor` is the caller as of
   * the event when its fields resolve.
   */
  // A hand-written iterator, not an async generator: a generator waiting for the
  // next event could not be stopped before that event comes, and the listener of
  // a client gone would linger (and reload rows) until then. `return` stops the
  // source at once.
  return function authorize(ctx: Context, source: AsyncIterable<Event>, organizationId: string): AsyncIterableIterator<LiveEvent<Row>> {
    const subscriber = requireActor(ctx);
    const wasMember = isMember(subscriber, organizationId);
    const events = source[Symbol.asyncIterator]();
    let ended = false;
    const end = async (): Promise<IteratorResult<LiveEvent<Row>>> => {
      if (!ended) {
        ended = true;
        await events.return?.();
      }
      return { done: true, value: undefined };
    };
    return {
      [Symbol.asyncIterator]() {
        return this;
      },
      async next() {
        if (ended) return { done: true, value: undefined };
        const step = await events.next();
        if (step.done || ended) return end();
        const verdict = await check(ctx, subscriber, wasMember, organizationId, step.value);
        if (verdict === 'end') return end();
        if ('error' in verdict) await end(); // the error is the subscription's last answer
        return { done: false, value: verdict };
      },
      return: end,
    };
  };
}

/** A subscription field's `resolve`: the authorized row, or the error that ends the subscription. */
export function liveRow<Row>(event: LiveEvent<Row>): Row {
  if ('error' in event) throw event.error;
  return event.row;
}
