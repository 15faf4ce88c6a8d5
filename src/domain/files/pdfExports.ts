// PDF exports of a revision (the space's or a change request's): all pages, one
// page with its subpages, or one page alone, rendered from the revision's pages
// on the compute pool (off the event loop) and stored in the blob store, then
// answered as a URL signed for an hour. Revisions never change, so an export is
// stored once under a key naming the revision and the selection, later asks
// only sign it again, and identical asks arriving together share one render.
import type { Context } from '../../context.js';
import { badRequest, notFound } from '../../errors.js';
import { computeTask } from '../../compute/pool.js';
import type { BlobStore } from '../../storage/blobStore.js';
import type { renderPdfTask } from '../content/markdown/tasks.js';
import { flattenResolved, pageOfRevision, revisionPages, type ResolvedPage, type RevisionRef } from '../revisions/index.js';

/** The public API's PDF links work for one hour. */
export const PDF_URL_TTL_SECONDS = 3600;

const renderPdf = computeTask<typeof renderPdfTask>(import.meta.url, '../content/markdown/tasks', 'renderPdfTask');

/** Renders in progress, per store and key: identical asks wait for the same one. */
const rendering = new WeakMap<BlobStore, Map<string, Promise<void>>>();

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

/** Renders and stores the PDF under `key` unless stored; one render per key at a time. */
function storeRendered(ctx: Context, key: string, pages: ResolvedPage[], title: string): Promise<void> {
  const store = ctx.files.store;
  let inFlight = rendering.get(store);
  if (!inFlight) rendering.set(store, (inFlight = new Map()));
  const running = inFlight.get(key);
  if (running) return running;
  const render = (async () => {
    const stored = await store.get(key);
    if (stored) return void stored.body.destroy();
    // Detached: a caller who leaves does not stop the render the others wait for.
    const input = { pages: pages.map((p) => ({ title: p.title, markdown: p.markdown })), title };
    const pdf = await ctx.compute.detached().run(renderPdf, input, { timeoutMs: ctx.compute.settings.pdfTimeoutMs });
    await store.put(key, Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength), 'application/pdf');
  })().finally(() => inFlight.delete(key));
  inFlight.set(key, render);
  return render;
}

/** `{url}` of the PDF of `revision` (rendered and stored on first ask). */
export async function revisionPdf(ctx: Context, revision: RevisionRef, title: string, selection: PdfSelection): Promise<{ url: string }> {
  const pages = await selectedPages(ctx, revision, selection);
  const scope = selection.page == null ? 'all' : `${selection.page}${selection.only ? '-only' : ''}`;
  const key = `exports/${revision.spaceId}/${revision.id}/${scope}.pdf`;
  await storeRendered(ctx, key, pages, title);
  const name = `${(selection.page == null ? title : pages[0]?.title) || 'export'}.pdf`.replace(/[/\\]/g, '-');
  return { url: ctx.files.signer.sign(key, PDF_URL_TTL_SECONDS, name) };
}
