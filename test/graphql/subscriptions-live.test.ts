// Live subscriptions follow the rules at every event: a revoked token or a
// removed member closes the connection (4401 / 4403; over SSE the stream ends),
// fields follow the caller's current role, one event's reloads are batched
// across subscribers, and connections and subscriptions are bounded.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../support/app.js';
import { graphql, request, rest } from '../support/http.js';
import { addMember, createOrg, createSpace } from '../support/factories.js';
import { tokenWithScopes } from '../support/tokens.js';
import { until, watch } from '../support/subscriptions.js';

const apps: TestApp[] = [];
const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.dispose()));
  await Promise.all(apps.map((a) => a.close()));
});

async function app(options: Parameters<typeof startTestApp>[0] = {}) {
  const started = await startTestApp(options);
  apps.push(started);
  return started;
}

/** `forwardedFor`: the client address a trusted proxy reports (X-Forwarded-For), so a test has an address of its own. */
function client(target: TestApp, token: string, forwardedFor?: string) {
  class ForwardedWebSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, forwardedFor ? { headers: { 'X-Forwarded-For': forwardedFor } } : {});
    }
  }
  const c = createClient({
    url: `${target.baseUrl.replace('http', 'ws')}/graphql`,
    webSocketImpl: ForwardedWebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: true,
  });
  clients.push(c);
  return c;
}

const SPACE = 'subscription($id: ID!) { spaceChanged(id: $id) { id title shareKey permissions { admin edit } } }';
const spaceTopic = (app: TestApp, space: { id: string }) => ({ app, topic: `spaceChanged:${space.id}` });

describe('live authorization', () => {
  let local: TestApp;
  beforeAll(async () => {
    local = await app();
  });

  it('closes the connection with 4401 once the token is revoked, and delivers nothing after', async () => {
    const org = await createOrg(local);
    const space = await createSpace(local, org);
    const second = await tokenWithScopes(local, org.admin.userId, []);
    const sub = watch(client(local, second.token), SPACE, { id: space.id }, spaceTopic(local, space));
    await sub.subscribed;
    await rest(local, org.admin.token).patch(`/v1/spaces/${space.id}`, { title: 'Before' });
    await sub.received(1);
    const revoked = await graphql(local, org.admin.token, 'mutation($id: ID!) { revokeApiToken(input: { tokenId: $id }) { revoked } }', {
      id: second.id,
    });
    expect(revoked.data?.revokeApiToken).toEqual({ revoked: true });
    await rest(local, org.admin.token).patch(`/v1/spaces/${space.id}`, { title: 'After revocation' });
    expect(await sub.ended).toMatchObject({ code: 4401 });
    expect(sub.events.map((e) => e.data?.spaceChanged?.title)).toEqual(['Before']);
  });

  it('closes the connection with 4403 once the member is removed', async () => {
    const org = await createOrg(local);
    const space = await createSpace(local, org);
    const editor = await addMember(local, org.organizationId, 'edit');
    const sub = watch(client(local, editor.token), SPACE, { id: space.id }, spaceTopic(local, space));
    await sub.subscribed;
    expect((await rest(local, org.admin.token).delete(`/v1/orgs/${org.organizationId}/members/${editor.userId}`)).status).toBeLessThan(300);
    await rest(local, org.admin.token).patch(`/v1/spaces/${space.id}`, { title: 'Secret plans' });
    expect(await sub.ended).toMatchObject({ code: 4403 });
    expect(JSON.stringify(sub.events)).not.toContain('Secret plans');
  });

  it('answers each event under the role as it is now: a demoted admin loses permissions.admin and shareKey', async () => {
    const org = await createOrg(local);
    const space = await createSpace(local, org);
    const admin = await addMember(local, org.organizationId, 'admin');
    const sub = watch(client(local, admin.token), SPACE, { id: space.id }, spaceTopic(local, space));
    await sub.subscribed;
    await rest(local, org.admin.token).patch(`/v1/spaces/${space.id}`, { title: 'One' });
    const [first] = await sub.received(1);
    expect(first.data.spaceChanged.permissions.admin).toBe(true);
    expect(first.data.spaceChanged.shareKey).toEqual(expect.any(String));
    expect(
      (await rest(local, org.admin.token).patch(`/v1/orgs/${org.organizationId}/members/${admin.userId}`, { role: 'read' })).status,
    ).toBe(200);
    await rest(local, org.admin.token).patch(`/v1/spaces/${space.id}`, { title: 'Two' });
    const [, second] = await sub.received(2);
    expect(second.data.spaceChanged).toMatchObject({ title: 'Two', shareKey: null, permissions: { admin: false, edit: false } });
  });

  it('ends a GraphQL-over-SSE subscription once its token is revoked', async () => {
    const org = await createOrg(local);
    const space = await createSpace(local, org);
    const second = await tokenWithScopes(local, org.admin.userId, []);
    const controller = new AbortController();
    const res = await fetch(`${local.baseUrl}/graphql`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${second.token}`, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify({ query: SPACE, variables: { id: space.id } }),
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let text = '';
    const streamEnded = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return true;
        text += new TextDecoder().decode(value);
      }
    })();
    await local.quire.listening(`spaceChanged:${space.id}`);
    await rest(local, org.admin.token).patch(`/v1/spaces/${space.id}`, { title: 'Seen over SSE' });
    await until(() => text.includes('Seen over SSE'), 30_000, 'the event over SSE');
    await graphql(local, org.admin.token, 'mutation($id: ID!) { revokeApiToken(input: { tokenId: $id }) { revoked } }', { id: second.id });
    await rest(local, org.admin.token).patch(`/v1/spaces/${space.id}`, { title: 'Not for a revoked token' });
    const ended = await Promise.race([streamEnded, new Promise<false>((r) => setTimeout(r, 30_000, false))]);
    controller.abort();
    expect(ended).toBe(true);
    expect(text).not.toContain('Not for a revoked token');
  });

  it('costs the same statements per event whatever the number of subscribers', async () => {
    const org = await createOrg(local);
    const space = await createSpace(local, org);
    const readers = await Promise.all(Array.from({ length: 6 }, () => addMember(local, org.organizationId, 'read')));
    const statementsFor = async (subscribers: typeof readers, title: string) => {
      const subs = subscribers.map((r) => watch(client(local, r.token), SPACE, { id: space.id }, spaceTopic(local, space)));
      await Promise.all(subs.map((s) => s.subscribed));
      // A first event proves every subscription is live; the second one is counted.
      await rest(local, org.admin.token).patch(`/v1/spaces/${space.id}`, { title: `${title} (warm-up)` });
      await Promise.all(subs.map((s) => s.received(1)));
      const { statements } = await local.recordStatements(async () => {
        await rest(local, org.admin.token).patch(`/v1/spaces/${space.id}`, { title });
        await Promise.all(subs.map((s) => s.received(2)));
      });
      return statements.length;
    };
    const withOne = await statementsFor(readers.slice(0, 1), 'For one');
    const withFive = await statementsFor(readers.slice(1, 6), 'For five');
    expect(withFive).toBe(withOne);
  });

  it('lets go of a subscription as soon as its client leaves: the next event reloads nothing for it', async () => {
    const org = await createOrg(local);
    const space = await createSpace(local, org);
    // The change and whatever its event sets off (a lingering subscription would reload the space meanwhile).
    const statementsOfChange = async (title: string) =>
      (
        await local.recordStatements(async () => {
          await rest(local, org.admin.token).patch(`/v1/spaces/${space.id}`, { title });
          // Nothing to acknowledge when nothing should happen: a lingering subscription would reload within this.
          await new Promise((r) => setTimeout(r, 300));
        })
      ).statements.length;
    const unwatched = await statementsOfChange('Nobody watches');
    const c = client(local, org.admin.token);
    const sub = watch(c, SPACE, { id: space.id }, spaceTopic(local, space));
    await sub.subscribed;
    await rest(local, org.admin.token).patch(`/v1/spaces/${space.id}`, { title: 'Watched' });
    await sub.received(1);
    await c.dispose();
    await until(() => local.quire.listeners(`spaceChanged:${space.id}`) === 0, 30_000, 'the subscription let go');
    expect(await statementsOfChange('Left')).toBe(unwatched);
  });
});

describe('bounds', () => {
  it('bounds subscriptions per connection and connections per token', async () => {
    const bounded = await app({ tenants: { subscriptionsPerConnection: 2, connectionsPerToken: 1 } });
    const org = await createOrg(bounded);
    const space = await createSpace(bounded, org);
    const c = client(bounded, org.admin.token);
    const a = watch(c, SPACE, { id: space.id }, spaceTopic(bounded, space));
    const b = watch(c, SPACE, { id: space.id }, spaceTopic(bounded, space));
    await Promise.all([a.subscribed, b.subscribed]);
    const third = watch(c, SPACE, { id: space.id });
    expect(JSON.stringify(await third.ended)).toContain('TOO_MANY_SUBSCRIPTIONS');

    const another = watch(client(bounded, org.admin.token), SPACE, { id: space.id });
    expect(await another.ended).toMatchObject({ code: 4429, reason: expect.stringMatching(/connections/) });
    // The first connection still works.
    await rest(bounded, org.admin.token).patch(`/v1/spaces/${space.id}`, { title: 'Still live' });
    expect((await a.received(1))[0].data.spaceChanged.title).toBe('Still live');
  });

  it('counts GraphQL-over-SSE streams as live connections of their token, with graphql-ws sockets', async () => {
    const bounded = await app({ tenants: { connectionsPerToken: 1 } });
    const org = await createOrg(bounded);
    const space = await createSpace(bounded, org);
    const sse = () =>
      fetch(`${bounded.baseUrl}/graphql`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${org.admin.token}`, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
        body: JSON.stringify({ query: SPACE, variables: { id: space.id } }),
      });
    const first = await sse();
    expect(first.status).toBe(200);
    const second = await sse();
    expect(second.status).toBe(429);
    expect(await second.text()).toMatch(/live connections/);
    expect(await watch(client(bounded, org.admin.token), SPACE, { id: space.id }).ended).toMatchObject({ code: 4429 });
    await first.body!.cancel();
    // Once the stream is gone, its place is free again.
    let status = 0;
    for (let i = 0; i < 1000 && status !== 200; i++) {
      const again = await sse();
      status = again.status;
      await again.body?.cancel();
      if (status !== 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(200);
  });

  it('counts failed graphql-ws authentications against the address rate limit, like HTTP', async () => {
    const limited = await app({ rateLimit: { windowSeconds: 3600, perToken: 1000, perAddress: 3 }, trustProxyHops: 1 });
    const address = `198.51.100.7, 10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`; // the proxy saw the last
    const outcomes: unknown[] = [];
    for (let i = 0; i < 4; i++) outcomes.push((await watch(client(limited, 'qt_wrong', address), SPACE, { id: 'spc_x' }).ended).code);
    expect(outcomes).toEqual([4403, 4403, 4403, 4429]);
    expect((await request(limited, 'GET', '/v1/orgs', { token: 'qt_wrong', headers: { 'X-Forwarded-For': address } })).status).toBe(429);
  });
});
