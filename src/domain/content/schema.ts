// Input shapes shared by the space and collection mutations.
import { builder, type InputFieldBuilder, type ObjectFieldBuilder } from '../../schema/builder.js';
import { restEnum } from '../../schema/enums.js';
import { badRequest } from '../../errors.js';
import type { ContentPointer, ContentPosition } from './position.js';
import { findCollection } from '../collections/service.js';
import { findOrganization } from '../organizations/service.js';

const ContentPointerType = restEnum('ContentPointerType', ['space', 'collection'] as const, 'The kind of item a pointer names.', {
  space: 'A space.',
  collection: 'A collection.',
});

export const ContentPointerInput = builder.inputType('ContentPointerInput', {
  description: 'A sibling item: a space or a collection.',
  fields: (t) => ({
    type: t.field({ type: ContentPointerType, required: true, description: 'Which of `space` and `collection` names the item.' }),
    space: t.id({ description: 'Id of the space, when `type` is SPACE.' }),
    collection: t.id({ description: 'Id of the collection, when `type` is COLLECTION.' }),
  }),
});

export const ContentPositionInput = builder.inputType('ContentPositionInput', {
  description: 'Where to place an item among its siblings; at the end when omitted.',
  fields: (t) => ({
    before: t.field({ type: ContentPointerInput, description: 'Place the item just before this sibling.' }),
    after: t.field({ type: ContentPointerInput, description: 'Place the item just after this sibling.' }),
  }),
});

/** The fields of every move input (besides the id of what moves). */
export const moveInputFields = (t: InputFieldBuilder) => ({
  parent: t.id({ description: 'Parent collection; null for the root of the organization.' }),
  position: t.field({ type: ContentPositionInput, description: 'Place among the new siblings; at the end when omitted.' }),
});

/** The fields of every transfer input (besides the id of what moves). */
export const transferInputFields = (t: InputFieldBuilder) => ({
  organization: t.id({ required: true, description: 'Target organization.' }),
  collection: t.id({ description: 'Target collection in that organization; its root when omitted.' }),
});

type PointerInput = { type: 'space' | 'collection'; space?: string | null; collection?: string | null } | null | undefined;

function pointer(input: PointerInput, field: string): ContentPointer | null {
  if (!input) return null;
  const id = input.type === 'space' ? input.space : input.collection;
  if (!id) throw badRequest(`a pointer of type "${input.type}" needs its "${input.type}" id`, field);
  return input.type === 'space' ? { type: 'space', space: id } : { type: 'collection', collection: id };
}

export function positionFromInput(input: { before?: PointerInput; after?: PointerInput } | null | undefined): ContentPosition | null {
  if (!input) return null;
  return { before: pointer(input.before, 'position.before'), after: pointer(input.after, 'position.after') };
}

// Payloads of moves and transfers answer the moved item with its new place.
/** The new parent of moved content: a collection, or null at the root of its organization. */
export const newParentField = <P extends { parentId: string | null }>(t: ObjectFieldBuilder<P>) =>
  t.prismaField({
    type: 'Collection',
    nullable: true,
    description: 'The new parent collection; null at the root of the organization.',
    resolve: (query, payload, _args, ctx) => (payload.parentId ? findCollection(ctx, payload.parentId, query) : null),
  });

/** The organization that now owns transferred content. */
export const newOrganizationField = <P extends { organizationId: string }>(t: ObjectFieldBuilder<P>) =>
  t.prismaField({
    type: 'Organization',
    description: 'The organization that now owns it.',
    resolve: (query, payload, _args, ctx) => findOrganization(ctx, payload.organizationId, query),
  });

/** A move's or transfer's payload: the item under its kind's name, and where it now is. */
export function moved<K extends string, T extends { parentId: string | null; organizationId: string }>(kind: K, item: T) {
  return { [kind]: item, parentId: item.parentId, organizationId: item.organizationId } as Record<K, T> & {
    parentId: string | null;
    organizationId: string;
  };
}
