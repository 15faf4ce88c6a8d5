// Comment and reply bodies: Markdown in, Markdown or the rich-text document out
// (the content area's parser), and the users a body mentions.
import { badRequest } from '../../errors.js';
import type { ContentLimits } from '../../limits/content.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { checkMarkdown, markdownMentions, markdownToDocument, parseMarkdown } from '../content/markdown/index.js';

export type BodyFormat = 'markdown' | 'document';

/** The Markdown of a `body` input: required (or optional, for an update), non-blank, within the comment limits. */
export function bodyMarkdown(
  body: { markdown?: string | null } | null | undefined,
  required: boolean,
  limits: ContentLimits,
): string | undefined {
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

/** What a comment or reply row stores of its body: the Markdown, and its document and mentions from one parse. */
export function storedBody(markdown: string) {
  const tree = parseMarkdown(markdown);
  return { markdown, document: markdownToDocument(tree) as unknown as Prisma.InputJsonValue, mentions: markdownMentions(tree) };
}

/** A stored body; `document` null for rows written before bodies were parsed at write. */
export interface BodyRow {
  markdown: string;
  document: unknown;
  mentions: string[];
}

/** The body as asked: `{markdown}` (the default) or `{document}`, as stored. */
export function bodyOut(row: BodyRow, format: BodyFormat | null | undefined) {
  return format === 'document' ? { document: row.document ?? markdownToDocument(row.markdown) } : { markdown: row.markdown };
}

/** Who a body mentions, as written (user ids or e-mail addresses); resolved to members by `mentionedMembers`. */
export const mentionsIn = (row: BodyRow) => (row.document != null ? row.mentions : markdownMentions(row.markdown));
