// The limits a Markdown body must keep before it is stored (and so before it
// is ever parsed): length, nesting, delimiters per block, block quotes. 400 naming the limit.
import { badRequest } from '../../../errors.js';
import type { ContentLimits } from '../../../limits/content.js';
import { markdownShape } from './shape.js';

/** Throws 400 on `field` when `markdown` is longer than `maxChars` or past the nesting or delimiter limit. */
export function checkMarkdown(markdown: string, field: string, limits: ContentLimits, maxChars: number) {
  if (markdown.length > maxChars) throw badRequest(`must be at most ${maxChars} characters long`, field);
  const shape = markdownShape(markdown, {
    nesting: limits.maxMarkdownNesting,
    delimiters: limits.maxMarkdownDelimiters,
    quotes: limits.maxMarkdownQuotes,
  });
  if (shape.nesting > limits.maxMarkdownNesting) {
    throw badRequest(`nests block quotes and lists more than ${limits.maxMarkdownNesting} levels deep (the nesting limit)`, field);
  }
  if (shape.delimiters > limits.maxMarkdownDelimiters) {
    throw badRequest(
      `holds more than ${limits.maxMarkdownDelimiters} emphasis or link delimiters (* _ ~ [ ]) in one block (the delimiter limit): split it with blank lines`,
      field,
    );
  }
  if (shape.quotes > limits.maxMarkdownQuotes)
    throw badRequest(`opens more than ${limits.maxMarkdownQuotes} block quotes (the block quote limit)`, field);
}
