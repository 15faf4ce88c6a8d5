// The other ways into comments: a change request's comments and a page's comments.
// Both answer the right thread with the list filters, page like every connection,
// and cost the same SQL for 2 parents as for 20 (pinned).
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { graphql } from '../support/http.js';
import { addMember, createOrg, createSpace } from '../support/factories.js';
import { insertPages } from '../support/content.js';
import { insertChangeRequest } from '../support/comments.js';
import { newId } from '../../src/ids.js';
import { storedBody } from '../../src/domain/comments/body.js';

const app = useTestApp({ graphql: { maxNodes: 10_000_000 } });

type Org = Awaited<ReturnType<typeof createOrg>>;
// Posted a second apart, in the order they are made (the lists order by posting date).
let posted = Date.now();
const comment = (
  org: Org,
  spaceId: string,
  fields: { changeRequestId?: string; pageId?: string; postedById?: string; status?: string; markdown?: string },
) => ({
  id: newId('Comment'),
  organizationId: org.organizationId,
  spaceId,
  postedById: org.admin.userId,
  postedAt: new Date((posted += 1000)),
  ...fields,
  // The body as an API write stores it: Markdown with its parse.
  ...storedBody(fields.markdown ?? 'A comment'),
});

const CR_QUERY = `query($id: ID!, $status: CommentStatusFilter) { space(id: $id) { changeRequests(first: 50, status: open) { edges { node {
  number comments(first: 10, status: $status) { totalCount edges { node { id body { markdown } postedBy { id } target { changeRequest } } } }
} } } } }`;

const PAGE_QUERY = `query($id: ID!, $cr: ID!) { space(id: $id) {
  content { pages { id comments(first: 10) { totalCount edges { node { id body { markdown } target { changeRequest page { id } } } } } } }
  changeRequest(id: $cr) { content { pages { id comments { totalCount edges { node { id } } } } } }
} }`;

describe("a change request's comments", () => {
  /** A space with `count` open change requests of 3 comments each (one resolved), beside comments of the space itself. */
  async function spaceWithChangeRequests(count: number) {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const crs = [];
    for (let i = 0; i < count; i++) crs.push(await insertChangeRequest(app, space, org.admin.userId));
    await app.prisma.comment.createMany({
      data: [
        comment(org, space.id, { markdown: 'On the space' }),
        ...crs.flatMap((cr) =>
          [0, 1, 2].map((j) =>
            comment(org, space.id, {
              changeRequestId: cr.id,
              markdown: `CR ${cr.number} #${j}`,
              ...(j === 0 ? { status: 'resolved' } : {}),
            }),
          ),
        ),
      ],
    });
    return { org, space, crs };
  }

  it('lists each change request its own comments, with the status filter', async () => {
    const { org, space } = await spaceWithChangeRequests(2);
    const all = await graphql(app, org.admin.token, CR_QUERY, { id: space.id });
    expect(all.errors).toBeUndefined();
    for (const { node } of all.data.space.changeRequests.edges) {
      expect(node.comments.totalCount).toBe(3);
      expect(node.comments.edges.map((e: any) => e.node.body.markdown).every((m: string) => m.startsWith(`CR ${node.number} `))).toBe(true);
      expect(node.comments.edges.every((e: any) => e.node.target.changeRequest)).toBe(true);
    }
    const open = await graphql(app, org.admin.token, CR_QUERY, { id: space.id, status: 'OPEN' });
    expect(open.data.space.changeRequests.edges.map((e: any) => e.node.comments.totalCount)).toEqual([2, 2]);
  });

  it('costs as many statements for 20 change requests as for 2', async () => {
    const cost = async (count: number) => {
      const { org, space } = await spaceWithChangeRequests(count);
      const { result, statements } = await app.recordStatements(() => graphql(app, org.admin.token, CR_QUERY, { id: space.id }));
      expect(result.errors).toBeUndefined();
      expect(result.data.space.changeRequests.edges).toHaveLength(count);
      return statements.length;
    };
    expect(await cost(20)).toBe(await cost(2));
  }, 60_000);

  it('are not shown to a member of another organization', async () => {
    const { space } = await spaceWithChangeRequests(1);
    const other = await createOrg(app);
    const answer = await graphql(app, other.admin.token, CR_QUERY, { id: space.id });
    expect(answer.data?.space ?? null).toBeNull();
    expect(answer.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});

describe("a page's comments", () => {
  /** A space with `count` pages, each with 2 space comments, and a change request with one comment on the first page. */
  async function spaceWithPageComments(count: number) {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const pages = await insertPages(
      app,
      space,
      Array.from({ length: count }, (_, i) => ({ path: `p${i}` })),
    );
    const cr = await insertChangeRequest(app, space, org.admin.userId);
    await app.prisma.comment.createMany({
      data: [
        ...pages.flatMap((pageId, i) => [0, 1].map((j) => comment(org, space.id, { pageId, markdown: `Page ${i} #${j}` }))),
        comment(org, space.id, { pageId: pages[0], changeRequestId: cr.id, markdown: 'In the change request' }),
        comment(org, space.id, { markdown: 'On no page' }),
      ],
    });
    return { org, space, pages, cr };
  }

  it('answers the comments of the thread the page was read in', async () => {
    const { org, space, pages, cr } = await spaceWithPageComments(2);
    const answer = await graphql(app, org.admin.token, PAGE_QUERY, { id: space.id, cr: cr.id });
    expect(answer.errors).toBeUndefined();
    // A new space holds a first page of its own: only the inserted pages have comments.
    const main = answer.data.space.content.pages.filter((p: any) => pages.includes(p.id));
    expect(main.map((p: any) => p.id)).toEqual(pages);
    main.forEach((page: any, i: number) => {
      expect(page.comments.totalCount).toBe(2);
      expect(page.comments.edges.map((e: any) => e.node.body.markdown).sort()).toEqual([`Page ${i} #0`, `Page ${i} #1`]);
      expect(page.comments.edges.every((e: any) => e.node.target.page.id === page.id && e.node.target.changeRequest === null)).toBe(true);
    });
    const inChangeRequest = answer.data.space.changeRequest.content.pages.filter((p: any) => pages.includes(p.id));
    expect(inChangeRequest.map((p: any) => p.comments.totalCount)).toEqual([1, 0]);
    expect(answer.data.space.content.pages.filter((p: any) => !pages.includes(p.id)).map((p: any) => p.comments.totalCount)).toEqual([0]);
  });

  it('pages forwards and backwards with cursors, and refuses a cursor from elsewhere', async () => {
    const { org, space, pages } = await spaceWithPageComments(1);
    const page = (args: string) =>
      graphql(
        app,
        org.admin.token,
        `query($id: ID!, $page: ID!) { space(id: $id) { content { pages: page(id: $page) { comments(${args}) {
      edges { cursor node { body { markdown } } } pageInfo { hasNextPage hasPreviousPage endCursor startCursor } } } } } }`,
        { id: space.id, page: pages[0] },
      );
    const first = await page('first: 1, order: ASC');
    const one = first.data.space.content.pages.comments;
    expect(one.edges.map((e: any) => e.node.body.markdown)).toEqual(['Page 0 #0']);
    expect(one.pageInfo.hasNextPage).toBe(true);
    const second = (await page(`first: 5, order: ASC, after: "${one.pageInfo.endCursor}"`)).data.space.content.pages.comments;
    expect(second.edges.map((e: any) => e.node.body.markdown)).toEqual(['Page 0 #1']);
    expect(second.pageInfo.hasNextPage).toBe(false);
    const back = (await page(`last: 1, order: ASC, before: "${second.pageInfo.startCursor}"`)).data.space.content.pages.comments;
    expect(back.edges.map((e: any) => e.node.body.markdown)).toEqual(['Page 0 #0']);
    const last = (await page('last: 1, order: ASC')).data.space.content.pages.comments;
    expect(last.edges.map((e: any) => e.node.body.markdown)).toEqual(['Page 0 #1']);
    const elsewhere = await spaceWithPageComments(1);
    const foreign = (
      await graphql(
        app,
        elsewhere.org.admin.token,
        `query($id: ID!, $page: ID!) { space(id: $id) { content { page(id: $page) { comments(first: 1) { pageInfo { endCursor } } } } } }`,
        { id: elsewhere.space.id, page: elsewhere.pages[0] },
      )
    ).data.space.content.page.comments.pageInfo.endCursor;
    const refused = await page(`first: 1, after: "${foreign}"`);
    expect(refused.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('filters by status and authors', async () => {
    const { org, space, pages } = await spaceWithPageComments(1);
    const member = await addMember(app, org.organizationId, 'comment');
    await app.prisma.comment.create({ data: comment(org, space.id, { pageId: pages[0], postedById: member.userId, status: 'resolved' }) });
    const count = async (args: string) =>
      (
        await graphql(
          app,
          org.admin.token,
          `query($id: ID!, $page: ID!) { space(id: $id) { content { page(id: $page) { comments(${args}) { totalCount } } } } }`,
          { id: space.id, page: pages[0] },
        )
      ).data.space.content.page.comments.totalCount;
    expect(await count('status: ALL')).toBe(3);
    expect(await count('status: RESOLVED')).toBe(1);
    expect(await count(`authors: ["${member.userId}"]`)).toBe(1);
    expect(await count(`authors: ["${org.admin.userId}"], status: OPEN`)).toBe(2);
  });

  it('costs as many statements for 20 pages as for 2', async () => {
    const cost = async (count: number) => {
      const { org, space, cr } = await spaceWithPageComments(count);
      const { result, statements } = await app.recordStatements(() =>
        graphql(app, org.admin.token, PAGE_QUERY, { id: space.id, cr: cr.id }),
      );
      expect(result.errors).toBeUndefined();
      expect(result.data.space.content.pages).toHaveLength(count + 1);
      return statements.length;
    };
    expect(await cost(20)).toBe(await cost(2));
  }, 60_000);
});
