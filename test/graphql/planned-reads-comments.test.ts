// Planned reads (src/schema/plan) of comments: a space's (its own thread, or a change request's by
// the `changeRequest` argument) and a change request's beneath a planned list of change requests.
// Each answers exactly as the generic path, for callers of every kind, filters, orders, pages and
// cursors, with authors, resolvers, bodies (Markdown and documents), mentions, reactions, repliers
// and targets (a page present, a page gone); their REST lists are read by one planned statement.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { graphql, rest } from '../support/http.js';
import { addMember, createOrg, createSpace, orgWithMembers, type OrgFixture } from '../support/factories.js';
import { insertPages } from '../support/content.js';
import { wholeAnswerOutcomes } from '../../src/schema/plan/execute.js';
import { tokenWithScopes } from '../support/tokens.js';
import { expectOpenApi } from '../support/openapi.js';
import {
  always,
  callerDrawn,
  comparedServers,
  connectionOf,
  isPlannedStatement,
  pageArgs,
  plannedRuns,
  rarely,
  seenBefore,
  someOf,
} from '../support/plannedReads.js';

const { planned, generic, answeredAlike, pageAnsweredAlike, restPagesAlike } = comparedServers();

describe('planned reads of comments', () => {
  let org: OrgFixture;
  let callers: Record<string, string>;
  let spaceId: string;
  let changeRequestId: string;
  let pageId: string;
  /** A second page of the content, commented too. */
  let otherPageId: string;
  let authors: string[];
  let foreignCursor: string;
  /** A comment with replies in each thread (the space's own, the change request's). */
  const repliedTo = { own: '', changeRequest: '' };

  beforeAll(async () => {
    const { org: created, members } = await orgWithMembers(planned, { commenter: 'comment', reader: 'read', editor: 'edit' });
    org = created;
    const space = await createSpace(planned, org);
    spaceId = space.id;
    [pageId, otherPageId] = (await insertPages(planned, space, [
      { path: 'guide', markdown: '# Guide' },
      { path: 'intro', markdown: '# Intro' },
    ])) as [string, string];
    const admin = rest(planned, org.admin.token);
    changeRequestId = (await admin.post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Edits' })).body.id;
    const { commenter, reader, editor } = members;
    authors = [org.admin.userId, commenter.userId, editor.userId];
    const post = async (token: string, path: string, body: Record<string, unknown>) => {
      const res = await rest(planned, token).post(path, body);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      return res.body.id as string;
    };
    const mutate = async (token: string, mutation: string, input: Record<string, unknown>) => {
      const res = await graphql(
        planned,
        token,
        `mutation($input: ${mutation[0]!.toUpperCase()}${mutation.slice(1)}Input!) { ${mutation}(input: $input) { __typename } }`,
        {
          input,
        },
      );
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    };
    const threads = [null, changeRequestId];
    const posted: { changeRequestId: string | null; commentId: string }[] = [];
    // Comments by three authors, on the page and not, mentioning members, some resolved, with reactions and replies.
    for (let i = 0; i < 7; i++)
      for (const thread of threads) {
        const token = [org.admin.token, commenter.token, editor.token][i % 3]!;
        const markdown = i % 2 ? `Note ${i} for @${reader.userId} and **bold**` : `Note ${i}`;
        const path = thread ? `/v1/spaces/${spaceId}/change-requests/${thread}/comments` : `/v1/spaces/${spaceId}/comments`;
        const target =
          i % 3 === 1
            ? { page: pageId }
            : i % 3 === 2
              ? { page: otherPageId, node: `node-${i}`, tableCell: { record: 'r', definition: 'd' } }
              : {};
        const commentId = await post(token, path, { body: { markdown }, ...target });
        posted.push({ changeRequestId: thread, commentId });
      }
    for (const [i, { changeRequestId: thread, commentId }] of posted.entries()) {
      const comment = { spaceId, commentId, ...(thread ? { changeRequestId: thread } : {}) };
      if (i % 4 === 0) await mutate(org.admin.token, 'updateComment', { ...comment, resolved: true });
      if (i % 3 === 0)
        for (const n of [1, 2, 3])
          await mutate([commenter, editor][n % 2]!.token, 'postCommentReply', { ...comment, body: { markdown: `Re ${i}.${n}` } });
      if (i % 3 === 0) repliedTo[thread ? 'changeRequest' : 'own'] = commentId;
      if (i % 2 === 0) await mutate(editor.token, 'updateComment', { ...comment, addedReactions: ['🎉'] });
    }
    // A comment about a page that is gone from the content.
    await planned.prisma.comment.updateMany({ where: { id: posted[5]!.commentId }, data: { pageId: 'gone-page' } });
    const other = await createOrg(planned);
    const otherSpace = await createSpace(planned, other);
    await post(other.admin.token, `/v1/spaces/${otherSpace.id}/comments`, { body: { markdown: 'Elsewhere' } });
    const foreign = await graphql(planned, other.admin.token, `query($s: ID!) { space(id: $s) { comments { edges { cursor } } } }`, {
      s: otherSpace.id,
    });
    foreignCursor = foreign.data.space.comments.edges[0].cursor;
    callers = {
      admin: org.admin.token,
      commenter: members.commenter.token,
      reader: members.reader.token,
      guest: (await addMember(planned, org.organizationId, 'guest')).token,
      spacesReader: (await tokenWithScopes(planned, org.admin.userId, ['space:read'])).token,
      otherOrganization: other.admin.token,
    };
    await seenBefore(planned, callers);
  });

  const profile = 'id displayName photoURL urls { location }';
  const commentSelection = someOf([
    ...['id', 'postedAt', 'editedAt', 'status', 'resolvedAt', 'repliesCount', '__typename'].map(always),
    fc.constantFrom(`postedBy { ${profile} }`, 'postedBy { id }', `resolvedBy { ${profile} }`),
    fc.constantFrom('body { markdown }', 'body(format: DOCUMENT) { document }', 'b: body(format: MARKDOWN) { markdown document }'),
    fc.constantFrom('reactions { emoji count }', 'reactions { emoji users { reactedAt user { id } } }', 'mentions { id }'),
    fc.constantFrom('repliers { count updatedAt user { id displayName } }', 'repliers { count }'),
    fc.constantFrom(
      'target { node { id } tableCell { record definition } changeRequest review page { id removed } space revision }',
      'target { page { removed } }',
    ),
    fc.constantFrom('urls { location }', 'permissions { view edit reply delete resolve }'),
  ]);
  const replySelection = someOf([
    ...['id', 'postedAt', 'editedAt', '__typename'].map(always),
    fc.constantFrom(`postedBy { ${profile} }`, 'body { markdown }', 'body(format: DOCUMENT) { document }', 'mentions { id }'),
    fc.constantFrom('reactions { emoji count users { user { id } } }', 'urls { location }', 'permissions { view edit reply delete }'),
    fc.constantFrom('comment { id status }', 'comment { postedBy { id } repliesCount }'),
  ]);
  // A comment with its replies now and then (a related connection beneath it).
  const commentWithReplies = fc.oneof(
    { arbitrary: commentSelection, weight: 3 },
    {
      arbitrary: fc
        .tuple(commentSelection, connectionOf(replySelection, 'CommentReplyConnection'), fc.constantFrom('', '(first: 1)', '(first: 100)'))
        .map(([comment, replies, args]) => `${comment} replies${args} { ${replies} }`),
      weight: 1,
    },
  );
  const filters = fc.record({
    order: rarely(fc.constantFrom('ASC', 'DESC'), 1),
    status: rarely(fc.constantFrom('ALL', 'OPEN', 'RESOLVED'), 1),
    authors: rarely(fc.constant('some'), 2),
    targetPage: rarely(fc.constant('page'), 2),
  });
  const filterVariables = (f: { order?: string; status?: string; authors?: string; targetPage?: string }) => ({
    order: f.order,
    status: f.status,
    authors: f.authors ? authors.slice(0, 2) : undefined,
    targetPage: f.targetPage ? pageId : undefined,
  });
  const declared = '$order: Order, $status: CommentStatusFilter, $authors: [ID!], $targetPage: ID';
  const filterArgs = 'order: $order, status: $status, authors: $authors, targetPage: $targetPage';
  const page = '$first: Int, $last: Int, $after: String, $before: String';
  const pageArgsText = 'first: $first, last: $last, after: $after, before: $before';

  it("answer a space's comments as the generic path, for every caller, thread, filter, page and cursor", async () => {
    const operation = (sel: string) =>
      `query($s: ID!, $cr: ID, ${declared}, ${page}) { space(id: $s) {
        comments(changeRequest: $cr, ${filterArgs}, ${pageArgsText}) { ${sel} } } }`;
    const answered = await plannedRuns(
      fc.tuple(
        callerDrawn(callers, ['admin', 'commenter']),
        fc.boolean(),
        filters,
        connectionOf(commentWithReplies, 'CommentConnection'),
        pageArgs,
      ),
      250,
      ([caller, inChangeRequest, f, sel, args]) => {
        const base = { s: spaceId, cr: inChangeRequest ? changeRequestId : undefined, ...filterVariables(f) };
        const edges = (data: any) => data?.space?.comments?.edges;
        return pageAnsweredAlike(callers[caller]!, operation, sel, base, args, edges, foreignCursor);
      },
    );
    expect(answered).toBeGreaterThan(60);
  });

  it("answer a change request's comments beneath a space's change requests as the generic path", async () => {
    const answered = await plannedRuns(
      fc.tuple(fc.constantFrom(...Object.keys(callers)), filters, connectionOf(commentSelection, 'CommentConnection'), fc.nat(3)),
      120,
      ([caller, f, sel, first]) => {
        const query = `query($s: ID!, ${declared}, $first: Int) { space(id: $s) { changeRequests(first: 5) { edges { node { id
          comments(${filterArgs}, first: $first) { ${sel} } } } } } }`;
        return answeredAlike(callers[caller]!, query, { s: spaceId, ...filterVariables(f), first: first || undefined });
      },
    );
    expect(answered).toBeGreaterThan(30);
  });

  it('answer a comment looked up by id (with its replies) as the generic path, for every caller, thread and id', async () => {
    const ids = await graphql(
      generic,
      org.admin.token,
      `query($s: ID!, $cr: ID!) { space(id: $s) {
      own: comments(first: 100) { edges { node { id } } } cr: comments(changeRequest: $cr, first: 100) { edges { node { id } } } } }`,
      {
        s: spaceId,
        cr: changeRequestId,
      },
    );
    const commentIds = {
      own: ids.data.space.own.edges.map((e: any) => e.node.id) as string[],
      changeRequest: ids.data.space.cr.edges.map((e: any) => e.node.id) as string[],
    };
    const answered = await plannedRuns(
      fc.tuple(
        fc.constantFrom(...Object.keys(callers)),
        fc.constantFrom('own', 'changeRequest'),
        fc.oneof(fc.nat(13), fc.constant(-1)),
        fc.boolean(),
        commentWithReplies,
      ),
      150,
      ([caller, thread, index, asked, sel]) => {
        // A comment of the thread named, of the other thread (not found there), or none.
        const id = index < 0 ? 'cmt_none' : commentIds[asked ? thread : thread === 'own' ? 'changeRequest' : 'own'][index % 7]!;
        const query = `query($s: ID!, $id: ID!, $cr: ID) { space(id: $s) { comment(id: $id, changeRequest: $cr) { ${sel} } } }`;
        return answeredAlike(callers[caller]!, query, { s: spaceId, id, cr: thread === 'changeRequest' ? changeRequestId : undefined });
      },
    );
    expect(answered).toBeGreaterThan(40);
  });

  it("answer the comments of every page of the content (the space's, a change request's) as the generic path", async () => {
    const answered = await plannedRuns(
      fc.tuple(
        callerDrawn(callers, ['admin', 'commenter']),
        fc.boolean(),
        filters.map(({ targetPage: _, ...f }) => f),
        connectionOf(commentSelection, 'CommentConnection'),
        fc.constantFrom({}, { first: 1 }, { first: 2 }, { last: 1 }),
      ),
      150,
      ([caller, inChangeRequest, f, sel, args]) => {
        const pages = `content { pages { id comments(order: $order, status: $status, authors: $authors, ${pageArgsText}) { ${sel} } } }`;
        // The change request's variable only where it is used (an unused one is a validation error).
        const [cr, content] = inChangeRequest ? ['$cr: ID!, ', `changeRequest(id: $cr) { ${pages} }`] : ['', pages];
        const query = `query($s: ID!, ${cr}$order: Order, $status: CommentStatusFilter, $authors: [ID!], ${page}) {
          space(id: $s) { ${content} } }`;
        const variables = { s: spaceId, ...(inChangeRequest ? { cr: changeRequestId } : {}), ...filterVariables(f), ...args };
        return answeredAlike(callers[caller]!, query, variables);
      },
    );
    expect(answered).toBeGreaterThan(40);
  });

  it("reads the comments of all a content's pages in one statement", async () => {
    const query = `query($s: ID!) { space(id: $s) { content { pages { id comments(first: 3) { totalCount edges { node { id } } } } } } }`;
    const { result, statements } = await planned.recordStatements(() => graphql(planned, org.admin.token, query, { s: spaceId }));
    expect(result.errors).toBeUndefined();
    expect(statements.filter(isPlannedStatement)).toHaveLength(1);
    const counts = (data: any) => data.space.content.pages.map((p: { comments: { totalCount: number } }) => p.comments.totalCount);
    expect(counts(result.data)).toEqual(counts((await graphql(generic, org.admin.token, query, { s: spaceId })).data));
    expect(counts(result.data).filter((n: number) => n > 0).length).toBeGreaterThan(1);
  });

  it('answer the REST lists whole (their loaders preloaded with the page), none run again', async () => {
    const before = wholeAnswerOutcomes();
    let reads = 0;
    for (const token of [callers.admin!, callers.commenter!, callers.reader!])
      for (const path of [
        `/v1/spaces/${spaceId}/comments?limit=100`,
        `/v1/spaces/${spaceId}/comments?format=document`,
        `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/comments`,
        `/v1/spaces/${spaceId}/comments/${repliedTo.own}`,
        `/v1/spaces/${spaceId}/comments/${repliedTo.own}/replies`,
        `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/comments/${repliedTo.changeRequest}/replies?format=document`,
      ]) {
        const fromPlan = await rest(planned, token).get(path);
        expect(fromPlan.status, path).toBe(200);
        expect(JSON.stringify(fromPlan.body), path).toBe(JSON.stringify((await rest(generic, token).get(path)).body));
        reads += 1;
      }
    const after = wholeAnswerOutcomes();
    expect(after.again - before.again).toBe(0);
    expect(after.whole - before.whole).toBe(reads);
  });

  it('answers the REST lists as the generic path, each page in one planned statement', async () => {
    for (const [path, spec] of [
      [`/v1/spaces/${spaceId}/comments`, '/spaces/{spaceId}/comments'],
      [`/v1/spaces/${spaceId}/comments?format=document&order=asc`, '/spaces/{spaceId}/comments'],
      [`/v1/spaces/${spaceId}/change-requests/${changeRequestId}/comments`, '/spaces/{spaceId}/change-requests/{changeRequestId}/comments'],
    ] as const)
      await restPagesAlike(path, Object.values(callers), org.admin.token, (res) => expectOpenApi(res, 'get', spec, 200));
    const comment = `/v1/spaces/${spaceId}/comments/${repliedTo.own}`;
    await restPagesAlike(comment, Object.values(callers), org.admin.token, (res) =>
      expectOpenApi(res, 'get', '/spaces/{spaceId}/comments/{commentId}', 200),
    );
    // The comment's row, then its page of replies.
    for (const [path, spec] of [
      [`${comment}/replies`, '/spaces/{spaceId}/comments/{commentId}/replies'],
      [
        `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/comments/${repliedTo.changeRequest}/replies`,
        '/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies',
      ],
    ] as const)
      await restPagesAlike(path, Object.values(callers), org.admin.token, (res) => expectOpenApi(res, 'get', spec, 200), 2);
  });
});
