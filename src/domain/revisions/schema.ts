// Revisions and their pages in GraphQL: Space.content (the active revision),
// Revision.pages (the tree), Revision.page (one page, by id or path). Its files
// are in src/domain/files/schema.ts.
import { withUpperCaseNames } from '../../schema/enums.js';
import { builder } from '../../schema/builder.js';
import { badRequest, notFound } from '../../errors.js';
import type { Context } from '../../context.js';
import { markdownToDocumentOffLoop } from '../content/markdown/index.js';
import { openAPIComputed, pageMarkdown } from '../openapiSpecs/computed.js';
import { defaultLayout } from './layout.js';
import { documentLoader, revisionLoader } from './loaders.js';
import { boundedDocument } from './parseTask.js';
import { countPages, flattenResolved, pageOfRevision, revisionPages, type ResolvedPage, type RevisionRef } from './read.js';
import { cachedDocument } from './cache.js';
import { MAX_CHANGES, revisionChanges, type ChangedPage, type PageChange } from './changes.js';
import { pageMetaLinks, type MetaLinkTarget } from './metaLinks.js';

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
  values: withUpperCaseNames({
    document: { description: 'The rich-text document (block tree).' },
    markdown: { description: 'Markdown text.' },
  }),
});

export const PageEvaluationEnum = builder.enumType('PageEvaluation', {
  description: 'Whether expressions of a document are evaluated (Quire content holds none: the three answer the same document).',
  values: withUpperCaseNames({
    not_evaluated: { value: 'false', description: 'Not evaluated (REST `false`).' },
    evaluated: { value: 'true', description: 'The whole document evaluated (REST `true`).' },
    deterministic_only: { value: 'deterministic-only', description: 'Only expressions with deterministic inputs evaluated.' },
  }),
});

export const PageDereferenceEnum = builder.enumType('PageDereference', {
  description:
    'Whether references to other content are expanded in a document. Quire documents reference no reusable content (Quire has none) and embed no other content: the three answer the same document.',
  values: withUpperCaseNames({
    not_dereferenced: { value: 'false', description: 'References left as they are (REST `false`).' },
    dereferenced: { value: 'true', description: 'Every reference expanded (REST `true`).' },
    reusable_contents: { value: 'reusable-contents', description: 'Only reusable contents expanded (REST `reusable-contents`).' },
  }),
});

/** The view arguments of a revision read by id (REST `format`, `evaluated`, `dereferenced`, `metadata`, `computed`). */
export const revisionViewArgs = (t: { arg: any }) => ({
  format: t.arg({ type: PageFormatEnum, description: 'Give page bodies in this format only (both when absent).' }),
  evaluated: t.arg({ type: PageEvaluationEnum, description: 'Evaluate expressions (Quire content holds none: no effect).' }),
  dereferenced: t.arg({ type: PageDereferenceEnum, description: 'Expand references to other content (Quire has none: no effect).' }),
  metadata: t.arg.boolean({ description: 'false: leave out the git metadata.' }),
  computed: t.arg.boolean({ description: 'false: do not compute computed content.' }),
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

const MetaLinkTargetRef = builder.objectRef<MetaLinkTarget>('PageMetaLinkTarget').implement({
  description: 'Where a meta link points: a URL.',
  fields: (t) => ({
    kind: t.exposeString('kind', { description: 'url.' }),
    url: t.exposeString('url', { description: 'The absolute URL.' }),
  }),
});

const PageMetaLinksRef = builder.simpleObject('PageMetaLinks', {
  description: 'The canonical and alternate links of a page, from the sites publishing its space.',
  fields: (t) => ({
    canonical: t.field({
      type: MetaLinkTargetRef,
      nullable: true,
      description: 'The canonical address; null when no public site publishes it.',
    }),
    alternates: t.field({ type: [MetaLinkTargetRef], description: 'Its other published addresses.' }),
  }),
});

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
      args: {
        evaluated: t.arg({ type: PageEvaluationEnum, description: 'Evaluate expressions (Quire documents hold none: no effect).' }),
        dereferenced: t.arg({
          type: PageDereferenceEnum,
          description: 'Expand references to other content (Quire documents reference no reusable content: no effect).',
        }),
      },
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
        return cachedDocument(p.spaceId, p.version, p.markdown.length, () => documentLoader(ctx).load([p.spaceId, p.version]));
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
    metaLinks: t.field({
      type: PageMetaLinksRef,
      description:
        'Canonical and alternate links of the page: its address on each published public site of the space, the oldest site canonical.',
      resolve: (p, _a, ctx) => pageMetaLinks(ctx, p.spaceId, p.path),
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

const RevisionChangeTypeEnum = builder.enumType('RevisionChangeType', {
  description: 'What happened to a page in a revision.',
  values: withUpperCaseNames({
    page_created: { description: 'The page was added.' },
    page_edited: { description: 'Attributes of the page changed (its content, title…).' },
    page_deleted: { description: 'The page was removed.' },
    page_moved: { description: 'The page moved to another parent.' },
  }),
});

const ChangedPageRef = builder.objectRef<ChangedPage>('RevisionChangedPage').implement({
  description: 'A page as a change names it.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the page.' }),
    type: t.exposeString('type', { description: 'document, group or link.' }),
    title: t.exposeString('title', { description: 'Title (as it is after the change; before it, for a deleted page).' }),
    path: t.exposeString('path', { description: 'Path in the revision.' }),
  }),
});

const ChangedParentRef = builder.objectRef<NonNullable<PageChange['parent']>>('RevisionChangedParent').implement({
  description: 'The parent of a moved page, before and after (null at the top level).',
  fields: (t) => ({
    before: t.field({ type: ChangedPageRef, nullable: true, description: 'Its parent before.', resolve: (p) => p.before }),
    after: t.field({ type: ChangedPageRef, nullable: true, description: 'Its parent after.', resolve: (p) => p.after }),
  }),
});

const RevisionChangeRef = builder.objectRef<PageChange>('RevisionChange').implement({
  description: 'One change a revision made.',
  fields: (t) => ({
    type: t.field({ type: RevisionChangeTypeEnum, description: 'What happened.', resolve: (c) => c.type }),
    page: t.field({ type: ChangedPageRef, description: 'The page.', resolve: (c) => c.page }),
    parent: t.field({ type: ChangedParentRef, nullable: true, description: 'page_moved: its parents.', resolve: (c) => c.parent }),
    attributes: t.field({
      type: 'JSON',
      nullable: true,
      description: 'page_edited: each changed attribute as {before, after} (`document`: the ids of the page versions).',
      resolve: (c) => c.attributes,
    }),
  }),
});

interface RevisionChangesValue {
  revision: RevisionValue;
  changes: PageChange[];
  more: number;
}

const RevisionChangesRef = builder.objectRef<RevisionChangesValue>('RevisionChanges').implement({
  description: 'What a revision changed from the revision it was made from (its first parent).',
  fields: (t) => ({
    changes: t.field({ type: [RevisionChangeRef], description: 'The changes, in tree order, deletions last.', resolve: (c) => c.changes }),
    more: t.exposeInt('more', { description: 'How many changes were left out, above the limit.' }),
    mergedFrom: t.prismaField({
      type: 'ChangeRequest',
      nullable: true,
      description: 'The change request whose merge made the revision; null for other revisions.',
      resolve: (query, c, _a, ctx) =>
        c.revision.type !== 'merge'
          ? null
          : ctx.prisma.changeRequest.findFirst({ ...query, where: { spaceId: c.revision.spaceId, revisionMergedId: c.revision.id } }),
    }),
  }),
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
    changes: t.field({
      type: RevisionChangesRef,
      description: 'What the revision changed from the revision it was made from (its first parent).',
      args: { limit: t.arg.int({ description: `Most changes to list, from 1 to ${MAX_CHANGES} (default 10).` }) },
      resolve: async (r, args, ctx) => {
        const limit = args.limit ?? 10;
        if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CHANGES)
          throw badRequest(`must be an integer from 1 to ${MAX_CHANGES}`, 'limit');
        return { revision: r, ...(await revisionChanges(ctx, r, limit)) };
      },
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
