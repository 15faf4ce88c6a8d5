// The Markdown work that runs on the compute pool's threads (src/compute):
// each export takes one cloneable input and answers a cloneable value.
import { renderPdf, type PdfPage } from './pdf.js';
import { markdownToDocument } from './document.js';
import { markdownReferences } from './references.js';

export async function renderPdfTask(input: { pages: PdfPage[]; title: string }): Promise<Uint8Array> {
  return renderPdf(input.pages, { title: input.title });
}

export const markdownToDocumentTask = (markdown: string) => markdownToDocument(markdown);

export const markdownReferencesTask = (markdowns: string[]) => markdowns.map((markdown) => markdownReferences(markdown));
