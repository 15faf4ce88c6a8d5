// Change requests: seen with their space; written by its editors; reviewed and
// merged by its reviewers. A merged or archived change request takes no edit.
import { definePolicy } from './policy.js';
import { spacePolicy, type SpaceSubject } from './space.js';
import { levelOn } from './content.js';
import { atLeast } from './roles.js';

export interface ChangeRequestSubject {
  space: SpaceSubject;
  status: string;
  createdById: string;
}

const ACTIVE = new Set(['draft', 'open']);

export const changeRequestPolicy = definePolicy(
  'ChangeRequest',
  (actor, cr: ChangeRequestSubject) => {
    const space = spacePolicy.roleRules(actor, cr.space);
    const active = ACTIVE.has(cr.status);
    // Subject, description and status: its editors, even in a locked space (no content changes).
    const mayEditRequest = !cr.space.deletedAt && atLeast(levelOn(actor, cr.space), 'edit');
    return {
      view: space.view,
      update: mayEditRequest && cr.status !== 'merged',
      editContent: active && space.edit,
      bringUpToDate: active && space.edit,
      review: active && space.review,
      requestReview: active && mayEditRequest,
      merge: active && space.merge,
    };
  },
  {
    view: 'space:read',
    update: 'space:write',
    editContent: 'space:write',
    bringUpToDate: 'space:write',
    review: 'space:write',
    requestReview: 'space:write',
    merge: ['space:write', 'change-request:merge'],
  },
);
