// GraphQL subscriptions as a graphql-ws client holds them: open clients per
// token (closed together after the file), and watch one subscription's events.
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { TestApp } from './app.js';

/** Clients opened by a test file; `closeAll` in its afterAll. */
export function wsClients() {
  const clients: Client[] = [];
  return {
    open(app: TestApp, token: string) {
      const c = createClient({ url: `${app.baseUrl.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}` }, retryAttempts: 0, lazy: true });
      clients.push(c);
      return c;
    },
    closeAll: () => Promise.all(clients.map((c) => c.dispose())),
  };
}

/**
 * Subscribes: `events` fills as they come, `subscribed` resolves shortly after the
 * connection is up (the server has the subscription), `ended` with the error or the
 * completion that ended it.
 */
export function watch(c: Client, query: string, variables: Record<string, unknown>) {
  const events: any[] = [];
  let ready!: () => void;
  const subscribed = new Promise<void>((resolve) => (ready = resolve));
  c.on('connected', () => setTimeout(ready, 150));
  const ended = new Promise<any>((resolve) =>
    c.subscribe({ query, variables }, { next: (v) => events.push(v), error: (e) => resolve({ error: e }), complete: () => resolve({ complete: true }) }),
  );
  return { events, subscribed, ended };
}
