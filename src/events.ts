// Change events behind GraphQL subscriptions. In one process they travel in
// memory; with REDIS_URL they go through Redis so every replica's subscribers
// hear every replica's changes. Events carry ids only: each subscriber reloads
// the resource under its own permissions.
import { createPubSub } from 'graphql-yoga';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { redisClient } from './net/redis.js';

export type QuireEvents = {
  spaceChanged: [spaceId: string, payload: { spaceId: string }];
  openAPISpecChanged: [specId: string, payload: { specId: string }];
  translationChanged: [translationId: string, payload: { translationId: string }];
  conversationsProcessed: [organizationId: string, payload: { organizationId: string }];
  /** Per thread (a change request's id, else the space's): a comment posted, or one changed (its body, status, reactions, replies). */
  commentAdded: [threadId: string, payload: { spaceId: string; commentId: string }];
  commentChanged: [threadId: string, payload: { spaceId: string; commentId: string }];
};

type Listener = EventListenerOrEventListenerObject;
interface TopicTarget {
  addEventListener(topic: string, listener: Listener | null): void;
  removeEventListener(topic: string, listener: Listener | null): void;
  dispatchEvent(event: Event): boolean;
}

/**
 * Wraps an event target to tell when a topic is heard: `listening(topic, n)` resolves once `n`
 * listeners are registered and their transport is ready (Redis acknowledged the SUBSCRIBE).
 * Clients (and tests) wait on this instead of guessing how long a subscription takes to start.
 */
function observed(target: TopicTarget, ready: (topic: string) => Promise<unknown>) {
  // Per topic, its listeners and whether their transport is ready.
  const topics = new Map<string, Map<Listener | null, boolean>>();
  const waiters = new Set<{ topic: string; count: number; resolve: () => void }>();
  const listeners = (topic: string) => [...(topics.get(topic)?.values() ?? [])].filter(Boolean).length;
  const wake = () => {
    for (const w of waiters) if (listeners(w.topic) >= w.count) waiters.delete(w), w.resolve();
  };
  const events: TopicTarget = {
    addEventListener(topic, listener) {
      target.addEventListener(topic, listener);
      const of = topics.get(topic) ?? new Map<Listener | null, boolean>();
      topics.set(topic, of.set(listener, false));
      void ready(topic).then(
        () => {
          if (of.has(listener)) of.set(listener, true), wake();
        },
        () => {},
      );
    },
    removeEventListener(topic, listener) {
      target.removeEventListener(topic, listener);
      topics.get(topic)?.delete(listener);
      if (topics.get(topic)?.size === 0) topics.delete(topic);
    },
    dispatchEvent: (event) => target.dispatchEvent(event),
  };
  const listening = (topic: string, count = 1) =>
    new Promise<void>((resolve) => {
      waiters.add({ topic, count, resolve });
      wake();
    });
  return { target: events, listening, listeners };
}

export function createEvents(redisUrl?: string) {
  if (!redisUrl) {
    const { target, listening, listeners } = observed(new EventTarget(), async () => {});
    return { pubsub: createPubSub<QuireEvents>({ eventTarget: target }), listening, listeners, close: async () => {} };
  }
  const publishClient = redisClient(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const subscribeClient = redisClient(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
  // Redis answers commands of one connection in order: once our own SUBSCRIBE to the topic is
  // acknowledged, the event target's is too.
  const { target, listening, listeners } = observed(createRedisEventTarget({ publishClient, subscribeClient }), (topic) =>
    subscribeClient.subscribe(topic),
  );
  return {
    pubsub: createPubSub<QuireEvents>({ eventTarget: target }),
    listening,
    listeners,
    close: async () => {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  };
}

export type PubSub = ReturnType<typeof createEvents>['pubsub'];
