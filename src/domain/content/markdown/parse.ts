// One Markdown parse for everything that reads page and comment Markdown: the
// rich-text document, link reports, backlinks, search sections, mentions, the
// PDF and translations all start from this mdast tree (micromark + GFM + YAML
// front matter), never from regular expressions over the raw text.
import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';

export type { Root } from 'mdast';

/** The mdast tree of `markdown` (CommonMark + GFM tables, task lists, strikethrough, autolinks; YAML front matter). */
export function parseMarkdown(markdown: string): Root {
  return fromMarkdown(markdown, {
    extensions: [gfm(), frontmatter(['yaml'])],
    mdastExtensions: [gfmFromMarkdown(), frontmatterFromMarkdown(['yaml'])],
  });
}
