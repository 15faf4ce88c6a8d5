// What of a page is translated: its title, its description and the text
// nodes of its Markdown parse (mdast). Code (blocks and inline), HTML, link
// and image URLs, definitions and YAML front matter are not text nodes and stay
// exactly as they are; the tree is then written back to Markdown with
// mdast-util-to-markdown, so the structure is the parser's, not a regex's.
import type { Text } from 'mdast';
import { visit } from 'unist-util-visit';
import { parseMarkdown, serializeMarkdown, type Root } from '../content/markdown/index.js';
import type { PageContent } from '../revisions/index.js';

/** A text to translate: its core (what is sent) and the whitespace around it (kept). */
interface Segment {
  lead: string;
  core: string;
  trail: string;
  apply(translated: string): void;
}

/** Only texts with a letter are sent: numbers, punctuation and blanks stay. */
const translatable = (text: string) => /\p{L}/u.test(text);

function segment(value: string, apply: (v: string) => void): Segment | null {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(value)!;
  if (!translatable(match[2])) return null;
  const s: Segment = { lead: match[1], core: match[2], trail: match[3], apply: (t) => apply(`${s.lead}${t}${s.trail}`) };
  return s;
}

export interface PageTexts {
  /** The texts to send, in order. */
  texts: string[];
  /** Words counted toward usage (of the texts sent). */
  words: number;
  /** The page's content with `translated` (one per text) put back. */
  rebuild(translated: string[]): PageContent;
}

export const countWords = (text: string) => text.split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

export function pageTexts(content: PageContent): PageTexts {
  const out: PageContent = { ...content };
  const segments: Segment[] = [];
  const add = (s: Segment | null) => s && segments.push(s);
  add(segment(content.title, (v) => (out.title = v)));
  if (content.description) add(segment(content.description, (v) => (out.description = v)));
  let tree: Root | null = null;
  if (content.markdown.trim() !== '') {
    tree = parseMarkdown(content.markdown);
    visit(tree, 'text', (node: Text) => void add(segment(node.value, (v) => (node.value = v))));
    // Image alternative texts are prose too (their URLs are not touched).
    visit(tree, 'image', (node) => void (node.alt && add(segment(node.alt, (v) => (node.alt = v)))));
  }
  const texts = segments.map((s) => s.core);
  return {
    texts,
    words: texts.reduce((sum, t) => sum + countWords(t), 0),
    rebuild(translated) {
      if (translated.length !== segments.length) throw new Error(`expected ${segments.length} translated texts, got ${translated.length}`);
      segments.forEach((s, i) => s.apply(translated[i]));
      if (tree) out.markdown = serializeMarkdown(tree);
      return out;
    },
  };
}
