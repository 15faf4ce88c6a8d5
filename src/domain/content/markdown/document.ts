// Markdown → the public API's rich-text document (`JSONDocument`: blocks of
// `{object: "block", type, data, nodes}`, inlines, and text leaves with marks).
// Every node it emits validates against the public OpenAPI document's schemas
// (test/unit/markdown/markdown.test.ts). Markdown has no notation for GitBook-only blocks
// (hints, tabs, …): those never appear; raw HTML is kept as plain text.
import type { Nodes, PhrasingContent, RootContent, Table, List, ListItem, Code, Heading, Image, Link } from 'mdast';
import { toString as textOf } from 'mdast-util-to-string';
import { parseMarkdown, type Root } from './parse.js';
import { headingId, sectionSlugger } from './sections.js';
import { isDangerousUrl } from './urls.js';

export interface Mark {
  object: 'mark';
  type: 'bold' | 'italic' | 'code' | 'strikethrough';
}
export interface Leaf {
  object: 'leaf';
  text: string;
  marks: Mark[];
}
export interface TextNode {
  object: 'text';
  leaves: Leaf[];
}
export interface InlineNode {
  object: 'inline';
  type: string;
  isVoid: boolean;
  data: Record<string, unknown>;
  nodes?: TextNode[];
}
export interface BlockNode {
  object: 'block';
  type: string;
  isVoid: boolean;
  data: Record<string, unknown>;
  nodes?: (BlockNode | InlineNode | TextNode)[];
  meta?: Record<string, unknown>;
  fragments?: unknown[];
}
export interface RichTextDocument {
  object: 'document';
  data: Record<string, never>;
  nodes: BlockNode[];
}

const MARK_OF: Partial<Record<Nodes['type'], Mark['type']>> = { strong: 'bold', emphasis: 'italic', delete: 'strikethrough' };

const block = (type: string, nodes: BlockNode['nodes'], data: Record<string, unknown> = {}): BlockNode => ({
  object: 'block',
  type,
  isVoid: false,
  data,
  nodes,
});
const text = (value: string, marks: Mark[] = []): TextNode => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks }] });

/** Inline content: text leaves carrying the marks of their ancestors, links, images. */
function inlines(children: PhrasingContent[], marks: Mark[] = []): (InlineNode | TextNode)[] {
  const out: (InlineNode | TextNode)[] = [];
  for (const child of children) {
    const mark = MARK_OF[child.type];
    if (mark) out.push(...inlines((child as { children: PhrasingContent[] }).children, [...marks, { object: 'mark', type: mark }]));
    else if (child.type === 'text' || child.type === 'html') out.push(text(child.value, marks));
    else if (child.type === 'inlineCode') out.push(text(child.value, [...marks, { object: 'mark', type: 'code' }]));
    else if (child.type === 'break') out.push(text('\n', marks));
    // A link to a dangerous URL keeps its text and loses its target; such an image is dropped.
    else if (child.type === 'link') out.push(...(isDangerousUrl(child.url) ? inlines(child.children, marks) : [linkInline(child, marks)]));
    else if (child.type === 'image') out.push(...(isDangerousUrl(child.url) ? [] : [imageInline(child)]));
    else if ('children' in child) out.push(...inlines(child.children as PhrasingContent[], marks));
    else if ('value' in child) out.push(text(String(child.value), marks));
  }
  // Slate documents keep at least one (possibly empty) text in every text block.
  return out.length > 0 ? out : [text('')];
}

function linkInline(link: Link, marks: Mark[]): InlineNode {
  const content = inlines(link.children, marks).filter((n): n is TextNode => n.object === 'text');
  return {
    object: 'inline',
    type: 'link',
    isVoid: false,
    data: { ref: { kind: 'url', url: link.url } },
    nodes: content.length > 0 ? content : [text(link.url, marks)],
  };
}

function imageInline(image: Image): InlineNode {
  return {
    object: 'inline',
    type: 'inline-image',
    isVoid: true,
    data: { ref: { kind: 'url', url: image.url }, ...(image.alt ? { alt: image.alt } : {}) },
  };
}

function listBlock(list: List, slugs: ReturnType<typeof sectionSlugger>): BlockNode {
  const tasks = list.children.some((item) => typeof item.checked === 'boolean');
  const items = list.children.map((item) => listItemBlock(item, tasks, slugs));
  if (tasks) return block('list-tasks', items);
  if (list.ordered) return block('list-ordered', items, list.start != null && list.start !== 1 ? { start: list.start } : {});
  return block('list-unordered', items);
}

function listItemBlock(item: ListItem, task: boolean, slugs: ReturnType<typeof sectionSlugger>): BlockNode {
  const nodes = blocks(item.children, slugs);
  return block('list-item', nodes.length > 0 ? nodes : [block('paragraph', [text('')])], task ? { checked: item.checked === true } : {});
}

function codeBlock(code: Code): BlockNode {
  const lines = code.value.split('\n').map((line) => block('code-line', [text(line)], {}));
  return block('code', lines, code.lang ? { syntax: code.lang } : {});
}

function headingBlock(heading: Heading, slugs: ReturnType<typeof sectionSlugger>): BlockNode {
  const id = headingId(slugs, textOf(heading));
  const level = Math.min(Math.max(heading.depth, 1), 3);
  return { ...block(`heading-${level}`, inlines(heading.children), { id }), meta: { id } };
}

/** A GFM table as the public API's table block: one text column per header cell, one record per row. */
function tableBlock(table: Table): BlockNode {
  const [header, ...rows] = table.children;
  const columns = (header?.children ?? []).map((cell, i) => ({
    id: `column-${i}`,
    title: textOf(cell),
    type: 'text',
    textAlignment: table.align?.[i] ?? 'left',
  }));
  const records = Object.fromEntries(
    rows.map((row, r) => [
      `row-${r}`,
      {
        orderIndex: String(r).padStart(6, '0'),
        values: Object.fromEntries(columns.map((column, i) => [column.id, row.children[i] ? textOf(row.children[i]) : ''])),
      },
    ]),
  );
  return {
    object: 'block',
    type: 'table',
    isVoid: true,
    fragments: [],
    data: {
      view: { type: 'grid', columns: columns.map((c) => c.id), hideHeader: false },
      definition: Object.fromEntries(columns.map((c) => [c.id, c])),
      records,
    },
  };
}

function blocks(children: RootContent[], slugs: ReturnType<typeof sectionSlugger>): BlockNode[] {
  const out: BlockNode[] = [];
  for (const child of children) {
    switch (child.type) {
      case 'paragraph':
        out.push(block('paragraph', inlines(child.children)));
        break;
      case 'heading':
        out.push(headingBlock(child, slugs));
        break;
      case 'list':
        out.push(listBlock(child, slugs));
        break;
      case 'code':
        out.push(codeBlock(child));
        break;
      case 'blockquote':
        out.push(block('blockquote', blocks(child.children, slugs)));
        break;
      case 'thematicBreak':
        out.push({ object: 'block', type: 'divider', isVoid: true, data: {} });
        break;
      case 'table':
        out.push(tableBlock(child));
        break;
      case 'html':
        out.push(block('paragraph', [text(child.value)]));
        break;
      case 'yaml':
        break; // front matter is page metadata, not content
      default:
        if ('children' in child) out.push(...blocks(child.children as RootContent[], slugs));
    }
  }
  return out;
}

/** The rich-text document of `markdown` (or of its parsed tree). */
export function markdownToDocument(markdown: string | Root): RichTextDocument {
  const tree = typeof markdown === 'string' ? parseMarkdown(markdown) : markdown;
  return { object: 'document', data: {}, nodes: blocks(tree.children, sectionSlugger()) };
}
