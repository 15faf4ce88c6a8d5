// Comments and their replies live in a space (or one of its change requests):
// whoever may read the space reads them, whoever may comment on it posts,
// replies and reacts. Only its author edits a body; the author, the space's
// reviewers and its admins resolve a comment; the author or an admin deletes.
import { definePolicy } from './policy.js';
import { spacePolicy, type SpaceSubject } from './space.js';

export interface CommentSubject {
  postedById: string;
  space: SpaceSubject;
}

function spaceRights(actor: Parameters<typeof spacePolicy.roleRules>[0], subject: CommentSubject) {
  const space = spacePolicy.roleRules(actor, subject.space);
  return { space, author: actor.userId === subject.postedById, commenter: space.comment };
}

export const commentPolicy = definePolicy(
  'Comment',
  (actor, comment: CommentSubject) => {
    const { space, author, commenter } = spaceRights(actor, comment);
    return {
      view: space.view,
      reply: commenter,
      react: commenter,
      edit: commenter && author,
      resolve: commenter && (author || space.review || space.admin),
      delete: (commenter && author) || space.admin,
    };
  },
  {
    view: 'space:read',
    reply: 'space:write',
    react: 'space:write',
    edit: 'space:write',
    resolve: 'space:write',
    delete: 'space:write',
  },
);

export interface CommentReplySubject extends CommentSubject {
  /** The reply's author (`postedById` is the comment's). */
  replyPostedById: string;
}

export const commentReplyPolicy = definePolicy(
  'Comment reply',
  (actor, reply: CommentReplySubject) => {
    const { space, commenter } = spaceRights(actor, reply);
    const author = actor.userId === reply.replyPostedById;
    return {
      view: space.view,
      reply: commenter,
      react: commenter,
      edit: commenter && author,
      delete: (commenter && author) || space.admin,
    };
  },
  {
    view: 'space:read',
    reply: 'space:write',
    react: 'space:write',
    edit: 'space:write',
    delete: 'space:write',
  },
);

/** Posting in a space (or one of its change requests): its commenters; `view` decides 404 against 403. */
export const commentingPolicy = definePolicy(
  'Space',
  (actor, space: SpaceSubject) => {
    const rules = spacePolicy.roleRules(actor, space);
    return { view: rules.view, post: rules.comment };
  },
  {
    view: 'space:read',
    post: 'space:write',
  },
);
