// A resource's `permissions` object, filled by the same policy rules that
// authorize its operations (src/policy).
import { builder } from './builder.js';
import type { Policy } from '../policy/policy.js';
import { requireActor, type Context } from '../context.js';

export function permissionsType<R, A extends string>(name: string, policy: Policy<R, A>, exposed: readonly (A | 'view')[]) {
  const type = builder.objectRef<Record<string, boolean>>(name).implement({
    description: `What the caller may do on this ${policy.noun.toLowerCase()}.`,
    fields: (t) =>
      Object.fromEntries(
        exposed.map((key) => [
          key,
          // Read as it is (no resolver): a policy's rules name every one of its rights.
          t.exposeBoolean(key, {
            description: `Whether the caller may \`${key}\` on this ${policy.noun.toLowerCase()}.`,
          }),
        ]),
      ),
  });
  return {
    type,
    resolve: (resource: R, _args: unknown, ctx: Context) => policy.rules(requireActor(ctx), resource) as Record<string, boolean>,
  };
}
