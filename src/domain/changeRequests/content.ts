// Page writes on a change request's own revision line: insert, update (content,
// metadata, place), delete. One call, one new revision (whatever the number of
// changes in it), written under the change request's row lock. The changes are
// applied once before that lock, to write their page versions (parsing their
// Markdown for reference keys) outside the transaction; applied again under the
// lock, they find those versions stored and parse nothing.
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { badRequest } from '../../errors.js';
import type { Prisma } from '../../generated/prisma/client.js';
import type { ContentLimits } from '../../limits/content.js';
import { checkLength } from '../../validate.js';
import { checkMarkdown } from '../content/markdown/index.js';
import { commitRevision } from '../revisions/commit.js';
import { newId } from '../../ids.js';
import { emptyContent, fetchTreesFrom, readTree, readVersions, writeVersion, type PageContent, type PageNode } from '../revisions/objects.js';
import { checkSlugFree, childrenOf, cloneTree, insertAt, movePage, removePage, requirePage } from '../revisions/treeEdits.js';
import { loadChangeRequest } from './service.js';
import { transactionWithRetry } from '../../db/retry.js';

export const MAX_CHANGES = 50;
/** From this much Markdown in one call, its page versions are written (and parsed) before the lock. */
export const PREPARE_MARKDOWN_BYTES = 16 * 1024;
const SLUG = /^[a-z0-9]+(?:[-_.][a-z0-9]+)*$/;
/** A slug is one segment of a page's path and URL: 100 characters, like an OpenAPI spec's. */
export const SLUG_MAX = 100;

export interface PageFields {
  title?: string | null;
  slug?: string | null;
  markdown?: string | null;
  emoji?: string | null;
  icon?: string | null;
  description?: string | null;
  hidden?: boolean | null;
  noIndex?: boolean | null;
  noRobotsIndex?: boolean | null;
}

export type PageChange =
  | ({ operation: 'insert_page'; into?: string | null; at?: number | null } & PageFields)
  | ({ operation: 'update_page'; page: string; into?: string | null; at?: number | null } & PageFields)
  | { operation: 'delete_page'; page: string };

/** A slug from a title: lowercase words joined by "-", cut to leave room for a "-<n>" suffix within SLUG_MAX. */
export const slugify = (title: string) =>
  title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, SLUG_MAX - 10).replace(/^-+|-+$/g, '') || 'page';

function freeSlug(siblings: PageNode[], wanted: string) {
  let slug = wanted;
  for (let n = 2; siblings.some((s) => s.slug === slug); n++) slug = `${wanted}-${n}`;
  return slug;
}

function applyFields(content: PageContent, fields: PageFields, at: string, limits: ContentLimits): PageContent {
  const text = (v: string | null | undefined, fallback: string | null) => (v === undefined || v === null ? fallback : v === '' ? null : v);
  if (fields.title != null) checkLength(`${at}.title`, fields.title, 1, 256);
  if (fields.description != null) checkLength(`${at}.description`, fields.description, 0, 300);
  if (fields.markdown != null) checkMarkdown(fields.markdown, `${at}.document.markdown`, limits, limits.maxPageChars);
  return {
    ...content,
    title: fields.title ?? content.title,
    markdown: fields.markdown ?? content.markdown,
    emoji: text(fields.emoji, content.emoji),
    icon: text(fields.icon, content.icon),
    description: text(fields.description, content.description),
    hidden: fields.hidden ?? content.hidden,
    noIndex: fields.noIndex ?? content.noIndex,
    noRobotsIndex: fields.noRobotsIndex ?? content.noRobotsIndex,
  };
}

function checkSlug(slug: string, at: string) {
  if (slug.length > SLUG_MAX) throw badRequest(`must be at most ${SLUG_MAX} characters long`, `${at}.slug`);
  if (!SLUG.test(slug)) throw badRequest('must be lowercase letters and digits, words joined by "-", "_" or "."', `${at}.slug`);
  return slug;
}

type Db = Prisma.TransactionClient | Context['prisma'];

/** Where a change's page versions go: `db`, their reference keys parsed now or (`deferReferences`) left to the indexing job. */
interface VersionWriter {
  db: Db;
  space: { id: string; organizationId: string };
  deferReferences: boolean;
}
const writeWith = (w: VersionWriter, content: PageContent) => writeVersion(w.db, w.space, content, { deferReferences: w.deferReferences });

async function applyChange(w: VersionWriter, pages: PageNode[], change: PageChange, at: string, now: Date, limits: ContentLimits) {
  const { db, space } = w;
  if (change.operation === 'delete_page') return removePage(pages, change.page);
  if (change.operation === 'insert_page') {
    if (change.title == null) throw badRequest('is required', `${at}.title`);
    const siblings = childrenOf(pages, change.into ?? null, `${at}.into`);
    const slug = change.slug != null ? checkSlug(change.slug, at) : freeSlug(siblings, slugify(change.title));
    checkSlugFree(siblings, slug, null, `${at}.slug`);
    const version = await writeWith(w, applyFields(emptyContent(change.title), change, at, limits));
    const node: PageNode = { id: newId('Page'), slug, version, createdAt: now.toISOString(), updatedAt: now.toISOString(), children: [] };
    insertAt(siblings, node, change.at);
    return node.id;
  }
  const found = requirePage(pages, change.page);
  if (change.into !== undefined || change.at != null) movePage(pages, change.page, change.into, change.at);
  if (change.slug != null) checkSlugFree(requirePage(pages, change.page).siblings, checkSlug(change.slug, at), change.page, `${at}.slug`);
  const current = (await readVersions(db, space.id, [found.node.version])).get(found.node.version)!;
  const version = await writeWith(w, applyFields(current, change, at, limits));
  if (version !== found.node.version || (change.slug != null && change.slug !== found.node.slug)) {
    found.node.version = version;
    found.node.slug = change.slug ?? found.node.slug;
    found.node.updatedAt = now.toISOString();
  }
  return change.page;
}

/** Applies `changes` in order to the change request's pages, as one new revision; answers the pages they touched. */
export async function editChangeRequestContent(ctx: Context, spaceId: string, key: string, changes: PageChange[]) {
  const actor = requireActor(ctx);
  if (changes.length === 0) throw badRequest('must hold at least one change', 'changes');
  if (changes.length > MAX_CHANGES) throw badRequest(`must hold at most ${MAX_CHANGES} changes`, 'changes');
  const now = ctx.clock.now();
  const apply = async (w: VersionWriter, revisionId: string) => {
    const revision = await w.db.revision.findUniqueOrThrow({ where: { id: revisionId } });
    const pages = cloneTree(await readTree(fetchTreesFrom(w.db), w.space.id, revision.tree));
    const touched: string[] = [];
    for (const [i, change] of changes.entries()) touched.push(await applyChange(w, pages, change, `changes[${i}]`, now, ctx.contentLimits) ?? '');
    return { revision, pages, touched };
  };
  // Before any lock, on the change request as it is now: the new page versions written, their Markdown
  // parsed (for 50 pages of 100 KB, seconds of work) while other writers of the space go on. A caller
  // refused, or a change that does not apply, writes nothing here: the transaction says why. Small
  // writes skip it: parsing them under the lock costs less than reading everything twice.
  const markdownBytes = changes.reduce((sum, c) => sum + ('markdown' in c && typeof c.markdown === 'string' ? c.markdown.length : 0), 0);
  const prepared = markdownBytes >= PREPARE_MARKDOWN_BYTES;
  if (prepared) {
    await (async () => {
      const { space, cr } = await loadChangeRequest(ctx, ctx.prisma, spaceId, key, 'editContent');
      await apply({ db: ctx.prisma, space, deferReferences: false }, cr.revisionId);
    })().catch(() => undefined);
  }
  return transactionWithRetry(ctx.prisma, async (tx) => {
    const { space, cr } = await loadChangeRequest(ctx, tx, spaceId, key, 'editContent', { lock: true });
    // The same versions as above, found stored (no parsing under the lock); any other (the change request
    // moved meanwhile) is stored with its reference keys left to the indexing job.
    const { revision, pages, touched } = await apply({ db: tx, space, deferReferences: prepared }, cr.revisionId);
    const revisionId = await commitRevision(tx, space, { parents: [cr.revisionId], changeRequestId: cr.id, createdById: actor.userId, pages, fileSet: revision.fileSet });
    const changeRequest = await tx.changeRequest.update({ where: { id: cr.id }, data: { revisionId }, include: { space: true } });
    return { changeRequest, pages: touched };
  });
}
