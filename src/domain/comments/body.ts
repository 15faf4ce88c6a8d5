// Comment and reply bodies: Markdown in, Markdown or the rich-text document out
// (the content area's parser), and the users a body mentions.
import { badRequest } from '../../errors.js';
import type { ContentLimits } from '../../limits/content.js';
import { checkMarkdown, markdownMentions, markdownToDocument } from '../content/markdown/index.js';

export type BodyFormat = 'markdown' | 'document';

/** The Markdown of a `body` input: required (or optional, for an update), non-blank, within the comment limits. */
export function bodyMarkdown(body: { markdown?: string | null } | null | undefined, required: boolean, limits: ContentLimits): string | undefined {
  if (body == null) {
    if (required) throw badRequest('is required', 'body');
    return undefined;
  }
  const { markdown } = body;
  if (markdown == null) throw badRequest('is required', 'body.markdown');
  if (markdown.trim() === '') throw badRequest('must not be blank', 'body.markdown');
  checkMarkdown(markdown, 'body.markdown', limits, limits.maxCommentChars);
  return markdown;
}

/** The body as asked: `{markdown}` (the default) or `{document}`. */
export function bodyOut(markdown: string, format: BodyFormat | null | undefined) {
  return format === 'document' ? { document: markdownToDocument(markdown) } : { markdown };
}

/** Who a body mentions, as written (user ids or e-mail addresses); resolved to members by `mentionedMembers`. */
export const mentionsIn = (markdown: string) => markdownMentions(markdown);
