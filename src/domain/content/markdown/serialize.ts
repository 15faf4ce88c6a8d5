// mdast back to Markdown (mdast-util-to-markdown with the same GFM and YAML
// front matter extensions as the parser): what translations write after
// changing text nodes, and what computed pages render.
import type { Root } from 'mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import { frontmatterToMarkdown } from 'mdast-util-frontmatter';
import { gfmToMarkdown } from 'mdast-util-gfm';

export function serializeMarkdown(tree: Root): string {
  return toMarkdown(tree, {
    extensions: [gfmToMarkdown(), frontmatterToMarkdown(['yaml'])],
    fences: true,
    bullet: '-',
    emphasis: '*',
    rule: '-',
  });
}
