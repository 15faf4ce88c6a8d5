// What a page version's Markdown is parsed into, once, when the version is
// first stored (parses.ts): the rich-text document reads serve, the reference
// keys backlinks look up and the sections search indexes, from one parse. Pure (no database): the
// compute pool's threads run `parsePagesTask`.
import { markdownSections, markdownToDocument, parseMarkdown, type RichTextDocument, type Section } from '../content/markdown/index.js';
import { referenceKeys } from '../links/targets.js';
import type { ContentLimits } from '../../limits/content.js';

export interface PageParse {
  document: RichTextDocument;
  referenceKeys: string[];
  /** As search indexes them (markdownSections). */
  sections: Section[];
}

/** The limits a page document is bounded by (the content limits' document depth and Markdown nesting). */
export type DocumentBounds = Pick<ContentLimits, 'maxDocumentDepth' | 'maxMarkdownNesting'>;

/**
 * The deepest page document served: the document depth limit, or what the
 * deepest Markdown the write limits let through converts to (each level of
 * list nesting is four levels of JSON: list, nodes, item, nodes; and a tail of
 * paragraph, inline, text, leaves and marks), whichever is larger. Page
 * documents are bounded by depth only: a page within the Markdown limits may
 * hold 200,000 nodes (a list of 20,000 items), and serialising is safe at any
 * breadth, not at any depth.
 */
const maxPageDocumentDepth = (bounds: DocumentBounds) => Math.max(bounds.maxDocumentDepth, 4 * bounds.maxMarkdownNesting + 24);

/** True when `value` nests objects and arrays deeper than `maxDepth` (walked with an explicit stack). */
function deeperThan(value: unknown, maxDepth: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > maxDepth) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * What a page document past the depth bound is served as: one paragraph saying
 * so. Such content was stored before the write limits existed; its Markdown
 * (`format=markdown`) is still served whole.
 */
function oversizedDocument(maxDepth: number): RichTextDocument {
  const message = `This content nests more than ${maxDepth} levels deep, past the document limits: read it as Markdown.`;
  return {
    object: 'document',
    data: {},
    nodes: [
      {
        object: 'block',
        type: 'paragraph',
        isVoid: false,
        data: {},
        nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: message, marks: [] }] }],
      },
    ],
  };
}

/** `document` as served: itself, or the oversized notice when it nests past the bound. */
export function boundedDocument(document: RichTextDocument, bounds: DocumentBounds): RichTextDocument {
  const maxDepth = maxPageDocumentDepth(bounds);
  return deeperThan(document, maxDepth) ? oversizedDocument(maxDepth) : document;
}

/** One parse of `markdown`: its document (bounded) and its reference keys. */
export function parsePage(markdown: string, bounds: DocumentBounds): PageParse {
  const tree = parseMarkdown(markdown);
  return {
    document: boundedDocument(markdownToDocument(tree), bounds),
    referenceKeys: referenceKeys(tree),
    sections: markdownSections(tree),
  };
}

/** The pool's task: several pages parsed in one round trip. */
export const parsePagesTask = ({ markdowns, bounds }: { markdowns: string[]; bounds: DocumentBounds }): PageParse[] =>
  markdowns.map((markdown) => parsePage(markdown, bounds));
