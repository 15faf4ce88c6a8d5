// Page writes on a change request's own revision line: insert, update (content,
// metadata, place), delete. One call, one new revision (whatever the number of
// changes in it), written under the change request's row lock.
import type { Context } from '../../context.js';
import { requireActor } from '../../context.js';
import { badRequest } from '../../errors.js';
import type { ContentLimits } from '../../limits/content.js';
import { checkLength } from '../../validate.js';
import { checkMarkdown } from '../content/markdown/index.js';
import {
  commitRevision,
  newPageNode,
  emptyContent,
  fetchTreesFrom,
  readTree,
  readVersions,
  writeVersion,
  type PageContent,
  type PageNode,
  parseMarkdowns,
  rememberParses,
  type Parses,
  checkSlugFree,
  childrenOf,
  cloneTree,
  insertAt,
  movePage,
  removePage,
  requirePage,
} from '../revisions/index.js';
import { loadChangeRequest } from './service.js';
import { transactionWithRetry } from '../../db/retry.js';
import type { Tx } from '../../db/tx.js';

export const MAX_CHANGES = 50;
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
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX - 10)
    .replace(/^-+|-+$/g, '') || 'page';

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

async function applyChange(
  tx: Tx,
  space: { id: string; organizationId: string },
  pages: PageNode[],
  change: PageChange,
  at: string,
  now: Date,
  limits: ContentLimits,
  parses: Parses,
) {
  if (change.operation === 'delete_page') return removePage(pages, change.page);
  if (change.operation === 'insert_page') {
    if (change.title == null) throw badRequest('is required', `${at}.title`);
    const siblings = childrenOf(pages, change.into ?? null, `${at}.into`);
    const slug = change.slug != null ? checkSlug(change.slug, at) : freeSlug(siblings, slugify(change.title));
    checkSlugFree(siblings, slug, null, `${at}.slug`);
    const node = await newPageNode(tx, space, applyFields(emptyContent(change.title), change, at, limits), slug, now, { parses });
    insertAt(siblings, node, change.at);
    return node.id;
  }
  const found = requirePage(pages, change.page);
  if (change.into !== undefined || change.at != null) movePage(pages, change.page, change.into, change.at);
  if (change.slug != null) checkSlugFree(requirePage(pages, change.page).siblings, checkSlug(change.slug, at), change.page, `${at}.slug`);
  const current = (await readVersions(tx, space.id, [found.node.version], { withParse: true })).get(found.node.version)!;
  // A change that keeps the Markdown keeps its stored parse.
  const version = await writeVersion(tx, space, applyFields(current, change, at, limits), { parses: rememberParses(parses, [current]) });
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
  // The Markdown written is checked and parsed before the transaction (on the pool when large): its documents are stored with the versions.
  const markdowns = changes.flatMap((change, i) => {
    if (change.operation === 'delete_page' || change.markdown == null) return [];
    checkMarkdown(change.markdown, `changes[${i}].document.markdown`, ctx.contentLimits, ctx.contentLimits.maxPageChars);
    return [change.markdown];
  });
  // Only for a caller who may edit (checked again, locked, in the transaction).
  if (markdowns.length > 0) await loadChangeRequest(ctx, ctx.prisma, spaceId, key, 'editContent');
  const parses = await parseMarkdowns(ctx.compute, markdowns, ctx.contentLimits);
  return transactionWithRetry(ctx.prisma, async (tx) => {
    const { space, cr } = await loadChangeRequest(ctx, tx, spaceId, key, 'editContent', { lock: true });
    const revision = await tx.revision.findUniqueOrThrow({ where: { id: cr.revisionId } });
    const pages = cloneTree(await readTree(fetchTreesFrom(tx), space.id, revision.tree));
    const now = ctx.clock.now();
    const touched: string[] = [];
    for (const [i, change] of changes.entries())
      touched.push((await applyChange(tx, space, pages, change, `changes[${i}]`, now, ctx.contentLimits, parses)) ?? '');
    const revisionId = await commitRevision(tx, space, {
      parents: [cr.revisionId],
      changeRequestId: cr.id,
      createdById: actor.userId,
      pages,
      fileSet: revision.fileSet,
    });
    const changeRequest = await tx.changeRequest.update({ where: { id: cr.id }, data: { revisionId }, include: { space: true } });
    return { changeRequest, pages: touched };
  });
}
