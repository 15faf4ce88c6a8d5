// A connection of its own that LISTENs on one PostgreSQL channel. NOTIFY is
// delivered to every listening session of the database when the writer's
// transaction commits, so every replica hears every writer, without Redis.
// While the connection is down nothing is heard: `live` says so, and
// `onReset` runs each time the connection is lost or (re)established, since
// what was said meanwhile is lost. A connection that stops answering counts as
// lost (a heartbeat). It reconnects by itself until closed.
import pg from 'pg';

export interface ChannelListener {
  /** True while LISTEN holds: a notification sent now will be heard. */
  readonly live: boolean;
  close(): Promise<void>;
}

export interface ChannelHandlers {
  /** `sender`: the process id of the session that sent it. */
  onMessage(payload: string, sender: number): void;
  /** The connection was lost, or LISTEN holds again: whatever was missed meanwhile is unknown. */
  onReset(): void;
  onError(err: unknown): void;
}

/** Hands `client`'s notifications on `channel` to `onMessage`; answers the statement that starts them. */
export function forwardNotifications(client: pg.ClientBase, channel: string, onMessage: ChannelHandlers['onMessage']) {
  client.on('notification', (n) => n.channel === channel && onMessage(n.payload ?? '', n.processId));
  return `LISTEN ${pg.escapeIdentifier(channel)}`;
}

const RETRY_MS = 1_000;
/** Its session's name in pg_stat_activity. */
export const LISTENER_NAME = 'quire-listener';
// A connection that stopped answering without failing (a peer gone, a half-open socket) is found by asking
// it something every HEARTBEAT_MS; no answer within that time counts as lost.
const HEARTBEAT_MS = 2_000;

export function listenTo(url: string, channel: string, handlers: ChannelHandlers): ChannelListener {
  let live = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const lost = (err?: unknown) => {
    if (err && !closed) handlers.onError(err);
    if (live) (live = false), handlers.onReset();
    clearTimeout(heartbeat);
    client?.removeAllListeners('notification');
    client?.end().catch(() => {});
    client = undefined;
    if (!closed && !retry) retry = setTimeout(connect, RETRY_MS).unref();
  };

  async function connect() {
    retry = undefined;
    const c = new pg.Client({
      connectionString: url,
      application_name: LISTENER_NAME,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: HEARTBEAT_MS,
      query_timeout: HEARTBEAT_MS,
    });
    client = c;
    c.on('error', (err) => client === c && lost(err));
    c.on('end', () => client === c && lost());
    const listen = forwardNotifications(c, channel, handlers.onMessage);
    try {
      await c.connect();
      await c.query(listen);
      // Closed, or lost while LISTEN's answer was on its way: not listening.
      if (closed || client !== c) return void c.end().catch(() => {});
      live = true;
      handlers.onReset();
      // The next question once the last is answered: a connection runs one statement at a time.
      const ask = () =>
        c.query('SELECT 1').then(
          () => client === c && (heartbeat = setTimeout(ask, HEARTBEAT_MS).unref()),
          (err) => client === c && lost(err),
        );
      heartbeat = setTimeout(ask, HEARTBEAT_MS).unref();
    } catch (err) {
      if (client === c) lost(err);
      c.end().catch(() => {});
    }
  }
  void connect();

  return {
    get live() {
      return live;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearTimeout(heartbeat);
      live = false;
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
