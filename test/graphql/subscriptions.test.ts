// graphql-ws subscriptions on /graphql, in one process and across replicas
// through Redis (when REDIS_URL is set).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../support/app.js';
import { rest } from '../support/http.js';
import { addMember, createOrg, createSpace } from '../support/factories.js';
import { watch, type Heard } from '../support/subscriptions.js';

const apps: TestApp[] = [];
const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.dispose()));
  await Promise.all(apps.map((a) => a.close()));
});

async function app(options: { redisUrl?: string } = {}) {
  const started = await startTestApp(options);
  apps.push(started);
  return started;
}

function client(target: TestApp, token: string) {
  const c = createClient({
    url: `${target.baseUrl.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: true,
  });
  clients.push(c);
  return c;
}

/** Subscribes: `done` resolves with the first `count` events (rejects with the error); `subscribed` once the server listens. */
function firstEvents(c: Client, query: string, variables: Record<string, unknown>, heard?: Heard, count = 1) {
  const sub = watch(c, query, variables, heard);
  const done = Promise.race([
    sub.received(count).then((events) => events.slice(0, count)),
    sub.ended.then((how) => (how.complete ? sub.events : Promise.reject(how.errors ?? how))),
  ]);
  return {
    get subscribed() {
      return sub.subscribed;
    },
    done,
  };
}

const SPACE_CHANGED = 'subscription($id: ID!) { spaceChanged(id: $id) { id title } }';

describe('subscriptions', () => {
  let local: TestApp;
  beforeAll(async () => {
    local = await app();
  });

  it('deliver a space change to a subscriber who may see the space', async () => {
    const org = await createOrg(local);
    const space = await createSpace(local, org);
    const { subscribed, done } = firstEvents(
      client(local, org.admin.token),
      SPACE_CHANGED,
      { id: space.id },
      { app: local, topic: `spaceChanged:${space.id}` },
    );
    await subscribed;
    expect((await rest(local, org.admin.token).patch(`/v1/spaces/${space.id}`, { title: 'Renamed' })).status).toBe(200);
    const [event] = await done;
    expect(event.data.spaceChanged).toEqual({ id: space.id, title: 'Renamed' });
  });

  it('refuse a subscriber from another organization (not found) and a connection without a token', async () => {
    const org = await createOrg(local);
    const other = await createOrg(local);
    const space = await createSpace(local, org);
    const { done } = firstEvents(client(local, other.admin.token), SPACE_CHANGED, { id: space.id });
    const [event] = await done.catch((err) => [err]);
    expect(JSON.stringify(event)).toMatch(/not found/i);

    const anonymous = createClient({
      url: `${local.baseUrl.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      lazy: true,
    });
    clients.push(anonymous);
    const refused = await new Promise<{ code?: number }>((resolve) =>
      anonymous.subscribe(
        { query: SPACE_CHANGED, variables: { id: space.id } },
        { next: () => resolve({}), error: (e) => resolve(e as never), complete: () => resolve({}) },
      ),
    );
    expect(refused.code).toBe(4403); // graphql-ws: Forbidden, the connection is refused
  });

  it("reload the space under each subscriber's own rights", async () => {
    const org = await createOrg(local);
    const reader = await addMember(local, org.organizationId, 'read');
    const space = await createSpace(local, org);
    const { subscribed, done } = firstEvents(
      client(local, reader.token),
      'subscription($id: ID!) { spaceChanged(id: $id) { id permissions { edit admin } } }',
      { id: space.id },
      { app: local, topic: `spaceChanged:${space.id}` },
    );
    await subscribed;
    await rest(local, org.admin.token).patch(`/v1/spaces/${space.id}`, { emoji: '📘' });
    const [event] = await done;
    expect(event.data.spaceChanged.permissions).toEqual({ edit: false, admin: false });
  });

  it.skipIf(!process.env.REDIS_URL)('fan out through Redis: a change on one replica reaches a subscriber of another', async () => {
    const replicaA = await app({ redisUrl: process.env.REDIS_URL });
    const replicaB = await app({ redisUrl: process.env.REDIS_URL });
    const org = await createOrg(replicaA);
    const space = await createSpace(replicaA, org);
    const { subscribed, done } = firstEvents(
      client(replicaA, org.admin.token),
      SPACE_CHANGED,
      { id: space.id },
      { app: replicaA, topic: `spaceChanged:${space.id}` },
    );
    await subscribed; // over Redis too: the SUBSCRIBE is acknowledged
    expect((await rest(replicaB, org.admin.token).patch(`/v1/spaces/${space.id}`, { title: 'From B' })).status).toBe(200);
    const [event] = await done;
    expect(event.data.spaceChanged.title).toBe('From B');
  });
});
