// Revisions and their pages in GraphQL: Space.content (the active revision),
// Revision.pages (the tree), Revision.page (one page, by id or path). Its files
// are in src/domain/files/schema.ts.
import { builder } from '../../schema/builder.js';
import { badRequest, notFound } from '../../errors.js';
import type { Context } from '../../context.js';
import { markdownToDocumentOffLoop } from '../content/markdown/index.js';
import { openAPIComputed, pageMarkdown } from '../openapiSpecs/computed.js';
import { defaultLayout } from './layout.js';
import { documentLoader, revisionLoader } from './loaders.js';
import { boundedDocument } from './parseTask.js';
import { countPages, flattenResolved, pageOfRevision, revisionPages, type ResolvedPage, type RevisionRef } from './read.js';

/** A revision as GraphQL carries it, with how its pages are to be shown. */
export interface RevisionValue extends RevisionRef {
  organizationId: string;
  /** The change request whose line it belongs to; null on the main line */
  changeRequestId: string | null;
  parents: string[];
  type: string;
  createdAt: Date;
  view?: PageView;
  /** Read as a change request's content: the main revision it is based on */
  baselineId?: string;
}

/** Page options of the content reads (REST `format`, `metadata`, `computed`). */
export interface PageView {
  format?: 'document' | 'markdown' | null;
  metadata?: boolean | null;
  /** false: computed pages keep their definition, without content. */
  computed?: boolean | null;
}

/** A page as GraphQL carries it: with the revision it was read from (links, backlinks) and the change request it is read as. */
export type PageValue = ResolvedPage & { spaceId: string; view?: PageView; revision: RevisionValue; changeRequestId?: string | null };

export const PageFormatEnum = builder.enumType('PageFormat', {
  description: 'How a page body is given.',
  values: {
    document: { description: 'The rich-text document (block tree).' },
    markdown: { description: 'Markdown text.' },
  } as const,
});

export const PageEvaluationEnum = builder.enumType('PageEvaluation', {
  description: 'Whether expressions of a document are evaluated (Quire content holds none: the three answer the same document).',
  values: {
    not_evaluated: { value: 'false', description: 'Not evaluated (REST `false`).' },
    evaluated: { value: 'true', description: 'The whole document evaluated (REST `true`).' },
    deterministic_only: { value: 'deterministic-only', description: 'Only expressions with deterministic inputs evaluated.' },
  } as const,
});

export const GitBlob = builder.simpleObject('GitBlob', {
  description: 'Where the page would sit in a Git repository.',
  fields: (t) => ({
    oid: t.string({ description: 'Hash of the page version.' }),
    path: t.string({ description: 'Path of the Markdown file.' }),
  }),
});

const PageUrls = builder.simpleObject('PageUrls', {
  description: 'Links to a page.',
  fields: (t) => ({ app: t.string({ description: 'The page in the app.' }) }),
});

const appUrl = (ctx: Context, page: PageValue) => `${ctx.urls.app}/s/${page.spaceId}/${page.path}`;

export const PageRef = builder.objectRef<PageValue>('Page');
PageRef.implement({
  description: 'A page of a revision, with its subpages.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the page (stable across revisions).' }),
    type: t.exposeString('type', { description: 'document, group or link.' }),
    kind: t.string({
      description: 'Older spelling of the type ("sheet" for a document).',
      resolve: (p) => (p.type === 'document' ? 'sheet' : p.type),
    }),
    tags: t.idList({ description: 'Tags of the page (none yet).', resolve: () => [] }),
    title: t.exposeString('title', { description: 'Title.' }),
    emoji: t.exposeString('emoji', { nullable: true, description: 'Emoji, if set.' }),
    icon: t.exposeString('icon', { nullable: true, description: 'Icon name, if set.' }),
    slug: t.exposeString('slug', { description: 'Slug of the page in its parent.' }),
    path: t.exposeString('path', { description: 'Complete path of the page in the revision.' }),
    description: t.exposeString('description', { nullable: true, description: 'Description, if set.' }),
    hidden: t.exposeBoolean('hidden', { description: 'Left out of the navigation.' }),
    noIndex: t.exposeBoolean('noIndex', { description: 'Left out of search.' }),
    noRobotsIndex: t.exposeBoolean('noRobotsIndex', { description: 'Not indexed by search engine robots.' }),
    layout: t.field({ type: 'JSON', description: 'Layout options.', resolve: (p) => p.layout ?? defaultLayout }),
    cover: t.field({ type: 'JSON', nullable: true, description: 'Cover image, if set.', resolve: (p) => p.cover }),
    variables: t.field({ type: 'JSON', nullable: true, description: 'Variables of the page.', resolve: (p) => p.variables }),
    computed: t.field({
      type: 'JSON',
      nullable: true,
      description: 'Definition of computed content ({type, dependencies, props}), kept as given.',
      resolve: (p) => p.computed,
    }),
    createdAt: t.string({ description: 'When the page was created.', resolve: (p) => p.createdAt }),
    updatedAt: t.string({ description: 'When the page was last edited.', resolve: (p) => p.updatedAt }),
    markdown: t.string({
      nullable: true,
      description: 'The body as Markdown (null when the rich-text document was asked for).',
      resolve: async (p, _a, ctx) => (p.view?.format === 'document' ? null : pageMarkdown(ctx, p, p.view?.computed)),
    }),
    document: t.field({
      type: 'JSON',
      nullable: true,
      description: 'The body as a rich-text document (null when Markdown was asked for).',
      resolve: async (p, _a, ctx) => {
        if (p.view?.format === 'markdown') return null;
        // Computed content (an OpenAPI page) is rendered at read: its document is converted then, bounded like a stored one.
        if (p.view?.computed !== false && openAPIComputed(p.computed)) {
          return boundedDocument(
            await markdownToDocumentOffLoop(ctx.compute, await pageMarkdown(ctx, p, p.view?.computed)),
            ctx.contentLimits,
          );
        }
        // Stored with the version: read, never parsed (src/domain/revisions/parses.ts).
        return documentLoader(ctx).load([p.spaceId, p.version]);
      },
    }),
    git: t.field({
      type: GitBlob,
      nullable: true,
      description: 'Git metadata (null when asked without metadata).',
      resolve: (p) => (p.view?.metadata === false ? null : { oid: p.version, path: `${p.path || 'README'}.md` }),
    }),
    urls: t.field({ type: PageUrls, description: 'Links to the page.', resolve: (p, _a, ctx) => ({ app: appUrl(ctx, p) }) }),
    parentId: t.exposeID('parentId', { nullable: true, description: 'Id of the parent page; null at the top level of the revision.' }),
    pages: t.field({
      type: [PageRef],
      description: 'Subpages, in order.',
      resolve: (p) => p.pages.map((c) => asSubpage(p, c)),
    }),
    descendants: t.field({
      type: [PageRef],
      description: 'Every subpage at any depth, in tree order (each page before its subpages), each with its parentId.',
      resolve: (p) => flattenResolved(p.pages).map((c) => asSubpage(p, c)),
    }),
  }),
});

const asSubpage = (parent: PageValue, page: ResolvedPage): PageValue => ({
  ...page,
  spaceId: parent.spaceId,
  view: parent.view,
  revision: parent.revision,
  changeRequestId: parent.changeRequestId,
});

const RevisionUrls = builder.simpleObject('RevisionUrls', {
  description: 'Links to a revision.',
  fields: (t) => ({ app: t.string({ description: 'The revision in the app.' }) }),
});

const withSpace = (revision: RevisionValue, page: ResolvedPage): PageValue => ({
  ...page,
  spaceId: revision.spaceId,
  view: revision.view,
  revision,
  changeRequestId: revision.changeRequestId,
});

export const RevisionRefType = builder.objectRef<RevisionValue>('Revision').implement({
  description: 'An immutable snapshot of the content of a space.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the revision.' }),
    parents: t.exposeIDList('parents', { description: 'The revisions it was made from.' }),
    type: t.exposeString('type', {
      description: 'edits, merge (a change request merged) or update (main content brought into a change request).',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was made.' }),
    pages: t.field({
      type: [PageRef],
      description: 'The page tree.',
      resolve: async (r, _a, ctx) => (await revisionPages(ctx, r)).map((p) => withSpace(r, p)),
    }),
    allPages: t.field({
      type: [PageRef],
      description:
        'Every page at any depth, in tree order (each page before its subpages), each with its parentId: the whole tree as one list.',
      resolve: async (r, _a, ctx) => flattenResolved(await revisionPages(ctx, r)).map((p) => withSpace(r, p)),
    }),
    pageCount: t.int({ description: 'Number of pages, at any depth.', resolve: (r, _a, ctx) => countPages(ctx, r) }),
    tags: t.field({ type: ['JSON'], description: 'Tags of the revision (none yet).', resolve: () => [] }),
    reusableContents: t.field({ type: ['JSON'], description: 'Reusable contents (none yet).', resolve: () => [] }),
    variables: t.field({ type: 'JSON', description: 'Variables of the revision.', resolve: () => ({}) }),
    urls: t.field({
      type: RevisionUrls,
      description: 'Links to the revision.',
      resolve: (r, _a, ctx) => ({ app: `${ctx.urls.app}/s/${r.spaceId}/~/revisions/${r.id}` }),
    }),
    page: t.field({
      type: PageRef,
      description: 'One page, by id or by path; NOT_FOUND when the revision has none.',
      args: {
        id: t.arg.id({ description: 'Id of the page.' }),
        path: t.arg.string({ description: 'Path of the page.' }),
      },
      resolve: async (r, args, ctx) => {
        if ((args.id == null) === (args.path == null)) throw badRequest('give either id or path', 'id');
        const page = await pageOfRevision(ctx, r, args.id != null ? { id: args.id } : { path: args.path!.replace(/^\/|\/$/g, '') });
        if (!page) throw notFound('Page');
        return withSpace(r, page);
      },
    }),
  }),
});

/** A revision row as the GraphQL Revision (NOT_FOUND when absent). */
export async function revisionValue(
  ctx: Context,
  id: string,
  view?: PageView,
  readAs?: { changeRequestId: string; baselineId: string },
): Promise<RevisionValue> {
  const row = await revisionLoader(ctx).load(id);
  if (!row) throw notFound('Revision');
  return { ...row, view, changeRequestId: readAs?.changeRequestId ?? row.changeRequestId, baselineId: readAs?.baselineId };
}
