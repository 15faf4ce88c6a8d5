// Payload fields shared by mutations of the same kind (docs/graphql.md).
import type { ObjectFieldBuilder } from './builder.js';

/** What an idempotent deletion did: whether this call deleted, and then which id. */
export interface Deletion {
  done: boolean;
  id: string | null;
}

export const deletion = (done: boolean, id: string): Deletion => ({ done, id: done ? id : null });

/**
 * `deleted<Type>Id` (null when nothing was deleted) and `deleted`, or with
 * verb "removed", `removed<Type>Id` and `removed`.
 */
export function deletionFields(t: ObjectFieldBuilder<Deletion>, verb: 'deleted' | 'removed', type: string) {
  const noun = type.toLowerCase();
  return {
    [`${verb}${type}Id`]: t.id({
      nullable: true,
      description: `Id of the ${noun} this call ${verb}; null when it ${verb} none.`,
      resolve: (d) => d.id,
    }),
    [verb]: t.boolean({
      description: `True when this call ${verb} the ${noun}; false when there was none to ${verb.replace(/d$/, '')}.`,
      resolve: (d) => d.done,
    }),
  };
}
