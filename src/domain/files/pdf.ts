// PDF exports of a revision (the space's or a change request's): all pages, one
// page with its subpages, or one page alone, rendered from the revision's pages
// and stored in the blob store, then answered as a URL signed for an hour.
// Revisions never change, so an export is stored once under a key naming the
// revision and the selection, and later asks only sign it again.
import type { Context } from '../../context.js';
import { badRequest, notFound } from '../../errors.js';
import { renderPdf } from '../content/markdown/pdf.js';
import { flattenResolved, pageOfRevision, revisionPages, type ResolvedPage, type RevisionRef } from '../revisions/read.js';

/** The public API's PDF links work for one hour. */
export const PDF_URL_TTL_SECONDS = 3600;

export interface PdfSelection {
  /** Id of one page: that page and its subpages (or that page alone with `only`). */
  page?: string | null;
  only?: boolean | null;
}

async function selectedPages(ctx: Context, revision: RevisionRef, selection: PdfSelection): Promise<ResolvedPage[]> {
  if (selection.page == null) {
    if (selection.only) throw badRequest('needs the page to print alone', 'only');
    return flattenResolved(await revisionPages(ctx, revision));
  }
  const page = await pageOfRevision(ctx, revision, { id: selection.page });
  if (!page) throw notFound('Page');
  return selection.only ? [page] : flattenResolved([page]);
}

/** `{url}` of the PDF of `revision` (rendered and stored on first ask). */
export async function revisionPdf(ctx: Context, revision: RevisionRef, title: string, selection: PdfSelection): Promise<{ url: string }> {
  const pages = await selectedPages(ctx, revision, selection);
  const scope = selection.page == null ? 'all' : `${selection.page}${selection.only ? '-only' : ''}`;
  const key = `exports/${revision.spaceId}/${revision.id}/${scope}.pdf`;
  const stored = await ctx.files.store.get(key);
  if (stored) stored.body.destroy();
  else await ctx.files.store.put(key, await renderPdf(pages.map((p) => ({ title: p.title, markdown: p.markdown })), { title }), 'application/pdf');
  const name = `${(selection.page == null ? title : pages[0]?.title) || 'export'}.pdf`.replace(/[/\\]/g, '-');
  return { url: ctx.files.signer.sign(key, PDF_URL_TTL_SECONDS, name) };
}
