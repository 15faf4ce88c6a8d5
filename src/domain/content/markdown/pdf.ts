// A PDF of pages, from the same Markdown parse as everything else (pdfkit):
// each page starts a new sheet with its title; headings, paragraphs with bold,
// italic, code and working links, ordered, unordered and task lists, code
// blocks, quotes, tables (as rows of text), rules and image placeholders.
// Fonts are PDF's standard ones (Helvetica, Courier): text outside their
// Windows-1252 repertoire prints as substitutes. pdfkit (about 28 MB resident)
// loads with the first PDF.
import type { List, PhrasingContent, RootContent } from 'mdast';
import { toString as textOf } from 'mdast-util-to-string';
import { parseMarkdown } from './parse.js';
import { isDangerousUrl } from './urls.js';

export interface PdfPage {
  title: string;
  markdown: string;
}

type Doc = PDFKit.PDFDocument;
interface Style {
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  link?: string;
}

const HEADING_SIZES = [20, 16, 13, 12, 11, 11];
const BODY = 11;
const INDENT = 16;

const fontOf = (style: Style) =>
  style.code
    ? 'Courier'
    : style.bold && style.italic
      ? 'Helvetica-BoldOblique'
      : style.bold
        ? 'Helvetica-Bold'
        : style.italic
          ? 'Helvetica-Oblique'
          : 'Helvetica';

/** Flattens inline Markdown into styled runs of text. */
function runs(children: PhrasingContent[], style: Style = {}): { text: string; style: Style }[] {
  return children.flatMap((child): { text: string; style: Style }[] => {
    switch (child.type) {
      case 'text':
        return [{ text: child.value, style }];
      case 'inlineCode':
        return [{ text: child.value, style: { ...style, code: true } }];
      case 'strong':
        return runs(child.children, { ...style, bold: true });
      case 'emphasis':
        return runs(child.children, { ...style, italic: true });
      case 'delete':
        return runs(child.children, style);
      case 'link':
        return runs(child.children, isDangerousUrl(child.url) ? style : { ...style, link: child.url });
      case 'break':
        return [{ text: '\n', style }];
      case 'image':
        return [{ text: `[image${child.alt ? `: ${child.alt}` : ''}]`, style: { ...style, italic: true } }];
      default:
        return [{ text: textOf(child), style }];
    }
  });
}

function writeRuns(doc: Doc, parts: { text: string; style: Style }[], size: number, indent: number) {
  const visible = parts.filter((part) => part.text !== '');
  if (visible.length === 0) return;
  visible.forEach((part, i) => {
    doc
      .font(fontOf(part.style))
      .fontSize(part.style.code ? size - 1 : size)
      .fillColor(part.style.link ? '#1a56c4' : 'black');
    doc.text(part.text, doc.page.margins.left + indent, undefined, {
      continued: i < visible.length - 1,
      // pdfkit keeps options across continued runs: reset link and underline on every run.
      link: part.style.link ?? null,
      underline: !!part.style.link,
    } as PDFKit.Mixins.TextOptions);
  });
  doc.fillColor('black');
}

function writeList(doc: Doc, list: List, indent: number) {
  list.children.forEach((item, i) => {
    const marker = typeof item.checked === 'boolean' ? (item.checked ? '[x]' : '[ ]') : list.ordered ? `${(list.start ?? 1) + i}.` : '•';
    doc
      .font('Helvetica')
      .fontSize(BODY)
      .text(marker, doc.page.margins.left + indent, undefined, { continued: false, lineBreak: false });
    doc.moveUp();
    const [first, ...rest] = item.children;
    if (first?.type === 'paragraph') writeRuns(doc, runs(first.children), BODY, indent + INDENT + 6);
    else if (first) writeBlocks(doc, [first], indent + INDENT + 6);
    writeBlocks(doc, rest, indent + INDENT);
  });
}

function writeBlocks(doc: Doc, blocks: RootContent[], indent = 0) {
  for (const block of blocks) {
    switch (block.type) {
      case 'heading':
        doc.moveDown(0.5);
        writeRuns(doc, runs(block.children, { bold: true }), HEADING_SIZES[block.depth - 1]!, indent);
        doc.moveDown(0.3);
        break;
      case 'paragraph':
        writeRuns(doc, runs(block.children), BODY, indent);
        doc.moveDown(0.5);
        break;
      case 'list':
        writeList(doc, block, indent);
        doc.moveDown(0.5);
        break;
      case 'code':
        doc
          .font('Courier')
          .fontSize(9)
          .fillColor('#333333')
          .text(block.value || ' ', doc.page.margins.left + indent + 8, undefined, { continued: false });
        doc.fillColor('black').moveDown(0.5);
        break;
      case 'blockquote':
        doc.fillColor('#555555');
        writeBlocks(doc, block.children, indent + INDENT);
        doc.fillColor('black');
        break;
      case 'table':
        for (const row of block.children)
          writeRuns(doc, [{ text: row.children.map((cell) => textOf(cell)).join('  |  '), style: {} }], BODY - 1, indent);
        doc.moveDown(0.5);
        break;
      case 'thematicBreak': {
        const y = doc.y + 4;
        doc
          .moveTo(doc.page.margins.left, y)
          .lineTo(doc.page.width - doc.page.margins.right, y)
          .strokeColor('#999999')
          .stroke();
        doc.moveDown(1);
        break;
      }
      case 'html':
        writeRuns(doc, [{ text: block.value, style: { code: true } }], BODY, indent);
        break;
      case 'yaml':
      case 'definition':
        break;
      default:
        if ('children' in block) writeBlocks(doc, block.children as RootContent[], indent);
    }
  }
}

/** The PDF of `pages`, one sheet (or more) per page, in order. */
export async function renderPdf(pages: PdfPage[], info: { title: string }): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: info.title, Producer: 'Quire' }, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const page of pages.length > 0 ? pages : [{ title: info.title, markdown: '' }]) {
    doc.addPage();
    doc
      .font('Helvetica-Bold')
      .fontSize(24)
      .text(page.title || 'Untitled');
    doc.moveDown(0.6);
    writeBlocks(doc, parseMarkdown(page.markdown).children);
  }
  doc.end();
  return done;
}
