// Comment and reply bodies: Markdown in, Markdown or the rich-text document out
// (the content area's parser), and the users a body mentions.
import { badRequest } from '../../errors.js';
import type { ContentLimits } from '../../limits/content.js';
import { Prisma } from '../../generated/prisma/client.js';
import { computeTask } from '../../compute/pool.js';
import type { Context } from '../../context.js';
import { requestLoader } from '../../loaders.js';
import { checkMarkdown, markdownMentions, markdownToDocument, parseMarkdown } from '../content/markdown/index.js';
import type { storedBodyTask } from './bodyTasks.js';

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
  id: string;
  markdown: string;
  document: unknown;
  mentions: string[];
}

const storedBodyOf = (markdown: string) => {
  const { document, mentions } = storedBody(markdown);
  return { document: document as unknown, mentions };
};

/** Where a body is stored: a comment's row or a reply's. */
export type BodyTable = 'comment' | 'commentReply';

const parseOnPool = computeTask<typeof storedBodyTask>(import.meta.url, './bodyTasks', 'storedBodyTask');

/** Each request's parses of rows stored without theirs, by table and id: a row read twice is parsed once. */
const parsesOf = requestLoader(() => new Map<string, Promise<{ document: unknown; mentions: string[] }>>());

/**
 * The row with its parse: as stored, or, for a row written before bodies were parsed at write,
 * parsed once on the compute pool and kept (only where it is still missing: no race).
 */
export async function parsedBody<R extends BodyRow>(ctx: Context, table: BodyTable, row: R): Promise<R> {
  if (row.document != null) return row;
  const key = `${table}/${row.id}`;
  let parse = parsesOf(ctx).get(key);
  if (!parse) parsesOf(ctx).set(key, (parse = parseAndKeep(ctx, table, row)));
  return { ...row, ...(await parse) };
}

async function parseAndKeep(ctx: Context, table: BodyTable, row: BodyRow) {
  // Small bodies parse inline, as pages do: for them the pool's round trip costs more than the parse.
  const small = Buffer.byteLength(row.markdown) < ctx.compute.settings.inlineMarkdownBytes;
  const { document, mentions } = small ? storedBodyOf(row.markdown) : await ctx.compute.run(parseOnPool, row.markdown);
  const where = { id: row.id, document: { equals: Prisma.DbNull } };
  const data = { document: document as Prisma.InputJsonValue, mentions };
  if (table === 'comment') await ctx.prisma.comment.updateMany({ where, data });
  else await ctx.prisma.commentReply.updateMany({ where, data });
  return { document, mentions };
}

/** The body as asked: `{markdown}` (the default) or `{document}`, of a row with its parse (`parsedBody`). */
export function bodyOut(row: BodyRow, format: BodyFormat | null | undefined) {
  return format === 'document' ? { document: row.document } : { markdown: row.markdown };
}

/** Who a body mentions, as written (user ids or e-mail addresses), of a row with its parse; resolved to members by `mentionedMembers`. */
export const mentionsIn = (row: BodyRow) => row.mentions;
