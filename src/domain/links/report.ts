// Link reports: every link found in the pages of a revision (the space's, or
// one page's), one item per target, with where it is used and whether it
// resolves. Page paths come from the revision tree (no Markdown read for
// them); only the scanned pages' Markdown is read, through the batched loader.
import type { Context } from '../../context.js';
import { notFound } from '../../errors.js';
import { markdownReferencesOffLoop } from '../content/markdown/index.js';
import { versionLoader } from '../revisions/loaders.js';
import { flatten, type FlatPage, revisionTree, type RevisionRef } from '../revisions/index.js';
import { revisionFileIds } from '../files/service.js';
import { fileIdOf, findPage, isExternal, isIgnored, spaceIdOf } from './targets.js';

export type LinkStatus = 'ok' | 'broken' | 'in-app';
export type VersionContext = { type: 'revision'; revision: string } | { type: 'changeRequest'; changeRequest: string };

/** A reference (public `ContentLocation` members, with ids): a page, file, space or URL. */
export interface ContentReference {
  kind: 'page' | 'file' | 'space' | 'url';
  organization?: string;
  space?: string;
  versionContext?: VersionContext;
  page?: string;
  file?: string;
  url?: string;
}
export interface ContentLink {
  status: LinkStatus;
  relation: 'reference';
  targetReference: ContentReference;
  locationReferences: ContentReference[];
}
export interface LinkReport {
  items: ContentLink[];
  stats: { total: number; broken: { total: number; changeRequest: number } };
}

/** The content a report reads: a revision of a space, seen as main content or as a change request's. */
export interface ContentScope {
  organizationId: string;
  revision: RevisionRef;
  context: VersionContext;
  /** For a change request: the main revision it is based on (its broken links are those its edits brought). */
  baseline?: RevisionRef | null;
}

/** Where a page of the scope is: the location members of its references. */
export const pageLocation = (scope: ContentScope, page: string): ContentReference => ({
  kind: 'page',
  organization: scope.organizationId,
  space: scope.revision.spaceId,
  versionContext: scope.context,
  page,
});

/** The path → page id map of a tree (paths without leading or trailing slash). */
export const pathIndex = (flat: FlatPage[]) => new Map(flat.map((f) => [f.path.replace(/^\/|\/$/g, ''), f.node.id]));

export async function linkReport(ctx: Context, scope: ContentScope, only?: { pageId: string }): Promise<LinkReport> {
  const flat = flatten(await revisionTree(ctx, scope.revision));
  const byPath = pathIndex(flat);
  const scanned = only ? flat.filter((f) => f.node.id === only.pageId) : flat;
  if (only && scanned.length === 0) throw notFound('Page');
  const contents = await versionLoader(ctx).loadMany(scanned.map((f) => [scope.revision.spaceId, f.node.version] as const));
  // Parsed on the compute pool when large (a whole space's report reads every page).
  const references = await markdownReferencesOffLoop(
    ctx.compute,
    contents.map((c) => (c && !(c instanceof Error) ? c.markdown : '')),
  );

  const links = new Map<string, ContentLink>();
  const spaceTargets: ContentLink[] = [];
  const fileTargets: ContentLink[] = [];
  scanned.forEach((f, i) => {
    const content = contents[i];
    if (!content || content instanceof Error) return;
    const folder = f.path.split('/').filter(Boolean).slice(0, -1);
    for (const { kind, url } of references[i]!) {
      if (isIgnored(url)) continue;
      const link = classify(ctx, scope, url, kind, () => findPage(byPath, folder, url));
      if (!link) continue;
      const t = link.targetReference;
      const key = `${t.kind}:${t.page ?? t.file ?? t.space ?? t.url}`;
      const known =
        links.get(key) ??
        (links.set(key, link), t.kind === 'space' && spaceTargets.push(link), t.kind === 'file' && fileTargets.push(link), link);
      if (!known.locationReferences.some((r) => r.page === f.node.id)) known.locationReferences.push(pageLocation(scope, f.node.id));
    }
  });
  await Promise.all([checkSpaces(ctx, scope, spaceTargets), checkFiles(ctx, scope, fileTargets)]);
  const items = [...links.values()];
  const broken = items.filter((l) => l.status === 'broken');
  return {
    items,
    stats: { total: items.length, broken: { total: broken.length, changeRequest: await brokenByChangeRequest(ctx, scope, broken) } },
  };
}

function classify(
  ctx: Context,
  scope: ContentScope,
  target: string,
  kind: 'link' | 'image',
  page: () => string | undefined,
): ContentLink | null {
  const base = { relation: 'reference' as const, locationReferences: [] };
  const where = { organization: scope.organizationId, space: scope.revision.spaceId, versionContext: scope.context };
  const file = fileIdOf(target);
  // Files are referenced by id: the link stands whatever the file's name (checkFiles: whether the revision holds it).
  if (file) return { ...base, status: 'ok', targetReference: { kind: 'file', ...where, file } };
  if (kind !== 'link') return null; // images are not links to report
  if (isExternal(target)) {
    const space = spaceIdOf(target, [ctx.urls.app, ctx.urls.published]);
    if (space) return { ...base, status: 'ok', targetReference: { kind: 'space', space } };
    if (target.startsWith(`${ctx.urls.app}/`) || target === ctx.urls.app)
      return { ...base, status: 'in-app', targetReference: { kind: 'url', url: target } };
    // External URLs are not fetched: they count as fine.
    return { ...base, status: 'ok', targetReference: { kind: 'url', url: target } };
  }
  const found = page();
  return found
    ? { ...base, status: 'ok', targetReference: { kind: 'page', ...where, page: found } }
    : { ...base, status: 'broken', targetReference: { kind: 'url', url: target } };
}

/**
 * Links to whole spaces: a live space of the organization is `ok`; an id of
 * the organization that is gone (or deleted) is `broken`; a space of another
 * organization is left an app URL, saying nothing about it.
 */
async function checkSpaces(ctx: Context, scope: ContentScope, links: ContentLink[]) {
  if (links.length === 0) return;
  const ids = links.map((l) => l.targetReference.space!);
  const rows = await ctx.prisma.space.findMany({ where: { id: { in: ids } }, select: { id: true, organizationId: true, deletedAt: true } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const link of links) {
    const space = link.targetReference.space!;
    const row = byId.get(space);
    const url = `${ctx.urls.app}/s/${space}`;
    if (row && row.organizationId !== scope.organizationId)
      Object.assign(link, { status: 'in-app', targetReference: { kind: 'url', url } });
    else if (!row || row.deletedAt) link.status = 'broken';
    else link.targetReference.organization = row.organizationId;
  }
}

/** Links to files: `ok` when the revision holds the file, `broken` otherwise (removed, or never uploaded). */
async function checkFiles(ctx: Context, scope: ContentScope, links: ContentLink[]) {
  if (links.length === 0) return;
  const held = await revisionFileIds(ctx, scope.revision);
  for (const link of links) if (!held.has(link.targetReference.file!)) link.status = 'broken';
}

/** Broken links found in pages the change request added or edited (none for main content). */
async function brokenByChangeRequest(ctx: Context, scope: ContentScope, broken: ContentLink[]) {
  if (!scope.baseline || broken.length === 0) return 0;
  const before = new Map(flatten(await revisionTree(ctx, scope.baseline)).map((f) => [f.node.id, f.node.version]));
  const now = new Map(flatten(await revisionTree(ctx, scope.revision)).map((f) => [f.node.id, f.node.version]));
  const changed = (page: string) => before.get(page) !== now.get(page);
  return broken.filter((l) => l.locationReferences.some((r) => r.page && changed(r.page))).length;
}
