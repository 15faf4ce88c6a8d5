// GraphQL subscriptions as a graphql-ws client holds them: open clients per
// token (closed together after the file), and watch one subscription's events.
// A test waits for the server's acknowledgement that a subscription listens
// (Quire's `listening`, which over Redis includes the SUBSCRIBE round trip),
// never for a guessed delay.
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { TestApp } from './app.js';

/** Clients opened by a test file; `closeAll` in its afterAll. */
export function wsClients() {
  const clients: Client[] = [];
  return {
    open(app: TestApp, token: string) {
      const c = createClient({
        url: `${app.baseUrl.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${token}` },
        retryAttempts: 0,
        lazy: true,
      });
      clients.push(c);
      return c;
    },
    closeAll: () => Promise.all(clients.map((c) => c.dispose())),
  };
}

/** Where a subscription listens: the app serving it and its topic (`spaceChanged:<id>`, `commentAdded:<thread>` …). */
export interface Heard {
  app: TestApp;
  topic: string;
}

// Watches waiting for their acknowledgement, per app and topic: two watches of one topic wait for two listeners.
const waiting = new WeakMap<TestApp, Map<string, number>>();

/** Resolves once `topic` has one more listener than the watches of it already waiting. */
function acknowledged({ app, topic }: Heard, ended: Promise<unknown>): Promise<void> {
  const byTopic = waiting.get(app) ?? new Map<string, number>();
  waiting.set(app, byTopic);
  const ahead = byTopic.get(topic) ?? 0;
  byTopic.set(topic, ahead + 1);
  let released = false;
  const release = () => {
    if (!released) byTopic.set(topic, (byTopic.get(topic) ?? 1) - 1);
    released = true;
  };
  void ended.then(release);
  return app.quire.listening(topic, app.quire.listeners(topic) + ahead + 1).then(release);
}

/**
 * Subscribes: `events` fills as they come, `received(n)` resolves once n arrived, `ended` with
 * how it ended ({complete}, {code, reason} of a closed socket, or {errors}). `subscribed` (only
 * with `heard`) resolves once the server listens to the subscription's topic.
 */
export function watch(c: Client, query: string, variables: Record<string, unknown>, heard?: Heard) {
  const events: any[] = [];
  const waiters: (() => void)[] = [];
  const ended = new Promise<{ code?: number; reason?: string; complete?: true; errors?: unknown }>((resolve) =>
    c.subscribe(
      { query, variables },
      {
        next: (value) => {
          events.push(value);
          waiters.splice(0).forEach((w) => w());
        },
        error: (err: any) => resolve(err && typeof err.code === 'number' ? { code: err.code, reason: err.reason } : { errors: err }),
        complete: () => resolve({ complete: true }),
      },
    ),
  );
  const ack = heard ? acknowledged(heard, ended) : undefined;
  return {
    events,
    ended,
    get subscribed(): Promise<void> {
      if (!ack) throw new Error('watch(): pass { app, topic } to wait for the subscription to listen');
      return ack;
    },
    /** Resolves once `count` events arrived. */
    received: (count: number) =>
      new Promise<any[]>((resolve) => {
        const check = () => (events.length >= count ? resolve(events) : waiters.push(check));
        check();
      }),
  };
}

/** Polls `condition` until it holds (an observed state, not a guessed delay); fails after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 30_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`until(): ${what} did not hold within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
