// Headings cut a page into sections: search indexes them, and anchors
// (`page#section`) name them with GitHub-style slugs, unique within a page.
import type { Root, RootContent } from 'mdast';
import GithubSlugger from 'github-slugger';
import { toString as textOf } from 'mdast-util-to-string';
import { parseMarkdown } from './parse.js';

export const sectionSlugger = () => new GithubSlugger();

/** A heading's anchor id: the public pattern `^[-a-z0-9.+_]+$`, never empty. */
export function headingId(slugs: GithubSlugger, title: string): string {
  const slug = slugs.slug(title).replace(/[^-a-z0-9.+_]/g, '');
  return slug || slugs.slug('section');
}

export interface Section {
  /** Anchor of the heading; '' for the text before the first heading. */
  id: string;
  title: string;
  depth: number;
  /** Plain text of the section's content (headings excluded, code included). */
  body: string;
}

const blockText = (node: RootContent) => (node.type === 'yaml' ? '' : textOf(node));

/** The sections of a page: the text before its first heading, then one per heading. */
export function markdownSections(markdown: string | Root): Section[] {
  const tree = typeof markdown === 'string' ? parseMarkdown(markdown) : markdown;
  const slugs = sectionSlugger();
  const sections: Section[] = [{ id: '', title: '', depth: 0, body: '' }];
  const bodies: string[][] = [[]];
  for (const node of tree.children) {
    if (node.type === 'heading') {
      const title = textOf(node);
      sections.push({ id: headingId(slugs, title), title, depth: node.depth, body: '' });
      bodies.push([]);
    } else {
      const value = blockText(node).trim();
      if (value) bodies[bodies.length - 1]!.push(value);
    }
  }
  sections.forEach((section, i) => (section.body = bodies[i]!.join('\n')));
  return sections.filter((section, i) => i > 0 || section.body !== '');
}

/** All the text of a page, as a reader sees it (no markup, no front matter). */
export function markdownPlainText(markdown: string | Root): string {
  const tree = typeof markdown === 'string' ? parseMarkdown(markdown) : markdown;
  return tree.children.map(blockText).filter(Boolean).join('\n');
}
