// Where content may be put: creating, duplicating, moving or transferring a
// space or a collection all place it under a parent collection (or at the
// root of an organization), and they all ask the same questions here.
import type { Tx } from '../../db/tx.js';
import type { Actor } from '../../policy/actor.js';
import { authorize, can, collectionPolicy, organizationPolicy } from '../../policy/index.js';
import { forbidden, notFound } from '../../errors.js';

type Db = Pick<Tx, 'collection' | 'organization'>;

/**
 * Checks that the actor may create content under `parentId` in the organization
 * (the parent's `create` right, or the organization's `createContent` at its root)
 * and returns the parent's resolved member level (undefined at the root).
 *
 * `named`: the caller named this destination, so a hidden one answers 404 like
 * any unknown id; otherwise (a duplicate lands next to its source) the caller
 * never asked about it and gets 403.
 */
export async function levelForNewContentIn(
  db: Db,
  actor: Actor,
  organizationId: string,
  parentId: string | null,
  { named = true }: { named?: boolean } = {},
): Promise<string | undefined> {
  if (parentId) {
    const parent = await db.collection.findUnique({ where: { id: parentId, organizationId } });
    if (!parent) throw notFound('Collection');
    if (named) authorize(collectionPolicy, actor, parent, 'create');
    else if (!can(collectionPolicy, actor, parent, 'create')) throw forbidden('You are not allowed to create content in this collection');
    return parent.memberLevel;
  }
  const org = await db.organization.findUnique({ where: { id: organizationId } });
  if (named) authorize(organizationPolicy, actor, org, 'createContent');
  else if (!org || !can(organizationPolicy, actor, org, 'createContent'))
    throw forbidden('You are not allowed to create content in this organization');
  return undefined;
}

/**
 * A space's visibility after it lands under `parentId`: "in-collection" (inherit
 * the collection's access) is the default inside a collection and means nothing
 * outside one, where "private" is the default; explicit choices are kept.
 */
export function visibilityUnder(visibility: string, parentId: string | null) {
  if (!parentId && visibility === 'in-collection') return 'private';
  if (parentId && visibility === 'private') return 'in-collection';
  return visibility;
}
