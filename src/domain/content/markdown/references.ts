// What a page or comment points at: links (inline, reference-style and GFM
// autolinks), images, and user mentions. Code (inline or blocks) holds none.
import type { Root } from 'mdast';
import { toString as textOf } from 'mdast-util-to-string';
import { visit, SKIP } from 'unist-util-visit';
import { parseMarkdown } from './parse.js';

export interface MarkdownReference {
  kind: 'link' | 'image';
  /** The target as written (URL, relative path, `#anchor`, `mailto:`…). */
  url: string;
  /** 1-based line of the reference in the Markdown. */
  line: number;
}

/** Links and images of `markdown`, in document order; reference-style links resolved to their definitions. */
export function markdownReferences(markdown: string | Root): MarkdownReference[] {
  const tree = typeof markdown === 'string' ? parseMarkdown(markdown) : markdown;
  const definitions = new Map<string, string>();
  visit(tree, 'definition', (node) => void definitions.set(node.identifier.toLowerCase(), node.url));
  const found: MarkdownReference[] = [];
  visit(tree, (node) => {
    const line = node.position?.start.line ?? 0;
    if (node.type === 'link') found.push({ kind: 'link', url: node.url, line });
    else if (node.type === 'image') found.push({ kind: 'image', url: node.url, line });
    else if (node.type === 'linkReference' || node.type === 'imageReference') {
      const url = definitions.get(node.identifier.toLowerCase());
      if (url !== undefined) found.push({ kind: node.type === 'linkReference' ? 'link' : 'image', url, line });
    }
  });
  return found;
}

// A mention is `@` followed by an e-mail address or a Quire user id, at the
// start of a text run or after whitespace or punctuation (not inside a word,
// so `bob@acme.test` alone is an address, not a mention of `acme.test`).
const MENTION = /(?<![\w@.])@((?:usr_[A-Za-z0-9]+)|(?:[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}))/g;

/** The users `markdown` mentions (`@usr_…` or `@name@domain`), each once, in order; text in code and links is ignored. */
export function markdownMentions(markdown: string | Root): string[] {
  const tree = typeof markdown === 'string' ? parseMarkdown(markdown) : markdown;
  const mentions = new Set<string>();
  visit(tree, (node, index, parent) => {
    if (node.type === 'inlineCode' || node.type === 'code' || node.type === 'link') return SKIP;
    if (node.type !== 'text') return undefined;
    for (const match of node.value.matchAll(MENTION)) mentions.add(match[1]!.replace(/\.$/, ''));
    // GFM turns `@bob@acme.test` into "@" followed by an e-mail autolink.
    const next = parent && index !== undefined ? parent.children[index + 1] : undefined;
    if (/(?:^|[^\w@.])@$/.test(node.value) && next?.type === 'link' && next.url === `mailto:${textOf(next)}`) mentions.add(textOf(next));
    return undefined;
  });
  return [...mentions];
}
