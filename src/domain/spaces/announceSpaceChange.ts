import type { Context } from '../../context.js';

/**
 * Tells `spaceChanged` subscribers that a space changed; call it once the change
 * is committed. Returns `result` so a service can end with `return announce(…)`.
 */
export function announceSpaceChange<T>(ctx: Context, spaceId: string, result: T): T {
  ctx.pubsub.publish('spaceChanged', spaceId, { spaceId });
  return result;
}
