// Links in GraphQL: the link report (Space.links, Page.links), backlinks
// (Page.backlinks, Revision.fileBacklinks) and the references they carry.
import type { DefaultConnectionArguments } from '@pothos/plugin-relay';
import { builder } from '../../schema/builder.js';
import type { Context } from '../../context.js';
import { arrayConnection, nodeConnection } from '../../schema/connections.js';
import { revisionLoader } from '../revisions/loaders.js';
import { PageRef, RevisionRefType, type RevisionValue } from '../revisions/schema.js';
import { backlinks } from './backlinks.js';
import { linkReport, type ContentLink, type ContentReference, type ContentScope, type LinkReport, type VersionContext } from './report.js';

const VersionContextType = builder.objectRef<VersionContext>('ContentVersionContext').implement({
  description: 'Which version of the content a reference is in: a revision, or the content of a change request.',
  fields: (t) => ({
    type: t.exposeString('type', { description: '"revision" or "changeRequest".' }),
    revision: t.id({
      nullable: true,
      description: 'Id of the revision, for "revision".',
      resolve: (c) => (c.type === 'revision' ? c.revision : null),
    }),
    changeRequest: t.id({
      nullable: true,
      description: 'Id of the change request, for "changeRequest".',
      resolve: (c) => (c.type === 'changeRequest' ? c.changeRequest : null),
    }),
  }),
});

export const ContentReferenceType = builder.objectRef<ContentReference>('ContentReference').implement({
  description: 'What a link points to, or where it is found (the public ContentLocation members, with ids).',
  fields: (t) => ({
    kind: t.exposeString('kind', { description: 'The kind of target: "page", "file", "space" or "url".' }),
    organization: t.exposeID('organization', { nullable: true, description: 'Id of the organization, for a page, file or space.' }),
    space: t.exposeID('space', { nullable: true, description: 'Id of the space, for a page, file or space.' }),
    versionContext: t.field({
      type: VersionContextType,
      nullable: true,
      description: 'The version of the content, for a page or file.',
      resolve: (r) => r.versionContext,
    }),
    page: t.exposeID('page', { nullable: true, description: 'Id of the page, for a page.' }),
    file: t.exposeID('file', { nullable: true, description: 'Id of the file, for a file.' }),
    url: t.exposeString('url', { nullable: true, description: 'The address, for a URL.' }),
  }),
});

const LinkStatusEnum = builder.enumType('ContentLinkStatus', {
  description: 'Whether a link leads somewhere.',
  values: {
    OK: { value: 'ok', description: 'The target exists.' },
    BROKEN: { value: 'broken', description: 'The target does not exist.' },
    IN_APP: { value: 'in-app', description: 'The target is only reachable in the app.' },
  } as const,
});

export const ContentLinkType = builder.objectRef<ContentLink>('ContentLink').implement({
  description: 'A link found in the content of a space.',
  fields: (t) => ({
    status: t.field({ type: LinkStatusEnum, description: 'Whether the link leads somewhere.', resolve: (l) => l.status }),
    relation: t.exposeString('relation', { description: 'How the content refers to the target (a link, an embed…).' }),
    targetReference: t.field({ type: ContentReferenceType, description: 'What the link points to.', resolve: (l) => l.targetReference }),
    locationReferences: t.field({
      type: [ContentReferenceType],
      description: 'Where the link is found.',
      resolve: (l) => l.locationReferences,
    }),
  }),
});

const BrokenLinkStats = builder.simpleObject('ContentBrokenLinkStats', {
  description: 'Counts of broken links.',
  fields: (b) => ({
    total: b.int({ description: 'Number of broken links.' }),
    changeRequest: b.int({ description: 'Of those, the ones in pages a change request added or edited (0 for main content).' }),
  }),
});

const LinkStats = builder.simpleObject('ContentLinkStats', {
  description: 'Counts of the links of a report.',
  fields: (t) => ({
    total: t.int({ description: 'Number of links.' }),
    broken: t.field({ type: BrokenLinkStats, description: 'The broken ones.' }),
  }),
});

export const ContentLinkConnection = nodeConnection(ContentLinkType, 'ContentLink', {
  items: 'links',
  fields: (c) => ({
    stats: c.field({ type: LinkStats, description: 'Counts over the whole report.', resolve: (conn: { stats: never }) => conn.stats }),
  }),
});

const ContentReferenceConnection = nodeConnection(ContentReferenceType, 'ContentReference', { items: 'references' });

/** A report as a connection page, with its stats over every page. */
export const reportConnection = (report: LinkReport, args: DefaultConnectionArguments) =>
  arrayConnection(args, report.items, { stats: report.stats });

const listConnection = (items: ContentReference[], args: DefaultConnectionArguments) => arrayConnection(args, items);

/** The scope of a revision read in GraphQL: main content, or a change request's (with its baseline). */
export async function scopeOf(ctx: Context, revision: RevisionValue): Promise<ContentScope> {
  const baseline = revision.baselineId ? await revisionLoader(ctx).load(revision.baselineId) : null;
  const context: VersionContext = revision.changeRequestId
    ? { type: 'changeRequest', changeRequest: revision.changeRequestId }
    : { type: 'revision', revision: revision.id };
  return { organizationId: revision.organizationId, revision, context, baseline };
}

/** The link report of a space's active revision. */
export async function spaceLinks(ctx: Context, space: { revisionId: string }, args: object) {
  const revision = await revisionLoader(ctx).load(space.revisionId);
  if (!revision) return reportConnection({ items: [], stats: { total: 0, broken: { total: 0, changeRequest: 0 } } }, args);
  return reportConnection(await linkReport(ctx, await scopeOf(ctx, revision)), args);
}

builder.objectField(PageRef, 'links', (t) =>
  t.connection(
    {
      type: ContentLinkType,
      description:
        'Links found in the page: their targets, status and stats (for a change request, `broken.changeRequest` counts the ones its edits brought).',
      resolve: async (page, args, ctx) =>
        reportConnection(await linkReport(ctx, await scopeOf(ctx, page.revision), { pageId: page.id }), args),
    },
    ContentLinkConnection,
  ),
);

builder.objectField(PageRef, 'backlinks', (t) =>
  t.connection(
    {
      type: ContentReferenceType,
      description: 'Pages of the same revision that link to this page (batched: one index lookup for every page asked).',
      resolve: async (page, args, ctx) => listConnection(await backlinks(ctx, await scopeOf(ctx, page.revision), { page: page.id }), args),
    },
    ContentReferenceConnection,
  ),
);

builder.objectField(RevisionRefType, 'fileBacklinks', (t) =>
  t.connection(
    {
      type: ContentReferenceType,
      description: 'Pages of the revision that refer to a file (a link or image to `files/<fileId>`).',
      args: { file: t.arg.id({ required: true, description: 'Id of the file.' }) },
      resolve: async (revision, args, ctx) =>
        listConnection(await backlinks(ctx, await scopeOf(ctx, revision), { file: String(args.file) }), args),
    },
    ContentReferenceConnection,
  ),
);
