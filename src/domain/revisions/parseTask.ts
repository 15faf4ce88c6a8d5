// What a page version's Markdown is parsed into, once, when the version is
// first stored (parses.ts): the rich-text document reads serve and the
// reference keys backlinks look up, from one parse. Pure (no database): the
// compute pool's threads run `parsePagesTask`.
import { markdownToDocument, parseMarkdown, type RichTextDocument } from '../content/markdown/index.js';
import { referenceKeys } from '../links/targets.js';

export interface PageParse {
  document: RichTextDocument;
  referenceKeys: string[];
}

/** How big a stored or served document may be (the content limits' document depth and node count). */
export interface DocumentBounds {
  maxDocumentDepth: number;
  maxDocumentNodes: number;
}

/**
 * True when `value` nests deeper than the depth bound or holds more objects
 * and arrays than the node bound (walked with an explicit stack).
 */
export function exceedsBounds(value: unknown, bounds: DocumentBounds): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  let nodes = 0;
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > bounds.maxDocumentDepth || ++nodes > bounds.maxDocumentNodes) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * What a document past the bounds is served as: one paragraph saying so.
 * Such content was stored before the write limits existed; its Markdown
 * (`format=markdown`) is still served whole.
 */
export function oversizedDocument(bounds: DocumentBounds): RichTextDocument {
  const message = `This content nests more than ${bounds.maxDocumentDepth} levels deep or holds more than ${bounds.maxDocumentNodes} nodes, past the document limits: read it as Markdown.`;
  return {
    object: 'document',
    data: {},
    nodes: [{ object: 'block', type: 'paragraph', isVoid: false, data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: message, marks: [] }] }] }],
  };
}

/** `document` as served: itself, or the oversized marker when it is past the bounds. */
export const boundedDocument = (document: RichTextDocument, bounds: DocumentBounds): RichTextDocument =>
  exceedsBounds(document, bounds) ? oversizedDocument(bounds) : document;

/** One parse of `markdown`: its document (bounded) and its reference keys. */
export function parsePage(markdown: string, bounds: DocumentBounds): PageParse {
  const tree = parseMarkdown(markdown);
  return { document: boundedDocument(markdownToDocument(tree), bounds), referenceKeys: referenceKeys(tree) };
}

/** The pool's task: several pages parsed in one round trip. */
export const parsePagesTask = ({ markdowns, bounds }: { markdowns: string[]; bounds: DocumentBounds }): PageParse[] =>
  markdowns.map((markdown) => parsePage(markdown, bounds));
