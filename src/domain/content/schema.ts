// Input shapes shared by the space and collection mutations.
import { builder } from '../../schema/builder.js';
import { restEnum } from '../shared/enums.js';
import { badRequest } from '../../errors.js';
import type { ContentPointer, ContentPosition } from './position.js';

const ContentPointerType = restEnum('ContentPointerType', ['space', 'collection'] as const);

export const ContentPointerInput = builder.inputType('ContentPointerInput', {
  fields: (t) => ({
    type: t.field({ type: ContentPointerType, required: true }),
    space: t.id(),
    collection: t.id(),
  }),
});

export const ContentPositionInput = builder.inputType('ContentPositionInput', {
  description: 'Where to place an item among its siblings; at the end when omitted.',
  fields: (t) => ({ before: t.field({ type: ContentPointerInput }), after: t.field({ type: ContentPointerInput }) }),
});

export const MoveContentInput = builder.inputType('MoveContentInput', {
  fields: (t) => ({
    parent: t.id({ description: 'Parent collection; null for the root of the organization.' }),
    position: t.field({ type: ContentPositionInput }),
  }),
});

export const TransferContentInput = builder.inputType('TransferContentInput', {
  fields: (t) => ({
    organization: t.id({ required: true, description: 'Target organization.' }),
    collection: t.id({ description: 'Target collection in that organization; its root when omitted.' }),
  }),
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
