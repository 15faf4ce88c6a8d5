// commentAdded / commentChanged over graphql-ws: per space or change request,
// each event authorized for its subscriber as of its delivery (as spaceChanged).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../support/app.js';
import { rest } from '../support/http.js';
import { addMember, createOrg, createSpace } from '../support/factories.js';
import { insertChangeRequest } from '../support/comments.js';
import { watch } from '../support/subscriptions.js';

let app: TestApp;
const clients: Client[] = [];
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.dispose()));
  await app.close();
});

function client(token: string) {
  const c = createClient({
    url: `${app.baseUrl.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: true,
  });
  clients.push(c);
  return c;
}

/** Subscribes; `done` resolves with the first `count` events, or with the error that ended the subscription; `subscribed` once the server listens. */
function firstEvents(c: Client, query: string, variables: Record<string, unknown>, thread?: string, count = 1) {
  const sub = watch(
    c,
    query,
    variables,
    thread ? { app, topic: `${query.includes('commentAdded') ? 'commentAdded' : 'commentChanged'}:${thread}` } : undefined,
  );
  const done = Promise.race([
    new Promise<any[]>((resolve) => {
      const check = () =>
        sub.events.length >= count || sub.events.some((e) => e.errors)
          ? resolve(sub.events)
          : void sub.received(sub.events.length + 1).then(check);
      check();
    }),
    sub.ended.then((how) => (how.complete ? sub.events : [...sub.events, { error: how.errors ?? how }])),
  ]);
  return {
    get subscribed() {
      return sub.subscribed;
    },
    done,
  };
}

const ADDED =
  'subscription($s: ID!, $cr: ID) { commentAdded(spaceId: $s, changeRequestId: $cr) { id body { markdown } permissions { edit } } }';
const CHANGED =
  'subscription($s: ID!, $cr: ID) { commentChanged(spaceId: $s, changeRequestId: $cr) { id status repliesCount reactions { emoji count } } }';

it("commentAdded delivers the space's new comments (not a change request's) under the subscriber's rights", async () => {
  const org = await createOrg(app);
  const space = await createSpace(app, org);
  const reader = await addMember(app, org.organizationId, 'read');
  const cr = await insertChangeRequest(app, space, org.admin.userId);
  const { subscribed, done } = firstEvents(client(reader.token), ADDED, { s: space.id }, space.id);
  await subscribed;
  await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests/${cr.id}/comments`, { body: { markdown: 'on the CR' } });
  const posted = await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'on the space' } });
  const [event] = await done;
  expect(event.data.commentAdded).toEqual({ id: posted.body.id, body: { markdown: 'on the space' }, permissions: { edit: false } });
});

it("commentChanged follows a change request's comment (by number) through resolution, reactions and replies", async () => {
  const org = await createOrg(app);
  const space = await createSpace(app, org);
  const cr = await insertChangeRequest(app, space, org.admin.userId);
  const base = `/v1/spaces/${space.id}/change-requests/${cr.id}/comments`;
  const c = (await rest(app, org.admin.token).post(base, { body: { markdown: 'x' } })).body;
  const { subscribed, done } = firstEvents(client(org.admin.token), CHANGED, { s: space.id, cr: String(cr.number) }, cr.id, 3);
  await subscribed;
  // Another thread's changes are not this one's.
  const own = (await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'y' } })).body;
  await rest(app, org.admin.token).put(`/v1/spaces/${space.id}/comments/${own.id}`, { resolved: true });
  await rest(app, org.admin.token).put(`${base}/${c.id}`, { resolved: true });
  await rest(app, org.admin.token).put(`${base}/${c.id}`, { addedReactions: ['🎉'] });
  await rest(app, org.admin.token).post(`${base}/${c.id}/replies`, { body: { markdown: 'r' } });
  const events = await done;
  expect(events.map((e) => e.data?.commentChanged?.id)).toEqual([c.id, c.id, c.id]);
  expect(events[2].data.commentChanged).toEqual({ id: c.id, status: 'RESOLVED', repliesCount: 1, reactions: [{ emoji: '🎉', count: 1 }] });
});

it('refuses a subscriber of another organization, and ends a subscription when its caller loses access to the space', async () => {
  const org = await createOrg(app);
  const space = await createSpace(app, org);
  const stranger = await createOrg(app);
  const refused = await firstEvents(client(stranger.admin.token), ADDED, { s: space.id }).done;
  expect(JSON.stringify(refused)).toMatch(/not found/i);

  const member = await addMember(app, org.organizationId, 'comment');
  const { subscribed, done } = firstEvents(client(member.token), ADDED, { s: space.id }, space.id);
  await subscribed;
  // The space becomes closed to ordinary members: the next event is NOT_FOUND and ends the subscription.
  expect((await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}`, { defaultLevel: null })).status).toBe(200);
  await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/comments`, { body: { markdown: 'secret' } });
  const [event] = await done;
  expect(event.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  expect(event.data?.commentAdded ?? null).toBeNull();
});
