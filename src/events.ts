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

export function createEvents(redisUrl?: string) {
  if (!redisUrl) return { pubsub: createPubSub<QuireEvents>(), close: async () => {} };
  const publishClient = redisClient(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const subscribeClient = redisClient(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const eventTarget = createRedisEventTarget({ publishClient, subscribeClient });
  return {
    pubsub: createPubSub<QuireEvents>({ eventTarget }),
    close: async () => {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  };
}

export type PubSub = ReturnType<typeof createEvents>['pubsub'];
